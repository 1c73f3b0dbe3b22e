"""Golden images of every kind of Simulator Soccer screen, in French and English: a seeded
two-pad match played by sensible people who also open cell picks and look at the pitch; the
first screen of each kind either pad shows is compared pixel for pixel with
``tests/golden/soccer-<kind>-<language>.png`` (``PITCHPAD_REGOLD=1`` rewrites them: look at
every one you change)."""
from __future__ import annotations

import random
from typing import Any

import pytest
from soccer_console_rig import SoccerRig, soccer_settings
from goldens import assert_goldens
from soccer_play import intent

from firmware.simulator_soccer import screens as ss
from hal.buttons import Button

KINDS = {
    "tutorial-offer", "tutorial", "kickoff", "kickoff-wait", "formation", "formation-flip",
    "menu-kick", "menu-p2", "menu-p3", "menu-place", "menu-challenge", "menu-defend", "cells", "pitch-map", "wait-kick",
    "wait-move", "wait-place", "reveal", "flip", "shoot", "dive", "result",
}
"""The kinds every run must show (more are saved when they come)."""


def kind_of(model: Any) -> str | None:
    if isinstance(model, ss.TutorialScreen):
        return "tutorial"
    if isinstance(model, ss.TutorialOffer):
        return "tutorial-offer"
    if isinstance(model, ss.KickoffScreen):
        return "kickoff-wait" if model.reading else "kickoff"
    if isinstance(model, ss.FormationScreen):
        return "formation"
    if isinstance(model, ss.FlipScreen):
        return "formation-flip" if isinstance(model.base, ss.FormationScreen) else "flip"
    if isinstance(model, ss.MenuScreen):
        return "menu-" + model.prompt[0].split(".")[-1]
    if isinstance(model, ss.ShotScreen):
        return model.role
    if isinstance(model, ss.RevealScreen):
        return "reveal-sheet" if len(model.lines) > 1 else "reveal"
    if isinstance(model, ss.ResultScreen):
        return "result"
    if isinstance(model, ss.PitchScreen):
        if model.cursor is not None:
            return "cells"
        if model.line is None:
            return "pitch"
        if model.line[0] == "ss.hint.back_menu":
            return "pitch-map"
        return "wait-" + model.line[0].split(".")[-1]
    return None


def shots(tmp_path, language: str) -> dict[str, Any]:
    rig = SoccerRig(tmp_path, soccer_settings("two", tutorial=True, language=language), seed=7)
    rig.start()
    rng = random.Random(2)
    found: dict[str, Any] = {}
    for _ in range(6000):
        if rig.app.mode != "match":
            break
        for pad in (1, 2):
            kind = kind_of(rig.screen(pad))
            if kind is not None and kind not in found:
                found[kind] = rig.image(pad).copy()
        acted = False
        for pad in (1, 2):
            if rig.app.mode != "match":
                break
            model = rig.screen(pad)
            button = intent(model, rng)
            if isinstance(model, ss.TutorialOffer) and pad == 1:
                button = Button.RIGHT                 # pad 1 reads the first page
            elif isinstance(model, ss.MenuScreen) and "cells" not in found and \
                    model.prompt[0] == "ss.ask.kick":
                button = Button.CARD2                 # a pass: the cell pick
            elif isinstance(model, ss.MenuScreen) and "pitch-map" not in found:
                button = Button.CENTRE                # the pitch, from the menu
            if button is not None:
                rig.press(pad, button)
                acted = True
        if not acted:
            rig.wait_for_change(5.0)
    return found


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_kind_of_screen_matches_its_golden_image(tmp_path, language):
    found = shots(tmp_path, language)
    missing = KINDS - set(found)
    assert not missing, f"never shown: {sorted(missing)}"
    assert_goldens({kind: found[kind] for kind in sorted(found)}, "soccer-", language, tmp_path)
