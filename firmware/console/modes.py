"""The console's modes, one small object each: splash, menu, attract, saver, resume offer,
stats, names, tournament, match.

A mode sees the console only through its :class:`~firmware.console.context.Context` (the
services: menu, presence, display, records, the match on now, names, tournament); it says when
it must wake up (:meth:`ModeState.deadline`), what a press does, what its timers do, and what
each pad shows. A mode changes by entering a new object (``Context.enter``); nothing compares
mode names.
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from firmware.console import leave
from firmware.console.context import Context, Mode, ModeState
from firmware.console.display import BRIGHT, DIM, SHOWING
from firmware.games.spec import GameSpec, MatchStart
from firmware.games.registry import GAMES, entry_for
from firmware.storage.history import GameStats, Stats
from firmware.storage.journal import JournalledMatch
from firmware.i18n import person_key, seat_key, text, told_as
from firmware.console.kids import kids_reveal
from firmware.console.leave import LeaveQuestion, LeaveScreen
from firmware.console.menu import MenuAction
from firmware.console.power_screens import PowerOffQuestion
from firmware.render import HINT_Y, SHEET_Y, WIDTH, Canvas, wrap
from firmware.console.resume import STATS_ROWS, ResumeScreen, StatsScreen, stats_lines
from firmware.console.spectator import SpectatorScreen
from hal.buttons import Button, ButtonEvent

__all__ = ["BRIGHT", "DIM", "Mode", "ModeState"]
log = logging.getLogger("pitchpad.modes")


# ----- the console's own screens ----------------------------------------------------------
@dataclass(frozen=True)
class SplashScreen:
    """The name, on a sheet over the menu: any press (or 0.6 s) lets the menu show whole."""

    over_menu: ClassVar[bool] = True

    def draw(self, c: Canvas, language: str) -> None:
        c.sheet()
        c.centred(SHEET_Y + 2, "PitchPad", scale=2)
        c.centred(HINT_Y - 1, text(language, "tagline"))


@dataclass(frozen=True)
class UnpluggedScreen:
    """Shown on every screen while a pad is unplugged: the match waits for it."""

    pads: tuple[int, ...]

    def draw(self, c: Canvas, language: str) -> None:
        for row, pad in enumerate(self.pads[:3]):
            c.centred(8 + 12 * row, text(language, "pad.unplugged", pad=pad))
        c.centred(44, text(language, "match.paused"))


@dataclass(frozen=True)
class SaverScreen:
    """A small logo that hops around, so no pixel stays lit for hours."""

    position: int

    def draw(self, c: Canvas, language: str) -> None:
        rng = random.Random(self.position)
        c.text(rng.randrange(0, WIDTH - 54), rng.randrange(0, HINT_Y), "⚽PitchPad")


@dataclass(frozen=True)
class TeamVoice:
    """A seat's screen on a pad nobody plays at (a demo), told of its team: "Rouge 1-0 Bleu",
    "Rouge marque !", never "Toi … Gagné !" to passers-by (:func:`firmware.i18n.told_as`)."""

    inner: Any
    own: str
    """The seat's key (``team.red``)."""
    other: str
    """The key of the seat facing it."""

    @property
    def over_menu(self) -> bool:
        return bool(getattr(self.inner, "over_menu", False))

    def draw(self, c: Canvas, language: str) -> None:
        with told_as(self.own, self.other):
            self.inner.draw(c, language)


def demo_voice(session: Any, seat: str, inner: Any) -> TeamVoice:
    """``inner``, ``seat``'s screen in a demo, told of its team and of the seat facing it."""
    other = next((s for s in session.match.seats if s != seat), seat)
    return TeamVoice(inner, seat_key(seat), seat_key(other))


@dataclass(frozen=True)
class AttractScreen:
    """A pad's screen of the demo match, with "Press to play" on an inverted bottom bar. The
    kick-off and result sheets (drawn over the menu in a match) get the name above them."""

    inner: Any

    def draw(self, c: Canvas, language: str) -> None:
        if getattr(self.inner, "over_menu", False):
            c.centred(2, "PitchPad", scale=2)
            c.centred(20, text(language, "attract.demo"))
        self.inner.draw(c, language)
        c.banner(text(language, "attract.press"), top=HINT_Y - 1)   # over the hint line whole


@dataclass(frozen=True)
class AbandonedSheet:
    """A match that ended without a result, before the menu: "Abandonné", big, and why —
    nobody played it (the move clock chose alone, or nobody pressed), or the people agreed to
    leave it — so every pad, a spare one's too, knows it counts as abandoned. A whole screen,
    like a result's (the OK chip over the OK button); any press clears it."""

    why: str = "abandoned.why"
    """The i18n key of why: ``abandoned.why`` (nobody played), ``abandoned.left``."""

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(1, text(language, "abandoned.title"), scale=2)
        lines = wrap(text(language, self.why))
        for row, line in enumerate(lines):
            c.centred(32 - 6 * (len(lines) - 1) + 12 * row, line)
        c.ok_chip()


@dataclass(frozen=True)
class NoStatsScreen:
    """The stats page before any match was recorded (the menu shows no stats line then)."""

    def draw(self, c: Canvas, language: str) -> None:
        c.box(0, 0, WIDTH - 1, 10, filled=True)
        c.text(2, 0, text(language, "menu.stats"), ink=0)
        c.centred(26, text(language, "stats.none"))
        c.hints()
        c.ok_hint(text(language, "result.back"))


# ----- the modes ----------------------------------------------------------------------------
@dataclass
class Splash(ModeState):
    """The name at power-on, for ``Idle.splash`` seconds counted from when it is first drawn:
    counted from the app's start, a slow start (the results history read, the screens set up)
    used them all up and the menu came straight after a blank screen."""

    kind: ClassVar[Mode] = Mode.SPLASH
    shown: float | None = None
    """When the splash was first drawn (None: not yet)."""

    def deadline(self, ctx: Context) -> float | None:
        return None if self.shown is None else self.shown + ctx.idle.splash

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        ctx.enter(Menu(ctx.clock.now()))

    def tick(self, ctx: Context, now: float) -> None:
        if self.shown is not None and now >= self.shown + ctx.idle.splash:
            ctx.enter(Menu(now))

    def screen(self, ctx: Context, pad: int) -> Any:
        if self.shown is None:
            self.shown = ctx.clock.now()
        return SplashScreen()


@dataclass
class Idling(ModeState):
    """A mode that waits for a press: after ``screensaver_after`` without one, the saver."""

    def deadline(self, ctx: Context) -> float | None:
        return ctx.presence.last_press + ctx.idle.screensaver_after

    def tick(self, ctx: Context, now: float) -> None:
        if now >= ctx.presence.last_press + ctx.idle.screensaver_after:
            go_idle(ctx, now)


def go_idle(ctx: Context, now: float) -> None:
    """Nobody pressed for a while: a CPU-vs-CPU demo (:class:`Attract`) when the console
    shows one (``Idle.attract_for``), else the dimmed saver."""
    idle = Attract.start(ctx, now) if ctx.idle.attract_for > 0 else Saver(now)
    ctx.enter(idle)
    contrast = SHOWING if isinstance(idle, Attract) else DIM
    ctx.display.contrast(ctx.pads, contrast)


def wake(ctx: Context) -> None:
    """A press on the saver or the demo: back where the console was, bright; the press does
    nothing else."""
    now = ctx.clock.now()
    ctx.enter(ResumeOffer(now, ctx.records.offer) if ctx.records.offer is not None else Menu(now))
    ctx.display.contrast(ctx.pads, BRIGHT)


@dataclass
class Menu(Idling):
    """The menu, the same on every screen (``firmware.console.menu``)."""

    kind: ClassVar[Mode] = Mode.MENU
    staggered: ClassVar[bool] = True
    abandoned: str = ""
    """The last match ended abandoned, and why (the i18n key :class:`AbandonedSheet` says:
    nobody played it, or the people left it): a sheet says so until a press."""

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        if self.abandoned:
            self.abandoned = ""                # the press only clears the sheet
            return
        action = ctx.menu.press(event.button)
        if action is MenuAction.CHANGED:
            ctx.save_settings()
        elif action is MenuAction.START:
            ctx.start_match(starter=event.pad)
        elif action is MenuAction.STATS:
            ctx.enter(StatsPage.of(ctx.clock.now(), ctx.stats(), ctx.settings.game))
        elif action is MenuAction.ROSTER:
            ctx.enter(RosterPage(ctx.clock.now()))
        elif action is MenuAction.TOURNAMENT:
            ctx.tournament.open()
            ctx.enter(TournamentPage(ctx.clock.now()))
        elif action is MenuAction.POWER:
            ctx.enter(PowerAsk(ctx.clock.now()))
        elif action is MenuAction.PHONES:
            ctx.phones.open()
            ctx.enter(PhonesPage(ctx.clock.now()))

    def screen(self, ctx: Context, pad: int) -> Any:
        return AbandonedSheet(self.abandoned) if self.abandoned else ctx.menu.screen()


@dataclass
class PowerAsk(Idling):
    """The menu's power-off line asks once more, on a sheet over the menu: RIGHT (yes) powers
    off, LEFT (no) goes back; OK does nothing, so a second OK never powers off by mistake."""

    kind: ClassVar[Mode] = Mode.POWER
    staggered: ClassVar[bool] = True

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        if event.button is Button.LEFT:
            ctx.enter(Menu(ctx.clock.now()))
        elif event.button is Button.RIGHT:
            ctx.power_off()

    def screen(self, ctx: Context, pad: int) -> Any:
        return PowerOffQuestion()


@dataclass
class StatsPage(Idling):
    """The results history's figures, a page per game (the menu's game first): CARD1 ▲ /
    CARD2 ▼ scroll its lines, ◀ ▶ turn to another game's page, OK back to the menu."""

    stats: Stats = field(default_factory=Stats)
    page: int = 0
    top: int = 0
    kind: ClassVar[Mode] = Mode.STATS
    staggered: ClassVar[bool] = True

    @classmethod
    def of(cls, now: float, stats: Stats, game: str) -> StatsPage:
        """The page of ``game`` when it has results, else the first game's that has."""
        pages = _stats_pages(stats)
        names = [each.game for each in pages]
        return cls(now, stats, names.index(game) if game in names else 0)

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        pages = _stats_pages(self.stats)
        if event.button is Button.CENTRE or not pages:
            ctx.enter(Menu(ctx.clock.now()))
        elif event.button in (Button.LEFT, Button.RIGHT) and len(pages) > 1:
            step = 1 if event.button is Button.RIGHT else -1
            self.page, self.top = (self.page + step) % len(pages), 0
        elif event.button in (Button.CARD1, Button.CARD2):
            lines = len(stats_lines(pages[self.page], ctx.settings.language))
            step = -1 if event.button is Button.CARD1 else 1
            self.top = max(0, min(max(0, lines - STATS_ROWS), self.top + step))

    def screen(self, ctx: Context, pad: int) -> Any:
        pages = _stats_pages(self.stats)
        if not pages:
            return NoStatsScreen()
        shown = pages[self.page]
        title = GAMES[shown.game].title if shown.game in GAMES else shown.game
        return StatsScreen(shown, title, self.page, len(pages), self.top)


def _stats_pages(stats: Stats) -> list[GameStats]:
    """The games with results, in the menu's order (games this console no longer hosts last)."""
    order = list(GAMES)
    return sorted(stats.games.values(), key=lambda each: (
        order.index(each.game) if each.game in order else len(order), each.game))


@dataclass
class RosterPage(Idling):
    """The players' names (``firmware.console.roster_screens``): typed and chosen with the buttons."""

    kind: ClassVar[Mode] = Mode.ROSTER

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        if ctx.roster.press(event.button) == "menu":
            ctx.count_names()
            ctx.enter(Menu(ctx.clock.now()))

    def screen(self, ctx: Context, pad: int) -> Any:
        return ctx.roster.screen()


@dataclass
class TournamentPage(Idling):
    """A tournament on this unit (``firmware.console.tournament_screens``): OK on a fixture plays it."""

    kind: ClassVar[Mode] = Mode.TOURNAMENT

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        answer = ctx.tournament.press(event.button, ctx.roster.names, entry_for(ctx.settings.game).name)
        if answer == "menu":
            ctx.count_names()
            ctx.enter(Menu(ctx.clock.now()))
        elif answer == "names":                         # too few names: add some first
            ctx.enter(RosterPage(ctx.clock.now()))
        elif isinstance(answer, int):
            ctx.start_match(fixture=answer, starter=event.pad)

    def screen(self, ctx: Context, pad: int) -> Any:
        return ctx.tournament.screen(ctx.roster.names)


@dataclass
class PhonesPage(Idling):
    """The codes that let phones join (``firmware.console.phone_screens``); they expire when
    the page closes, by OK or by going idle."""

    kind: ClassVar[Mode] = Mode.PHONES
    staggered: ClassVar[bool] = True

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        if ctx.phones.press(event.button) == "menu":
            ctx.enter(Menu(ctx.clock.now()))

    def tick(self, ctx: Context, now: float) -> None:
        if now >= ctx.presence.last_press + ctx.idle.screensaver_after:
            ctx.phones.close()
        else:
            ctx.phones.tick()
        super().tick(ctx, now)

    def screen(self, ctx: Context, pad: int) -> Any:
        return ctx.phones.screen(pad)


@dataclass
class PickNames(Idling):
    """Who plays: each person's pad chooses a name before the match starts."""

    pick: Any = None
    kind: ClassVar[Mode] = Mode.PICK

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        answer = self.pick.press(event.pad, event.button)
        if answer == "menu":
            ctx.enter(Menu(ctx.clock.now()))
        elif answer == "start":
            ctx.start_match(self.pick.people())

    def screen(self, ctx: Context, pad: int) -> Any:
        return self.pick.screen(pad)


@dataclass
class ResumeOffer(Idling):
    """A match cut off by a power cut, offered on every screen: RIGHT or OK resumes it, LEFT
    forgets it."""

    offer: JournalledMatch | None = None
    kind: ClassVar[Mode] = Mode.RESUME

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        assert self.offer is not None
        if event.button is Button.LEFT:
            ctx.forget_offer()
        elif event.button in (Button.RIGHT, Button.CENTRE):
            ctx.resume(self.offer)

    def screen(self, ctx: Context, pad: int) -> Any:
        offer = self.offer
        assert offer is not None
        game = offer.setup.script.get("game", "")
        people = offer.setup.console.get("people")
        return ResumeScreen.of(offer.summary, GAMES[game].title if game in GAMES else game,
                               people if isinstance(people, dict) else None)


@dataclass
class Saver(ModeState):
    """Dimmed screens and a hopping logo; any press wakes the console where it was (and does
    nothing else). With a demo (``Idle.attract_for``), the demo comes back every
    ``Idle.saver_for`` seconds."""

    position: int = 0
    kind: ClassVar[Mode] = Mode.SAVER
    staggered: ClassVar[bool] = True

    def deadline(self, ctx: Context) -> float | None:
        step = self.since + (self.position + 1) * ctx.idle.screensaver_move
        if ctx.idle.attract_for > 0:
            return min(step, self.since + ctx.idle.saver_for)
        return step

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        wake(ctx)

    def tick(self, ctx: Context, now: float) -> None:
        if ctx.idle.attract_for > 0 and now >= self.since + ctx.idle.saver_for:
            go_idle(ctx, now)
            return
        position = int((now - self.since) // ctx.idle.screensaver_move)
        ctx.display.heal_due = position != self.position
        self.position = position

    def screen(self, ctx: Context, pad: int) -> Any:
        return SaverScreen(self.position)


@dataclass
class Attract(ModeState):
    """Idle: CPU-vs-CPU demo matches of the menu's game on every screen (each pad shows its
    seat's screen; nothing secret is at stake: no person plays); any press stops it and
    does nothing else. After ``Idle.attract_for`` seconds, the dimmed saver. The demo is
    silent, journals nothing and records no result."""

    session: Any = None
    pad_seats: tuple[str, ...] = ()
    kind: ClassVar[Mode] = Mode.ATTRACT
    staggered: ClassVar[bool] = True

    @classmethod
    def start(cls, ctx: Context, now: float) -> ModeState:
        """The demo, or the saver when the game cannot play one (logged once, never a crash:
        the console is idle, nobody would see the error)."""
        attract = cls(now)
        try:
            attract.next_match(ctx, now)
        except Exception as exc:  # noqa: BLE001 - an idle console must stay up
            log.warning("no demo of %s (%s: %s); the saver instead", entry_for(ctx.settings.game).name,
                        type(exc).__name__, exc)
            return Saver(now)
        return attract

    def next_match(self, ctx: Context, now: float) -> None:
        """A new demo match of the menu's game (as kids' mode would play it, if on)."""
        game = entry_for(ctx.settings.game)
        seed = ctx.match.seeds.randrange(2**31)
        secret = ctx.match.secret(seed, "pitchpad-attract")
        chosen = ctx.settings.for_match(game.name, game.console.settings, game.console.kids)
        started = game.console.start(MatchStart(chosen, seed, now, len(ctx.pads), True, ctx.timing, secret))
        self.session, self.pad_seats = started.session, started.pad_seats

    def deadline(self, ctx: Context) -> float | None:
        due = self.session.deadline(ctx.clock.now())
        end = self.since + ctx.idle.attract_for
        return end if due is None else min(due, end)

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        wake(ctx)

    def plays_by_itself(self, ctx: Context) -> bool:
        return True

    def tick(self, ctx: Context, now: float) -> None:
        if now >= self.since + ctx.idle.attract_for:
            ctx.enter(Saver(now))
            ctx.display.contrast(ctx.pads, DIM)
            return
        self.session.tick(now)
        self.session.tunes.clear()
        if self.session.finished:
            self.next_match(ctx, now)           # the same game: it started one already

    def spectator(self, ctx: Context) -> Any:
        return AttractScreen(watching(entry_for(ctx.settings.game), self.session))

    def screen(self, ctx: Context, pad: int) -> Any:
        seat = self.pad_seats[pad - 1] if pad <= len(self.pad_seats) else None
        if seat is None:                        # a spare pad watches the demo too
            return AttractScreen(watching(entry_for(ctx.settings.game), self.session))
        return AttractScreen(demo_voice(self.session, seat, self.session.screen(seat, ctx.clock.now())))


def watching(game: GameSpec, session: Any) -> SpectatorScreen:
    """What a pad with no seat in ``session`` shows: the score and the moves
    (``firmware.console.spectator``), the last move while the session's step shows it (its
    game's steps say which do: :attr:`firmware.games.session.Step.shows_move`), the players
    by the names they chose."""
    return SpectatorScreen.of(game.title, game.summary(session.match), session.events,
                              session.showing_move(), game.spectator_words, session.people)


@dataclass
class Playing(ModeState):
    """The match on now (``ctx.match.session``); paused while a pad is unplugged, or while a
    "leave the match?" question is open (``firmware.console.leave``)."""

    kind: ClassVar[Mode] = Mode.MATCH
    holds_match: ClassVar[bool] = True
    question: LeaveQuestion | None = None
    notices: dict[int, tuple[LeaveScreen, float]] = field(default_factory=dict)
    """Pad -> a short notice ("Bleu veut jouer") and when it goes."""
    used_chords: dict[int, float] = field(default_factory=dict)
    """Pad -> the start of the LEFT+RIGHT hold that already opened a question."""
    left: bool = False
    """The people agreed to leave the match (the sheet after it says so)."""

    def deadline(self, ctx: Context) -> float | None:
        session = ctx.match.session
        assert session is not None
        times: list[float] = [until for _, until in self.notices.values()]
        times += [since + leave.HOLD for since in self._chords(ctx).values()]
        if self.question is not None:
            times.append(self.question.until)
        if not ctx.presence.paused:
            due = session.deadline(ctx.match_now())
            if due is not None:
                times.append(due + ctx.presence.paused_for)
            if ctx.match.has_human():
                times.append(ctx.presence.last_press + ctx.idle.abandon_after)
        return min(times, default=None)

    def questioning(self) -> bool:
        return self.question is not None

    def plays_by_itself(self, ctx: Context) -> bool:
        return ctx.demo or not ctx.match.has_human()

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        session = ctx.match.session
        if session is None:
            return
        if self.notices.pop(event.pad, None) is not None:
            return                                     # the press only clears the notice
        if self.question is not None:
            self._answer(ctx, event)
            return
        seat = ctx.match.seat_at(event.pad)
        if seat is not None:
            session.press(seat, event.button, ctx.match_now())

    def _answer(self, ctx: Context, event: ButtonEvent) -> None:
        question = self.question
        assert question is not None and ctx.match.session is not None
        people = self._people(ctx)
        if event.pad in people and event.pad not in question.needed:
            question.join(event.pad, people[event.pad])   # back at the table: asked too
            return
        answer = question.press(event.pad, event.button)
        if answer == "leave":
            self.question = None
            self.left = True
            ctx.match.session.abandon()
            ctx.hold_match()
        elif answer == "stay":
            self.question = None
            now = ctx.clock.now()
            for pad in question.agreed | {question.asker}:
                if pad != event.pad:
                    self.notices[pad] = (LeaveScreen("play_on", question.labels[event.pad]),
                                         now + leave.NOTICE)
            ctx.hold_match()

    def _people(self, ctx: Context) -> dict[int, str]:
        """Pad -> how the other pads name its player ("Ana veut arrêter": the name chosen on
        the pads, else the seat's colour), for every pad a person plays at in this match."""
        session = ctx.match.session
        assert session is not None
        return {pad: person_key(session.people[seat], seat_key(seat)) if seat in session.people
                else seat_key(seat)
                for pad in ctx.pads
                if (seat := ctx.match.seat_at(pad)) is not None and seat not in session.seats.cpus}

    def _chords(self, ctx: Context) -> dict[int, float]:
        """Pad -> when LEFT and RIGHT went down together, for the person pads holding them
        that have not yet opened a question with this hold."""
        session = ctx.match.session
        if (session is None or session.finished or session.match.is_over or self.question is not None
                or ctx.presence.unplugged):
            return {}
        chords = {}
        for pad in self._people(ctx):
            since = leave.chord_since(ctx.presence.held.get(pad, {}))
            # a hold begun before the match (in the menu) is not one; nor one already used
            if since is not None and since >= self.since and self.used_chords.get(pad) != since:
                chords[pad] = since
        return chords

    def _leave_timers(self, ctx: Context, now: float) -> None:
        """Open a question for a hold that lasted, let an unanswered one lapse, drop notices."""
        for pad, (_, until) in list(self.notices.items()):
            if now >= until:
                del self.notices[pad]
        if self.question is not None and now >= self.question.until:
            asker = self.question.asker
            self.question = None
            self.notices[asker] = (LeaveScreen("no_answer"), now + leave.NOTICE)
            ctx.hold_match()
        for pad, since in self._chords(ctx).items():
            if now >= since + leave.HOLD:
                self.used_chords[pad] = since
                last = {p: max(t, self.since) for p, t in ctx.presence.pad_presses.items()}
                people = self._people(ctx)
                for p in people:
                    last.setdefault(p, self.since)
                self.question = leave.open_question(pad, people, last, now)
                ctx.hold_match()
                return

    def tick(self, ctx: Context, now: float) -> None:
        session = ctx.match.session
        if session is None:
            return
        self._leave_timers(ctx, now)
        if ctx.presence.paused:
            return
        session.tick(ctx.match_now())
        if ctx.match.has_human() and now >= ctx.presence.last_press + ctx.idle.abandon_after:
            session.abandon()                          # recorded as abandoned (Records.record)
        ctx.play_tunes(session.tunes)
        session.tunes.clear()
        if session.finished:
            if ctx.demo:
                ctx.finish()
            elif ctx.match.fixture is not None:              # back to the tournament's fixtures
                ctx.match.fixture = None
                ctx.tournament.open()
                ctx.enter(TournamentPage(now))
            else:
                why = ("abandoned.left" if self.left else "abandoned.why") if session.abandoned else ""
                ctx.enter(Menu(now, abandoned=why))

    def screen(self, ctx: Context, pad: int) -> Any:
        session = ctx.match.session
        assert session is not None
        if ctx.presence.paused and ctx.presence.unplugged:
            return UnpluggedScreen(ctx.presence.unplugged)
        if self.question is not None:
            asked = self.question.screen(pad)
            if asked is not None:
                return asked
        if pad in self.notices:
            return self.notices[pad][0]
        seat = ctx.match.seat_at(pad)
        if seat is None:                               # a spare pad: a spectator
            return watching(ctx.match.game, session)
        if seat in session.seats.cpus and not ctx.demo:
            return ctx.match.game.cpu_pad(session, seat)
        if ctx.settings.kids:                   # kids' mode: the reveal big, with a picture
            big = kids_reveal(ctx.match.game, session, seat, ctx.settings.language)
            if big is not None:
                return big
        if ctx.demo:                            # nobody at the pad: told of its team
            return demo_voice(session, seat, session.screen(seat, ctx.match_now()))
        return session.screen(seat, ctx.match_now())

    def spectator(self, ctx: Context) -> Any:
        session = ctx.match.session
        return watching(ctx.match.game, session) if session is not None else super().spectator(ctx)

    def lit(self, ctx: Context, pad: int) -> bool:
        seat = ctx.match.seat_at(pad)
        session = ctx.match.session
        return seat is not None and session is not None and ctx.match.game.console.lit(session, seat)
