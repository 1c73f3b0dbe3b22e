"""Golden images of Chifoumi's key screens in French and English
(``tests/golden/chifoumi-*.png``), from games played by buttons with fixed seeds.

To accept new pictures on purpose, regenerate them and look at the diff in ``git``::

    PITCHPAD_REGOLD=1 .venv/bin/python -m pytest tests/chifoumi/test_console_golden.py
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from console_rig import Rig, play_to_the_end, play_turn, walk
from goldens import assert_goldens
from PIL import Image

from engine.chifoumi import square
from firmware.chifoumi import screens as ks
from firmware.settings import Settings
from hal.buttons import Button

NAMES = ("throw", "throw-reveal", "board", "selected", "legend", "result", "board-4p",
         "capture-choice", "cpu-pad")


def two_players(tmp_path: Path, language: str) -> dict[str, Image.Image]:
    rig = Rig(tmp_path / "two", 2, Settings(game="chifoumi", chifoumi_players=2, chifoumi_humans=2,
                                            language=language), seed=5)
    rig.start()
    shots = {"throw": rig.image(1)}
    rig.press(1, Button.LEFT)
    rig.press(2, Button.RIGHT)                   # rock blunts scissors: White starts
    shots["throw-reveal"] = rig.image(1)
    rig.wait(3)
    shots["board"] = rig.image(1)
    for button in walk(rig.screen(1).cursor, square("d2")):
        rig.press(1, button)
    rig.press(1, Button.CENTRE)
    rig.press(1, Button.CARD1)
    assert rig.screen(1).mode == "target" and rig.screen(1).targets
    shots["selected"] = rig.image(1)
    rig.press(1, Button.CARD4)
    assert isinstance(rig.screen(1), ks.LegendScreen)
    shots["legend"] = rig.image(1)
    rig.press(1, Button.CARD4)
    rig.press(1, Button.CARD3)
    play_to_the_end(rig, random.Random(7))
    assert isinstance(rig.screen(1), ks.ResultScreen)
    shots["result"] = rig.image(1)
    return shots


def four_players(tmp_path: Path, language: str) -> dict[str, Image.Image]:
    rig = Rig(tmp_path / "four", 2, Settings(game="chifoumi", chifoumi_players=4, chifoumi_humans=1,
                                             closed_stacks=True, language=language), seed=3)
    rig.start()
    for button in walk(rig.screen(1).cursor, square("b2")) + [Button.CENTRE, Button.RIGHT,
                                                              Button.CENTRE]:
        rig.press(1, button)                     # b2 scissors onto c2, White's own paper
    assert rig.screen(1).mode == "capture"
    shots = {"capture-choice": rig.image(1)}
    rig.press(1, Button.CARD3)
    rig.press(1, Button.CARD3)
    rng = random.Random(11)
    for _ in range(6):
        play_turn(rig, 1, rng)
        for _ in range(60):
            if rig.screen(1).mode in ("pick", "chain"):
                break
            rig.wait(1)
    assert rig.screen(1).mode == "pick"
    return {**shots, "board-4p": rig.image(1), "cpu-pad": rig.image(2)}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_key_screens_match_their_golden_images(tmp_path, language):
    shots = {**two_players(tmp_path, language), **four_players(tmp_path, language)}
    assert set(shots) == set(NAMES), f"screens never seen: {set(NAMES) - set(shots)}"
    assert_goldens(shots, "chifoumi-", language, tmp_path)
