"""The secret shot/dive duel and the penalty shoot-out, shared by the games that play them.

A shooter picks a side and the goalkeeper picks a side at the same time; the shot goes in
unless they picked the same one (C-SHOT-2). Chifootmi plays it for every shot; Fotboll plays
its tie-break shoot-out with it (F-END-1 plays C-PEN-1). Seats are indexed 0 (red) and 1
(blue) here, as inside both games.

>>> SHOOT[Side.LEFT].to_json(), DIVE[Side.RIGHT].to_json()
({'shoot': 'left'}, {'dive': 'right'})
>>> scores(Side.LEFT, Side.RIGHT), scores(Side.CENTRE, Side.CENTRE)
(True, False)
>>> shootout_winner([[True, True, True], [False, False, False]])  # blue cannot catch up
0
"""
from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

RED, BLUE = 0, 1
SHOOTOUT_KICKS = 5
"""Kicks each before sudden death (C-PEN-1)."""


class DuelSeen(Protocol):
    """What a view of a duel game reads of its match whatever the game (Chifootmi, Fotboll):
    the score, who shoots, the shoot-out's kicks, the end, and who must decide now. Each game's
    ``Seen`` adds its own parts."""

    @property
    def score(self) -> Sequence[int]: ...
    @property
    def shooter(self) -> int: ...
    @property
    def kicks(self) -> Sequence[Sequence[bool]] | None: ...
    @property
    def shootout_first(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> str | None: ...

    def decision(self, seat: str) -> str | None: ...
    def to_act(self) -> tuple[str, ...]: ...


class Side(enum.Enum):
    """A shot or dive direction, from the shooter's point of view (C-SHOT-3)."""

    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Shoot:
    """The shooter's side (C-SHOT-1)."""

    side: Side

    def to_json(self) -> dict[str, Any]:
        return {"shoot": self.side.value}


@dataclass(frozen=True, slots=True)
class Dive:
    """The goalkeeper's side (C-SHOT-1)."""

    side: Side

    def to_json(self) -> dict[str, Any]:
        return {"dive": self.side.value}


SHOOT: dict[Side, Shoot] = {side: Shoot(side) for side in Side}
DIVE: dict[Side, Dive] = {side: Dive(side) for side in Side}
TWO_WAY = (Side.LEFT, Side.RIGHT)
THREE_WAY = (Side.LEFT, Side.CENTRE, Side.RIGHT)
SHOTS_TWO_WAY = (SHOOT[Side.LEFT], SHOOT[Side.RIGHT])
SHOTS_THREE_WAY = tuple(SHOOT[s] for s in THREE_WAY)
DIVES_TWO_WAY = (DIVE[Side.LEFT], DIVE[Side.RIGHT])
DIVES_THREE_WAY = tuple(DIVE[s] for s in THREE_WAY)


def _side(key: str, value: Any) -> Side:
    try:
        return Side(value)
    except ValueError:
        raise ValueError(f"{key} \"left\", \"centre\" or \"right\", not {value!r}") from None


def shoot_from_json(value: Any) -> Shoot:
    """The value of a script's ``{"shoot": side}``, as the shared instance; ValueError naming
    the three sides otherwise."""
    return SHOOT[_side("shoot", value)]


def dive_from_json(value: Any) -> Dive:
    """The value of a script's ``{"dive": side}``, as the shared instance."""
    return DIVE[_side("dive", value)]


def scores(shoot: Side, dive: Side) -> bool:
    """The shot goes in unless the goalkeeper dived the shooter's way (C-SHOT-2)."""
    return shoot is not dive


def shootout_winner(kicks: Sequence[Sequence[bool]]) -> int | None:
    """The seat index that has won the shoot-out, or None while it goes on (C-PEN-1).

    Five kicks each, ended early when one team cannot be caught; then sudden death in
    pairs until one team is ahead after the same number of kicks.
    """
    n_red, n_blue = len(kicks[RED]), len(kicks[BLUE])
    red, blue = sum(kicks[RED]), sum(kicks[BLUE])
    if n_red <= SHOOTOUT_KICKS and n_blue <= SHOOTOUT_KICKS:
        if red > blue + SHOOTOUT_KICKS - n_blue:
            return RED
        if blue > red + SHOOTOUT_KICKS - n_red:
            return BLUE
        return None
    if n_red == n_blue and red != blue:
        return RED if red > blue else BLUE
    return None


def next_kicker(kicks: Sequence[Sequence[bool]], first: int) -> int:
    """Who kicks next in a shoot-out that ``first`` opened: turn about, ``first`` again after
    each pair (C-PEN-1)."""
    n_red, n_blue = len(kicks[RED]), len(kicks[BLUE])
    return first if n_red == n_blue else (RED if n_red < n_blue else BLUE)
