"""A simulated pad: presses come from a test script, a keyboard or a window, not from pins.

It keeps the same promises as a real pad (one press per press, releases only of pressed buttons,
timestamps from the console's clock), so the firmware sees identical event streams.
"""
from __future__ import annotations

import threading

from hal.buttons import Button, ButtonEvent
from hal.clock import Clock
from hal.events import EventQueue
from hal.pad import Pad


class SimPad(Pad):
    detachable = False

    def __init__(self, pad_id: int, events: EventQueue, clock: Clock) -> None:
        self.pad_id = pad_id
        self._events = events
        self._clock = clock
        self._held: set[Button] = set()
        self._lock = threading.Lock()
        self._closed = False

    def press(self, button: Button) -> None:
        """Press ``button``; pressing a button already held does nothing, as on a real pad."""
        self._change(button, True)

    def release(self, button: Button) -> None:
        self._change(button, False)

    def tap(self, button: Button) -> None:
        """Press and release at once (a keyboard key, which has no release event)."""
        self.press(button)
        self.release(button)

    @property
    def connected(self) -> bool:
        return True

    def is_pressed(self, button: Button) -> bool:
        return button in self._held

    def close(self) -> None:
        self._closed = True

    def _change(self, button: Button, pressed: bool) -> None:
        if not isinstance(button, Button):
            raise TypeError(f"expected a Button, not {button!r}")
        with self._lock:
            if self._closed or (button in self._held) == pressed:
                return
            (self._held.add if pressed else self._held.discard)(button)
            self._events.put(ButtonEvent(self.pad_id, button, pressed, self._clock.now()))
