"""The choices a Chifoumi seat can make, as small immutable values built once at import.

Legal-move lists hand out these shared instances, so they allocate nothing and compare by
identity first.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from collections.abc import Callable
from typing import Any

from ..scripting import choice_by_key, only_keys
from .pieces import SQUARES, Kind, kind_from_json, square, square_name


class Hand(enum.Enum):
    """The who-starts chifoumi (K-2P-1): LEFT rock, CENTRE paper, RIGHT scissors."""

    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"

    def beats(self, other: Hand) -> bool:
        return (self, other) in _BEATS


_BEATS = {(Hand.LEFT, Hand.RIGHT), (Hand.RIGHT, Hand.CENTRE), (Hand.CENTRE, Hand.LEFT)}


@dataclass(frozen=True, slots=True)
class Move:
    """Move the top piece of ``origin`` one square to ``target`` (K-MOV-1). ``capture`` is
    None where only one outcome is possible, True/False where the target's top piece is
    one's own (or a partner's) and the mover takes its kind: capture it or stack (K-MOV-2)."""

    origin: int
    target: int
    capture: bool | None = None

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"move": square_name(self.origin) + square_name(self.target)}
        if self.capture is not None:
            obj["capture"] = self.capture
        return obj

    def __str__(self) -> str:
        return square_name(self.origin) + square_name(self.target) + (
            "" if self.capture is None else ("x" if self.capture else "+"))


@dataclass(frozen=True, slots=True)
class Stop:
    """End the turn after a capture instead of moving the capturer again (K-MOV-3)."""

    def to_json(self) -> dict[str, Any]:
        return {"stop": True}


@dataclass(frozen=True, slots=True)
class Place:
    """Put a piece of ``kind`` from one's reserve on ``target`` (placement variant, K-2P-4)."""

    target: int
    kind: int

    def to_json(self) -> dict[str, Any]:
        return {"place": square_name(self.target), "kind": Kind(self.kind).name}


@dataclass(frozen=True, slots=True)
class Throw:
    """One hand of the who-starts chifoumi (K-2P-1)."""

    hand: Hand

    def to_json(self) -> dict[str, Any]:
        return {"chifoumi": self.hand.value}


Choice = Move | Stop | Place | Throw

MOVE: dict[tuple[int, int, bool | None], Move] = {
    (o, t, c): Move(o, t, c) for o in range(SQUARES) for t in range(SQUARES)
    for c in (None, True, False)
    if o != t and abs(o // 7 - t // 7) <= 1 and abs(o % 7 - t % 7) <= 1}
STOP = Stop()
PLACE: dict[tuple[int, int], Place] = {(t, k): Place(t, k) for t in range(SQUARES) for k in range(4)}
THROW: dict[Hand, Throw] = {hand: Throw(hand) for hand in Hand}
THROWS = tuple(THROW.values())


def _move(obj: dict[str, Any]) -> Move:
    only_keys(obj, ("move", "capture"), "a move")
    text, capture = obj["move"], obj.get("capture")
    if not isinstance(text, str) or len(text) != 4:
        raise ValueError(f"a move is two squares like \"c1c2\", not {text!r}")
    if "capture" in obj and not isinstance(capture, bool):
        raise ValueError(f"capture is true or false, not {capture!r}")
    key = (square(text[:2]), square(text[2:]), capture)
    if key not in MOVE:
        raise ValueError(f"{text} is not a step to a neighbouring square (K-MOV-1)")
    return MOVE[key]


def _stop(value: Any) -> Stop:
    if value is not True:
        raise ValueError(f"stop is {{\"stop\": true}}, not {{'stop': {value!r}}}")
    return STOP


def _place(obj: dict[str, Any]) -> Place:
    if set(obj) != {"place", "kind"}:
        raise ValueError("a placement is {\"place\": square, \"kind\": R/P/S/W}")
    return PLACE[(square(obj["place"]), kind_from_json(obj["kind"]))]


def _throw(value: Any) -> Throw:
    try:
        return THROW[Hand(value)]
    except ValueError:
        raise ValueError(f"chifoumi \"left\", \"centre\" or \"right\", not {value!r}") from None


_READERS: dict[str, Callable[[Any], Choice]] = {"move": _move, "stop": _stop, "place": _place, "chifoumi": _throw}


def choice_from_json(obj: Any) -> Choice:
    """Read a choice in the match-script encoding; raise ValueError when it is not one.

    Whether it is legal now is the match's business; this only checks its shape.
    """
    return choice_by_key(obj, _READERS, whole=("move", "place"))
