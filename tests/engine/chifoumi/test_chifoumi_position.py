"""Chifoumi's position constructor (python-chess's ``Board(fen)`` idea): what it adds for the
tests that used to assign a match's internals, and what it refuses."""
from __future__ import annotations

import pytest

from engine.chifoumi.position import position as chifoumi_position
from engine.errors import BadSetup


def test_K_2P_4_a_placement_position_keeps_the_other_pieces_in_hand():
    game = chifoumi_position({"a1": "wR", "f6": "bS bP"}, placing=True, to_move="black")
    assert game.phase == "place" and game.to_act() == ("black",)
    reserve = game.view("white").reserve
    assert reserve["white"] == {"R": 1, "P": 2, "S": 2, "W": 2}
    assert reserve["black"] == {"R": 2, "P": 1, "S": 1, "W": 2}
    assert all(game.board[c.target] == () or game.board[c.target][-1] >> 2 == 2
               for c in game.legal_choices("black"))


def test_K_2P_4_a_placement_position_needs_a_piece_and_a_square_for_the_seat_to_place():
    full = {"a1": "wR wR wP wP wS wS wW wW"}
    with pytest.raises(BadSetup, match="K-2P-4"):
        chifoumi_position(full, placing=True, to_move="white")       # nothing left in hand
    with pytest.raises(BadSetup, match="K-4P-1"):
        chifoumi_position({}, players=4, placing=True)               # no placement with four
