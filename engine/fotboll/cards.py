"""Cards, formations, positions and options of Fotboll (F-COMP, F-SET-1).

>>> Card.parse("10D") > Card.parse("9S")
True
>>> Card.parse("JK").label
'JK'
>>> FORMATIONS["4-4-2"].positions[:3]
('GK', 'D1', 'D2')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SEATS: tuple[str, str] = ("red", "blue")
RED, BLUE = 0, 1
SUITS = ("C", "D", "H", "S")
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A", 15: "JK"}
RANK_OF = {"J": 11, "Q": 12, "K": 13, "A": 14}
JOKER_RANK = 15
LINES = ("D", "M", "F")
"""Outfield lines, from the goal outwards."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card: ``rank`` 2..14 (J 11, Q 12, K 13, A 14) or 15 for a Joker (F-COMP-2);
    ``suit`` one of C D H S, empty for a Joker. Duels compare ranks only."""

    rank: int
    suit: str

    @property
    def joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def diamond(self) -> bool:
        return self.suit == "D"

    @property
    def label(self) -> str:
        """The match-script form: ``"10D"``, ``"AS"``, ``"JK"``."""
        if self.joker:
            return "JK"
        return RANK_NAMES.get(self.rank, str(self.rank)) + self.suit

    @property
    def face(self) -> str:
        """The rank alone, for small screen boxes: ``"10"``, ``"A"``, ``"JK"``."""
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def penalty_points(self) -> int:
        """What a penalty card adds (F-JOK-2): 2–10 face value, J 11, Q 12, K 13, A 1, Joker 0."""
        if self.joker:
            return 0
        return 1 if self.rank == 14 else self.rank

    @property
    def keeper_points(self) -> int:
        """A goalkeeper's value against a penalty (F-JOK-2): A and Joker 15."""
        return 15 if self.rank >= 14 else self.rank

    @staticmethod
    def parse(label: Any) -> Card:
        """Read a card as the match script writes it; raise ValueError otherwise."""
        if label == "JK":
            return JOKER
        if isinstance(label, str) and len(label) >= 2 and label[-1] in SUITS:
            rank = label[:-1]
            if rank in RANK_OF:
                return Card(RANK_OF[rank], label[-1])
            if rank.isdigit() and 2 <= int(rank) <= 10 and rank == str(int(rank)):
                return Card(int(rank), label[-1])
        raise ValueError(f"not a card: {label!r} (like \"10D\", \"AS\", \"JK\")")

    def __repr__(self) -> str:
        return self.label


JOKER = Card(JOKER_RANK, "")


def full_deck(jokers: bool) -> tuple[Card, ...]:
    """One player's deck in a canonical order (F-COMP-1)."""
    cards = tuple(Card(rank, suit) for suit in SUITS for rank in range(2, 15))
    return cards + (JOKER, JOKER) if jokers else cards


def beats(attack: Card, defence: Card | None) -> bool:
    """The duel of F-TURN-3 and F-JOK-1: ties and Joker against Joker go to the attacker;
    an empty goal (``None``) is beaten by anything."""
    return defence is None or attack.rank >= defence.rank


@dataclass(frozen=True, slots=True)
class Formation:
    """A line-up: 1 goalkeeper, then defenders, midfielders, forwards (F-SET-1)."""

    name: str
    defenders: int
    midfielders: int
    forwards: int

    @property
    def positions(self) -> tuple[str, ...]:
        """``GK``, then ``D1``…, ``M1``…, ``F1``…, each line numbered from its owner's left."""
        return ("GK",) + tuple(f"{line}{i}" for line, n in zip(LINES, self.counts)
                               for i in range(1, n + 1))

    @property
    def outfield(self) -> tuple[str, ...]:
        return self.positions[1:]

    @property
    def counts(self) -> tuple[int, int, int]:
        return self.defenders, self.midfielders, self.forwards


def _formation(name: str) -> Formation:
    d, m, f = (int(n) for n in name.split("-"))
    return Formation(name, d, m, f)


FORMATION_NAMES = ("4-4-2", "4-3-3", "3-5-2", "5-3-2", "4-5-1", "3-4-3")
FORMATIONS: dict[str, Formation] = {name: _formation(name) for name in FORMATION_NAMES}
DEFAULT_FORMATION = "4-4-2"


def line_of(position: str) -> str:
    """``GK``, ``D``, ``M`` or ``F``."""
    return "GK" if position == "GK" else position[0]


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """What the menu chooses: the Joker variant and the shoot-out tie-break (F-JOK, F-END-1)."""

    jokers: bool = False
    tiebreak: bool = False

    def to_json(self) -> dict[str, bool]:
        return {"jokers": self.jokers, "tiebreak": self.tiebreak}
