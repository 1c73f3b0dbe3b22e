"""One pad attached (``--pads 1``, issue 18): the menu says the second seat is the CPU
instead of offering "2 players", and the match is against the CPU."""
from __future__ import annotations

import pytest

from firmware.console.menu import value_text
from firmware.storage.settings import Settings
from hal.buttons import Button

from app_rig import Rig


@pytest.mark.parametrize("game", ["chifootmi", "fotboll"])
@pytest.mark.parametrize("language, words", [("fr", "toi vs ordi"), ("en", "you vs CPU")])
def test_one_pad_the_players_line_says_the_cpu_plays_the_other_seat(tmp_path, game, language, words):
    rig = Rig(tmp_path, Settings.flat(game=game, players="two", language=language), pads=1)
    rig.press(1, Button.CARD1)                               # leaves the splash
    menu = rig.app.menu
    row = next(r for r in menu.rows() if r.field == "players")
    assert row.values == ("cpu",)
    assert value_text(row, menu.value(row), language) == words
    assert any(r.field == "difficulty" for r in menu.rows())  # the CPU's level is offered
    for button in (Button.LEFT, Button.RIGHT):               # nothing else to choose there
        menu.cursor = [r.field for r in menu.rows()].index("players")
        rig.press(1, button)
        assert value_text(row, menu.value(row), language) == words
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "match"
    assert rig.app.session.seats.cpus.keys() == {"blue"}


def test_two_pads_still_offer_two_players(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="two"), pads=2)
    row = next(r for r in rig.app.menu.rows() if r.field == "players")
    assert row.values == ("cpu", "two")
