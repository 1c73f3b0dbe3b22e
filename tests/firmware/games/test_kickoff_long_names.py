"""The shared kick-off sheet keeps a player's name however long the pads let it be (10
letters, ``roster.MAX_LENGTH``): "Maximilien, tu es Bleu" does not fit one line, and the sheet
showed only "Bleu" in every game, so the pad no longer said whose it was. Now the name goes
on its own line ("Maximilien," over "tu es Bleu"), in every registered game (each kick-off
names its player first, then the seat), in French and English, nothing cut at the screen's
edge and no words drawn against each other; the four games' pictures are goldens
(``tests/golden/kickoff-long-name-<game>-<language>.png``)."""
from __future__ import annotations

import pytest
from app_rig import Rig
from goldens import assert_goldens
from reading import overlapping, words
from screen_edges import cut_at_the_edge

import any_game
from firmware.games.registry import GAMES
from firmware.games.sheets import draw_you_are, you_are_lines
from firmware.i18n import seat_word
from firmware.render import WIDTH, Canvas, text_width
from firmware.storage import roster
from firmware.storage.settings import Settings
from hal.buttons import Button

LONG = "Maximilien"
"""10 letters: the longest name the pads can type."""
assert len(LONG) == roster.MAX_LENGTH

EXPECTED = {  # pad 1's two lines, by game and language (any other game: the name, then its seat)
    ("fotboll", "fr"): ["Maximilien,", "tu es Rouge"], ("fotboll", "en"): ["Maximilien,", "you are Red"],
    ("chifootmi", "fr"): ["Maximilien,", "tu es Rouge"],
    ("chifootmi", "en"): ["Maximilien,", "you are Red"],
    ("simulator-soccer", "fr"): ["Maximilien,", "tu es Rouge"],
    ("simulator-soccer", "en"): ["Maximilien,", "you are Red"],
    ("chifoumi", "fr"): ["Maximilien,", "tu joues Blanc"],
    ("chifoumi", "en"): ["Maximilien,", "you play White"],
}


def named_kickoff(tmp_path, game: str, language: str) -> Rig:
    """Maximilien on pad 1, Ana on pad 2, chosen on the pads, at the kick-off."""
    roster.save(tmp_path, [LONG, "Ana"])
    rig = Rig(tmp_path, any_game.settings(GAMES[game], people=2, played=True, language=language))
    rig.start()
    assert rig.app.mode == "pick"
    rig.choose(1, LONG)
    rig.choose(2, "Ana")
    assert rig.app.mode == "match"
    assert set(rig.app.session.people.values()) == {LONG, "Ana"}
    return rig


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_ten_letter_name_stays_on_the_kick_off_with_the_colour(tmp_path, game, language):
    """Every registered game's kick-off (the registry read), two people named on the pads."""
    rig = named_kickoff(tmp_path, game, language)
    one, two = rig.screen(1), rig.screen(2)
    first = words(one, language)[:2]
    assert first[0].startswith(LONG) and seat_word(language, rig.app.seat_at(1)) in first[1]
    assert first == EXPECTED.get((game, language), first)
    assert LONG not in " ".join(words(two, language)[:2])      # pad 2 is Ana's
    for model in (one, two):
        assert not cut_at_the_edge(model, language)
        assert not overlapping(model, language)
    if (game, language) in EXPECTED:
        assert_goldens({game: rig.image(1)}, "kickoff-long-name-", language, tmp_path)


@pytest.mark.parametrize("label, name, lines", [
    ("Tu es", "Rouge", ["Tu es Rouge"]),
    ("Bob-C9, tu es", "Rouge", ["Bob-C9, tu es Rouge"]),
    ("Maximilien, tu es", "Bleu", ["Maximilien,", "tu es Bleu"]),
    ("Jean Louis, you are", "Blue", ["Jean Louis,", "you are Blue"]),
    ("Maximilien, tu joues", "Orange", ["Maximilien,", "tu joues Orange"]),
    ("Maximilien joue avec", "Orange", ["Maximilien joue", "avec Orange"]),
])
def test_the_sheet_cuts_after_the_name_and_keeps_the_colour_whole(label, name, lines):
    assert you_are_lines(label, name) == lines
    drawn: list[str] = []

    class Reading(Canvas):
        def text(self, x: int, y: int, text: str, scale: int = 1, ink: int = 1) -> None:
            assert 0 <= x and x + text_width(text, scale) <= WIDTH, text
            drawn.append(text)
            super().text(x, y, text, scale, ink)

    draw_you_are(Reading(), label, name)
    assert name in drawn[-1]                                   # the colour is always there
    assert label.split()[0].rstrip(",") in drawn[0]            # and so is the first word


@pytest.mark.parametrize("language", ["fr", "en"])
def test_four_chifoumi_players_with_long_names_each_keep_theirs_over_the_partner_line(
        tmp_path, language):
    """Chifoumi's 4-player kick-off has the partner on the bottom line ("avec Clémentine"):
    a long name takes one small line with its army ("Maximilien : Blanc"), whose descenders
    stay clear of the partner's line (two lines over it ran a "y" into its "É")."""
    names = [LONG, "Jean-Louis", "Clémentine", "Dan"]
    roster.save(tmp_path, names)
    rig = Rig(tmp_path, Settings.flat(game="chifoumi", chifoumi_players=4, chifoumi_humans=4,
                                      language=language), pads=4)
    rig.start()
    assert rig.app.mode == "pick"
    for pad in range(1, 5):
        for _ in range(pad):
            rig.press(pad, Button.CARD2)
        rig.press(pad, Button.CENTRE)
    assert rig.app.mode == "match"
    for pad, name in enumerate(names, 1):
        model = rig.screen(pad)
        drawn = words(model, language)
        assert drawn[0].startswith(name), drawn
        assert not cut_at_the_edge(model, language) and not overlapping(model, language)
    army = "Blanc" if language == "fr" else "White"                  # one line: the partner's under it
    assert words(rig.screen(1), language)[0] == f"{LONG}{' :' if language == 'fr' else ':'} {army}"
    assert_goldens({"chifoumi-4p": rig.image(1)}, "kickoff-long-name-", language, tmp_path)
