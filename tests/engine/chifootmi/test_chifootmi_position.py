"""Chifootmi's position constructor (python-chess's ``Board(fen)`` idea): what it adds for the
tests that used to assign a match's internals, and what it refuses. Fotboll's are in
tests/engine/fotboll/test_position.py, Chifoumi's in tests/engine/chifoumi/test_chifoumi_position.py."""
from __future__ import annotations

import pytest

from engine.chifootmi import DT, Level, MatchConfig
from engine.chifootmi.position import position as chifootmi_position
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
