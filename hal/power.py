"""Power inputs on the header: the power button and a power board's "shut down now" request.

- **The power button** (``[power] button``): a push button from a GPIO to GND, on the case, on
  no pad. The firmware powers off when it is held (:data:`HOLD_TO_POWER_OFF`) and sleeps or
  wakes on a short press. With the recommended power board (docs/hardware.md, "On a battery")
  the same button also switches the supply on while the console is off.
- **A power board's request** (``[power] request``): an output of a power or safe-shutdown board
  (a slide switch turned off, a low-battery pin) that asks the system to shut down; active at
  ``request_level``. The firmware ends safely as for the button.

Both are lines of the header's GPIO chip read with libgpiod v2 as the pads' buttons are: one
request, internal pull-ups, edge events on both edges, a thread asleep in ``select()`` until the
kernel has an edge (no wake-up while nobody touches them), our leading-edge debounce. A change
is kept for the firmware (:meth:`PowerInput.take`) and the console's event queue is nudged
(:meth:`hal.events.EventQueue.nudge`), so the firmware's loop wakes as it does for a timer.
"""
from __future__ import annotations

import functools
import logging
import threading
from dataclasses import dataclass
from typing import Any

from hal.buttons import Button, ButtonEvent
from hal.clock import Clock, SystemClock
from hal.config import PowerConfig
from hal.edge_thread import EdgeThread
from hal.errors import BackendUnavailable
from hal.events import EventQueue
from hal.gpiod_pad import SystemChips, _gpiod, find_header_chip, line_offset
from hal.pad import DEFAULT_DEBOUNCE, Debouncer

log = logging.getLogger(__name__)

BUTTON = "button"
REQUEST = "request"
HOLD_TO_POWER_OFF = 2.0
"""Seconds the power button is held to power off (a knock or a brush does not)."""


@dataclass(frozen=True)
class PowerChange:
    """The power button pressed or let go (``what`` :data:`BUTTON`), or a power board's request
    raised or withdrawn (:data:`REQUEST`), at ``at`` on the console's clock."""

    what: str
    active: bool
    at: float


class PowerInput:
    """The console's power inputs (none: :class:`NoPowerInput`). Changes are kept in order
    until the firmware takes them; each one nudges the console's event queue."""

    has_button: bool = False
    has_request: bool = False

    def __init__(self, events: EventQueue | None = None, clock: Clock | None = None) -> None:
        self._events = events
        self.clock: Clock = clock or SystemClock()
        self._lock = threading.Lock()
        self._changes: list[PowerChange] = []
        self._active: dict[str, bool] = {}

    def take(self) -> list[PowerChange]:
        """The changes since the last call, oldest first."""
        with self._lock:
            changes, self._changes = self._changes, []
        return changes

    def active(self, what: str) -> bool:
        """The button held down now, or the request raised now."""
        return self._active.get(what, False)

    def changed(self, what: str, active: bool) -> None:
        """A debounced change of an input: kept, and the firmware's loop woken."""
        with self._lock:
            if self._active.get(what, False) == active:
                return
            self._active[what] = active
            self._changes.append(PowerChange(what, active, self.clock.now()))
        if self._events is not None:
            self._events.nudge()

    def close(self) -> None:  # noqa: B027 - nothing to release without lines
        """Release the lines."""


class NoPowerInput(PowerInput):
    """No power button, no power board: the menu's power-off line is the only way off."""


class GpiodPowerInput(PowerInput):
    """The power button and/or request on the header's chip, through libgpiod v2."""

    def __init__(self, config: PowerConfig, events: EventQueue, *, chips: Any = None,
                 chip: str = "auto", debounce: float = DEFAULT_DEBOUNCE,
                 clock: Clock | None = None) -> None:
        super().__init__(events, clock)
        gpiod = _gpiod()
        from gpiod.line import Bias, Direction, Edge, Value

        wanted = {what: pin for what, pin in ((BUTTON, config.button), (REQUEST, config.request))
                  if pin is not None}
        if not wanted:
            raise ValueError("no power input in the config")
        self.has_button = BUTTON in wanted
        self.has_request = REQUEST in wanted
        chips = chips or SystemChips()
        self.chip_path = find_header_chip(chips, chip)
        handle = chips.open(self.chip_path)
        try:
            self._lines = {line_offset(handle, pin): what for what, pin in wanted.items()}
            settings = gpiod.LineSettings(direction=Direction.INPUT, edge_detection=Edge.BOTH,
                                          bias=Bias.PULL_UP)
            try:
                self._request = handle.request_lines({tuple(self._lines): settings},
                                                     consumer="pitchpad power")
            except OSError as error:
                pins = ", ".join(f"{what} GPIO{pin}" for what, pin in wanted.items())
                raise BackendUnavailable(f"power inputs ({pins}) on {self.chip_path}: "
                                         f"{error.strerror or error} (is another program or a "
                                         f"dtoverlay holding the pin?)") from None
        finally:
            handle.close()
        self._falling = gpiod.EdgeEvent.Type.FALLING_EDGE
        low = Value.INACTIVE
        active_low = {BUTTON: True, REQUEST: config.request_level == "low"}
        self._active_low = {offset: active_low[what] for offset, what in self._lines.items()}
        self._low = low
        # The pads' debounce, one per line: Debouncer delivers ButtonEvents, of which only
        # ``pressed`` is used here (the pad and button fields are placeholders).
        self._debouncers = {
            offset: Debouncer(0, Button.CENTRE, functools.partial(self._deliver, what),
                              functools.partial(self._level, offset), interval=debounce,
                              clock=self.clock)
            for offset, what in self._lines.items()}
        for offset, what in self._lines.items():
            if what == REQUEST and self._level(offset):
                self.changed(REQUEST, True)          # a board asking already at start
        self._reader = EdgeThread(self._request, self.edges, "power-gpiod", self._reading_failed)

    def _deliver(self, what: str, event: ButtonEvent) -> None:
        self.changed(what, event.pressed)

    def _level(self, offset: int) -> bool:
        """Active now? (low for the button and an active-low request)."""
        try:
            low = self._request.get_value(offset) == self._low
        except (OSError, ValueError):
            return False
        return bool(low == self._active_low[offset])

    def edges(self, events: Any) -> None:
        for event in events:
            offset = event.line_offset
            if offset in self._debouncers:
                falling = event.event_type == self._falling
                self._debouncers[offset].edge(falling == self._active_low[offset])

    def _reading_failed(self, error: Exception) -> None:
        log.error("power inputs: reading edges failed (%s); the power button is dead until the "
                  "console restarts (the menu's power-off line still works)", error)

    def close(self) -> None:
        if not self._reader.stop():
            return
        for debouncer in self._debouncers.values():
            debouncer.close()
        self._request.release()


class GpiozeroPowerInput(PowerInput):
    """The same inputs through gpiozero ``Button`` devices (with ``[gpio] buttons = "gpiozero"``,
    and in tests on its ``MockFactory``, whose callbacks run in the caller's thread)."""

    def __init__(self, config: PowerConfig, events: EventQueue, *, pin_factory: object = None,
                 debounce: float = DEFAULT_DEBOUNCE, clock: Clock | None = None) -> None:
        from gpiozero import Button as GpioButton

        super().__init__(events, clock)
        self._devices: list[Any] = []
        wanted = [(what, pin, what == BUTTON or config.request_level == "low")
                  for what, pin in ((BUTTON, config.button), (REQUEST, config.request)) if pin is not None]
        try:
            for what, pin, active_low in wanted:
                device = GpioButton(pin, pull_up=active_low, pin_factory=pin_factory)
                device.when_pressed = functools.partial(self.changed, what, True)
                device.when_released = functools.partial(self.changed, what, False)
                self._devices.append(device)
                setattr(self, f"has_{what}", True)
                if what == REQUEST and device.is_pressed:
                    self.changed(REQUEST, True)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        for device in self._devices:
            device.close()
        self._devices = []
