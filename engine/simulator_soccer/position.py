"""Build a match at a chosen position, like python-chess's ``Board(fen)``: tests, puzzles and
CPU benchmarks start from it instead of playing up to a position or poking at internals.

Both teams start from the 4-4-2 template (red attacking east in the first half); the
players named move to the cells given; the invariants of S-PIT-2 are checked.

>>> m = position(red={9: (15, 3)}, blue={5: (16, 4)}, carrier=("red", 9))
>>> m.decision, m.to_act(), m.ball
('kick', ('red',), (15, 3))
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..errors import BadSetup
from . import kicks, moves, shots
from .flow import AskShot
from .geometry import Cell, on_pitch
from .match import SoccerMatch
from .restarts import TEMPLATES, send_off
from .state import SEATS, MatchConfig, Options
from .teams import STANDARD, Team


def position(red: Mapping[int, Cell] | None = None, blue: Mapping[int, Cell] | None = None,
             carrier: tuple[str, int] = ("red", 9), *, half: int = 1, clock: int = 0,
             dice: tuple[int, ...] = (), options: Options = Options(),
             teams: tuple[Team, Team] = (STANDARD, STANDARD), lying: Iterable[tuple[str, int]] = (),
             set_piece: str | None = None, phase: str = "p1", seed: int = 0,
             holding: bool = False, score: tuple[int, int] = (0, 0),
             yellow: Iterable[tuple[str, int]] = (),
             sent_off: Iterable[tuple[str, int]] = ()) -> SoccerMatch:
    """A match waiting for ``carrier``'s Phase 1 kick (or its team's Phase 2 / the other
    team's Phase 3 with ``phase``), the players placed as given; ``lying``, ``yellow`` (one
    card) and ``sent_off`` name players as (seat, shirt)."""
    match = SoccerMatch(MatchConfig(options, teams), seed, kickoff="red", dice=dice)
    match.half, match.clock = half, clock
    if clock >= match.H:
        match.stoppage = 0
    match.score = list(score)
    for index, placed in enumerate((red or {}, blue or {})):
        t = match.teams[index]
        t.formation = "4-4-2"
        for p in t.players:
            if p.slot > 0:
                p.cell = match.fr(index, TEMPLATES["4-4-2"][p.slot - 1])
        for num, cell in placed.items():
            if num not in t.by_num or t.by_num[num].slot <= 0:
                raise BadSetup(f"{SEATS[index]} #{num} is not on the pitch")
            if not on_pitch(cell):
                raise BadSetup(f"{SEATS[index]} #{num}: {cell} is off the pitch")
            t.by_num[num].cell = cell
    for seat, num in lying:
        match.player(SEATS.index(seat), num).lying = True
    for seat, num in yellow:
        match.player(SEATS.index(seat), num).yellow = 1
    for seat, num in sent_off:
        send_off(match, match.player(SEATS.index(seat), num))
    for p in match.players():
        assert p.cell is not None
        others = [q for q in match.at(p.cell) if q is not p]
        if len(others) > 1 or any(q.team == p.team for q in others):
            raise BadSetup(f"{p}: two players a cell at most, of different teams (S-PIT-2)")
    team = SEATS.index(carrier[0])
    p = match.player(team, carrier[1])
    assert p.cell is not None
    match.carrier, match.ball, match.possession = (team, p.num), p.cell, team
    match.holding = holding
    if isinstance(kicks.start_turn(match, team, [], set_piece=set_piece), AskShot):
        shots.ask_shot(match)
    if phase == "p2":
        moves.phase2(match)
    elif phase == "p3":
        moves.phase3(match)
    match.opening = ()
    return match
