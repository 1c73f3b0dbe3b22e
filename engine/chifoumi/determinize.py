"""Sample a full game consistent with one seat's view, for CPU search.

Only closed stacks hide anything (K-MOV-5): each army's hidden layers hold exactly the kinds
of that army that are neither visible, in reserve, nor gone from the board, and every
arrangement of them is consistent with the view. With open stacks the state is exact.
"""
from __future__ import annotations

import random

from .match import OVER_PHASE, ChifoumiMatch
from .pieces import ARMIES, GameConfig, Kind, army_pieces, square
from .view import ChifoumiView


def determinize(view: ChifoumiView, rng: random.Random) -> ChifoumiMatch:
    """A game whose ``view(view.seat)`` equals ``view``, hidden layers drawn at random."""
    match = ChifoumiMatch(GameConfig(view.players, view.options), view.first)
    seats = match.seats
    match.phase = view.phase
    match.current = seats.index(view.current) if view.current else match.current
    match.chain = square(view.chain) if view.chain else -1
    match.quiet, match.turns = view.quiet, view.turns
    match.captured = [view.captured[s] for s in seats]
    match.reason = view.reason
    match.reserve = [[view.reserve[s].get(k.name, 0) for k in Kind] for s in seats]
    match.gone = [[view.gone.get(ARMIES[a], {}).get(k.name, 0) for k in Kind] for a in range(4)]
    missing: dict[int, list[int]] = {}
    for s, seat in enumerate(seats):
        army = ARMIES.index(seat)
        left = list(army_pieces(view.players))
        for k in Kind:
            for _ in range(match.reserve[s][k] + match.gone[army][k]):
                left.remove(k)
        missing[army] = left
    holes: dict[int, list[tuple[int, int]]] = {a: [] for a in missing}
    board: list[list[int]] = [[] for _ in view.board]
    for sq, stack in enumerate(view.board):
        for depth, layer in enumerate(stack):
            army = ARMIES.index(layer.army)
            if layer.kind is None:
                holes[army].append((sq, depth))
                board[sq].append(army * 4)
            else:
                missing[army].remove(Kind[layer.kind])
                board[sq].append(army * 4 + Kind[layer.kind])
    for army, places in holes.items():
        kinds = missing[army]
        rng.shuffle(kinds)
        for (sq, depth), kind in zip(places, kinds):
            board[sq][depth] = army * 4 + kind
    match.board = [tuple(stack) for stack in board]
    if view.over:
        match.phase = OVER_PHASE
    match._legal = None
    return match
