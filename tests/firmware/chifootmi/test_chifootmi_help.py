"""Chifootmi's piles ("■x3 [9]x4") and the corner mark on a card only you know are explained
on a help page a child opens from the pad: OK, the "OK?" chip at the bottom right of a card
round (OK means nothing else there), and any press goes back, doing nothing else (C-VIS-1: the piles'
counts are public; C-VIS-2: a card from pile 1 is known to its owner alone)."""
from __future__ import annotations

from app_rig import Rig
from reading import overlapping, words

from firmware.chifootmi import screens as cs
from firmware.i18n import person_key, text
from firmware.render import WIDTH, text_width
from firmware.storage.settings import Settings
from hal.buttons import Button


def card_round(tmp_path, language: str = "fr") -> Rig:
    rig = Rig(tmp_path, Settings.flat(players="two", language=language))
    rig.start()
    rig.wait(rig.app.timing.kickoff + 0.1)
    assert isinstance(rig.screen(1), cs.CardScreen)
    return rig


def test_C_VIS_1_a_card_round_shows_where_the_help_is_and_ok_opens_it(tmp_path):
    rig = card_round(tmp_path)
    card = rig.screen(1)
    assert words(card, "fr")[-1] == cs.HELP_CHIP == "OK?"   # at the bottom right
    assert overlapping(card, "fr") == [] and overlapping(card, "en") == []
    other = rig.image(2)
    rig.press(1, Button.CENTRE)
    shown = words(rig.screen(1), "fr")
    assert isinstance(rig.screen(1), cs.HelpScreen)
    for key in ("help.hidden", "help.visible", "help.count", "help.mine", "help.back"):
        assert text("fr", key) in shown
    assert rig.image(2).tobytes() == other.tobytes()       # the other pad sees nothing of it


def test_C_VIS_1_any_press_closes_the_help_and_does_nothing_else(tmp_path):
    rig = card_round(tmp_path)
    rig.press(1, Button.CENTRE)
    rig.press(1, Button.CARD1)                             # back to the cards: none picked
    card = rig.screen(1)
    assert isinstance(card, cs.CardScreen) and card.highlight is None
    assert rig.app.session.pending["red"].highlight is None


def test_C_VIS_2_the_help_page_shows_nobodys_cards(tmp_path):
    """Drawn from fixed examples: the same pixels whatever the hands and the match."""
    one = card_round(tmp_path / "a")
    one.press(1, Button.CENTRE)
    two = Rig(tmp_path / "b", Settings.flat(players="two"), seed=99)
    two.start()
    two.wait(two.app.timing.kickoff + 0.1)
    two.press(2, Button.CENTRE)
    assert one.image(1).tobytes() == two.image(2).tobytes()


def test_every_help_line_fits_the_screen_in_both_languages():
    for language in ("fr", "en"):
        for key, x in (("help.hidden", 42), ("help.visible", 42), ("help.count", 0),
                       ("help.mine", 26), ("help.back", 0)):
            assert x + text_width(text(language, key)) <= WIDTH, (language, key)
        assert overlapping(cs.HelpScreen(), language) == []


def test_C_VIS_1_a_long_name_never_runs_into_your_piles(tmp_path):
    rig = card_round(tmp_path)
    card = rig.screen(1)
    named = cs.CardScreen(card.view, person_key("Maximilien"), None, False, "", "hint.pick_card", None)
    assert overlapping(named, "fr") == []
    assert "Toi 0-0" in words(named, "fr")
