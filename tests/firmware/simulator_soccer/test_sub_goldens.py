"""Golden images of issue 20's new Simulator Soccer screens, in French and English: the
substitution menus (the list's last page with "Changement", who comes off, who comes on, the
change planned), the sheet told from each side, the throw-in's substitution menu, a spare
pad watching, and the settings menu with its "Règles Pro" line
(``tests/golden/soccer-sub-*``, ``soccer-spectator-*``, ``soccer-menu-pro-*``;
``PITCHPAD_REGOLD=1`` rewrites them: look at every one you change)."""
from __future__ import annotations

import random
from typing import Any

import pytest
from soccer_console_rig import SoccerRig, soccer_settings
from goldens import assert_goldens
from .test_substitutions import _first_step, _option, _pad, _throw_in, _until

from firmware.console.app import Idle
from firmware.simulator_soccer import screens as ss
from firmware.console.spectator import SpectatorScreen
from hal.buttons import Button


def _substitution_shots(tmp_path, language: str) -> dict[str, Any]:
    rig = SoccerRig(tmp_path, soccer_settings("two", language=language), seed=5, pads=4,
                    idle=Idle(screensaver_after=1e9))
    rig.start()
    seat = _until(rig, _first_step, random.Random(3))
    pad, other = _pad(seat), 3 - _pad(seat)
    shots: dict[str, Any] = {}
    rig.press(pad, Button.LEFT)
    shots["sub-list"] = rig.image(pad).copy()
    _option(rig, pad, "ss.opt.sub")
    shots["sub-off"] = rig.image(pad).copy()
    _option(rig, pad, "ss.sub.player", num=7)
    shots["sub-on"] = rig.image(pad).copy()
    _option(rig, pad, "ss.sub.player", num=14)
    rig.press(pad, Button.LEFT)
    shots["sub-planned"] = rig.image(pad).copy()
    rig.press(pad, Button.RIGHT)                  # round to the first page
    assert rig.screen(pad).page == 0
    rig.press(pad, Button.CARD1)                  # ✓ Done
    for _ in range(4):
        if isinstance(rig.screen(pad), ss.RevealScreen):
            break
        rig.wait_for_change(5.0)
    assert isinstance(rig.screen(pad), ss.RevealScreen)
    shots["sub-sheet-mine"] = rig.image(pad).copy()
    shots["sub-sheet-theirs"] = rig.image(other).copy()
    assert isinstance(rig.screen(3), SpectatorScreen)
    shots["spectator"] = rig.image(3).copy()
    rig, seat = _throw_in(tmp_path, language)
    pad = _pad(seat)
    _option(rig, pad, "ss.opt.sub")
    rig.press(pad, Button.CARD2)                  # the first player listed
    rig.press(pad, Button.CARD2)                  # the first on the bench
    shots["sub-throw"] = rig.image(pad).copy()
    return shots


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_substitution_screens_and_a_spare_pad_match_their_golden_images(tmp_path, language):
    assert_goldens(_substitution_shots(tmp_path, language), "soccer-", language, tmp_path)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_menu_with_its_pro_rules_line_matches_its_golden_image(tmp_path, language):
    rig = SoccerRig(tmp_path, soccer_settings("two", language=language), seed=5)
    rig.press(1, Button.CARD1)
    menu = rig.app.menu
    while menu.rows()[menu.cursor].field != "pro_rules":
        rig.press(1, Button.CARD2)
    rig.press(1, Button.RIGHT)                    # on
    assert_goldens({"menu-pro": rig.image(1).copy()}, "soccer-", language, tmp_path)
