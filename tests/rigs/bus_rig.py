"""The console app on the handheld as the Pi builds it (mock pins, luma.oled's ssd1306 over one
recording I2C bus shared by both screens), driven like :class:`app_rig.Rig`, counting the bytes
each press puts on the bus.

A press that changes both screens must fit :data:`BUDGET_BYTES` (26 ms at 400 kHz, leaving 4 ms
of the 30 ms key-to-screen budget for processing): two whole frames are about 2,050 bytes.
Bytes, not time, are what tests assert: exact and the same on every machine.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from app_rig import Rig
from firmware.console.app import App
from firmware.storage.settings import Settings, save
from hal.buttons import Button
from hal.clock import ManualClock

from bench.rig import Handheld

HOLD = 0.05
"""Seconds a finger holds a button, and rests after it (longer than the 20 ms debounce)."""
BUDGET_BYTES = 1150
"""What one press may put on the shared bus: 1,150 bytes x 9 bits at 400 kHz = 26 ms."""


class BusRig(Rig):
    """:class:`Rig` on the handheld's real screen path; :meth:`press` returns the bus bytes."""

    def __init__(self, state_dir: Path, settings: Settings | None = None, seed: int = 1,
                 **options: Any) -> None:
        if settings is not None:
            save(state_dir, settings)
        self.clock = ManualClock()
        self.pads = 2
        self.handheld = Handheld(self.clock)
        self.bus = self.handheld.bus
        self.console = self.handheld.console
        self.app = App(self.console, state_dir=state_dir, seed=seed, **options)
        self.app.refresh()
        self.presses: list[tuple[str, int]] = []
        """(what the pad showed before the press, bytes the press put on the bus)."""

    def press(self, pad: int, button: Button) -> int:  # type: ignore[override]
        before = type(self.app.shown[pad][0]).__name__ if pad in self.app.shown else ""
        mark = len(self.bus.transfers)
        self._edge(pad, button, True)
        sent = sum(t.wire_bytes for t in self.bus.transfers[mark:])
        self.clock.advance(HOLD)
        self._edge(pad, button, False)
        self.clock.advance(HOLD)
        if sent:
            self.presses.append((before, sent))
        return sent

    def _edge(self, pad: int, button: Button, pressed: bool) -> None:
        self.handheld.pin_edge(pad, button, pressed)
        for event in self.console.events.drain():
            self.app.step(event)

    def worst_press(self) -> tuple[str, int]:
        return max(self.presses, key=lambda press: press[1], default=("", 0))

    def close(self) -> None:
        self.handheld.close()
