"""The console's modes, one small object each: splash, menu, saver, resume offer, stats, match.

:class:`firmware.app.App` holds the console (screens, journal, menu, the match on now) and
one mode object; a mode says when it must wake up (:meth:`ModeState.deadline`), what a press
does, what its timers do, and what each pad shows. A mode changes by the app entering a
new object (``App.enter``); nothing compares mode names.
"""
from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.registry import game_named
from firmware import leave
from firmware.history import Stats
from firmware.i18n import text
from firmware.leave import LeaveQuestion, LeaveScreen
from firmware.menu import MenuAction
from firmware.render import HINT_Y, SHEET_Y, WIDTH, Canvas
from firmware.resume import ResumeScreen, StatsScreen
from firmware.spectator import MOVE_STEPS, SpectatorScreen
from hal.buttons import Button, ButtonEvent

if TYPE_CHECKING:
    from firmware.app import App
    from firmware.journal import JournalledMatch

BRIGHT, DIM = 0xCF, 0x08


class Mode(enum.StrEnum):
    SPLASH = "splash"
    MENU = "menu"
    SAVER = "saver"
    RESUME = "resume"
    STATS = "stats"
    ROSTER = "roster"
    PICK = "pick"
    TOURNAMENT = "tournament"
    MATCH = "match"


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


# ----- the modes ----------------------------------------------------------------------------
@dataclass
class ModeState:
    """A mode, entered at ``since`` (the app's clock)."""

    since: float
    kind: ClassVar[Mode]

    def deadline(self, app: App) -> float | None:
        return None

    def press(self, app: App, event: ButtonEvent) -> None:
        """A press on a pad of the console (``event.pad`` is one)."""

    def tick(self, app: App, now: float) -> None:
        """Run what is due at ``now``."""

    def screen(self, app: App, pad: int) -> Any:
        raise NotImplementedError


@dataclass
class Splash(ModeState):
    kind: ClassVar[Mode] = Mode.SPLASH

    def deadline(self, app: App) -> float | None:
        return self.since + app.idle.splash

    def press(self, app: App, event: ButtonEvent) -> None:
        app.enter(Menu(app.clock.now()))

    def tick(self, app: App, now: float) -> None:
        if now >= self.since + app.idle.splash:
            app.enter(Menu(now))

    def screen(self, app: App, pad: int) -> Any:
        return SplashScreen()


@dataclass
class Idling(ModeState):
    """A mode that waits for a press: after ``screensaver_after`` without one, the saver."""

    def deadline(self, app: App) -> float | None:
        return app.last_press + app.idle.screensaver_after

    def tick(self, app: App, now: float) -> None:
        if now >= app.last_press + app.idle.screensaver_after:
            app.enter(Saver(now))
            for pad in app.pads:
                app.console.screen(pad).contrast(DIM)


@dataclass
class Menu(Idling):
    kind: ClassVar[Mode] = Mode.MENU

    def press(self, app: App, event: ButtonEvent) -> None:
        action = app.menu.press(event.button)
        if action is MenuAction.CHANGED:
            app.save_settings()
        elif action is MenuAction.START:
            app.start_match()
        elif action is MenuAction.STATS:
            app.enter(StatsPage(app.clock.now(), app.stats()))
        elif action is MenuAction.ROSTER:
            app.enter(RosterPage(app.clock.now()))
        elif action is MenuAction.TOURNAMENT:
            app.tournament.open()
            app.enter(TournamentPage(app.clock.now()))

    def screen(self, app: App, pad: int) -> Any:
        return app.menu.screen()


@dataclass
class StatsPage(Idling):
    """The results history's figures; any key goes back to the menu."""

    stats: Stats = field(default_factory=Stats)
    kind: ClassVar[Mode] = Mode.STATS

    def press(self, app: App, event: ButtonEvent) -> None:
        app.enter(Menu(app.clock.now()))

    def screen(self, app: App, pad: int) -> Any:
        return StatsScreen(self.stats)


@dataclass
class RosterPage(Idling):
    """The players' names (``firmware.roster_screens``): typed and chosen with the buttons."""

    kind: ClassVar[Mode] = Mode.ROSTER

    def press(self, app: App, event: ButtonEvent) -> None:
        if app.roster.press(event.button) == "menu":
            app.count_names()
            app.enter(Menu(app.clock.now()))

    def screen(self, app: App, pad: int) -> Any:
        return app.roster.screen()


@dataclass
class TournamentPage(Idling):
    """A tournament on this unit (``firmware.tournament_screens``): OK on a fixture plays it."""

    kind: ClassVar[Mode] = Mode.TOURNAMENT

    def press(self, app: App, event: ButtonEvent) -> None:
        answer = app.tournament.press(event.button, app.roster.names, app.settings.game)
        if answer == "menu":
            app.count_names()
            app.enter(Menu(app.clock.now()))
        elif isinstance(answer, int):
            app.start_match(fixture=answer)

    def screen(self, app: App, pad: int) -> Any:
        return app.tournament.screen(app.roster.names)


@dataclass
class PickNames(Idling):
    """Who plays: each person's pad chooses a name before the match starts."""

    pick: Any = None
    kind: ClassVar[Mode] = Mode.PICK

    def press(self, app: App, event: ButtonEvent) -> None:
        answer = self.pick.press(event.pad, event.button)
        if answer == "menu":
            app.enter(Menu(app.clock.now()))
        elif answer == "start":
            app.start_match(self.pick.people())

    def screen(self, app: App, pad: int) -> Any:
        return self.pick.screen(pad)


@dataclass
class ResumeOffer(Idling):
    """A match cut off by a power cut, offered on every screen: RIGHT or OK resumes it, LEFT
    forgets it."""

    offer: JournalledMatch | None = None
    kind: ClassVar[Mode] = Mode.RESUME

    def press(self, app: App, event: ButtonEvent) -> None:
        assert self.offer is not None
        if event.button is Button.LEFT:
            app.forget_offer()
        elif event.button in (Button.RIGHT, Button.CENTRE):
            app.resume(self.offer)

    def screen(self, app: App, pad: int) -> Any:
        assert self.offer is not None
        return ResumeScreen.of(self.offer.summary)


@dataclass
class Saver(ModeState):
    """Dimmed screens and a hopping logo; any press wakes the console where it was."""

    position: int = 0
    kind: ClassVar[Mode] = Mode.SAVER

    def deadline(self, app: App) -> float | None:
        return self.since + (self.position + 1) * app.idle.screensaver_move

    def press(self, app: App, event: ButtonEvent) -> None:
        now = app.clock.now()
        app.enter(ResumeOffer(now, app.offer) if app.offer is not None else Menu(now))
        for pad in app.pads:
            app.console.screen(pad).contrast(BRIGHT)

    def tick(self, app: App, now: float) -> None:
        position = int((now - self.since) // app.idle.screensaver_move)
        app.heal_screens = position != self.position
        self.position = position

    def screen(self, app: App, pad: int) -> Any:
        return SaverScreen(self.position)


@dataclass
class Playing(ModeState):
    """The match on now (``app.session``); paused while a pad is unplugged, or while a
    "leave the match?" question is open (``firmware.leave``)."""

    kind: ClassVar[Mode] = Mode.MATCH
    question: LeaveQuestion | None = None
    notices: dict[int, tuple[LeaveScreen, float]] = field(default_factory=dict)
    """Pad -> a short notice ("Bleu veut jouer") and when it goes."""
    used_chords: dict[int, float] = field(default_factory=dict)
    """Pad -> the start of the LEFT+RIGHT hold that already opened a question."""

    def deadline(self, app: App) -> float | None:
        session = app.session
        assert session is not None
        times: list[float] = [until for _, until in self.notices.values()]
        times += [since + leave.HOLD for since in self._chords(app).values()]
        if self.question is not None:
            times.append(self.question.until)
        if app.paused_since is None:
            due = session.deadline(app.match_now())
            if due is not None:
                times.append(due + app.paused_for)
            if app.has_human():
                times.append(app.last_press + app.idle.abandon_after)
        return min(times, default=None)

    def press(self, app: App, event: ButtonEvent) -> None:
        session = app.session
        if session is None:
            return
        if self.notices.pop(event.pad, None) is not None:
            return                                     # the press only clears the notice
        if self.question is not None:
            self._answer(app, event)
            return
        seat = app.seat_at(event.pad)
        if seat is not None:
            session.press(seat, event.button, app.match_now())

    def _answer(self, app: App, event: ButtonEvent) -> None:
        question = self.question
        assert question is not None and app.session is not None
        people = self._people(app)
        if event.pad in people and event.pad not in question.needed:
            question.join(event.pad, people[event.pad])   # back at the table: asked too
            return
        answer = question.press(event.pad, event.button)
        if answer == "leave":
            self.question = None
            app.session.abandon()
            app.hold_match()
        elif answer == "stay":
            self.question = None
            now = app.clock.now()
            for pad in question.agreed | {question.asker}:
                if pad != event.pad:
                    self.notices[pad] = (LeaveScreen("play_on", question.labels[event.pad]),
                                         now + leave.NOTICE)
            app.hold_match()

    def _people(self, app: App) -> dict[int, str]:
        """Pad -> seat label, for every pad a person plays at in this match."""
        session = app.session
        assert session is not None
        return {pad: leave.seat_label(seat) for pad in app.pads
                if (seat := app.seat_at(pad)) is not None and seat not in session.seats.cpus}

    def _chords(self, app: App) -> dict[int, float]:
        """Pad -> when LEFT and RIGHT went down together, for the person pads holding them
        that have not yet opened a question with this hold."""
        session = app.session
        if (session is None or session.finished or session.match.is_over or self.question is not None
                or app.unplugged):
            return {}
        chords = {}
        for pad in self._people(app):
            since = leave.chord_since(app.held.get(pad, {}))
            # a hold begun before the match (in the menu) is not one; nor one already used
            if since is not None and since >= self.since and self.used_chords.get(pad) != since:
                chords[pad] = since
        return chords

    def _leave_timers(self, app: App, now: float) -> None:
        """Open a question for a hold that lasted, let an unanswered one lapse, drop notices."""
        for pad, (_, until) in list(self.notices.items()):
            if now >= until:
                del self.notices[pad]
        if self.question is not None and now >= self.question.until:
            asker = self.question.asker
            self.question = None
            self.notices[asker] = (LeaveScreen("no_answer"), now + leave.NOTICE)
            app.hold_match()
        for pad, since in self._chords(app).items():
            if now >= since + leave.HOLD:
                self.used_chords[pad] = since
                last = {p: max(t, self.since) for p, t in app.pad_presses.items()}
                people = self._people(app)
                for p in people:
                    last.setdefault(p, self.since)
                self.question = leave.open_question(pad, people, last, now)
                app.hold_match()
                return

    def tick(self, app: App, now: float) -> None:
        session = app.session
        if session is None:
            return
        self._leave_timers(app, now)
        if app.paused_since is not None:
            return
        session.tick(app.match_now())
        if app.has_human() and now >= app.last_press + app.idle.abandon_after:
            session.abandon()                          # recorded as abandoned (app.record)
        app.play_tunes(session.tunes)
        session.tunes.clear()
        if session.finished:
            if app.demo:
                app.done = True
            elif app.fixture_on is not None:           # back to the tournament's fixtures
                app.fixture_on = None
                app.tournament.open()
                app.enter(TournamentPage(now))
            else:
                app.enter(Menu(now))

    def screen(self, app: App, pad: int) -> Any:
        session = app.session
        assert session is not None
        if app.paused_since is not None and app.unplugged:
            return UnpluggedScreen(app.unplugged)
        if self.question is not None:
            asked = self.question.screen(pad)
            if asked is not None:
                return asked
        if pad in self.notices:
            return self.notices[pad][0]
        seat = app.seat_at(pad)
        if seat is None:                               # a spare pad: a spectator
            return SpectatorScreen.of(app.game.title, game_named(app.game.name).summary(session.match),
                                      session.events, str(getattr(session, "step", "")) in MOVE_STEPS)
        if seat in session.seats.cpus and not app.demo:
            return app.game.cpu_screen(session, seat)
        return session.screen(seat, app.match_now())

    def lit(self, app: App, pad: int) -> bool:
        seat = app.seat_at(pad)
        return seat is not None and app.session is not None and app.game.lit(app.session, seat)
