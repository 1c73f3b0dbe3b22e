"""Golden images of the key screens, in French and English (``tests/golden/*.png``).

The screens come from a two-player Pro+ match played by buttons with a fixed seed, so a
change to any drawing shows up here as a picture to look at. To accept new pictures on
purpose, regenerate them and look at the diff in ``git``::

    PITCHPAD_REGOLD=1 .venv/bin/python -m pytest tests/firmware/chifootmi/test_chifootmi_golden_screens.py
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable

import pytest
from goldens import assert_goldens
from PIL import Image

from firmware.chifootmi import screens as cs
from firmware.console.menu import MenuScreen
from firmware.storage.settings import Settings
from hal.buttons import Button

from app_rig import Rig
from chifootmi_play import intent

SEED, POLICY_SEED = 5, 1

WANTED: dict[str, Callable[[Any], bool]] = {
    "card-choice": lambda m: isinstance(m, cs.CardScreen) and m.highlight is not None
    and not m.locked and m.view.round > 1,
    "locked-in": lambda m: isinstance(m, cs.CardScreen) and m.locked and m.opponent == "choosing"
    and m.view.round > 1,
    "other-locked-in": lambda m: isinstance(m, cs.CardScreen) and not m.locked
    and m.opponent == "locked" and m.view.round > 1,
    "reveal": lambda m: isinstance(m, cs.RevealScreen) and m.mine is not None,
    "shot": lambda m: isinstance(m, cs.ShotScreen) and m.view.shot.kind != "shootout"
    and m.highlight is None,
    "shot-reveal": lambda m: isinstance(m, cs.RevealScreen) and m.shoot is not None
    and m.view.kicks is None,
    "draw-choice": lambda m: isinstance(m, cs.DrawScreen) and m.highlight is None,
    "offside-window": lambda m: isinstance(m, cs.FlagScreen) and m.defender,
    "shootout": lambda m: isinstance(m, cs.ShotScreen) and m.view.shot.kind == "shootout"
    and len(m.view.kicks[m.view.seat]) >= 2,
    "result": lambda m: isinstance(m, cs.ResultScreen),
    "kickoff": lambda m: isinstance(m, cs.KickoffScreen),
    "flip": lambda m: isinstance(m, cs.FlipScreen) and m.mine is not None,
    "shot-flip": lambda m: isinstance(m, cs.FlipScreen) and m.shot is not None
    and m.base.view.kicks is None,
    "draw-flip": lambda m: isinstance(m, cs.FlipScreen) and m.drew is not None,
}


def look(rig: Rig, shots: dict[str, Image.Image]) -> None:
    for pad in (1, 2):
        model = rig.screen(pad)
        for name, wanted in WANTED.items():
            if name not in shots and wanted(model):
                shots[name] = rig.image(pad)


def capture(tmp_path: Path, language: str) -> dict[str, Image.Image]:
    rig = Rig(tmp_path, Settings.flat(players="two", level="pro_plus", language=language), seed=SEED)
    splash = rig.image(1)
    rig.press(1, Button.CARD4)
    shots = {"splash": splash, "menu": rig.image(1)}
    assert isinstance(rig.screen(1), MenuScreen)
    rig.press(1, Button.CENTRE)
    rng = random.Random(POLICY_SEED)
    for _ in range(5000):
        if rig.app.mode != "match":
            break
        acted = False
        for pad in (1, 2):
            look(rig, shots)
            model = rig.screen(pad)
            button = intent(model, rng)
            if button is not None and not isinstance(model, cs.ResultScreen):
                rig.press(pad, button)
                acted = True
        if not acted:
            if isinstance(rig.screen(1), cs.ResultScreen):
                break
            rig.wait_for_change()
    return shots


@pytest.mark.parametrize("language", ["fr", "en"])
def test_key_screens_match_their_golden_images(tmp_path, language):
    shots = capture(tmp_path, language)
    assert set(shots) == {"splash", "menu", *WANTED}, f"screens never seen: {set(WANTED) - set(shots)}"
    assert_goldens(shots, "", language, tmp_path)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_help_page_of_the_piles_and_the_corner_mark_matches_its_golden_image(tmp_path, language):
    rig = Rig(tmp_path, Settings.flat(players="two", language=language), seed=SEED)
    rig.start()
    rig.wait(rig.app.timing.kickoff + 0.1)
    rig.press(1, Button.CENTRE)                             # the "OK?" of a card round
    assert isinstance(rig.screen(1), cs.HelpScreen)
    assert_goldens({"chifootmi-help": rig.image(1)}, "", language, tmp_path)
