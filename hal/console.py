"""The console: every pad, screen, LED and the buzzer, plus the one event queue.

This is the whole surface the firmware depends on. ``hal.open_console(config)`` builds one from
real hardware and ``sim.open_console(...)`` builds one from a simulator; the firmware cannot tell
them apart.
"""
from __future__ import annotations

from typing import Self, Sequence

from hal.buzzer import Buzzer
from hal.clock import Clock, SystemClock
from hal.events import EventQueue
from hal.gauge import Gauge, NoGauge
from hal.led import Led
from hal.pad import MAX_PADS, Pad
from hal.phones import NoPhones, Phones
from hal.power import NoPowerInput, PowerInput
from hal.screen import Screen

__all__ = ["MAX_PADS", "Console"]


class Console:
    """1 to 4 pads, each with its screen and LED; indexes are ``pad_id - 1``.

    Use as a context manager, or call :meth:`close`, so pins and buses are released and a
    reader blocked on :attr:`events` wakes with :class:`~hal.errors.ConsoleClosed`.
    """

    def __init__(self, pads: Sequence[Pad], screens: Sequence[Screen], leds: Sequence[Led],
                 buzzer: Buzzer, events: EventQueue, clock: Clock | None = None, *,
                 gauge: Gauge | None = None, power: PowerInput | None = None,
                 phones: Phones | None = None) -> None:
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
        self.gauge: Gauge = gauge or NoGauge()
        """The battery gauge (:class:`~hal.gauge.NoGauge` on mains: no battery level)."""
        self.power: PowerInput = power or NoPowerInput()
        """The power button and a power board's shutdown request (:mod:`hal.power`)."""
        self.phones: Phones = phones or NoPhones()
        """The phones that may join as pads (:mod:`hal.phones`); their pads, screens and LEDs
        are the last of :attr:`pads`, :attr:`screens` and :attr:`leds`."""
        self._asleep: list[bool] | None = None
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

    def sleep(self) -> None:
        """Switch every panel off (the controller's display-off: dark, nothing sent, the picture
        kept in its memory), every LED off and the buzzer quiet; :meth:`wake` brings all back
        as it was. The pads stay awake: a press is how a person wakes the console."""
        if self._asleep is not None or self._closed:
            return
        self._asleep = [led.is_lit for led in self.leds]
        self.buzzer.stop()
        for led in self.leds:
            led.off()
        for screen in self.screens:
            screen.power(False)

    def wake(self) -> None:
        """Panels on showing what they showed, LEDs lit as they were."""
        if self._asleep is None or self._closed:
            return
        lit, self._asleep = self._asleep, None
        for screen in self.screens:
            screen.power(True)
        for led, was_lit in zip(self.leds, lit):
            if was_lit:
                led.on()

    @property
    def asleep(self) -> bool:
        return self._asleep is not None

    def close(self) -> None:
        """Release everything; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self.events.close()
        parts: list[Pad | Led | Screen | Buzzer | PowerInput | Gauge | Phones] = [
            *self.pads, *self.leds, *self.screens, self.buzzer, self.power, self.gauge, self.phones]
        for part in parts:
            part.close()

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
