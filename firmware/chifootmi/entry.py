"""Chifootmi on the console: its settings, menu lines, start and resume, CPU pad and LEDs."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.chifootmi import Level, MatchConfig, Options
from engine.chifootmi.script import MatchScript
from firmware.games import journal_fit
from firmware.games.cpu import match_secret
from firmware.games.spec import (
    ConsoleEntry, MatchStart, Resume, Row, Started, against_cpu, journal_header, players_row,
    red_blue_seats,
)
from firmware.i18n import text
from firmware.storage.settings import known_fields
from firmware.games.sheets import CpuPadScreen

from .screens import KickoffScreen, other, result_screen, standing
from .session import CPU, ChifootmiSession, Seats, Step

LEVELS = ("beginner", "amateur", "pro", "pro_plus")
PLAYERS = ("cpu", "two")
MOVE_CLOCKS = (0, 20, 10)


@dataclass(frozen=True)
class ChifootmiSettings:
    players: str = "cpu"
    difficulty: str = "easy"
    level: str = "beginner"
    offside: bool = True
    one_two: bool = True
    counter_attack: bool = True
    move_clock: int = 0
    house: bool = False
    """House rules: the Pro+ options (as switched in the menu) at Beginner, Amateur or Pro."""

    def match_config(self) -> MatchConfig:
        """The engine config: Pro+ is Pro with the options switched on in the menu; any other
        level takes them too as house rules (the rules' ruling; counter-attack never arises
        at Beginner, which has no D/T cards, so it is off there)."""
        if self.level == "pro_plus":
            return MatchConfig(Level.PRO, Options(self.offside, self.one_two, self.counter_attack))
        level = Level(self.level)
        if self.house:
            return MatchConfig(level, Options(self.offside, self.one_two,
                                              self.counter_attack and level.has_dt))
        return MatchConfig(level)

    @classmethod
    def from_json(cls, obj: Any) -> ChifootmiSettings:
        """Known keys of the right type; the defaults when a value is not one the menu offers."""
        settings = known_fields(cls, obj)
        if (settings.level not in LEVELS or settings.players not in PLAYERS
                or settings.move_clock not in MOVE_CLOCKS):
            return cls()
        return settings


def rows(settings: ChifootmiSettings, pad_count: int) -> list[Row]:
    """The CPU's difficulty with "vs CPU" (always with one pad), the three optional rules with
    "Pro+" or, at any other level, with "House rules" on (counter-attack from Amateur: it needs
    D/T cards)."""
    shown = [players_row(pad_count)]
    if against_cpu(settings.players, pad_count):
        shown.append(Row("difficulty", "menu.cpu", CPU.difficulties(), "difficulty."))
    shown.append(Row("level", "menu.level", LEVELS, "level."))
    if settings.level != "pro_plus":
        shown.append(Row("house", "menu.house", (False, True)))
    if settings.level == "pro_plus" or settings.house:
        options = ("offside", "one_two") + (("counter_attack",) if settings.level != "beginner" else ())
        shown += [Row(name, "menu." + name, (True, False)) for name in options]
    shown.append(Row("move_clock", "menu.clock", MOVE_CLOCKS, show=clock_text))
    return shown


def clock_text(seconds: Any, language: str) -> str:
    return f"{seconds} s" if seconds else text(language, "clock.off")


def seats(cpus: dict[str, str], names: dict[str, str], console: dict[str, Any]) -> Seats:
    """Chifootmi's seats from what the journal keeps of them: each CPU seat's difficulty,
    and the match's secret (it keys the CPUs and the move clock's random picks)."""
    return Seats(CPU.seats(cpus, console), names, secret=match_secret(console))


def start(start: MatchStart) -> Started:
    settings: ChifootmiSettings = start.settings
    cpus, names = red_blue_seats(settings.players, settings.difficulty, start)
    if start.demo:
        names = {"red": "team.blue", "blue": "team.red"}
    config = settings.match_config()
    console: dict[str, Any] = {"cpus": cpus, "names": names, "move_clock": settings.move_clock,
                               "level": settings.level, "cpu_secret": start.cpu_secret}
    session = ChifootmiSession(config, start.seed, seats(cpus, names, console), start.now,
                               timing=start.timing, move_clock=float(settings.move_clock))
    journal = None
    if not start.demo:
        journal = (journal_header(MatchScript(config, start.seed, None)), console)
    return Started(session, ("red", "blue"), cpus, journal)


def resume(resume: Resume) -> Started:
    script, console = resume.parsed(), dict(resume.console)
    cpus = dict(console.get("cpus", {}))
    session = ChifootmiSession.rebuild(
        script.config, script.seed, resume.decisions,
        seats(cpus, dict(console.get("names", {})), console), resume.now,
        timing=resume.timing, move_clock=float(console.get("move_clock", 0)))
    return Started(session, ("red", "blue"), cpus, (dict(resume.script), dict(console)))


def check(resume: Resume) -> None:
    """A Chifootmi journal's console settings as ``start`` writes them: each seat's name for
    its opponent, a move clock the menu offers, the menu's level (Pro+ plays at Pro)."""
    console = resume.console
    journal_fit.check_names(console, ("red", "blue"))
    journal_fit.check_choice(console, "move_clock", MOVE_CLOCKS)
    journal_fit.check_choice(console, "level", LEVELS)
    level = console.get("level")
    if level is not None and ("pro" if level == "pro_plus" else level) != resume.script.get("level"):
        raise journal_fit.Unfit(f"console.level is {level}, the match is at {resume.script.get('level')}")


def cpu_screen(session: ChifootmiSession, seat: str) -> Any:
    """The score; the kick-off (a sheet over the menu, as the person's pad shows it) and the
    result in a spectator's words, the people by their names (``session.called()``)."""
    view = session.view(seat)
    key = "team." + other(seat)
    if session.step is Step.KICKOFF:
        return KickoffScreen(view, key, spectator=True)
    if session.step is Step.OVER:
        return result_screen(view, key, spectator=True, called=session.called())
    return CpuPadScreen(standing(view))


def two_people(settings: ChifootmiSettings) -> ChifootmiSettings:
    """A tournament fixture: both seats people."""
    return replace(settings, players="two")


ENTRY = ConsoleEntry(
    settings=ChifootmiSettings.from_json, rows=rows,
    start=start, resume=resume, cpu_screen=cpu_screen,
    lit=lambda session, seat: session.view(seat).ball == seat,
    two_people=two_people, check=check, level=lambda settings: settings.level,
    kids={"level": "beginner", "difficulty": "easy", "move_clock": 20, "house": False})
