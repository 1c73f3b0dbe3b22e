"""A console on the headless simulator, driven by button presses and a manual clock."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import sim
from firmware.app import App
from firmware.chifootmi import screens as cs
from firmware.settings import Settings, save
from hal.buttons import CARDS, Button
from hal.clock import ManualClock


class Rig:
    """The app on a simulated 2-pad console; nothing sleeps, time moves in :meth:`wait`."""

    def __init__(self, state_dir: Path, settings: Settings | None = None, seed: int = 1,
                 **options: Any) -> None:
        if settings is not None:
            save(state_dir, settings)
        self.clock = ManualClock()
        self.console = sim.open_console(2, clock=self.clock)
        self.app = App(self.console, state_dir=state_dir, seed=seed, **options)
        self.app.refresh()

    def press(self, pad: int, button: Button) -> None:
        self.console.tap(pad, button)
        for event in self.console.events.drain():
            self.app.step(event)

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` pass, waking the app at each of its timers on the way."""
        target = self.clock.now() + seconds
        while True:
            deadline = self.app.deadline()
            if deadline is None or deadline > target:
                break
            self.clock.advance(max(0.0, deadline - self.clock.now()))
            self.app.step(None)
        self.clock.advance(target - self.clock.now())
        self.app.step(None)

    def wait_for_change(self, limit: float = 30.0) -> None:
        """Wait until the app's next timer fires (at most ``limit`` seconds)."""
        deadline = self.app.deadline()
        self.wait(limit if deadline is None else min(limit, deadline - self.clock.now()))

    def screen(self, pad: int) -> Any:
        """The model of what pad ``pad``'s screen shows now."""
        return self.app.shown[pad][0]

    def image(self, pad: int) -> Any:
        return self.console.screen(pad).image

    def start(self) -> None:
        """From power-on to the first match screen, by buttons only."""
        self.press(1, Button.CARD1)      # any press leaves the splash
        assert self.app.mode == "menu"
        self.press(1, Button.CENTRE)     # OK = play


def intent(model: Any, rng: random.Random) -> Button | None:
    """What a person would press on this screen to move the game on (None: just watch)."""
    if isinstance(model, cs.CardScreen) and model.hint in ("hint.pick_card", "hint.again"):
        if model.highlight is not None:
            return CARDS[model.highlight]
        return CARDS[rng.randrange(len(model.view.you.active))]
    if isinstance(model, cs.ShotScreen) and not model.locked:
        if model.highlight is not None:
            return Button[model.highlight.upper()]
        sides = (Button.LEFT, Button.CENTRE, Button.RIGHT) if model.view.shot.sides == 3 else (
            Button.LEFT, Button.RIGHT)
        return rng.choice(sides)
    if isinstance(model, cs.DrawScreen) and not model.locked:
        if model.highlight is not None:
            return Button[model.highlight.upper()]
        return rng.choice((Button.LEFT, Button.RIGHT))
    if isinstance(model, cs.FlagScreen) and model.defender and rng.random() < 0.5:
        return Button.CENTRE
    if isinstance(model, cs.ResultScreen):
        return Button.CENTRE
    return None


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    return Rig(tmp_path)
