"""What happens in a Simulator Soccer match, as typed public events (S-VIS-1: every die and
every result is public). They are :class:`engine.events.Event` like every game's: typed,
immutable, ``to_json`` the replay's line with the keys in the order of the events table of
``docs/formats/match-script.md``; the optional keys (``?`` in that table) default to
:data:`~engine.events.ABSENT` and are left out when they do not apply. Cells and dice are
tuples here and lists in the JSON line.

>>> Card("blue", 10, "yellow", count_=1).to_json()
{'event': 'card', 'seat': 'blue', 'player': 10, 'card': 'yellow', 'count': 1}
>>> Substituted("red", 9, 16).to_json()
{'event': 'sub', 'seat': 'red', 'out': 9, 'in': 16}
>>> Duel("entry", "blue", 10, 8, (7, 5), (2,), foul=True).to_json()["dice"]
[2]
"""
from __future__ import annotations

from typing import Any

from ..events import ABSENT, Event

__all__ = [
    "ABSENT", "SoccerEvent", "Toss", "Placed", "Substituted", "StandIn", "KickedOff", "Kicked",
    "Announced", "Held", "Duel", "BallWon", "Offside", "Foul", "Card", "Var", "Out", "Shot",
    "Goal", "Phase3", "Clock",
]

Cell = tuple[int, int]


def _plain(value: Any) -> Any:
    """Tuples (cells, dice, lists of cells) as JSON lists, dicts (scores) copied."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


class SoccerEvent(Event):
    """Every Simulator Soccer event: cells and dice print as JSON lists."""

    @staticmethod
    def json_value(value: Any) -> Any:
        return _plain(value)


class Toss(SoccerEvent):
    """The toss (S-RNG-2): ``die`` 1 = red; who kicks off, or opens the shoot-out."""

    die: int
    kickoff: str = ABSENT
    shootout_first: str = ABSENT
    name = "toss"


class Placed(SoccerEvent):
    """A player put on a cell in a repositioning step (S-RST-2) or as the thrower."""

    seat: str
    step: int | str
    player: int
    to: Cell
    name = "place"


class Substituted(SoccerEvent):
    """S-SUB-1: ``in_`` takes ``out``'s slot and cell."""

    seat: str
    out: int
    in_: int
    name = "sub"


class StandIn(SoccerEvent):
    """S-FOUL-2: a field player becomes the stand-in keeper on the keeper's cell."""

    seat: str
    player: int
    stand_in: bool
    cell: Cell
    name = "sub"


class KickedOff(SoccerEvent):
    """S-KO-2: the kicker of a kick-off, after the placements."""

    half: int
    seat: str
    player: int
    name = "kickoff"


class Kicked(SoccerEvent):
    """A kick resolved by S-K-2's model (a dribble foul stops after ``p``)."""

    seat: str
    player: int
    kick: str
    to: Cell
    range: int
    marked_by: tuple[int, ...]
    dots: int
    p: int
    foul: bool = ABSENT
    roll: int = ABSENT
    miss: int = ABSENT
    lands: Cell = ABSENT
    path: tuple[Cell, ...] = ABSENT
    rests: Cell | None = ABSENT
    name = "kick"


class Announced(SoccerEvent):
    """A cross or shot announced (S-CRS-1, S-SHOT-1): its resolution follows."""

    seat: str
    player: int
    kick: str
    announce: bool = True
    name = "kick"


class Held(SoccerEvent):
    """S-GK-1: the keeper holds the ball (no Phase 1)."""

    seat: str
    player: int
    kick: str = "hold"
    name = "kick"


class Duel(SoccerEvent):
    """Dice against dice (or an entry's one die): the acting side's die first."""

    kind: str
    seat: str
    player: int
    opponent: int
    cell: Cell
    dice: tuple[int, ...] | None
    won: bool = ABSENT
    foul: bool = ABSENT
    name = "duel"


class BallWon(SoccerEvent):
    """The ball settles with ``player`` (CdD, header, cross, tackle)."""

    seat: str
    player: int
    cell: Cell
    moved: int
    how: str
    name = "ball"


class Offside(SoccerEvent):
    """S-OFF-1: the offender and the ball's cell (the defender's free kick)."""

    seat: str
    player: int
    cell: Cell
    name = "offside"


class Foul(SoccerEvent):
    """S-FOUL-1: who fouled, where, and what is awarded."""

    seat: str
    player: int
    cell: Cell
    award: str
    name = "foul"


class Card(SoccerEvent):
    """S-FOUL-2: a yellow (with its ``count``) or a red."""

    seat: str
    player: int
    card: str
    count_: int = ABSENT
    """The yellows he has (JSON ``count``; ``count`` itself is the tuple's method)."""
    name = "card"


class Var(SoccerEvent):
    """S-FOUL-1: the fouling team's d6 on a die-caused penalty; 6 overturns it."""

    seat: str
    die: int
    overturned: bool
    name = "var"


class Out(SoccerEvent):
    """S-K-5: the ball out, the restart and where."""

    restart: str
    seat: str
    cell: Cell
    name = "out"


class Shot(SoccerEvent):
    """S-SHOT-3: blocked, wide, goal or saved, with the dice that decided it."""

    seat: str
    player: int
    aim: str
    high: bool
    dive: str | None
    intercept: tuple[int, Cell] = ABSENT
    keeper: Cell = ABSENT
    rush: bool = ABSENT
    finishing: int = ABSENT
    need: int = ABSENT
    die: int = ABSENT
    on_target: bool = ABSENT
    save: tuple[int, int] = ABSENT
    rods: bool = ABSENT
    result: str = ABSENT
    rebound: int = ABSENT
    cell: Cell = ABSENT
    name = "shot"


class Goal(SoccerEvent):
    """A goal: the match's ``score``, or in a shoot-out its ``shootout`` score."""

    seat: str
    player: int
    score: dict[str, int] = ABSENT
    shootout: dict[str, int] = ABSENT
    name = "goal"


class Phase3(SoccerEvent):
    """The end of a Phase 3 (S-P3-1, S-P3-2): quick turn, its a, who moved, the challenge."""

    seat: str
    quick: bool
    a: int
    moved: int
    challenge: dict[str, Any] | None
    name = "p3"


class Clock(SoccerEvent):
    """S-TIME-1/2: a clock step, or a half's end (``end``)."""

    half: int
    clock: int
    minute: int
    end: str | None
    name = "clock"
