"""The console application: splash, menu, match, result, and back to the menu.

One thread, one loop: block on the console's event queue with a timeout that ends at the
next timer (a CPU answering, a move clock, the offside window, a reveal, the screensaver),
then handle the press or the timer, then redraw only the screens whose content changed.
Idle, the loop sleeps in ``EventQueue.get``: near-zero CPU.

Time is read from one injectable clock (``console.clock``); tests drive a ``ManualClock``
and call :meth:`App.step` themselves, so nothing ever sleeps.
"""
from __future__ import annotations

import logging
import random
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.bots.seeds import keyed_number
from engine.scripting import joint_to_json
from firmware.console import recovery
from firmware.storage import durable, history
from firmware.storage import tournament as tournament_file
from firmware.storage import journal as match_journal
from firmware.storage import settings as settings_file
from firmware.games.spec import GameSpec, MatchStart, Resume, Session
from firmware.games.registry import GAMES, entry_for, game_named, rules
from firmware.i18n import STRINGS, text
from firmware.console.menu import Menu
from firmware.console.modes import (
    BRIGHT, DIM, Mode, ModeState, PickNames, Playing, ResumeOffer, SaverScreen, Splash,
    SplashScreen, UnpluggedScreen,
)
from firmware.console.modes import Menu as MenuMode
from firmware.render import Canvas
from firmware.console.resume import draw_card_warning
from firmware.console.roster_screens import PickFlow, RosterFlow
from firmware.games.session import TIMING, Timing
from firmware.console.tournament_screens import TournamentFlow
from firmware.console.watchdog import Watchdog
from hal.buttons import Button, ButtonEvent
from hal.clock import ManualClock
from hal.console import Console
from hal.errors import ConsoleClosed
from hal.tunes import TUNES

__all__ = ["App", "BRIGHT", "DIM", "Idle", "Mode", "OverMenu", "SaverScreen",
           "SplashScreen", "UnpluggedScreen"]
SEATS_BY_PAD = {1: "red", 2: "blue"}
log = logging.getLogger("pitchpad.app")
PAD_CHECK = 0.25
CLUB_CHECK = 5.0
"""How often the menu looks at club play's state (``ClubLink.state``) while nobody presses."""
"""How often the loop looks at pads that can be unplugged (``Pad.detachable``)."""


@dataclass(frozen=True)
class Idle:
    """All-day café unit: dim and move a screensaver in the menu, drop abandoned matches."""

    screensaver_after: float = 180.0
    screensaver_move: float = 8.0
    abandon_after: float = 600.0
    splash: float = 0.6
    """Long enough to see the name, short enough that the menu is up within 1.5 s of start."""
    attract_for: float = 0.0
    """Idle in the menu, a CPU-vs-CPU demo on the screens this long (``firmware.console.modes.Attract``),
    then the dimmed saver; 0: no demo, the saver at once (the handheld, on its battery).
    The tabletop unit and the simulator show one (:data:`CAFE_IDLE`)."""
    saver_for: float = 900.0
    """With a demo, how long the saver stays before the demo comes back."""


CAFE_IDLE = Idle(attract_for=300.0)
"""A unit on a café table, on mains power: a demo when idle, five minutes out of twenty."""


@dataclass(frozen=True)
class OverMenu:
    """A sheet (a screen model that draws only the bottom half, ``over_menu = True``) over
    the menu: leaving it for the menu, or the menu for it, rewrites half of each panel."""

    menu: Any
    sheet: Any

    def draw(self, c: Canvas, language: str) -> None:
        self.menu.draw(c, language)
        self.sheet.draw(c, language)


class App:
    """The whole console behaviour on top of a :class:`hal.Console`: one mode object at a
    time (``firmware.console.modes``), the menu, the journal, and the match on now."""

    def __init__(self, console: Console, *, state_dir: str | Path, timing: Timing = TIMING,
                 idle: Idle = Idle(), demo: bool = False, seed: int | None = None,
                 watchdog: Watchdog | None = None, club: Any = None,
                 lock_settings: bool = False) -> None:
        self.console = console
        self.club = club
        """Club play (``firmware.club.unit.ClubLink``): results and live scores to the league."""
        self.roster = RosterFlow(state_dir)
        """The players' names (``firmware.console.roster_screens``): the menu's "Names" line."""
        self.tournament = TournamentFlow(state_dir)
        """A tournament on this unit (``firmware.console.tournament_screens``)."""
        self.fixture_on: int | None = None
        """The tournament fixture the match on now is."""
        self.pending_start: int | None = None
        """The seed of the match whose players are choosing their names."""
        self.clock = console.clock
        self.state_dir = Path(state_dir)
        self.timing = timing
        self.idle = idle
        self.demo = demo
        self.seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self.next_seed = seed
        self.fixed_seed = seed
        """``seed`` is the first match's seed; later matches draw theirs from it."""
        self.menu = Menu(settings_file.load(self.state_dir), console.pad_count)
        self.menu.forced_lock = lock_settings
        self.menu.played = history.stats(self.state_dir).played
        self.count_names()
        self.watchdog = watchdog or Watchdog()
        self.session: Session | None = None
        self.game: GameSpec = next(iter(GAMES.values()))
        """The game of the match on now (or of the last one)."""
        self.pad_seats: tuple[str, ...] = ()
        """The seat at each pad in this match, pad 1 first; pads beyond sit it out."""
        self.journal: match_journal.Journal | None = None
        self.journal_new = False
        """The journal is made but not written yet (see :meth:`_open_journal`)."""
        self.journal_turns: tuple[dict[str, Any], ...] = ()
        self.offer: match_journal.JournalledMatch | None = None
        """A match cut off by a power cut, offered for resume on every screen."""
        self.done = False
        now = self.clock.now()
        self.state: ModeState = Splash(now)
        self.last_press = now
        self.pad_presses: dict[int, float] = {}
        """Each pad's last press (who is still at the table, ``firmware.console.leave``)."""
        self.held: dict[int, dict[Button, float]] = {}
        """Pad -> the buttons held down now and since when (LEFT+RIGHT held: leave the match)."""
        self.shown: dict[int, tuple[Any, str]] = {}
        """The screen model each pad shows (a sheet's own model, not the menu under it)."""
        self.drawn: dict[int, tuple[Any, str]] = {}
        self.warned: dict[int, bool] = {}
        self.heal_screens = False
        self.behind: bool = False
        """Screens not yet redrawn after a staggered press (``ModeState.staggered``)."""
        self.leds: dict[int, bool] = {}
        self.unplugged: tuple[int, ...] = ()
        self.paused_since: float | None = None
        self.paused_for = 0.0
        """Time matches stood still for unplugged pads; sessions run on :meth:`match_now`."""
        if demo:
            self.start_match()
        else:
            self._offer_resume()

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
        return range(1, self.console.pad_count + 1)

    def seat_at(self, pad: int) -> str | None:
        """The seat pad ``pad`` plays in this match, or None when it sits this one out."""
        return self.pad_seats[pad - 1] if pad <= len(self.pad_seats) else None

    def enter(self, state: ModeState) -> None:
        """Change mode; the idle timers count from now."""
        self.state = state
        self.last_press = state.since

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
        self.watch_pads()
        first: int | None = None
        if event is not None and not event.repeat:
            self.note_held(event)
        if (event is not None and event.pressed and not event.repeat
                and not (self.paused_since is not None and self.unplugged)):
            left = self.state
            self.press(event)
            if (left.staggered or self.state.staggered) and not isinstance(self.state, Playing):
                first = event.pad
        self.tick()
        self.record()
        if self.club is not None:
            self.menu.club = self.club.state()
        self.refresh(first)
        if self.heal_screens:
            # After each screensaver step, when nobody presses: a panel that lost power
            # without a transfer failing comes back (hal.oled: init and a whole frame).
            self.heal_screens = False
            for pad in self.pads:
                self.console.screen(pad).refresh()
        if self.journal_new:
            self.write_new_journal()
            self.refresh()                          # the card warning, if it could not be written

    def deadline(self) -> float | None:
        """When the loop must wake up even if nobody presses anything (and, with pads that can
        be unplugged, every :data:`PAD_CHECK` seconds to look at them)."""
        due = self.clock.now() if self.behind else self._deadline()
        if any(self.console.pad(pad).detachable for pad in self.pads):
            check = self.clock.now() + PAD_CHECK
            due = check if due is None else min(due, check)
        if self.club is not None and self.mode == Mode.MENU:
            check = self.clock.now() + CLUB_CHECK
            due = check if due is None else min(due, check)
        return due

    def _deadline(self) -> float | None:
        return self.state.deadline(self)

    # ----- input ---------------------------------------------------------------------------
    def press(self, event: ButtonEvent) -> None:
        if event.pad not in self.pads:
            return
        self.last_press = self.pad_presses[event.pad] = self.clock.now()
        self.state.press(self, event)

    def note_held(self, event: ButtonEvent) -> None:
        """Keep which buttons each pad holds down (presses and releases, as the pads report
        them: GPIO, serial and simulated pads alike)."""
        held = self.held.setdefault(event.pad, {})
        if event.pressed:
            held.setdefault(event.button, self.clock.now())
        else:
            held.pop(event.button, None)

    def save_settings(self) -> None:
        settings_file.save(self.state_dir, self.settings)

    def stats(self) -> history.Stats:
        return history.stats(self.state_dir)

    def start_match(self, people: dict[str, str] | None = None, fixture: int | None = None) -> None:
        """Start the match the menu describes; with names on this unit, each person's pad
        first chooses who plays (``people``: the names chosen, by seat)."""
        if people is None and self.pending_start is None:
            self.pending_start = self.next_seed if self.next_seed is not None else self.seeds.randrange(2**31)
        seed = self.pending_start if self.pending_start is not None else self.seeds.randrange(2**31)
        self.next_seed = None
        name = self.settings.game
        if fixture is not None:                  # a tournament match: its game, two people
            assert self.tournament.current is not None
            name = self.tournament.current.game
        self.game = entry_for(name)
        settings = self.settings.for_match(self.game.name, self.game.console.settings)
        if fixture is not None:                  # every seat a person (the flat names)
            settings = self.game.console.two_people(settings)
        # The CPU seats' secret (firmware.games.cpu.CpuPlayers.seats): from the OS, or from the fixed
        # seed when one was given (tests, pitchpad sim --seed), so such runs replay exactly.
        secret = (secrets.token_hex(16) if self.fixed_seed is None
                  else f"{keyed_number(self.fixed_seed, 'pitchpad-cpu-secret', seed):064x}")
        started = self.game.console.start(MatchStart(settings, seed, self.match_now(),
                                             self.console.pad_count, self.demo, self.timing, secret))
        people_pads = {pad: seat for pad, seat in enumerate(started.pad_seats, 1)
                       if seat not in started.session.seats.cpus}
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
        self.pending_start = None
        self.session = started.session
        self.pad_seats = started.pad_seats
        if started.journal is not None:
            script, console = started.journal
            if people:
                console = {**console, "people": dict(people)}
            if fixture is not None:
                console = {**console, "tournament": fixture}
            self._open_journal(match_journal.JournalSetup(
                script, console, time.strftime("%Y-%m-%dT%H:%M:%S")))
        self.fixture_on = fixture
        self.enter(Playing(self.clock.now()))

    def names_offered(self) -> list[str]:
        """The names "who plays?" offers: this unit's, then the club's list (club play)."""
        names = list(self.roster.names)
        if self.club is not None:
            names += [name for name in self.club.players() if name not in names]
        return names

    def count_names(self) -> None:
        """The menu's "Names" line: on a unit with club play or with names already."""
        names = len(self.roster.names)
        self.menu.names = names if names or self.club is not None else None
        status = self.tournament.status()
        self.menu.tournament = status if status is not None else (
            "" if names >= tournament_file.MIN_PLAYERS else None)

    # ----- the journal: resume after a power cut, results history ---------------------------
    def _open_journal(self, setup: match_journal.JournalSetup,
                      turns: tuple[dict[str, Any], ...] = ()) -> None:
        """Make the journal; it is written (two fsyncs) by :meth:`write_new_journal`, after the
        screens have answered the press: no decision exists yet that the screens could show
        before it is durable, and the press that starts a match is not kept waiting."""
        self.journal = match_journal.Journal(self.state_dir, setup)
        self.journal_turns = turns
        self.journal_new = True

    def write_new_journal(self) -> None:
        if self.journal is not None and self.journal_new:
            self.journal_new = False
            self.journal.start(self.journal_turns)

    def _offer_resume(self) -> None:
        recovery.record_unrecorded(self.state_dir, lambda m: self._record_result(m.setup, m.final))
        offer = match_journal.load(self.state_dir, rules(),
                                   recovery.rebuild_check(self.console.pad_count, self.timing))
        if offer is None:
            return
        if offer.setup.script["game"] not in GAMES:
            log.warning("the match journal is of a game this console does not host (%s); "
                        "starting without it", offer.setup.script["game"])
            match_journal.discard(self.state_dir)
            return
        if offer.over:
            if self._record_result(offer.setup, offer.final):
                match_journal.discard(self.state_dir)
            else:
                recovery.set_aside_unrecorded(self.state_dir)
            return
        self.offer = offer
        self.enter(ResumeOffer(self.clock.now(), offer))

    def forget_offer(self) -> None:
        """LEFT on the resume offer: the match cut off is dropped."""
        self.offer = None
        match_journal.discard(self.state_dir)
        self.enter(MenuMode(self.clock.now()))

    def resume(self, offer: match_journal.JournalledMatch) -> None:
        """Rebuild the match from its journal: the same state and screens as before the cut."""
        self.offer = None
        try:
            game = GAMES[offer.setup.script["game"]]
            started = game.console.resume(Resume(offer.setup.script, offer.setup.console, offer.decisions,
                                                 self.match_now(), self.console.pad_count, self.timing,
                                                 game.rules))
        except Exception as exc:  # noqa: BLE001 - never a crash loop on a journal: set it aside
            durable.move_aside(self.state_dir / match_journal.FILE_NAME,
                               f"the match cannot be resumed ({type(exc).__name__}: {exc})")
            self.enter(MenuMode(self.clock.now()))
            return
        self.game = game
        fixture = offer.setup.console.get("tournament")
        self.fixture_on = fixture if isinstance(fixture, int) else None
        self.session = started.session
        self.pad_seats = started.pad_seats
        self._open_journal(offer.setup, offer.turns)
        self.enter(Playing(self.clock.now()))

    def record(self) -> None:
        """Journal each new joint decision; at the end, one results line and no journal."""
        session, journal = self.session, self.journal
        if session is None or journal is None:
            return
        if self.journal_new:
            if len(session.decisions) == len(self.journal_turns) and not (
                    session.finished or session.match.is_over):
                return                              # written after this step's screens
            self.write_new_journal()                # a decision already: the journal first
        new = len(session.decisions) > len(journal.turns)
        for joint in session.decisions[len(journal.turns):]:
            journal.append(joint_to_json(joint))
        recorded = True
        if session.match.is_over:
            recorded = self._record_result(journal.setup, session.match)
        else:
            if session.finished:                    # left from the pads, or nobody played it
                self._record_result(journal.setup, session.match, abandoned=True)
            if self.club is not None and (new or session.finished):
                self._club_progress(journal.setup, session.match, session.finished)
        if session.finished or session.match.is_over:
            # An abandoned match's journal goes even when its line could not be written: it
            # has no result to record later (a power cut before this offers it for resume).
            journal.close(remove=recorded)
            if not recorded:                        # kept until its result is written
                recovery.set_aside_unrecorded(self.state_dir)
            self.journal = None

    def _record_result(self, setup: match_journal.JournalSetup, match: Any, *,
                       abandoned: bool = False) -> bool:
        """One results line; False when the card refused it (the caller keeps the journal).
        An ``abandoned`` match (left from the pads, or nobody played it) is recorded with the
        score it stood at and no winner; it counts for no tournament or league."""
        game = setup.script["game"]
        summary = game_named(game).summary(match)
        result = history.Result(
            date=setup.started, game=game,
            level=str(setup.console.get("level", setup.script.get("level", ""))),
            score=summary.get("score") or summary.get("points") or {},
            winner=None if abandoned else summary["winner"],
            players=_players(setup, match), shootout=summary.get("shootout"),
            match=f"{setup.started}/{setup.script.get('seed')}", people=setup.console.get("people"),
            abandoned=abandoned)
        recorded = history.record(self.state_dir, result)
        if abandoned:
            self.menu.played = history.stats(self.state_dir).played
            return recorded
        if isinstance(setup.console.get("tournament"), int):
            self._record_fixture(setup.console["tournament"], setup.console.get("people", {}), result)
        self._after_match(game)
        self.menu.played = history.stats(self.state_dir).played
        if self.club is not None:
            self.club.finished(match_id=result.match, game=game, level=result.level,
                               score=result.score, winner=result.winner, players=result.players,
                               names=setup.console.get("people"), shootout=result.shootout)
        return recorded

    def _after_match(self, name: str) -> None:
        """A match of game ``name`` ended normally: the game's settings as it wants them
        after one (``ConsoleEntry.after_match``: a first-matches tutorial turns itself off),
        saved like a change made in the menu."""
        spec = GAMES.get(name)
        if spec is None or spec.console.after_match is None:
            return
        chosen = self.settings.of(name, spec.console.settings)
        after = spec.console.after_match(chosen)
        if after != chosen:
            self.menu.settings = self.settings.with_game(name, after)
            self.save_settings()

    def _record_fixture(self, index: int, people: dict[str, str], result: history.Result) -> None:
        """A tournament match's result into the tournament (home = pad 1's seat)."""
        seats = list(people)
        if len(seats) != 2:
            return
        score = result.score
        winner = people.get(result.winner) if isinstance(result.winner, str) else None
        self.tournament.record(index, score.get(seats[0], 0), score.get(seats[1], 0), winner)
        self.count_names()

    def _club_progress(self, setup: match_journal.JournalSetup, match: Any, ended: bool) -> None:
        """The live score for the league (nothing when the match was abandoned)."""
        summary = game_named(setup.script["game"]).summary(match)
        self.club.progress(game=setup.script["game"], started=setup.started,
                           score=None if ended else summary.get("score") or summary.get("points"),
                           players=_players(setup, match), names=setup.console.get("people"))

    # ----- timers ----------------------------------------------------------------------------
    def tick(self) -> None:
        self.state.tick(self, self.clock.now())

    def play_tunes(self, names: list[str]) -> None:
        if self.settings.sound:
            for name in names:
                self.console.buzzer.play(TUNES[name])

    def match_now(self) -> float:
        """The sessions' clock: wall time without the pauses, standing still during one."""
        now = self.clock.now() if self.paused_since is None else self.paused_since
        return now - self.paused_for

    def watch_pads(self) -> None:
        """Pause the match while a pad is unplugged; resume where it stood when all are back."""
        self.unplugged = tuple(pad for pad in self.pads
                               if not self.console.pad(pad).connected)
        self.hold_match()

    def hold_match(self) -> None:
        """The match stands still while a pad is unplugged or a "leave the match?" question
        is open (``firmware.console.leave``), and goes on where it stood when neither is."""
        now = self.clock.now()
        state = self.state
        hold = isinstance(state, Playing) and (bool(self.unplugged) or state.question is not None)
        if hold and self.paused_since is None:
            self.paused_since = now
        elif self.paused_since is not None and not hold:
            self.paused_for += now - self.paused_since
            self.paused_since = None
            self.last_press = now

    def has_human(self) -> bool:
        return (self.session is not None
                and len(self.session.seats.cpus) < len(self.session.match.seats))

    # ----- output ------------------------------------------------------------------------------
    def screen_for(self, pad: int) -> Any:
        """The screen model pad ``pad`` shows now."""
        return self.state.screen(self, pad)

    def refresh(self, first: int | None = None) -> None:
        """Redraw each screen whose content changed, and set the possession LEDs; ``first``:
        only that pad's screen now, the others at the next pass (a staggered press)."""
        language = self.settings.language
        warning = (self.journal is not None and not self.journal.healthy) or durable.failing(
            self.state_dir)
        self.behind = first is not None
        for pad in (self.pads if first is None else (first,)):
            model = self.screen_for(pad)
            drawn = OverMenu(self.menu.screen(), model) if getattr(model, "over_menu", False) else model
            if self.drawn.get(pad) == (drawn, language) and self.warned.get(pad, False) == warning:
                continue
            self.shown[pad] = (model, language)
            self.drawn[pad] = (drawn, language)
            self.warned[pad] = warning
            canvas = Canvas()
            drawn.draw(canvas, language)
            if warning:
                draw_card_warning(canvas)
            self.console.screen(pad).display(canvas.image)
        for pad in self.pads:
            lit = isinstance(self.state, Playing) and self.state.lit(self, pad)
            if self.leds.get(pad) != lit:
                self.leds[pad] = lit
                led = self.console.led(pad)
                led.on() if lit else led.off()



def _players(setup: match_journal.JournalSetup, match: Any) -> dict[str, str]:
    """Who sat where: ``human`` or ``cpu:<difficulty>``."""
    cpus = setup.console.get("cpus")
    cpus = cpus if isinstance(cpus, dict) else {}
    return {seat: f"cpu:{cpus[seat]}" if seat in cpus else "human" for seat in match.seats}
