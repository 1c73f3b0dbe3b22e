"""What happens in a Simulator Soccer match, as typed public events (S-VIS-1: every die and
every result is public). ``to_json`` is the replay's line: keys in the rules file's order,
the optional ones (``?`` in its table) left out when they do not apply.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


class _Absent:
    """A key that does not apply to this event (left out of its JSON line)."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class SoccerEvent:
    """Base of every event: ``name`` is its ``"event"`` key."""

    name: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"event": self.name}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not ABSENT:
                obj[f.name.rstrip("_")] = _plain(value)
        return obj


@dataclass(frozen=True)
class Toss(SoccerEvent):
    name: ClassVar[str] = "toss"
    die: int
    kickoff: Any = ABSENT
    shootout_first: Any = ABSENT


@dataclass(frozen=True)
class Placed(SoccerEvent):
    name: ClassVar[str] = "place"
    seat: str
    step: Any
    player: int
    to: Any


@dataclass(frozen=True)
class Substituted(SoccerEvent):
    name: ClassVar[str] = "sub"
    seat: str
    out: int
    in_: int


@dataclass(frozen=True)
class StandIn(SoccerEvent):
    name: ClassVar[str] = "sub"
    seat: str
    player: int
    stand_in: bool
    cell: Any


@dataclass(frozen=True)
class KickedOff(SoccerEvent):
    name: ClassVar[str] = "kickoff"
    half: int
    seat: str
    player: int


@dataclass(frozen=True)
class Kicked(SoccerEvent):
    name: ClassVar[str] = "kick"
    seat: str
    player: int
    kick: str
    to: Any
    range: int
    marked_by: Any
    dots: int
    p: int
    foul: Any = ABSENT
    roll: Any = ABSENT
    miss: Any = ABSENT
    lands: Any = ABSENT
    path: Any = ABSENT
    rests: Any = ABSENT


@dataclass(frozen=True)
class Announced(SoccerEvent):
    name: ClassVar[str] = "kick"
    seat: str
    player: int
    kick: str
    announce: bool = True


@dataclass(frozen=True)
class Held(SoccerEvent):
    name: ClassVar[str] = "kick"
    seat: str
    player: int
    kick: str = "hold"


@dataclass(frozen=True)
class Duel(SoccerEvent):
    name: ClassVar[str] = "duel"
    kind: str
    seat: str
    player: int
    opponent: Any
    cell: Any
    dice: Any
    won: Any = ABSENT
    foul: Any = ABSENT


@dataclass(frozen=True)
class BallWon(SoccerEvent):
    name: ClassVar[str] = "ball"
    seat: str
    player: int
    cell: Any
    moved: int
    how: str


@dataclass(frozen=True)
class Offside(SoccerEvent):
    name: ClassVar[str] = "offside"
    seat: str
    player: int
    cell: Any


@dataclass(frozen=True)
class Foul(SoccerEvent):
    name: ClassVar[str] = "foul"
    seat: str
    player: int
    cell: Any
    award: str


@dataclass(frozen=True)
class Card(SoccerEvent):
    name: ClassVar[str] = "card"
    seat: str
    player: int
    card: str
    count: Any = ABSENT


@dataclass(frozen=True)
class Var(SoccerEvent):
    name: ClassVar[str] = "var"
    seat: str
    die: int
    overturned: bool


@dataclass(frozen=True)
class Out(SoccerEvent):
    name: ClassVar[str] = "out"
    restart: str
    seat: str
    cell: Any


@dataclass(frozen=True)
class Shot(SoccerEvent):
    name: ClassVar[str] = "shot"
    seat: str
    player: int
    aim: str
    high: bool
    dive: Any
    intercept: Any = ABSENT
    keeper: Any = ABSENT
    rush: Any = ABSENT
    finishing: Any = ABSENT
    need: Any = ABSENT
    die: Any = ABSENT
    on_target: Any = ABSENT
    save: Any = ABSENT
    rods: Any = ABSENT
    result: Any = ABSENT
    rebound: Any = ABSENT
    cell: Any = ABSENT


@dataclass(frozen=True)
class Goal(SoccerEvent):
    name: ClassVar[str] = "goal"
    seat: str
    player: int
    score: Any = ABSENT
    shootout: Any = ABSENT


@dataclass(frozen=True)
class Phase3(SoccerEvent):
    name: ClassVar[str] = "p3"
    seat: str
    quick: bool
    a: int
    moved: int
    challenge: Any


@dataclass(frozen=True)
class Clock(SoccerEvent):
    name: ClassVar[str] = "clock"
    half: int
    clock: int
    minute: int
    end: Any
