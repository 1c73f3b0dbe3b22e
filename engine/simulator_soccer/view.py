"""What one seat may know of a Simulator Soccer match — the only place secrecy is decided.

S-VIS-1: everything is public (positions, lying players, ratings, cards, substitutions,
clock, score, every die) but a seat's formation and shot/dive choices until both lock. Joint
decisions are applied together, so a locked secret never waits inside the match: the view
shows formations once both are chosen and null before. The generator (seed, state, scripted
dice) is the one thing no seat sees: ``public`` is the match without it, for
:func:`determinize`.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Generic, TypeVar

from .board import SoccerBoard
from .rng import Dice
from .state import BENCH, SEATS, Player

M = TypeVar("M", bound=SoccerBoard)


class SoccerView(Generic[M]):
    """One seat's view; ``to_json`` is what ``replay --view`` prints and a stdio seat reads.

    ``public`` is the match as every seat may know it (no generator): what a CPU searches
    from. ``body`` (the JSON object) is built the first time it is asked for: a CPU seat
    never reads it, and building it was a fifth of a random match's time.
    """

    __slots__ = ("seat", "public", "_body")

    def __init__(self, seat: str, public: M) -> None:
        self.seat = seat
        self.public = public
        self._body: dict[str, Any] | None = None

    @property
    def body(self) -> dict[str, Any]:
        if self._body is None:
            self._body = _body_of(self.public, self.seat)
        return self._body

    def to_json(self) -> dict[str, Any]:
        return copy.deepcopy(self.body)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SoccerView) and other.body == self.body

    def __hash__(self) -> int:
        return hash(self.seat)

    def __repr__(self) -> str:
        return f"SoccerView({self.seat!r}, {self.body!r})"


def _player(p: Player) -> dict[str, Any]:
    return {"num": p.num, "cell": None if p.cell is None else list(p.cell), "lying": p.lying,
            "duel": list(p.duel), "dots": p.dots, "yellow": p.yellow}


def _side(match: SoccerBoard, team: int) -> dict[str, Any]:
    t = match.teams[team]
    return {"seat": SEATS[team], "attacks": "east" if match.east(team) else "west",
            "formation": t.formation,
            "players": [_player(p) for p in sorted((p for p in t.players if p.slot > 0),
                                                    key=lambda p: p.slot)],
            "bench": [{"num": p.num, "duel": list(p.duel), "dots": p.dots}
                      for p in t.players if p.slot == BENCH]}


def decision_for(match: SoccerBoard, seat: str) -> str | None:
    if match.over:
        return None
    kind = match.pending.kind
    if kind == "shoot" and SEATS.index(seat) != match.possession and \
            SEATS.index(seat) in match.pending.seats:
        return "dive"
    return kind


def view_of(match: M, seat: str) -> SoccerView[M]:
    if seat not in SEATS:
        raise ValueError(f"no seat {seat!r} in Simulator Soccer (red, blue)")
    public = match.snapshot()
    public.dice = Dice(0)
    public.seed = 0
    public.shootout_first = None
    return SoccerView(seat, public)


def _body_of(match: SoccerBoard, seat: str) -> dict[str, Any]:
    team = SEATS.index(seat)
    return {
        "seat": seat,
        "you": _side(match, team),
        "opponent": _side(match, 1 - team),
        "ball": {"seat": SEATS[match.possession], "cell": list(match.ball),
                 "carrier": None if match.carrier is None else match.carrier[1]},
        "clock": {"half": match.half, "clock": match.clock, "stoppage": match.stoppage or 0,
                  "minute": match.minute()},
        "score": {"red": match.score[0], "blue": match.score[1]},
        "phase": match.phase,
        "decision": decision_for(match, seat),
        "turn": match.turns_applied,
        "to_act": list(match.to_act()),
        "locked": None,
    }


def determinize(view: SoccerView[M], rng: random.Random) -> M:
    """A match whose ``view(view.seat)`` equals ``view``; its dice drawn from ``rng``."""
    match = view.public.clone()
    match.dice = Dice(rng.getrandbits(64))
    return match
