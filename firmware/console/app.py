"""The console application: splash, menu, match, result, and back to the menu.

One thread, one loop: block on the console's event queue with a timeout that ends at the
next timer (a CPU answering, a move clock, the offside window, a reveal, the screensaver),
then handle the press or the timer, then redraw only the screens whose content changed.
Idle, the loop sleeps in ``EventQueue.get``: near-zero CPU.

The app is a small mode machine: it holds one mode object (``firmware.console.modes``) and
the services the modes see through their :class:`~firmware.console.context.Context`: the menu
and its settings, the pads' presence and the match clock (``presence``), the screens
(``display``), the journal and results (``records``), the match on now (``match_on``), the
names and the tournament. Nothing the modes do reaches the app itself.

Time is read from one injectable clock (``console.clock``); tests drive a ``ManualClock``
and call :meth:`App.step` themselves, so nothing ever sleeps.
"""
from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from firmware.console.context import CAFE_IDLE, HANDHELD_IDLE, Idle, Mode, ModeState
from firmware.console.display import BRIGHT, DIM, Display, OverMenu, Overlays
from firmware.console.match_on import MatchOn, starter_plays
from firmware.console.phone_screens import NEWS_FOR, PhoneNews, PhonePads, PhonesFlow
from firmware.console.menu import Menu, MenuScreen
from firmware.console.modes import (
    PickNames, Playing, ResumeOffer, SaverScreen, Splash, SplashScreen, UnpluggedScreen,
)
from firmware.console.power_screens import BatteryMark, LowBanner
from firmware.console.power_service import PowerService, Reason, Want
from firmware.console.modes import Menu as MenuMode
from firmware.console.presence import Presence
from firmware.console.records import Records
from firmware.console.roster_screens import PickFlow, RosterFlow
from firmware.console.tournament_screens import TournamentFlow
from firmware.console.watchdog import LoopWatch, Watchdog
from firmware.games.registry import GAMES, entry_for
from firmware.games.session import TIMING, Timing
from firmware.games.spec import GameSpec, MatchStart, Resume, Session
from firmware.i18n import STRINGS, text
from firmware.storage import history
from firmware.storage import journal as match_journal
from firmware.storage import settings as settings_file
from hal.buttons import Button, ButtonEvent
from hal.clock import ManualClock
from hal.console import Console
from hal.errors import ConsoleClosed
from hal.phones import PhoneState
from hal.tunes import TUNES

__all__ = ["App", "BRIGHT", "CAFE_IDLE", "DIM", "Idle", "Mode", "OverMenu", "SaverScreen",
           "SplashScreen", "UnpluggedScreen"]
SEATS_BY_PAD = {1: "red", 2: "blue"}
log = logging.getLogger("pitchpad.app")
PAD_CHECK = 0.25
"""How often the loop looks at pads that can be unplugged (``Pad.detachable``)."""
CLUB_CHECK = 5.0
"""How often the menu looks at club play's state (``ClubLink.state``) while nobody presses."""


class App:
    """The whole console behaviour on top of a :class:`hal.Console`: one mode object at a
    time over the console's services (it is the modes' :class:`Context`)."""

    def __init__(self, console: Console, *, state_dir: str | Path, timing: Timing = TIMING,
                 idle: Idle = HANDHELD_IDLE, demo: bool = False, seed: int | None = None,
                 watchdog: LoopWatch | None = None, club: Any = None,
                 lock_settings: bool = False, power: PowerService | None = None) -> None:
        self.console = console
        self.clock = console.clock
        self.timing = timing
        self.idle = idle
        self.demo = demo
        self.done = False
        self.watchdog: LoopWatch = watchdog or Watchdog()
        self.roster = RosterFlow(state_dir)
        """The players' names (``firmware.console.roster_screens``): the menu's "Names" line."""
        self.tournament = TournamentFlow(state_dir)
        """A tournament on this unit (``firmware.console.tournament_screens``)."""
        self.records = Records(state_dir, self.tournament, club, self._recorded)
        console.phones.remember(Path(state_dir))          # the phones of before a restart: away
        self.phone_pads = PhonePads(console)
        """The pads the console counts: its own, then the phones' pads a phone holds."""
        self.phones = PhonesFlow(self.phone_pads)
        """The phones page (``firmware.console.phone_screens``): the codes that let phones join."""
        self.phone_news: tuple[PhoneNews, float] | None = None
        """In a match, a phone that went away or came back, and until when the others see it."""
        self.menu = Menu(settings_file.load(Path(state_dir)), self.phone_pads.count())
        self.menu.forced_lock = lock_settings
        self.menu.played = self.stats().played
        self.match = MatchOn(seed)
        self.display = Display(console)
        now = self.clock.now()
        self.presence = Presence(now)
        self.power = power
        """The battery, the power button, sleep and the power-off (``power_service``); None:
        a console with none of them (the headless simulator's demo)."""
        self.menu.power = power is not None and power.offers_power_off
        self.menu.silent = console.buzzer.trouble is not None
        self._sleep_setting()
        self.state: ModeState = Splash(now)
        self._watch_phones()
        self.count_names()
        if demo:
            self.start_match()
        else:
            offer = self.records.offer_resume(len(self.pads), timing)
            if offer is not None:
                self.enter(ResumeOffer(now, offer))

    # ----- what the modes see (Context) ----------------------------------------------------
    @property
    def mode(self) -> Mode:
        return self.state.kind

    @property
    def pick(self) -> PickFlow | None:
        """Who plays, while each person's pad chooses a name (``Mode.PICK``)."""
        return self.state.pick if isinstance(self.state, PickNames) else None

    @property
    def settings(self) -> settings_file.Settings:
        return self.menu.settings

    @property
    def pads(self) -> range:
        """The pads in use: the console's own, then the phones' pads a phone holds."""
        return range(1, self.phone_pads.count() + 1)

    @property
    def state_dir(self) -> Path:
        """Where the settings, the journal and the results are kept."""
        return self.records.state_dir

    @state_dir.setter
    def state_dir(self, folder: str | Path) -> None:
        self.records.state_dir = Path(folder)

    @property
    def club(self) -> Any:
        """Club play (``firmware.club.unit.ClubLink``): results and live scores to the league."""
        return self.records.club

    @club.setter
    def club(self, link: Any) -> None:
        self.records.club = link

    def enter(self, state: ModeState) -> None:
        """Change mode; the idle timers count from now."""
        self.state = state
        self.presence.last_press = state.since

    def finish(self) -> None:
        self.done = True

    def save_settings(self) -> None:
        settings_file.save(self.state_dir, self.settings)
        self._sleep_setting()

    def stats(self) -> history.Stats:
        return history.stats(self.state_dir)

    def match_now(self) -> float:
        """The sessions' clock: wall time without the holds, standing still during one."""
        return self.presence.match_now(self.clock.now())

    def hold_match(self) -> None:
        """The match stands still while a pad is unplugged, a "leave the match?" question is
        open (``firmware.console.leave``) or the console sleeps, and goes on where it stood
        when none is."""
        state = self.state
        asleep = self.power is not None and self.power.asleep
        held = bool(self.presence.unplugged) or state.questioning() or asleep
        self.presence.hold(state.holds_match and held, self.clock.now())

    def play_tunes(self, names: Sequence[str]) -> None:
        if self.settings.sound:
            for name in names:
                self.console.buzzer.play(TUNES[name])

    def count_names(self) -> None:
        """The menu's "Names" and "Tournament" lines, always there (a newcomer finds them as
        the README lists them): how many names, and the tournament's progress ("" for none
        yet; its set-up says it needs three names)."""
        self.menu.names = len(self.roster.names)
        status = self.tournament.status()
        self.menu.tournament = status if status is not None else ""

    # ----- what tools and tests read of the match on now -----------------------------------
    @property
    def session(self) -> Session | None:
        return self.match.session

    @property
    def game(self) -> GameSpec:
        return self.match.game

    @property
    def pad_seats(self) -> tuple[str, ...]:
        return self.match.pad_seats

    def seat_at(self, pad: int) -> str | None:
        return self.match.seat_at(pad)

    @property
    def journal(self) -> match_journal.Journal | None:
        return self.records.journal

    def write_new_journal(self) -> None:
        self.records.write_new()

    @property
    def shown(self) -> dict[int, tuple[Any, str]]:
        return self.display.shown

    @property
    def drawn(self) -> dict[int, tuple[Any, str]]:
        return self.display.drawn

    @property
    def leds(self) -> dict[int, bool]:
        return self.display.leds

    @property
    def behind(self) -> bool:
        return self.display.behind

    # ----- the loop ---------------------------------------------------------------------
    def run(self) -> None:
        """Serve until the console closes (or, in demo mode, the match ends)."""
        self.refresh()
        self.watchdog.ready()
        try:
            while not self.done:
                deadline = self.deadline()
                timeout = None if deadline is None else max(0.0, deadline - self.clock.now())
                poll = self.watchdog.poll
                if poll is not None:
                    timeout = poll if timeout is None else min(timeout, poll)
                self.step(self.console.events.get(timeout))
                self.watchdog.ping()
        except ConsoleClosed:
            return
        finally:
            self.watchdog.stopping()

    def run_simulated(self, clock: ManualClock) -> None:
        """Serve with simulated time: handle what is queued, then jump to the next timer.

        The headless simulator's loop: a whole match takes milliseconds, not minutes.
        """
        self.refresh()
        while not self.done:
            for event in self.console.events.drain():
                self.step(event)
            deadline = self.deadline()
            if deadline is None:
                return
            clock.advance(max(0.0, deadline - clock.now()))
            self.step(None)

    def step(self, event: ButtonEvent | None) -> None:
        """Handle one press (or none), run the timers due now, redraw what changed."""
        if self.power is not None and self._power_step(event):
            return
        self._watch_phones()
        self.presence.watch(self.console, self.pads)
        self.hold_match()
        first: int | None = None
        if event is not None and not event.repeat:
            self.presence.note(event, self.clock.now())
        left = self.state
        pressed = (event is not None and event.pressed and not event.repeat
                   and not (self.presence.paused and self.presence.unplugged))
        if pressed:
            assert event is not None
            self.press(event)
        self.state.tick(self, self.clock.now())
        if pressed and (left.staggered or self.state.staggered) and self.mode is not Mode.MATCH:
            assert event is not None
            first = event.pad                       # the press's pad now, the others next pass
        if self.match.session is not None:
            self.records.record(self.match.session)
        if self.club is not None:
            self.menu.club = self.club.state()
        self.refresh(first)
        self.display.heal(self.pads)
        if self.records.journal_new:
            self.records.write_new()
            self.refresh()                          # the card warning, if it could not be written

    def deadline(self) -> float | None:
        """When the loop must wake up even if nobody presses anything (and, with pads that can
        be unplugged, every :data:`PAD_CHECK` seconds to look at them)."""
        power = self.power
        if power is not None and (power.asleep or power.ending is not None):
            return power.deadline(False)
        due = self.clock.now() if self.display.behind else self.state.deadline(self)
        if power is not None:
            wake = power.deadline(not self.state.plays_by_itself(self))
            due = wake if due is None else due if wake is None else min(due, wake)
        if any(self.console.pad(pad).detachable for pad in self.pads):
            check = self.clock.now() + PAD_CHECK
            due = check if due is None else min(due, check)
        if self.club is not None and self.mode == Mode.MENU:
            check = self.clock.now() + CLUB_CHECK
            due = check if due is None else min(due, check)
        if self.phone_news is not None:
            due = self.phone_news[1] if due is None else min(due, self.phone_news[1])
        return due

    def press(self, event: ButtonEvent) -> None:
        if event.pad not in self.pads:
            return
        self.presence.pressed(event.pad, self.clock.now())
        self.state.press(self, event)

    def screen_for(self, pad: int) -> Any:
        """The screen model pad ``pad`` shows now (while powering off, the power service's)."""
        ending = self.power.screen() if self.power is not None else None
        return ending if ending is not None else self.state.screen(self, pad)

    def refresh(self, first: int | None = None) -> None:
        """Redraw each screen whose content changed, and set the possession LEDs; ``first``:
        only that pad's screen now, the others at the next pass (a staggered press)."""
        self.display.refresh(self.pads, self.screen_for, self.menu.screen, self.settings.language,
                             self.records.failing, first, self._over)
        self.display.light(self.pads, lambda pad: self.state.lit(self, pad))
        phones = self.console.phones
        if self.phone_pads.offered and phones.spectators:
            self.display.spectators(phones.spectator_screen, self.state.spectator(self), self.settings.language)

    def _watch_phones(self) -> None:
        """Phones joined, went away or came back (their server nudged the loop): outside a
        match (and its choosing of names) the phones move down to leave no free pad before
        them; the menu offers what the pads in use allow and says how many phones are here;
        the phones' own words follow the console's language."""
        pads = self.phone_pads
        if not pads.offered:
            return
        now = self.clock.now()
        for pad, state in pads.changes():
            if self.mode is Mode.MATCH and pad in self.pads and state is not PhoneState.FREE:
                self.phone_news = (PhoneNews(pad, state is PhoneState.HERE), now + NEWS_FOR)
        if self.phone_news is not None and (now >= self.phone_news[1] or self.mode is not Mode.MATCH):
            self.phone_news = None
        if self.mode not in (Mode.MATCH, Mode.PICK):
            pads.tidy()
        self.menu.set_pad_count(pads.count())
        self.menu.phones = pads.summary()
        pads.phones.language = self.settings.language

    # ----- matches ----------------------------------------------------------------------------
    def start_match(self, people: dict[str, str] | None = None, fixture: int | None = None,
                    starter: int | None = None) -> None:
        """Start the match the menu describes; with names on this unit, each person's pad
        first chooses who plays (``people``: the names chosen, by seat). ``starter``: the pad
        that pressed OK, which plays in the match (``match_on.starter_plays``)."""
        seed = self.match.seed()
        if starter is not None:
            self.match.starter = starter
        name = self.settings.game
        if fixture is not None:                  # a tournament match: its game, two people
            assert self.tournament.current is not None
            name = self.tournament.current.game
        game = entry_for(name)
        settings = self.settings.for_match(game.name, game.console.settings, game.console.kids)
        if fixture is not None:                  # every seat a person (the flat names)
            settings = game.console.two_people(settings)
        started = game.console.start(MatchStart(settings, seed, self.match_now(), len(self.pads),
                                                self.demo, self.timing,
                                                self.match.secret(seed, "pitchpad-cpu-secret")))
        cpus = started.session.seats.cpus
        pad_seats = starter_plays(started.pad_seats, cpus, self.match.starter, len(self.pads))
        people_pads = {pad: seat for pad, seat in enumerate(pad_seats, 1) if seat and seat not in cpus}
        if fixture is not None:
            assert self.tournament.current is not None
            match = self.tournament.current.fixtures[fixture]
            people = dict(zip(started.pad_seats, (match.home, match.away), strict=False))
        offered = self.names_offered()
        if people is None and offered and people_pads and not self.demo:
            self.enter(PickNames(self.clock.now(), PickFlow(
                offered, people_pads,
                {seat: text(self.settings.language, f"team.{seat}")
                 for seat in people_pads.values() if f"team.{seat}" in STRINGS})))
            return
        if people:
            started.session.name_people(people)
        self.match.begin(game, started.session, pad_seats, fixture)
        if started.journal is not None:
            script, console = started.journal
            if people:
                console = {**console, "people": dict(people)}
            if fixture is not None:
                console = {**console, "tournament": fixture}
            if pad_seats != started.pad_seats:
                console = {**console, "seated": list(pad_seats)}
            self.records.open(script, console)
        self.enter(Playing(self.clock.now()))

    def names_offered(self) -> list[str]:
        """The names "who plays?" offers: this unit's, then the club's list (club play)."""
        names = list(self.roster.names)
        if self.club is not None:
            names += [name for name in self.club.players() if name not in names]
        return names

    def forget_offer(self) -> None:
        """LEFT on the resume offer: the match cut off is dropped."""
        self.records.forget_offer()
        self.enter(MenuMode(self.clock.now()))

    def resume(self, offer: match_journal.JournalledMatch) -> None:
        """Rebuild the match from its journal: the same state and screens as before the cut."""
        self.records.offer = None
        try:
            game = GAMES[offer.setup.script["game"]]
            started = game.console.resume(Resume(offer.setup.script, offer.setup.console, offer.decisions,
                                                 self.match_now(), len(self.pads), self.timing,
                                                 game.rules))
        except Exception as exc:  # noqa: BLE001 - never a crash loop on a journal: set it aside
            self.records.set_aside(f"the match cannot be resumed ({type(exc).__name__}: {exc})")
            self.enter(MenuMode(self.clock.now()))
            return
        fixture = offer.setup.console.get("tournament")
        people = offer.setup.console.get("people")
        seated = offer.setup.console.get("seated")
        pad_seats = tuple(seated) if isinstance(seated, list) else started.pad_seats
        if isinstance(people, dict) and people:
            started.session.name_people({str(seat): str(name) for seat, name in people.items()})
        self.match.begin(game, started.session, pad_seats, fixture if isinstance(fixture, int) else None)
        self.records.reopen(offer)
        self.enter(Playing(self.clock.now()))

    def _recorded(self, game: str) -> None:
        """A result was recorded (``game``: its game, "" for an abandoned match): the menu's
        stats and tournament lines, and the game's settings as it wants them after a match
        (``ConsoleEntry.after_match``: a first-matches tutorial turns itself off)."""
        if game:
            self.count_names()
            spec = GAMES.get(game)
            if spec is not None and spec.console.after_match is not None:
                chosen = self.settings.of(game, spec.console.settings)
                after = spec.console.after_match(chosen)
                if after != chosen:
                    self.menu.settings = self.settings.with_game(game, after)
                    self.save_settings()
        self.menu.played = self.stats().played

    # ----- power: the battery, sleep, the power-off ------------------------------------------
    def power_off(self) -> None:
        """Yes to the menu's power-off question."""
        if self.power is not None:
            self._power_wants(self.power.power_off(Reason.MENU, self.clock.now()))

    def _sleep_setting(self) -> None:
        """The menu's sleep line, in the power service (only where the console can power off)."""
        if self.power is not None:
            minutes = self.settings.sleep if self.menu.power else 0
            self.power.sleep_after = minutes * 60.0 if minutes else None

    def _power_step(self, event: ButtonEvent | None) -> bool:
        """The power service's part of a step; True when it took the whole step (asleep, the
        waking press, powering off): nothing else runs."""
        power = self.power
        assert power is not None
        now = self.clock.now()
        power.language = self.settings.language
        if event is not None and event.pressed and not event.repeat and event.pad in self.pads:
            if power.ending is not None and power.ending.refused is not None:
                if event.button is Button.CENTRE and power.dismiss_refusal():
                    self._back_from_refusal()
                return True
            if power.pressed(now):                      # it woke the console: nothing else
                self.hold_match()
                self.presence.last_press = now
                self.refresh()
                return True
        was_asleep = power.asleep
        self._power_wants(power.tick(now, may_sleep=not self.state.plays_by_itself(self)))
        if was_asleep != power.asleep:
            self.hold_match()                           # a match stands still while asleep
            self.presence.last_press = now
        if power.finished:
            self.done = True
        if power.ending is not None:
            self.refresh()                              # the goodbye, or "could not power off"
        return power.ending is not None or power.asleep

    def _power_wants(self, wants: set[Want]) -> None:
        """SAVE: end what is on as a power cut would leave it (a match's journal closed and
        kept: the next start offers to resume it); the goodbye follows on every screen."""
        power = self.power
        assert power is not None
        if Want.SAVE in wants and power.ending is not None and not power.ending.saved:
            session = self.match.session
            kept = False
            if self.mode is Mode.MATCH and session is not None:
                self.records.record(session)
                kept = self.records.keep(session)
            self.match.session = None
            power.saved(kept)
            self.refresh()

    def _back_from_refusal(self) -> None:
        """OK on "could not power off": the console as at a start (a match kept is offered)."""
        now = self.clock.now()
        offer = self.records.offer_resume(len(self.pads), self.timing)
        self.enter(ResumeOffer(now, offer) if offer is not None else MenuMode(now))
        self.refresh()

    def _over(self, pad: int, drawn: Any) -> Any:
        """What is drawn over pad ``pad``'s screen: the battery mark or warning, and in a
        match a phone's news (on every pad but that phone's)."""
        battery = self._battery_over(drawn)
        news = self.phone_news
        if news is None or news[0].pad == pad or isinstance(battery, LowBanner):
            return battery
        return news[0] if battery is None else Overlays((battery, news[0]))

    def _battery_over(self, drawn: Any) -> Any:
        """The battery mark (in the menu's title bar, by the screen's edges in a match) or the
        low-battery warning, drawn over ``drawn``; None on a console with no gauge."""
        power = self.power
        if power is None or power.charge is None or power.ending is not None:
            return None
        percent, charging = power.charge.shown_percent, power.charge.charging
        if power.warning is not None:
            return LowBanner(percent)
        if isinstance(drawn, (MenuScreen, OverMenu)):
            return BatteryMark(percent, charging)
        if self.mode is Mode.MATCH:
            return BatteryMark(percent, charging, edge=True)
        return None
