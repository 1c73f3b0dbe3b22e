"""A match nobody played ends on the menu saying so (issue 32.3): the move clock chose alone,
or nobody pressed, and the match was stopped; people who agreed to leave are told it was
abandoned too, in their own words (issue 40.5: test_saying_what_happened.py)."""
from __future__ import annotations

from app_rig import Rig
from goldens import assert_goldens
from reading import words

from firmware.console.modes import AbandonedSheet
from firmware.console.menu import MenuScreen
from firmware.storage.settings import Settings
from hal.buttons import Button


def test_a_match_the_clock_played_alone_ends_on_a_sheet_saying_it_was_abandoned(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="cpu", move_clock=10), seed=3)
    rig.start()
    rig.wait(rig.app.timing.kickoff + rig.app.timing.unattended_turns * 15)
    assert rig.app.mode == "menu"
    sheet = rig.screen(1)
    assert isinstance(sheet, AbandonedSheet) and rig.screen(2) == sheet
    assert words(sheet, "fr")[:2] == ["Abandonné", "Personne ne jouait"]
    shots = {"abandoned": rig.image(1).copy()}
    cursor = rig.app.menu.cursor
    rig.press(2, Button.CARD2)                               # the press only clears the sheet
    assert isinstance(rig.screen(1), MenuScreen) and rig.app.menu.cursor == cursor
    assert_goldens(shots, "menus-", "fr", tmp_path)


def test_a_match_left_idle_ends_on_the_sheet_too_in_english(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="two", language="en"), seed=2)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    rig.wait(rig.app.idle.abandon_after + 10)
    assert rig.app.mode == "menu" and isinstance(rig.screen(1), AbandonedSheet)
    assert words(rig.screen(1), "en")[:2] == ["Abandoned", "Nobody was playing"]
    assert_goldens({"abandoned": rig.image(1).copy()}, "menus-", "en", tmp_path)
