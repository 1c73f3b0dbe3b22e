"""The console app on the headless simulator, driven by button presses and a manual clock:
the rig every console test builds on (tests/firmware, tests/chifoumi, tests/fotboll)."""
from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sim
from firmware.console.app import App
from firmware.console.leave import HOLD
from firmware.console.power_service import PowerService
from firmware.storage.settings import Settings, save
from hal.buttons import Button
from hal.clock import ManualClock


class Refusing:
    """A system that refuses the power-off, as polkit does without the rule (``halt`` for the
    power service, in place of ``hal.halt``'s)."""

    def __init__(self) -> None:
        self.asked = 0

    def power_off(self) -> str | None:
        self.asked += 1
        return "the system refused to power off (Interactive authentication required.)"


class Rig:
    """The app on a simulated console (2 pads unless told); nothing sleeps, time moves in
    :meth:`wait`."""

    def __init__(self, state_dir: Path, settings: Settings | None = None, seed: int = 1,
                 pads: int = 2, halt: Any = None, battery: float | None = None, power_off: bool = True,
                 phones: Any = None, **options: Any) -> None:
        """``halt`` (``hal.halt``'s kind): the app gets the power service, which asks it to power
        off (``power_off``: the menu offers it); ``battery``: a simulated cell at that percent
        (its gauge read by the service); ``phones`` (a ``hal.config.PhonesConfig``): phones
        served for real on loopback as the pads after the console's own."""
        if settings is not None:
            save(state_dir, settings)
        self.clock = ManualClock()
        self.pads = pads
        self.console = sim.open_console(pads, clock=self.clock, battery=battery is not None, phones=phones)
        if battery is not None:
            self.console.battery.percent = battery
        power = PowerService(self.console, halt, offers_power_off=power_off) if halt is not None else None
        self.app = App(self.console, state_dir=state_dir, seed=seed, power=power, **options)
        self.app.refresh()

    def press(self, pad: int, button: Button) -> None:
        self.console.tap(pad, button)
        for event in self.console.events.drain():
            self.app.step(event)
        if self.app.behind:              # a staggered press: the other screens, next pass
            self.app.step(None)

    def settle(self) -> None:
        """Handle what arrived on the console's queue from other threads (a phone's press, a
        phone joining or leaving: the phones' server nudges the loop), as the loop would."""
        for event in self.console.events.drain():
            self.app.step(event)
        self.app.step(None)
        if self.app.behind:
            self.app.step(None)

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

    def hold_to_leave(self, pad: int) -> None:
        """``pad`` holds ◀ and ▶ together long enough to ask to leave the match, then lets go."""
        self.console.press(pad, Button.LEFT)
        self.console.press(pad, Button.RIGHT)
        self.settle()
        self.wait(HOLD)
        self.console.release(pad, Button.LEFT)
        self.console.release(pad, Button.RIGHT)
        self.settle()

    def wait_for_change(self, limit: float = 30.0) -> None:
        """Wait until the app's next timer fires (at most ``limit`` seconds)."""
        deadline = self.app.deadline()
        self.wait(limit if deadline is None else min(limit, deadline - self.clock.now()))

    def act(self, intent: Callable[[Any, random.Random], Button | None], rng: random.Random,
            pads: tuple[int, ...] = (1, 2), one: bool = False, limit: float = 30.0,
            in_match: bool = False) -> bool:
        """One step of play, as people at ``pads`` play it: each in turn asks ``intent`` what to
        press on the screen before them and presses it (``one``: only the first who has something
        to press; ``in_match``: nobody presses on once a press ended the match); when nobody had,
        time runs to the app's next timer (at most ``limit`` s), as a table waits for the clock.
        True when someone pressed: the tests that walk a match share this one step so that each
        walks it the same way."""
        acted = False
        for pad in pads:
            if in_match and self.app.mode != "match":
                break
            button = intent(self.screen(pad), rng)
            if button is not None:
                self.press(pad, button)
                acted = True
                if one:
                    break
        if not acted:
            self.wait_for_change(limit)
        return acted

    def screen(self, pad: int) -> Any:
        """The model of what pad ``pad``'s screen shows now."""
        return self.app.shown[pad][0]

    def image(self, pad: int) -> Any:
        return self.console.screen(pad).image

    def choose(self, pad: int, name: str) -> None:
        """On "who plays?", pad ``pad`` takes ``name`` by buttons: CARD2 steps down the names
        offered (the first press lands on the first), OK takes the one under the cursor."""
        for _ in range(self.app.names_offered().index(name) + 1):
            self.press(pad, Button.CARD2)
        self.press(pad, Button.CENTRE)

    def start(self) -> None:
        """From power-on to the first match screen, by buttons only."""
        self.press(1, Button.CARD1)      # any press leaves the splash
        assert self.app.mode == "menu"
        self.press(1, Button.CENTRE)     # OK = play
