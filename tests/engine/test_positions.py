"""The position constructors of Chifootmi and Chifoumi (python-chess's ``Board(fen)`` idea):
what they add for the tests that used to assign a match's internals, and what they refuse.
Fotboll's are in tests/engine/fotboll/test_position.py."""
from __future__ import annotations

import pytest

from engine.chifootmi import DT, Level, MatchConfig
from engine.chifootmi.position import position as chifootmi_position
from engine.chifoumi.position import position as chifoumi_position
from engine.errors import BadSetup


def test_C_VIS_2_a_face_down_active_card_is_its_owners_secret():
    match = chifootmi_position(MatchConfig(Level.AMATEUR), red=[DT, 5, 7], blue=[1, 2, 3],
                               face_down={"red": [True, False, False]},
                               piles={"red": ([9, 8], []), "blue": ([10, 11], [])})
    assert [slot.card for slot in match.view("blue").opponent.active] == [5, 7, None]   # face-down last
    assert [slot.card for slot in match.view("red").you.active] == [DT, 5, 7]


@pytest.mark.parametrize("face_down, pile1", [
    ([True, True], [9, 8]),                     # two face down, but only one card left pile 1
    ([True], []),                               # a flag short
])
def test_C_SET_2_no_more_face_down_cards_than_pile_1_gave(face_down, pile1):
    with pytest.raises(BadSetup, match="C-VIS-2"):
        chifootmi_position(MatchConfig(Level.AMATEUR), red=[5, 7], blue=[1, 2],
                           face_down={"red": face_down}, piles={"red": (pile1, [])})


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
