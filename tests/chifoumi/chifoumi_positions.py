"""Chifoumi positions from a short text, for rule tests: ``{"c3": "wR", "c4": "bS wP"}``
puts a White rock on c3 and a Black scissors under a White paper on c4 (bottom first)."""
from __future__ import annotations

from engine.chifoumi import GameConfig, Options, choice_from_json, new_match, square
from engine.chifoumi.match import MOVE_PHASE, ChifoumiMatch

ARMY = {"w": 0, "r": 1, "b": 2, "o": 3}
KIND = {"R": 0, "P": 1, "S": 2, "W": 3}


def position(layout: dict[str, str], players: int = 2, to_move: str = "white",
             closed: bool = False, first: str = "white") -> ChifoumiMatch:
    match = new_match(GameConfig(players, Options(closed_stacks=closed)), first)
    match.board = [()] * 49
    for name, stack in layout.items():
        match.board[square(name)] = tuple(ARMY[p[0]] * 4 + KIND[p[1]] for p in stack.split())
    match.phase = MOVE_PHASE
    match.current = match.seats.index(to_move)
    match._legal = None
    return match


def play(match: ChifoumiMatch, *choices: dict) -> list:
    """Apply each choice for the seat to act; the events of them all."""
    events = []
    for obj in choices:
        (seat,) = match.to_act()
        events += match.apply({seat: choice_from_json(obj)})
    return events


def stack(match: ChifoumiMatch, name: str) -> str:
    inv_army = {v: k for k, v in ARMY.items()}
    inv_kind = {v: k for k, v in KIND.items()}
    return " ".join(inv_army[p >> 2] + inv_kind[p & 3] for p in match.board[square(name)])
