"""The choices a Chifootmi seat can make, as small immutable values (the shot and the dive
are the shared duel's, :mod:`engine.duel`).

Every possible choice exists once, built at import, so legal-move lists allocate nothing
and membership tests hit the identity fast path.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from collections.abc import Callable
from typing import Any

from ..duel import (
    DIVE, DIVES_THREE_WAY, DIVES_TWO_WAY, SHOOT, SHOTS_THREE_WAY, SHOTS_TWO_WAY, THREE_WAY, TWO_WAY,
    Dive, Shoot, Side, dive_from_json, shoot_from_json,
)
from ..scripting import choice_by_key
from .cards import DT, Card, card_from_json, card_to_json

__all__ = [
    "Side", "Pile", "Play", "Draw", "Shoot", "Dive", "Flag", "Choice", "PLAY", "DRAW_PILE1",
    "DRAW_PILE2", "SHOOT", "DIVE", "FLAG_RAISED", "FLAG_DOWN", "TWO_WAY", "THREE_WAY",
    "SHOTS_TWO_WAY", "SHOTS_THREE_WAY", "DIVES_TWO_WAY", "DIVES_THREE_WAY", "DRAWS", "FLAGS",
    "choice_from_json", "canonical",
]


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
class Flag:
    """The defender's offside decision (C-PLUS-OFF)."""

    raised: bool

    def to_json(self) -> dict[str, Any]:
        return {"flag": self.raised}


Choice = Play | Draw | Shoot | Dive | Flag

PLAY: dict[Card, Play] = {card: Play(card) for card in (DT, *range(1, 12))}
DRAW_PILE1, DRAW_PILE2 = Draw(Pile.PILE1), Draw(Pile.PILE2)
FLAG_RAISED, FLAG_DOWN = Flag(True), Flag(False)
DRAWS = (DRAW_PILE1, DRAW_PILE2)
FLAGS = (FLAG_RAISED, FLAG_DOWN)


def _draw(value: Any) -> Draw:
    try:
        return Draw(Pile(value))
    except ValueError:
        raise ValueError(f"draw from \"pile1\" or \"pile2\", not {value!r}") from None


def _flag(value: Any) -> Flag:
    if not isinstance(value, bool):
        raise ValueError(f"flag is true or false, not {value!r}")
    return FLAG_RAISED if value else FLAG_DOWN


_READERS: dict[str, Callable[[Any], Choice]] = {
    "play": lambda value: PLAY[card_from_json(value)], "draw": _draw,
    "shoot": shoot_from_json, "dive": dive_from_json, "flag": _flag,
}


def choice_from_json(obj: Any) -> Choice:
    """Read a choice in the match-script encoding (one key); ValueError when it is not one."""
    return choice_by_key(obj, _READERS)


def canonical(choice: Choice) -> Choice:
    """The pre-built instance equal to ``choice`` (so identity checks work)."""
    return choice_from_json(choice.to_json())
