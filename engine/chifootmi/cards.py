"""Cards, levels and options of Chifootmi (C-COMP, levels table, Pro+ options)."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

Card = int
"""A card: its value 1..11, or ``DT`` for a Dribble/Tackle card (C-COMP-1)."""

DT: Card = 0
"""The Dribble/Tackle card. It has no value (C-DT-4); 0 keeps every card a small int."""

SEATS: tuple[str, str] = ("red", "blue")
RED, BLUE = 0, 1


class Level(enum.Enum):
    """The three levels of the rule sheet; Pro+ is Pro with options on."""

    BEGINNER = "beginner"
    AMATEUR = "amateur"
    PRO = "pro"

    @property
    def has_dt(self) -> bool:
        """Dribble/Tackle cards are in the deck from Amateur on (C-COMP-1)."""
        return self is not Level.BEGINNER

    @property
    def deck(self) -> tuple[Card, ...]:
        """A team's deck at this level, in a canonical order."""
        values = tuple(range(1, 12))
        return values + (DT, DT, DT) if self.has_dt else values

    @property
    def rounds(self) -> int:
        """Rounds in a match: one per card (C-RND-6)."""
        return len(self.deck)

    @property
    def pile2_size(self) -> int:
        """Pile 2 holds the cards left after 4 active and 3 in pile 1 (C-SET-2)."""
        return len(self.deck) - 7


@dataclass(frozen=True, slots=True)
class Options:
    """The Pro+ optional rules; any of them may be on at any level (house rules)."""

    offside: bool = False
    one_two: bool = False
    counter_attack: bool = False

    def to_json(self) -> dict[str, bool]:
        return {"offside": self.offside, "one_two": self.one_two,
                "counter_attack": self.counter_attack}


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """What the menu chooses: the level and the options."""

    level: Level = Level.BEGINNER
    options: Options = Options()


def card_to_json(card: Card | None) -> Any:
    """The match-script form of a card: 1..11, ``"DT"``, or None when unknown."""
    if card is None:
        return None
    return "DT" if card == DT else card


def card_from_json(obj: Any) -> Card:
    """Read a card as the match script writes it; raise ValueError otherwise."""
    if obj == "DT":
        return DT
    if isinstance(obj, int) and not isinstance(obj, bool) and 1 <= obj <= 11:
        return obj
    raise ValueError(f"not a card: {obj!r} (cards are 1..11 and \"DT\")")


def card_label(card: Card) -> str:
    """Short text for a card on a screen or in a log."""
    return "D/T" if card == DT else str(card)
