"""The choices a Chifootmi seat can make, as small immutable values.

Every possible choice exists once, built at import, so legal-move lists allocate nothing
and membership tests hit the identity fast path.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from .cards import DT, Card, card_from_json, card_to_json


class Side(enum.Enum):
    """A shot or dive direction, from the shooter's point of view (C-SHOT-3)."""

    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"


class Pile(enum.Enum):
    """Pile 1 is drawn face down, pile 2 face up (C-RND-5)."""

    PILE1 = "pile1"
    PILE2 = "pile2"


@dataclass(frozen=True, slots=True)
class Play:
    """Play one active card this round (C-RND-1)."""

    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"play": card_to_json(self.card)}


@dataclass(frozen=True, slots=True)
class Draw:
    """Refill from a pile (C-RND-5)."""

    pile: Pile

    def to_json(self) -> dict[str, Any]:
        return {"draw": self.pile.value}


@dataclass(frozen=True, slots=True)
class Shoot:
    """The shooter's side in a chifootmi shot (C-SHOT-1)."""

    side: Side

    def to_json(self) -> dict[str, Any]:
        return {"shoot": self.side.value}


@dataclass(frozen=True, slots=True)
class Dive:
    """The goalkeeper's side in a chifootmi shot (C-SHOT-1)."""

    side: Side

    def to_json(self) -> dict[str, Any]:
        return {"dive": self.side.value}


@dataclass(frozen=True, slots=True)
class Flag:
    """The defender's offside decision (C-PLUS-OFF)."""

    raised: bool

    def to_json(self) -> dict[str, Any]:
        return {"flag": self.raised}


Choice = Play | Draw | Shoot | Dive | Flag

PLAY: dict[Card, Play] = {card: Play(card) for card in (DT, *range(1, 12))}
DRAW_PILE1, DRAW_PILE2 = Draw(Pile.PILE1), Draw(Pile.PILE2)
SHOOT = {side: Shoot(side) for side in Side}
DIVE = {side: Dive(side) for side in Side}
FLAG_RAISED, FLAG_DOWN = Flag(True), Flag(False)

TWO_WAY = (Side.LEFT, Side.RIGHT)
THREE_WAY = (Side.LEFT, Side.CENTRE, Side.RIGHT)
SHOTS_TWO_WAY = (SHOOT[Side.LEFT], SHOOT[Side.RIGHT])
SHOTS_THREE_WAY = tuple(SHOOT[s] for s in THREE_WAY)
DIVES_TWO_WAY = (DIVE[Side.LEFT], DIVE[Side.RIGHT])
DIVES_THREE_WAY = tuple(DIVE[s] for s in THREE_WAY)
DRAWS = (DRAW_PILE1, DRAW_PILE2)
FLAGS = (FLAG_RAISED, FLAG_DOWN)


def choice_from_json(obj: Any) -> Choice:
    """Read a choice in the match-script encoding; raise ValueError when it is not one."""
    if not isinstance(obj, dict) or len(obj) != 1:
        raise ValueError(f"a choice is an object with one key, not {obj!r}")
    ((key, value),) = obj.items()
    if key == "play":
        return PLAY[card_from_json(value)]
    if key == "draw":
        try:
            return Draw(Pile(value))
        except ValueError:
            raise ValueError(f"draw from \"pile1\" or \"pile2\", not {value!r}") from None
    if key in ("shoot", "dive"):
        try:
            side = Side(value)
        except ValueError:
            raise ValueError(f"{key} \"left\", \"centre\" or \"right\", not {value!r}") from None
        return SHOOT[side] if key == "shoot" else DIVE[side]
    if key == "flag":
        if not isinstance(value, bool):
            raise ValueError(f"flag is true or false, not {value!r}")
        return FLAG_RAISED if value else FLAG_DOWN
    raise ValueError(f"unknown choice {key!r} (play, draw, shoot, dive or flag)")


def canonical(choice: Choice) -> Choice:
    """The pre-built instance equal to ``choice`` (so identity checks work)."""
    return choice_from_json(choice.to_json())
