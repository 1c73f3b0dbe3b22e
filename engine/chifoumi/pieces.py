"""Kinds, armies, squares and set-ups of Chifoumi (K-PCS, K-BRD, K-2P-1, K-3P-1, K-4P-1).

Everything is a small int so a position is cheap to copy and search: a kind 0..3, an army
0..3 (White, Red, Black, Orange), a piece ``army * 4 + kind``, a square ``rank * 7 + file``
(a1 = 0, g7 = 48).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


class Kind(enum.IntEnum):
    """The four kinds (K-PCS-1), by their letter."""

    R = 0
    P = 1
    S = 2
    W = 3

    @property
    def letter(self) -> str:
        return self.name


KIND_NAMES = {"R": ("pierre", "rock"), "P": ("feuille", "paper"), "S": ("ciseaux", "scissors"),
              "W": ("puits", "well")}

TAKES: tuple[frozenset[int], ...] = (
    frozenset({Kind.S}),            # rock takes scissors
    frozenset({Kind.R, Kind.W}),    # paper takes rock and well
    frozenset({Kind.P}),            # scissors take paper
    frozenset({Kind.R, Kind.S}),    # well takes rock and scissors
)
"""``TAKES[k]``: the kinds a ``k`` takes (K-CAP-1). A kind never takes its own kind."""
TAKES_TABLE = tuple(tuple(other in TAKES[k] for other in range(4)) for k in range(4))

ARMIES = ("white", "red", "black", "orange")
WHITE, RED, BLACK, ORANGE = range(4)

SEATS_BY_PLAYERS: dict[int, tuple[str, ...]] = {
    2: ("white", "black"),
    3: ("white", "red", "black"),
    4: ("white", "red", "black", "orange"),
}
"""The seats of a game, in turn order (K-3P-1, K-4P-1: clockwise)."""

ALL_SEATS = ARMIES
"""Every seat name any Chifoumi game uses."""

SIZE = 7
SQUARES = SIZE * SIZE
CENTRE = 3 * SIZE + 3
"""d4 (K-BRD-1)."""


def square(name: str) -> int:
    """``"c1"`` -> its index; ValueError for anything that is not a square of the board."""
    if (not isinstance(name, str) or len(name) != 2 or name[0] not in "abcdefg"
            or name[1] not in "1234567"):
        raise ValueError(f"a square is a1..g7, not {name!r}")
    return (int(name[1]) - 1) * SIZE + "abcdefg".index(name[0])


def square_name(index: int) -> str:
    return "abcdefg"[index % SIZE] + str(index // SIZE + 1)


def _neighbours(index: int) -> tuple[int, ...]:
    rank, file = divmod(index, SIZE)
    return tuple((rank + dr) * SIZE + file + df
                 for dr in (-1, 0, 1) for df in (-1, 0, 1)
                 if (dr or df) and 0 <= rank + dr < SIZE and 0 <= file + df < SIZE)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(SQUARES))
"""The squares one step away in the 8 directions (K-MOV-1)."""


def piece(army: int, kind: int) -> int:
    return army * 4 + kind


def army_of(p: int) -> int:
    return p >> 2


def kind_of(p: int) -> int:
    return p & 3


def kind_from_json(obj: Any) -> int:
    if obj not in ("R", "P", "S", "W"):
        raise ValueError(f"a kind is \"R\", \"P\", \"S\" or \"W\", not {obj!r}")
    return Kind[obj]


def army_pieces(players: int) -> tuple[int, ...]:
    """The kinds of one army (K-PCS-2): 2 R, 2 S, 2 P and 2 W; no wells with 4 players."""
    kinds = (Kind.R, Kind.P, Kind.S) if players == 4 else (Kind.R, Kind.P, Kind.S, Kind.W)
    return tuple(k for k in kinds for _ in range(2))


def _layout(text: str) -> tuple[tuple[int, int], ...]:
    """``"a1 R, b1 S"`` -> ((square, kind), ...)."""
    pairs = []
    for item in text.split(","):
        name, letter = item.split()
        pairs.append((square(name), int(Kind[letter])))
    return tuple(pairs)


_WHITE_2 = "a1 R, b1 S, c1 P, d1 W, e1 P, f1 S, g1 R, d2 W"
_BLACK_2 = "a7 R, b7 S, c7 P, d7 W, e7 P, f7 S, g7 R, d6 W"
START: dict[int, dict[int, tuple[tuple[int, int], ...]]] = {
    2: {WHITE: _layout(_WHITE_2), BLACK: _layout(_BLACK_2)},
    3: {WHITE: _layout(_WHITE_2),
        RED: _layout("a7 W, b7 P, a6 R, b6 S, a5 P, b5 W, a4 S, b4 R"),
        BLACK: _layout("g7 W, f7 P, g6 R, f6 S, g5 P, f5 W, g4 S, f4 R")},
    4: {WHITE: _layout("a1 P, b1 S, c1 R, a2 R, b2 S, c2 P"),
        RED: _layout("a7 P, a6 S, a5 R, b7 R, b6 S, b5 P"),
        BLACK: _layout("g7 P, f7 S, e7 R, g6 R, f6 S, e6 P"),
        ORANGE: _layout("g1 P, g2 S, g3 R, f1 R, f2 S, f3 P")},
}
"""The start layouts: players -> army -> (square, kind) pairs (K-2P-1, K-3P-1, K-4P-1)."""


def team_of(army: int, players: int) -> int:
    """The army's team: White+Black (0) and Red+Orange (1) with 4 players (K-4P-1);
    every army is its own team otherwise."""
    return army & 1 if players == 4 else army


@dataclass(frozen=True, slots=True)
class Options:
    """The variants: the placement start (K-2P-4) and closed stacks (K-MOV-5)."""

    placement: bool = False
    closed_stacks: bool = False

    def to_json(self) -> dict[str, bool]:
        return {"placement": self.placement, "closed_stacks": self.closed_stacks}


@dataclass(frozen=True, slots=True)
class GameConfig:
    """What the menu chooses: how many players and the variants."""

    players: int = 2
    options: Options = Options()

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS_BY_PLAYERS[self.players]
