"""Golden images of issue 20's new Simulator Soccer screens, in French and English (the match played
once, each screen drawn in both languages: its words are looked up when drawn): the
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
from firmware.render import Canvas
from firmware.simulator_soccer import screens as ss
from firmware.console.spectator import SpectatorScreen
from hal.buttons import Button


def _substitution_shots(tmp_path) -> dict[str, Any]:
    """Each screen as its pad showed it, played once (in French): the model drawn (a screen's
    words are looked up when it is drawn, so it gives every language) and its picture."""
    language = "fr"
    rig = SoccerRig(tmp_path, soccer_settings("two", language=language), seed=5, pads=4,
                    idle=Idle(screensaver_after=1e9))
    rig.start()
    seat = _until(rig, _first_step, random.Random(3))
    pad, other = _pad(seat), 3 - _pad(seat)
    shots: dict[str, Any] = {}
    rig.press(pad, Button.LEFT)
    shots["sub-list"] = _shot(rig, pad)
    _option(rig, pad, "ss.opt.sub")
    shots["sub-off"] = _shot(rig, pad)
    _option(rig, pad, "ss.sub.player", num=7)
    shots["sub-on"] = _shot(rig, pad)
    _option(rig, pad, "ss.sub.player", num=14)
    rig.press(pad, Button.LEFT)
    shots["sub-planned"] = _shot(rig, pad)
    rig.press(pad, Button.RIGHT)                  # round to the first page
    assert rig.screen(pad).page == 0
    rig.press(pad, Button.CARD1)                  # ✓ Done
    for _ in range(4):
        if isinstance(rig.screen(pad), ss.RevealScreen):
            break
        rig.wait_for_change(5.0)
    assert isinstance(rig.screen(pad), ss.RevealScreen)
    shots["sub-sheet-mine"] = _shot(rig, pad)
    shots["sub-sheet-theirs"] = _shot(rig, other)
    assert isinstance(rig.screen(3), SpectatorScreen)
    shots["spectator"] = _shot(rig, 3)
    rig, seat = _throw_in(tmp_path, language)
    pad = _pad(seat)
    _option(rig, pad, "ss.opt.sub")
    rig.press(pad, Button.CARD2)                  # the first player listed
    rig.press(pad, Button.CARD2)                  # the first on the bench
    shots["sub-throw"] = _shot(rig, pad)
    return shots


def _shot(rig: SoccerRig, pad: int) -> tuple[Any, Any]:
    return rig.app.display.drawn[pad][0], rig.image(pad).copy()


def _drawn(model: Any, language: str) -> Any:
    canvas = Canvas()
    model.draw(canvas, language)
    return canvas.image


def test_the_substitution_screens_and_a_spare_pad_match_their_golden_images(tmp_path):
    shots = _substitution_shots(tmp_path)
    for name, (model, shown) in shots.items():          # drawn again: the picture the pad showed
        assert _drawn(model, "fr").tobytes() == shown.tobytes(), name
    for language in ("fr", "en"):
        assert_goldens({name: _drawn(model, language) for name, (model, _) in shots.items()}, "soccer-",
                       language, tmp_path)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_menu_with_its_pro_rules_line_matches_its_golden_image(tmp_path, language):
    rig = SoccerRig(tmp_path, soccer_settings("two", language=language), seed=5)
    rig.press(1, Button.CARD1)
    menu = rig.app.menu
    while menu.rows()[menu.cursor].field != "pro_rules":
        rig.press(1, Button.CARD2)
    rig.press(1, Button.RIGHT)                    # on
    assert_goldens({"menu-pro": rig.image(1).copy()}, "soccer-", language, tmp_path)
