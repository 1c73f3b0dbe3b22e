"""Simulator Soccer on the console: the rig and the sensible player the tests share."""
from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from soccer_play import intent  # noqa: E402

from app_rig import Rig  # noqa: E402
from firmware.settings import Settings  # noqa: E402


def soccer_settings(players: str = "two", **more: Any) -> Settings:
    """The menu set to Simulator Soccer, 10-step halves, no tutorial unless told."""
    fields: dict[str, Any] = {"game": "simulator-soccer", "players": players, "half_steps": 10,
                              "tutorial": False, "sound": False}
    fields.update(more)
    return Settings.flat(**fields)


class SoccerRig(Rig):
    @property
    def session(self) -> Any:
        return self.app.session


def play_out(rig: Any, rng: random.Random, pads: tuple[int, ...] = (1, 2), limit: int = 20000,
             on_press: Any = None) -> int:
    """Play the match on by sensible presses until the console is back in the menu (or the
    result waits for nobody); returns the presses made."""
    presses = 0
    for _ in range(limit):
        if rig.app.mode != "match":
            return presses
        acted = False
        for pad in pads:
            if rig.app.mode != "match":
                break
            button = intent(rig.screen(pad), rng)
            if button is not None:
                if on_press is not None:
                    on_press(pad, button)
                rig.press(pad, button)
                presses += 1
                acted = True
        if not acted:
            rig.wait_for_change(5.0)
    raise AssertionError(f"the match did not end: {rig.screen(1)!r:.300}")
