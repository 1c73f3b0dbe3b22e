"""Simulator Soccer's words a newcomer reads (issue 32.6): a player's dots in words, never
letters explained nowhere; the red card never spelt like the Red team."""
from __future__ import annotations

from firmware.games.registry import GAMES
from firmware.simulator_soccer.choosing import dots_label, label, words


def test_S_TEAM_1_a_players_dots_read_as_words_not_letters():
    assert "simulator-soccer" in GAMES                     # the game's words are loaded
    assert words("fr", dots_label("RRK")) == "tir×2 tête"
    assert words("en", dots_label("BY")) == "def pass"
    assert words("en", label("ss.player", num=9, dots=dots_label("RRK"))) == "#9 shot×2 head"


def test_S_P3_2_a_sure_red_card_is_not_written_like_the_red_team():
    said = words("fr", label("ss.ch.violent", num=3))
    assert "ROUGE" not in said and "carton rouge" in said
