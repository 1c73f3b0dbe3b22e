"""What happens in a Chifoumi game, as typed public events for screens to animate.

Every event is public: a captured stack is shown to everyone as it leaves (K-MOV-5), and a
moving piece becomes a top piece, which everyone sees. ``to_json`` is the replay's line.
"""
from __future__ import annotations

from typing import Any

from ..events import Event
from .pieces import ARMIES, Kind, army_of, kind_of, square_name


def piece_json(p: int) -> dict[str, Any]:
    return {"army": ARMIES[army_of(p)], "kind": Kind(kind_of(p)).name}


class Chifoumi(Event):
    """The who-starts chifoumi (K-2P-1): both hands, and the winner (None: a tie, again)."""

    hands: tuple[tuple[str, str], ...]
    winner: str | None
    name = "chifoumi"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "hands": dict(self.hands), "winner": self.winner}


class First(Event):
    """``seat`` places (placement variant) or moves first."""

    seat: str
    name = "first"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "seat": self.seat}


class Placed(Event):
    seat: str
    square: int
    kind: int
    name = "placed"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "seat": self.seat, "square": square_name(self.square),
                "kind": Kind(self.kind).name}


class Moved(Event):
    """A top piece stepped from ``origin`` to ``target``; ``stacked`` when onto a piece."""

    seat: str
    origin: int
    target: int
    kind: int
    stacked: bool
    name = "moved"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "seat": self.seat, "from": square_name(self.origin),
                "to": square_name(self.target), "kind": Kind(self.kind).name,
                "stacked": self.stacked}


class Captured(Event):
    """``seat`` took the whole stack on ``square`` (bottom to top), shown to all (K-MOV-2)."""

    seat: str
    square: int
    pieces: tuple[int, ...]
    name = "captured"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "seat": self.seat, "square": square_name(self.square),
                "pieces": [piece_json(p) for p in self.pieces]}


class Stopped(Event):
    """``seat`` ended its turn after a capture (K-MOV-3)."""

    seat: str
    name = "stopped"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "seat": self.seat}


class Passed(Event):
    """``seat`` has no legal move and passes (K-MOV-4)."""

    seat: str
    name = "passed"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "seat": self.seat}


class GameOver(Event):
    """The end: ``reason`` is ``no_pieces`` (K-2P-2), ``no_capture`` (K-END-1),
    ``move_limit`` (K-END-2) or ``no_moves`` (K-MOV-4); ``points`` per seat."""

    reason: str
    winner: str | None
    points: tuple[tuple[str, float], ...]
    name = "game_over"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "reason": self.reason, "winner": self.winner,
                "points": dict(self.points)}


ChifoumiEvent = Chifoumi | First | Placed | Moved | Captured | Stopped | Passed | GameOver
