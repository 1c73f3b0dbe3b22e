"""What one seat may know of a Chifoumi game — the only place secrecy is decided.

Open stacks (the default) hide nothing. With closed stacks (K-MOV-5) a layer's kind is
None unless it is the top of its stack or the viewer's own piece; its army stays known
(the piece is there). Captured stacks are public as they leave: ``gone`` counts them.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .pieces import ARMIES, GameConfig, Kind, Options, square_name


class Seen(Protocol):
    """All a view is made from: the parts of a :class:`~engine.chifoumi.match.ChifoumiMatch`
    this module reads (so it needs no import of the match, which imports it)."""

    @property
    def config(self) -> GameConfig: ...
    @property
    def players(self) -> int: ...
    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def armies(self) -> tuple[int, ...]: ...
    @property
    def board(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def phase(self) -> str: ...
    @property
    def current(self) -> int: ...
    @property
    def first(self) -> int: ...
    @property
    def chain(self) -> int: ...
    @property
    def reserve(self) -> Sequence[Sequence[int]]: ...
    @property
    def gone(self) -> Sequence[Sequence[int]]: ...
    @property
    def captured(self) -> Sequence[int]: ...
    @property
    def quiet(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def reason(self) -> str | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> str | None: ...

    def to_act(self) -> tuple[str, ...]: ...
    def pieces_on_board(self) -> dict[str, int]: ...
    def points(self) -> dict[str, float]: ...


@dataclass(frozen=True, slots=True)
class Layer:
    """One piece of a stack as the viewer sees it: ``kind`` None when hidden from it."""

    army: str
    kind: str | None

    def to_json(self) -> dict[str, Any]:
        return {"army": self.army, "kind": self.kind}


@dataclass(frozen=True, slots=True)
class ChifoumiView:
    """One seat's view; ``to_json`` is what ``replay --view`` prints."""

    seat: str
    players: int
    options: Options
    seats: tuple[str, ...]
    board: tuple[tuple[Layer, ...], ...]
    """All 49 squares, a1 first (index = rank * 7 + file), each bottom to top."""
    phase: str
    to_act: tuple[str, ...]
    current: str | None
    first: str | None
    chain: str | None
    """The square of the piece that just captured and may move again (K-MOV-3)."""
    reserve: dict[str, dict[str, int]]
    gone: dict[str, dict[str, int]]
    pieces: dict[str, int]
    captured: dict[str, int]
    points: dict[str, float]
    quiet: int
    turns: int
    over: bool
    reason: str | None
    winner: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "players": self.players, "options": self.options.to_json(),
            "board": {square_name(i): [layer.to_json() for layer in stack]
                      for i, stack in enumerate(self.board) if stack},
            "phase": self.phase, "to_act": list(self.to_act), "current": self.current,
            "first": self.first, "chain": self.chain, "reserve": self.reserve,
            "gone": self.gone, "pieces": self.pieces, "captured": self.captured,
            "points": self.points, "quiet": self.quiet, "turns": self.turns,
            "over": self.over, "reason": self.reason, "winner": self.winner,
        }


def _counts(per_kind: Sequence[int]) -> dict[str, int]:
    return {Kind(k).name: n for k, n in enumerate(per_kind) if n}


def view_of(match: Seen, seat: str) -> ChifoumiView:
    """Build ``seat``'s view of ``match``."""
    if seat not in match.seats:
        raise ValueError(f"no seat {seat!r} in this game ({', '.join(match.seats)})")
    own = ARMIES.index(seat)
    closed = match.config.options.closed_stacks
    board = tuple(
        tuple(Layer(ARMIES[p >> 2],
                    Kind(p & 3).name if (not closed or i == len(stack) - 1 or p >> 2 == own)
                    else None)
              for i, p in enumerate(stack))
        for stack in match.board)
    over = match.is_over
    return ChifoumiView(
        seat=seat, players=match.players, options=match.config.options, seats=match.seats,
        board=board, phase=match.phase, to_act=match.to_act(),
        current=None if over or match.current < 0 else match.seats[match.current],
        first=match.seats[match.first] if match.first >= 0 else None,
        chain=square_name(match.chain) if match.chain >= 0 else None,
        reserve={s: _counts(match.reserve[i]) for i, s in enumerate(match.seats)},
        gone={ARMIES[a]: _counts(match.gone[a]) for a in match.armies},
        pieces=match.pieces_on_board(), captured=dict(zip(match.seats, match.captured)),
        points=match.points(), quiet=match.quiet, turns=match.turns, over=over,
        reason=match.reason, winner=match.winner)
