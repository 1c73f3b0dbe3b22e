"""What the rules do next, when a rule module hands play on to another one.

The rules live in modules along the book's sections (kicks, settling, shots, moves, restarts,
the clock, the shoot-out). A module calls the ones it builds on directly; when play goes on
into a module that builds on it (a repositioning ends with a turn's first kick, a kick
settles, a challenge wins the ball), it returns one of these instead, and the match
(:class:`~.match.SoccerMatch`, a thin dispatcher) runs it. So no two rule modules import each
other, and each hand-over is a value a test can look at.
"""
from __future__ import annotations

from dataclasses import dataclass

from .geometry import Cell


@dataclass(frozen=True, slots=True)
class StartTurn:
    """A turn opens for ``team`` (S-TURN-1): a restart's first kick, a relance, a new turn."""

    team: int
    set_piece: str | None = None
    relance: bool = False
    limit: int = 3


@dataclass(frozen=True, slots=True)
class AskShot:
    """The shot's secret duel is asked (S-SHOT-2): a penalty, a shoot-out kick."""


@dataclass(frozen=True, slots=True)
class KickOff:
    """``team`` kicks off (S-KO-2); ``first``: a half's first kick-off."""

    team: int
    first: bool = False


@dataclass(frozen=True, slots=True)
class StartShootout:
    """Regular time is over, level, with the tie-break on (S-END-1)."""


@dataclass(frozen=True, slots=True)
class Settle:
    """The ball rests at ``cell`` after a kick: offside, a cross's header, the CdD."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class TakesBall:
    """Player ``num`` of ``team`` gets the ball where it is, having moved ``moved`` cells."""

    team: int
    num: int
    moved: int
    how: str


@dataclass(frozen=True, slots=True)
class Fouled:
    """Player ``num`` of ``team`` fouls at ``cell`` (S-FOUL-1, S-FOUL-2)."""

    team: int
    num: int
    cell: Cell
    die_caused: bool
    card: str | None


Next = StartTurn | AskShot | KickOff | StartShootout | Settle | TakesBall | Fouled
"""Every hand-over from a rule module to one that builds on it."""
