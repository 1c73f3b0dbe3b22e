"""Button storms: random presses on both pads, on every screen, with time passing.

The engine raises on any illegal choice, so a storm that ends without an exception made
no illegal move; afterwards the console must still answer and reach the menu again.
"""
from __future__ import annotations

import random

import pytest

from firmware.settings import Settings
from hal.buttons import Button

from .conftest import Rig, intent

BUTTONS = list(Button)


def storm(rig: Rig, rng: random.Random, presses: int) -> set[str]:
    modes = set()
    for _ in range(presses):
        if rng.random() < 0.15:
            rig.wait(rng.choice((0.05, 0.5, 1.5, 3.0)))
        else:
            rig.press(rng.choice((1, 2)), rng.choice(BUTTONS))
        modes.add(rig.app.mode)
        if rig.app.session is not None:
            modes.add(type(rig.screen(1)).__name__)
    return modes


def finish(rig: Rig, rng: random.Random) -> None:
    """Play on sensibly: the console must get back to the menu (not stuck)."""
    for _ in range(3000):
        if rig.app.mode == "menu":
            return
        acted = False
        for pad in (1, 2):
            button = intent(rig.screen(pad), rng)
            if button is not None:
                rig.press(pad, button)
                acted = True
        if not acted:
            rig.wait_for_change()
    raise AssertionError(f"stuck in {rig.app.mode}: {rig.screen(1)!r:.200}")


@pytest.mark.parametrize("seed,players,level", [
    (1, "two", "pro_plus"), (2, "cpu", "pro_plus"), (3, "two", "amateur"), (4, "cpu", "beginner"),
])
def test_button_storms_never_crash_stick_or_cheat(tmp_path, seed, players, level):
    rig = Rig(tmp_path, Settings.flat(players=players, level=level, move_clock=10), seed=seed)
    rng = random.Random(seed)
    seen = storm(rig, rng, 2500)
    assert {"menu", "match"} <= seen
    # the storm may switch the menu's game line: any game's match screens count
    match_screens = {"CardScreen", "RevealScreen", "DrawScreen", "ShotScreen",  # Chifootmi
                     "FormationScreen", "PitchScreen", "DuelScreen", "EventScreen",  # Fotboll
                     "BoardScreen", "ThrowScreen", "ThrowRevealScreen"}  # Chifoumi
    # Chifoumi is one board screen in several modes: its board and its legend are enough
    assert len(seen & match_screens) >= 3 or {"BoardScreen", "LegendScreen"} <= seen
    if rig.app.mode != "menu":
        finish(rig, rng)
    assert rig.app.mode == "menu"
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "match"
