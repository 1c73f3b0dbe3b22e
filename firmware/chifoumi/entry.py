"""Chifoumi on the console: its settings, menu lines, start and resume, CPU pad and LEDs."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.chifoumi import GameConfig, Options
from engine.chifoumi.script import MatchScript
from firmware.games import journal_fit
from firmware.games.spec import ConsoleEntry, MatchStart, Resume, Row, Started, journal_header, journalled_cpus
from firmware.storage.settings import known_fields

from .screens import EndScreen, KickoffScreen, ResultScreen, spectator_screen
from .session import CPU, ChifoumiSession, Seats, Step


@dataclass(frozen=True)
class ChifoumiSettings:
    players: int = 2
    humans: int = 1
    difficulty: str = "easy"
    placement: bool = False
    closed_stacks: bool = False

    @classmethod
    def from_json(cls, obj: Any) -> ChifoumiSettings:
        """Known keys of the right type (``chifoumi_players``, ``chifoumi_humans`` in an old
        flat file)."""
        return known_fields(cls, obj, {"players": "chifoumi_players", "humans": "chifoumi_humans"})

    def table(self, pad_count: int) -> tuple[int, int]:
        """How many players and how many of them people, from settings that may be stale."""
        players = self.players if self.players in (2, 3, 4) else 2
        return players, max(1, min(self.humans, players, pad_count))


def rows(settings: ChifoumiSettings, pad_count: int) -> list[Row]:
    """Players 2-4 (CPUs fill the seats without a person), people up to the pads attached."""
    players, humans = settings.table(pad_count)
    shown = [Row("players", "menu.players", (2, 3, 4), unlocked=True, sets_match=False),  # seats: in the summary
             Row("humans", "menu.humans", tuple(range(1, min(players, pad_count) + 1)), unlocked=True,
                 sets_match=False)]
    if humans < players:
        shown.append(Row("difficulty", "menu.cpu", CPU.difficulties(), "difficulty."))
    if players < 4:
        shown.append(Row("placement", "menu.placement", (False, True)))
    return shown + [Row("closed_stacks", "menu.closed_stacks", (False, True))]


def start(start: MatchStart) -> Started:
    settings: ChifoumiSettings = start.settings
    players, humans = settings.table(start.pad_count)
    config = GameConfig(players, Options(settings.placement and players < 4, settings.closed_stacks))
    seats = config.seats
    cpus = {seat: settings.difficulty for seat in (seats if start.demo else seats[humans:])}
    pads = seats[:min(start.pad_count, players)]
    console: dict[str, Any] = {"cpus": cpus, "pads": list(pads), "difficulty": settings.difficulty,
                               "cpu_secret": start.cpu_secret}
    session = ChifoumiSession(config, start.seed, Seats(CPU.seats(cpus, console)), start.now,
                              timing=start.timing)
    journal = None
    if not start.demo:
        journal = (journal_header(MatchScript(config, start.seed, None)), console)
    return Started(session, pads, cpus, journal)


def resume(resume: Resume) -> Started:
    script, console = resume.parsed(), dict(resume.console)
    cpus = journalled_cpus(console)
    seats = script.config.seats
    pads = tuple(console.get("pads") or seats[:min(resume.pad_count, len(seats))])
    session = ChifoumiSession.rebuild(script.config, script.seed, resume.decisions,
                                      Seats(CPU.seats(cpus, console)), resume.now,
                                      timing=resume.timing)
    return Started(session, pads, cpus, (dict(resume.script), dict(console)))


def check(resume: Resume) -> None:
    """A Chifoumi journal's console settings as ``start`` writes them: the seat at each pad,
    each one of the match's armies once; the CPUs' difficulty."""
    journal_fit.check_pads(resume.console, resume.parsed().config.seats)
    journal_fit.check_text(resume.console, "difficulty")


def cpu_screen(session: ChifoumiSession, seat: str) -> Any:
    """The board's top pieces; the kick-off, the end and the result as the person's pads show
    them (a spectator's wording, the players by their names)."""
    view, names = session.view(seat), tuple(sorted(session.people.items()))
    if session.step is Step.KICKOFF:
        return KickoffScreen(view, True, names=names)
    if session.step is Step.OVER:
        return ResultScreen(view, True, names)
    if session.step is Step.END:
        return EndScreen(spectator_screen(view, names), view.reason)
    return spectator_screen(view, names)


def two_people(settings: ChifoumiSettings) -> ChifoumiSettings:
    """A tournament fixture: two players, both people."""
    return replace(settings, players=2, humans=2)


ENTRY = ConsoleEntry(
    settings=ChifoumiSettings.from_json, rows=rows,
    start=start, resume=resume, cpu_screen=cpu_screen,
    lit=lambda session, seat: seat in session.match.to_act(),
    two_people=two_people, check=check, kids={"difficulty": "easy"})
