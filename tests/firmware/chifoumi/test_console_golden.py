"""Golden images of Chifoumi's key screens in French and English
(``tests/golden/chifoumi-*.png``), from games played by buttons with fixed seeds.

To accept new pictures on purpose, regenerate them and look at the diff in ``git``::

    PITCHPAD_REGOLD=1 .venv/bin/python -m pytest tests/firmware/chifoumi/test_console_golden.py
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from chifoumi_rig import Rig, play_to_the_end, play_turn, to_the_result, walk
from goldens import assert_goldens
from PIL import Image

from engine.chifoumi import square
from firmware.chifoumi import screens as ks
from firmware.storage.settings import Settings
from hal.buttons import Button

NAMES = ("kickoff", "throw", "throw-picked", "throw-flip", "throw-reveal", "board", "selected", "legend", "end",
         "result", "placement-wait", "kickoff-4p", "board-4p", "capture-choice", "cpu-pad")


def two_players(tmp_path: Path, language: str) -> dict[str, Image.Image]:
    rig = Rig(tmp_path / "two", 2, Settings.flat(game="chifoumi", chifoumi_players=2, chifoumi_humans=2,
                                            language=language), seed=5)
    rig.kick_off()
    shots = {"kickoff": rig.image(1)}
    rig.wait(rig.app.timing.kickoff)
    shots["throw"] = rig.image(1)
    rig.press(1, Button.LEFT)
    shots["throw-picked"] = rig.image(1)
    rig.press(1, Button.LEFT)
    rig.press(2, Button.RIGHT)
    rig.press(2, Button.RIGHT)                   # rock blunts scissors: White starts
    assert isinstance(rig.screen(1), ks.FlipScreen)
    shots["throw-flip"] = rig.image(1)
    rig.wait(rig.app.timing.flip)
    assert isinstance(rig.screen(1), ks.ThrowRevealScreen)
    shots["throw-reveal"] = rig.image(1)
    rig.wait(rig.app.timing.reveal)
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
    assert isinstance(rig.screen(1), ks.EndScreen)
    shots["end"] = rig.image(1)
    to_the_result(rig)
    assert isinstance(rig.screen(1), ks.ResultScreen)
    shots["result"] = rig.image(1)
    return shots


def placement(tmp_path: Path, language: str) -> dict[str, Image.Image]:
    """White's board while Black places: White's own open squares stay marked."""
    rig = Rig(tmp_path / "placement", 2, Settings.flat(game="chifoumi", chifoumi_players=2,
                                                  chifoumi_humans=2, placement=True,
                                                  language=language), seed=5)
    rig.start()
    for pad, button in ((1, Button.LEFT), (1, Button.LEFT), (2, Button.RIGHT), (2, Button.RIGHT)):
        rig.press(pad, button)                   # White places first
    rig.wait(rig.app.timing.flip + rig.app.timing.reveal)
    rng = random.Random(4)
    for pad in (1, 2, 1, 2, 1):
        play_turn(rig, pad, rng)
    assert rig.screen(1).mode == "wait" and rig.screen(1).targets
    return {"placement-wait": rig.image(1)}


def four_players(tmp_path: Path, language: str) -> dict[str, Image.Image]:
    rig = Rig(tmp_path / "four", 2, Settings.flat(game="chifoumi", chifoumi_players=4, chifoumi_humans=1,
                                             closed_stacks=True, language=language), seed=3)
    rig.kick_off()
    shots = {"kickoff-4p": rig.image(1)}
    rig.wait(rig.app.timing.kickoff)
    for button in walk(rig.screen(1).cursor, square("b2")) + [Button.CENTRE, Button.RIGHT,
                                                              Button.CENTRE]:
        rig.press(1, button)                     # b2 scissors onto c2, White's own paper
    assert rig.screen(1).mode == "capture"
    shots["capture-choice"] = rig.image(1)
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
    shots = {**two_players(tmp_path, language), **placement(tmp_path, language),
             **four_players(tmp_path, language)}
    assert set(shots) == set(NAMES), f"screens never seen: {set(NAMES) - set(shots)}"
    assert_goldens(shots, "chifoumi-", language, tmp_path)
