"""Simulated buzzer and possession LEDs: they remember what they were asked to do."""
from __future__ import annotations

from typing import Callable

from hal.buzzer import Buzzer
from hal.led import Led
from hal.tunes import Tune


class SimBuzzer(Buzzer):
    """Records each tune played (tests assert "the goal jingle sounded")."""

    def __init__(self, on_change: Callable[[], None] | None = None) -> None:
        self.played: list[Tune] = []
        self.playing: Tune | None = None
        self._on_change = on_change

    def play(self, tune: Tune) -> None:
        self.played.append(tune)
        self.playing = tune
        if self._on_change:
            self._on_change()

    def stop(self) -> None:
        self.playing = None
        if self._on_change:
            self._on_change()

    def close(self) -> None:
        self.playing = None


class SimLed(Led):
    """Keeps the LED state; ``blinking`` tells a steady light from a blinking one."""

    def __init__(self, on_change: Callable[[], None] | None = None) -> None:
        self.lit = False
        self.blinking = False
        self._on_change = on_change
        self.echo: Led | None = None
        """Another LED lit the same (a phone's dot, for a phone pad of the simulator)."""

    def _set(self, lit: bool, blinking: bool) -> None:
        self.lit, self.blinking = lit, blinking
        if self.echo is not None:
            (self.echo.blink if blinking else self.echo.on if lit else self.echo.off)()
        if self._on_change:
            self._on_change()

    def on(self) -> None:
        self._set(True, False)

    def off(self) -> None:
        self._set(False, False)

    def blink(self, on_time: float = 0.25, off_time: float = 0.25) -> None:
        self._set(True, True)

    @property
    def is_lit(self) -> bool:
        return self.lit

    def close(self) -> None:
        self.lit = self.blinking = False
