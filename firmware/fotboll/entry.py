"""Fotboll on the console: its settings, menu lines, start and resume, CPU pad and LEDs."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.fotboll import MatchConfig
from engine.fotboll.match import seeded_deal
from engine.fotboll.script import MatchScript
from firmware.games import journal_fit
from firmware.games.spec import (
    ConsoleEntry, MatchStart, Resume, Row, Started, against_cpu, journal_header, journalled_cpus,
    players_row, red_blue_seats,
)
from firmware.storage.settings import known_fields
from firmware.games.sheets import CpuPadScreen

from .screens import KickoffScreen, result_screen, standing
from .session import CPU, FotbollSession, Seats, Step

PLAYERS = ("cpu", "two")


@dataclass(frozen=True)
class FotbollSettings:
    players: str = "cpu"
    difficulty: str = "easy"
    jokers: bool = False
    tiebreak: bool = True

    @classmethod
    def from_json(cls, obj: Any) -> FotbollSettings:
        settings = known_fields(cls, obj)
        return settings if settings.players in PLAYERS else cls()


def rows(settings: FotbollSettings, pad_count: int) -> list[Row]:
    shown = [players_row(pad_count)]
    if against_cpu(settings.players, pad_count):
        shown.append(Row("difficulty", "menu.cpu", CPU.difficulties(), "difficulty."))
    return shown + [Row("jokers", "menu.jokers", (False, True)),
                    Row("tiebreak", "menu.tiebreak", (True, False))]


def start(start: MatchStart) -> Started:
    settings: FotbollSettings = start.settings
    cpus, names = red_blue_seats(settings.players, settings.difficulty, start)
    config = MatchConfig(settings.jokers, settings.tiebreak)
    console: dict[str, Any] = {"cpus": cpus, "names": names, "difficulty": settings.difficulty,
                               "cpu_secret": start.cpu_secret}
    session = FotbollSession(config, start.seed, Seats(CPU.seats(cpus, console), names),
                             start.now, timing=start.timing)
    journal = None
    if not start.demo:
        journal = (journal_header(MatchScript(config, start.seed, seeded_deal(config, start.seed))),
                   console)
    return Started(session, ("red", "blue"), cpus, journal)


def resume(resume: Resume) -> Started:
    script, console = resume.parsed(), dict(resume.console)
    cpus = journalled_cpus(console)
    seats = Seats(CPU.seats(cpus, console), dict(console.get("names", {})))
    session = FotbollSession.rebuild(script.config, script.seed, resume.decisions, seats,
                                     resume.now, timing=resume.timing)
    return Started(session, ("red", "blue"), cpus, (dict(resume.script), dict(console)))


def check(resume: Resume) -> None:
    """A Fotboll journal's console settings as ``start`` writes them: each seat's name for its
    opponent, the CPU's difficulty (kept for the record)."""
    journal_fit.check_names(resume.console, ("red", "blue"))
    journal_fit.check_text(resume.console, "difficulty")


def cpu_screen(session: FotbollSession, seat: str) -> Any:
    """The score; the kick-off (a sheet over the menu, as the person's pad shows it) and the
    result in a spectator's words, the people by their names (``session.called()``)."""
    view = session.view(seat)
    if session.step is Step.KICKOFF:
        return KickoffScreen(False, "team." + view.first)
    if session.step is Step.OVER:
        return result_screen(view, "team." + view.opponent.seat, True, session.called())
    return CpuPadScreen(standing(view))


def two_people(settings: FotbollSettings) -> FotbollSettings:
    """A tournament fixture: both seats people."""
    return replace(settings, players="two")


ENTRY = ConsoleEntry(
    settings=FotbollSettings.from_json, rows=rows, start=start,
    resume=resume, cpu_screen=cpu_screen,
    lit=lambda session, seat: seat in session.match.to_act(),
    two_people=two_people, check=check, kids={"difficulty": "easy"})
