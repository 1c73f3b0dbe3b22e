"""Names chosen at the start are on the pads (issue 32.4): each kick-off says whose pad it is,
and the game's screens call the other player by name, not by colour."""
from __future__ import annotations

import pytest
from app_rig import Rig
from reading import words

from firmware.chifootmi import screens as cs
from firmware.chifoumi import screens as ks
from firmware.fotboll import screens as fs
from firmware.storage import roster
from firmware.storage.settings import Settings


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
