"""A simulated battery gauge and power button: the handheld's power parts with no hardware.

The simulated cell drains when told (a key in the terminal and the window: :data:`DRAIN_KEY`),
charges while its charger is plugged in (:data:`CHARGER_KEY`), and reads like a MAX17048 does
through :class:`hal.gauge.Gauge`: a state of charge, a voltage from a LiPo's curve, charging or
not, and the voltage alert below :data:`hal.gauge.LOW_VOLTS`. The power button
(:data:`POWER_KEY` pressed, :data:`POWER_HOLD_KEY` held) is a :class:`hal.power.PowerInput`.
"""
from __future__ import annotations

import threading

from hal.clock import Clock
from hal.events import EventQueue
from hal.gauge import LOW_VOLTS, Charge, Gauge
from hal.power import BUTTON, HOLD_TO_POWER_OFF, REQUEST, PowerInput

DRAIN_KEY = "g"
CHARGER_KEY = "5"
POWER_KEY = "t"
POWER_HOLD_KEY = "y"
DRAIN_STEP = 5.0
"""Percent a drain key takes off."""
EMPTY_VOLTS, FULL_VOLTS = 3.27, 4.20
"""The simulated cell's voltage at 0 % and 100 % (a straight line: near enough for a picture)."""


class SimGauge(Gauge):
    """A gauge whose cell is set by the test or the keyboard."""

    name = "simulated battery gauge"

    def __init__(self, percent: float = 100.0, charging: bool = False) -> None:
        self.percent = percent
        self.charging = charging
        self.answering = True
        self.reads = 0
        self._lock = threading.Lock()

    def read(self) -> Charge | None:
        with self._lock:
            self.reads += 1
            if not self.answering:
                return None
            volts = EMPTY_VOLTS + (FULL_VOLTS - EMPTY_VOLTS) * self.percent / 100
            return Charge(self.percent, round(volts, 3), self.charging,
                          about_to_drop=volts < LOW_VOLTS and not self.charging)

    def drain(self, step: float = DRAIN_STEP) -> None:
        with self._lock:
            self.percent = max(0.0, self.percent - step)

    def plug(self, charging: bool | None = None) -> None:
        """The charger plugged in (or out; ``None`` toggles)."""
        with self._lock:
            self.charging = (not self.charging) if charging is None else charging

    def describe(self) -> str:
        sign = " charging" if self.charging else ""
        return f"battery {round(self.percent)} %{sign}"


class SimPowerInput(PowerInput):
    """A power button (and a power board's request) pressed from a test or a key."""

    has_button = True
    has_request = True

    def __init__(self, events: EventQueue, clock: Clock) -> None:
        super().__init__(events, clock)

    def press(self) -> None:
        self.changed(BUTTON, True)

    def release(self) -> None:
        self.changed(BUTTON, False)

    def tap(self) -> None:
        self.press()
        self.release()

    def hold(self, seconds: float = HOLD_TO_POWER_OFF + 0.5) -> None:
        """Press now, let go ``seconds`` later (a terminal has no key releases)."""
        self.press()
        self.clock.call_later(seconds, self.release)

    def request(self, active: bool = True) -> None:
        """A power board asks for a shutdown (a switch turned off, a low-battery pin)."""
        self.changed(REQUEST, active)
