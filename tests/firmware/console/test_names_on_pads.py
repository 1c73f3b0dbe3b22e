"""Names chosen at the start are on the pads (issue 32.4): each kick-off says whose pad it is,
and the game's screens call the other player by name, not by colour."""
from __future__ import annotations

import random

import pytest
from app_rig import Rig
from reading import visible_words, words

from firmware.chifootmi import screens as cs
from firmware.chifoumi import screens as ks
from firmware.fotboll import screens as fs
from firmware.games.registry import GAMES
from firmware.render import WIDTH, text_width
from firmware.storage import roster
from firmware.storage.settings import Settings
from hal.buttons import Button


def named_match(tmp_path, game: str, language: str = "fr") -> Rig:
    """Ana on pad 1, Ben on pad 2, chosen on the pads."""
    roster.save(tmp_path, ["Ana", "Ben"])
    rig = Rig(tmp_path, Settings.flat(game=game, players="two", language=language))
    rig.start()                                          # OK = play: who plays?
    assert rig.app.mode == "pick"
    rig.choose(1, "Ana")
    rig.choose(2, "Ben")                                 # the match starts
    assert rig.app.mode == "match"
    return rig


@pytest.mark.parametrize("game, kickoff", [("chifootmi", cs.KickoffScreen),
                                           ("fotboll", fs.KickoffScreen)])
def test_each_kick_off_says_whose_pad_it_is_and_names_the_other(tmp_path, game, kickoff):
    rig = named_match(tmp_path, game)
    one, two = rig.screen(1), rig.screen(2)
    assert isinstance(one, kickoff) and isinstance(two, kickoff)
    assert "Ana, tu es" in words(one, "fr") and "Rouge" in words(one, "fr")
    assert "Ben, tu es" in words(two, "fr") and "Bleu" in words(two, "fr")
    line = [w for w in words(one, "fr") + words(two, "fr") if w.startswith("⚽")]
    assert any("Ana" in w or "Ben" in w for w in line)          # "⚽ Ben a le ballon"


def test_the_game_screens_call_the_other_player_by_name(tmp_path):
    rig = named_match(tmp_path, "chifootmi", "en")
    rig.wait(rig.app.timing.kickoff + 0.1)
    card = rig.screen(1)
    assert isinstance(card, cs.CardScreen)
    assert any(w.startswith("You 0-0 Ben") for w in words(card, "en"))
    assert any(w.startswith("You 0-0 Ana") for w in words(rig.screen(2), "en"))
    assert not any("Blue" in w for w in words(card, "en"))


def test_a_chifoumi_kick_off_says_whose_pad_it_is(tmp_path):
    rig = named_match(tmp_path, "chifoumi")
    one, two = rig.screen(1), rig.screen(2)                # pad 2: the CPU's army
    assert isinstance(one, ks.KickoffScreen) and isinstance(two, ks.KickoffScreen)
    assert "Ana, tu joues Blanc" in words(one, "fr") and "Ordi" in words(two, "fr")


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_leave_question_names_the_people_not_their_colours(tmp_path, language):
    """Issue 40.3: "Maximilien veut arrêter", "Ana doit accepter", never "Rouge"/"Bleu" when
    both chose a name; a 10-letter name wraps, never cut at the edges."""
    roster.save(tmp_path, ["Ana", "Maximilien"])
    rig = Rig(tmp_path, Settings.flat(game="chifootmi", players="two", language=language))
    rig.start()
    rig.choose(1, "Ana")
    rig.choose(2, "Maximilien")
    rig.wait(rig.app.timing.kickoff + 0.1)
    rig.hold_to_leave(2)
    asker = visible_words(rig.screen(2), language)
    assert any("Ana" in line for line in asker), asker
    rig.press(2, Button.LEFT)                              # yes: now pad 1 is asked
    asked = visible_words(rig.screen(1), language)
    assert "Maximilien" in " ".join(asked), asked
    waiting = visible_words(rig.screen(2), language)
    assert any("Ana" in line for line in waiting), waiting
    for pad in (1, 2):
        drawn = " ".join(visible_words(rig.screen(pad), language))
        assert not any(colour in drawn for colour in ("Rouge", "Bleu", "Red", "Blue")), drawn
        assert all(text_width(line) <= WIDTH for line in visible_words(rig.screen(pad), language))


def test_a_chifoumi_result_names_every_side_not_a_swatch(tmp_path):
    """Issue 40.3: the result's lines name each player ("■Toi 4", "■Ana 4½"), on the people's
    pads and the CPU's; the colours stand for a name only when none was chosen."""
    game = GAMES["chifoumi"].rules
    config = next(c for c in game.example_configs if len(c.seats) == 3)
    match, rng = game.new_match(config, 3), random.Random(3)
    while not match.is_over:
        match.apply({seat: rng.choice(list(match.legal_choices(seat))) for seat in match.to_act()})
    names = (("white", "Ana"), ("red", "Maximilien"))
    mine = visible_words(ks.ResultScreen(match.view("white"), False, names), "fr")
    assert any(line.startswith("Toi ") for line in mine)
    assert any(line.startswith("Maximilien ") for line in mine)
    assert any(line.startswith("Noir ") for line in mine), "nobody chose a name for Black"
    watched = visible_words(ks.ResultScreen(match.view("black"), True, names), "en")
    assert any(line.startswith("Ana ") for line in watched)
    assert any(line.startswith("Maximilien ") for line in watched)
