"""Kids' mode shows the two cards a move compared over its big words (issue 32.7), so a child
sees why it won: "10 vs 2" then "Gagné !", each pad its own card first."""
from __future__ import annotations

import random

import pytest
from app_rig import Rig
from chifootmi_play import intent
from goldens import assert_goldens
from reading import words

from engine.chifootmi import events as cev
from engine.fotboll import Card
from engine.fotboll import MatchConfig as FotbollConfig
from engine.fotboll import events as fev
from engine.fotboll import new_match as fotboll_match
from firmware.chifootmi.screens import card_text
from firmware.console.kids import KidsRevealScreen
from firmware.games.registry import GAMES
from firmware.storage.settings import Settings


def _first_card_reveal(tmp_path, language: str) -> tuple[Rig, cev.Reveal]:
    rig = Rig(tmp_path, Settings(kids=True, language=language,
                                 games={"chifootmi": {"players": "two"}}))
    rig.start()
    rng = random.Random(3)
    for _ in range(500):
        session = rig.app.session
        if session.step.value == "reveal":
            shown = next((e for e in session.events if isinstance(e, cev.Reveal)), None)
            if shown is not None:
                return rig, shown
        pressed = [rig.press(pad, button) for pad in (1, 2)
                   if (button := intent(rig.screen(pad), rng)) is not None]
        if not pressed:
            rig.wait_for_change()
    raise AssertionError("no card reveal")


@pytest.mark.parametrize("language", ["fr", "en"])
def test_C_RND_1_a_kids_reveal_shows_both_cards_each_pad_its_own_first(tmp_path, language):
    rig, reveal = _first_card_reveal(tmp_path, language)
    red, blue = rig.screen(1), rig.screen(2)
    assert isinstance(red, KidsRevealScreen) and isinstance(blue, KidsRevealScreen)
    assert red.cards == (card_text(reveal.red), card_text(reveal.blue))
    assert blue.cards == (card_text(reveal.blue), card_text(reveal.red))
    drawn = words(red, language)
    assert drawn[:3] == [card_text(reveal.red), card_text(reveal.blue), "vs"]
    assert_goldens({"kids-cards": rig.image(1).copy()}, "", language, tmp_path)


def test_F_TURN_3_a_kids_reveal_of_a_fotboll_duel_shows_both_cards_from_each_side():
    view = fotboll_match(FotbollConfig(), 1).view
    duel = [fev.Duel(seat="red", position="M2", attack=Card.parse("QH"), defence=Card.parse("4C"),
                     won=True)]
    cards = GAMES["fotboll"].kids_cards
    assert cards is not None
    assert cards(view("red"), duel, "fr") == ("D♥", "4♣")
    assert cards(view("blue"), duel, "en") == ("4♣", "Q♥")
