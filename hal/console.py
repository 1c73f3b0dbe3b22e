"""The console: every pad, screen, LED and the buzzer, plus the one event queue.

This is the whole surface the firmware depends on. ``hal.open_console(config)`` builds one from
real hardware and ``sim.open_console(...)`` builds one from a simulator; the firmware cannot tell
them apart.
"""
from __future__ import annotations

from typing import Sequence

from hal.buzzer import Buzzer
from hal.clock import Clock, SystemClock
from hal.events import EventQueue
from hal.led import Led
from hal.pad import Pad
from hal.screen import Screen

MAX_PADS = 4


class Console:
    """1 to 4 pads, each with its screen and LED; indexes are ``pad_id - 1``.

    Use as a context manager, or call :meth:`close`, so pins and buses are released and a
    reader blocked on :attr:`events` wakes with :class:`~hal.errors.ConsoleClosed`.
    """

    def __init__(self, pads: Sequence[Pad], screens: Sequence[Screen], leds: Sequence[Led],
                 buzzer: Buzzer, events: EventQueue, clock: Clock | None = None) -> None:
        if not 1 <= len(pads) <= MAX_PADS:
            raise ValueError(f"a console has 1 to {MAX_PADS} pads, not {len(pads)}")
        if not len(pads) == len(screens) == len(leds):
            raise ValueError("every pad needs exactly one screen and one LED (NoLed if none is fitted)")
        self.pads: tuple[Pad, ...] = tuple(pads)
        self.screens: tuple[Screen, ...] = tuple(screens)
        self.leds: tuple[Led, ...] = tuple(leds)
        self.buzzer = buzzer
        self.events = events
        self.clock: Clock = clock or SystemClock()
        self._closed = False

    @property
    def pad_count(self) -> int:
        return len(self.pads)

    def screen(self, pad_id: int) -> Screen:
        """The screen of pad ``pad_id`` (1-based, as on the case)."""
        return self.screens[self._index(pad_id)]

    def led(self, pad_id: int) -> Led:
        return self.leds[self._index(pad_id)]

    def pad(self, pad_id: int) -> Pad:
        return self.pads[self._index(pad_id)]

    def _index(self, pad_id: int) -> int:
        if not 1 <= pad_id <= len(self.pads):
            raise IndexError(f"no pad {pad_id}: this console has pads 1..{len(self.pads)}")
        return pad_id - 1

    def close(self) -> None:
        """Release everything; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self.events.close()
        parts: list[Pad | Led | Screen | Buzzer] = [*self.pads, *self.leds, *self.screens, self.buzzer]
        for part in parts:
            part.close()

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> Console:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
