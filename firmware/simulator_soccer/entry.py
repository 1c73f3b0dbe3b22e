"""Simulator Soccer on the console: its settings, menu lines, start and resume, CPU pad and
LEDs, and its words for the headless simulator's commentary."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.simulator_soccer import PRO_OPTIONS, MatchConfig, Options
from engine.simulator_soccer.script import MatchScript
from firmware.games import journal_fit
from firmware.games.cpu import match_secret
from firmware.games.spec import (
    ConsoleEntry, MatchStart, Resume, Row, Started, journal_header, journalled_cpus, red_blue_seats,
)
from firmware.i18n import text
from firmware.storage.settings import known_fields

from .screens import KickoffScreen, event_line, kicks_off, words
from .session import CPU, Seats, SoccerSession, Step

PLAYERS = ("cpu", "two")
HALVES = (10, 20, 33)
"""Clock steps a half (S-TIME-1's menu): 33 is the book's 45 minutes."""
MOVE_CLOCKS = (0, 60, 30)


@dataclass(frozen=True)
class SoccerSettings:
    players: str = "cpu"
    difficulty: str = "easy"
    half_steps: int = 10
    tiebreak: bool = False
    move_clock: int = 0
    tutorial: bool = True
    """The tutorial's pages before the kick-off: offered until the first match that ends
    normally, then off by itself (:func:`after_match`); the menu turns it on again."""
    pro_rules: bool = False
    """Every Pro rule of the book (S-PRO-*) at once; kids' mode keeps them off."""

    @classmethod
    def from_json(cls, obj: Any) -> SoccerSettings:
        settings = known_fields(cls, obj)
        if settings.players not in PLAYERS or settings.half_steps not in HALVES \
                or settings.move_clock not in MOVE_CLOCKS:
            return cls()
        return settings

    def match_config(self) -> MatchConfig:
        pro = frozenset(PRO_OPTIONS) if self.pro_rules else frozenset()
        return MatchConfig(Options(half_steps=self.half_steps, tiebreak=self.tiebreak, pro=pro))


def rows(settings: SoccerSettings, pad_count: int) -> list[Row]:
    shown = [Row("players", "menu.players", PLAYERS, "players.", unlocked=True, sets_match=False)]
    if settings.players == "cpu":
        shown.append(Row("difficulty", "menu.cpu", CPU.difficulties(), "difficulty."))
    return shown + [
        Row("half_steps", "ss.menu.half", HALVES, show=half_text),
        Row("tiebreak", "menu.tiebreak", (False, True)),
        Row("move_clock", "menu.clock", MOVE_CLOCKS, show=clock_text),
        Row("pro_rules", "ss.menu.pro", (False, True)),
        Row("tutorial", "ss.menu.tutorial", (True, False), sets_match=False),
    ]


def after_match(settings: SoccerSettings) -> SoccerSettings:
    """The settings after a match that ended normally: the tutorial is for the first
    matches, so it turns itself off (the menu's "Tutorial" line turns it on again)."""
    return replace(settings, tutorial=False)


def half_text(steps: Any, language: str) -> str:
    return text(language, "ss.menu.steps", n=steps)


def clock_text(seconds: Any, language: str) -> str:
    return f"{seconds} s" if seconds else text(language, "clock.off")


def seats(cpus: dict[str, str], names: dict[str, str], console: dict[str, Any]) -> Seats:
    """Soccer's seats from what the journal keeps of them: each CPU seat's difficulty, and
    the match's secret (it keys the CPUs and the move clock's random picks, so a resumed
    match picks as the one before the power cut)."""
    return Seats(CPU.seats(cpus, console), names, secret=match_secret(console))


def start(start: MatchStart) -> Started:
    settings: SoccerSettings = start.settings
    cpus, names = red_blue_seats(settings.players, settings.difficulty, start)
    config = settings.match_config()
    console: dict[str, Any] = {"cpus": cpus, "names": names, "difficulty": settings.difficulty,
                               "move_clock": settings.move_clock, "cpu_secret": start.cpu_secret}
    session = SoccerSession(config, start.seed, seats(cpus, names, console), start.now,
                            timing=start.timing, move_clock=float(settings.move_clock),
                            tutorial=settings.tutorial and not start.demo)
    journal = None
    if not start.demo:
        journal = (journal_header(MatchScript(config, start.seed)), console)
    return Started(session, ("red", "blue"), cpus, journal)


def resume(resume: Resume) -> Started:
    script, console = resume.parsed(), dict(resume.console)
    cpus = journalled_cpus(console)
    session = SoccerSession.rebuild(script.config, script.seed, resume.decisions,
                                    seats(cpus, dict(console.get("names", {})), console),
                                    resume.now, timing=resume.timing,
                                    move_clock=float(console.get("move_clock", 0)))
    return Started(session, ("red", "blue"), cpus, (dict(resume.script), dict(console)))


def check(resume: Resume) -> None:
    """A Simulator Soccer journal's console settings as ``start`` writes them: each seat's
    name for its opponent, a move clock the menu offers, the CPU's difficulty."""
    journal_fit.check_names(resume.console, ("red", "blue"))
    journal_fit.check_choice(resume.console, "move_clock", MOVE_CLOCKS)
    journal_fit.check_text(resume.console, "difficulty")


def cpu_screen(session: SoccerSession, seat: str) -> Any:
    """The CPU's pitch as a spectator sees it (everything on it is public, S-VIS-1; the
    CPU's secret picks are never in a view); the kick-off naming the teams."""
    if session.step is Step.KICKOFF:
        return KickoffScreen(False, "team." + kicks_off(session.view(seat)))
    return session.screen(seat, session.step_started)


def describe(event: Any) -> str | None:
    """The headless simulator's commentary: the console's own line for the event, in English,
    naming the teams."""
    line = event_line(event, "", "team.blue")
    if line is None:
        return None
    said = words("en", line)
    seat = getattr(event, "seat", None)
    team = text("en", "team." + seat) if seat in ("red", "blue") else ""
    return f"{team}: {said}" if team and team not in said else said


def two_people(settings: SoccerSettings) -> SoccerSettings:
    """A tournament fixture: both seats people."""
    return replace(settings, players="two")


ENTRY = ConsoleEntry(
    settings=SoccerSettings.from_json, rows=rows,
    start=start, resume=resume, cpu_screen=cpu_screen,
    lit=lambda session, seat: seat in session.match.to_act(),
    after_match=after_match,
    two_people=two_people, check=check,
    kids={"difficulty": "easy", "move_clock": 20, "pro_rules": False})
