"""The simulated console: a :class:`hal.Console` whose pads take scripted or keyboard presses."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from PIL import Image

from hal.buttons import Button
from hal.clock import Clock, ManualClock, SystemClock
from hal.config import HardwareConfig, PhonesConfig
from hal.console import MAX_PADS, Console
from hal.events import EventQueue
from hal.pad import SoftwarePad
from hal.phones import NoPhones, Phones
from hal.wiring import open_served_phones
from sim.battery import SimGauge, SimPowerInput
from sim.outputs import SimBuzzer, SimLed
from sim.pad import SimPad
from sim.screen import SimScreen


def with_phones(count: int, phones: PhonesConfig | None) -> int:
    """How many pads a simulated console of ``count`` pads has with ``phones``: phones may hold
    every pad up to :data:`MAX_PADS` after its own."""
    return MAX_PADS if phones is not None else count


def pad_count(config_or_pads: HardwareConfig | int) -> int:
    """How many pads to simulate: a number, or as many as a hardware config declares."""
    count = len(config_or_pads.pads) if isinstance(config_or_pads, HardwareConfig) else config_or_pads
    if not isinstance(count, int) or not 1 <= count <= MAX_PADS:
        raise ValueError(f"a console has 1 to {MAX_PADS} pads, not {count!r}")
    return count


class SimConsole(Console):
    """A console of simulated parts. Beyond :class:`hal.Console` it lets a script press
    buttons and read back frames; the firmware never needs those extras.

    With ``phones`` (a :class:`hal.config.PhonesConfig`), phones may join as the pads after its
    ``count`` own, served for real (``hal.phone``): those pads are the phones' (a script may
    press them too), and their screens and LEDs are simulated ones that show on the phone as
    well (``SimScreen.echo``), so a test reads what a phone was shown as any other pad's.
    """

    pads: tuple[SoftwarePad, ...]
    screens: tuple[SimScreen, ...]
    leds: tuple[SimLed, ...]
    buzzer: SimBuzzer

    def __init__(self, count: int, *, clock: Clock | None = None,
                 make_screen: Callable[[int], SimScreen] = SimScreen,
                 on_change: Callable[[], None] | None = None, battery: bool = False,
                 phones: PhonesConfig | None = None) -> None:
        clock = clock or SystemClock()
        events = EventQueue()
        pads: list[SoftwarePad] = [SimPad(pad_id, events, clock) for pad_id in range(1, count + 1)]
        screens = [make_screen(pad_id) for pad_id in range(1, with_phones(count, phones) + 1)]
        leds = [SimLed(on_change) for _ in screens]
        served: Phones = NoPhones()
        if phones is not None:
            served_phones = served = open_served_phones(phones, count + 1, events, clock)
            for pad_id in served_phones.pads:
                pads.append(served_phones.phone_pads[pad_id])
                screens[pad_id - 1].echo = served_phones.phone_screens[pad_id]
                leds[pad_id - 1].echo = served_phones.phone_leds[pad_id]
        self.own = count
        """The console's own pads, which the terminal and the window draw and give keys to
        (the phones' pads after them show on the phones)."""
        self.power_button = SimPowerInput(events, clock)
        """The simulated power button and shutdown request (the same part as :attr:`power`)."""
        self.battery: SimGauge | None = SimGauge() if battery else None
        """The simulated cell when the console has one (``battery=True``; else no gauge, as
        on mains)."""
        self.log_line = ""
        """The last line the console logged (``sim.log.StatusLog``), for the backends that show
        it in a status line of their own ("" until one comes)."""
        super().__init__(
            pads=pads,
            screens=screens,
            leds=leds,
            buzzer=SimBuzzer(on_change),
            events=events,
            clock=clock,
            gauge=self.battery,
            power=self.power_button,
            phones=served,
        )

    def show_log(self, line: str) -> None:
        """The console logged ``line``: the terminal and the window show the last one in their
        status line, never over the screens; the headless console only keeps it."""
        self.log_line = line
        self.log_changed()

    def log_changed(self) -> None:
        """Called after :meth:`show_log`; backends that draw a status line override it."""

    def pad(self, pad_id: int) -> SoftwarePad:
        """Pad ``pad_id``'s part, which a script can press (a phone's too)."""
        return self.pads[self._index(pad_id)]

    def screen(self, pad_id: int) -> SimScreen:
        """Pad ``pad_id``'s simulated screen, which keeps the frames it showed."""
        return self.screens[self._index(pad_id)]

    def press(self, pad_id: int, button: Button) -> None:
        self.pad(pad_id).press(button)

    def release(self, pad_id: int, button: Button) -> None:
        self.pad(pad_id).release(button)

    def tap(self, pad_id: int, button: Button) -> None:
        self.pad(pad_id).tap(button)

    def advance(self, seconds: float) -> None:
        """Move a :class:`~hal.clock.ManualClock` on (timestamps of later presses follow it)."""
        if not isinstance(self.clock, ManualClock):
            raise TypeError("advance() needs a console opened with clock=ManualClock()")
        self.clock.advance(seconds)

    def frames(self, pad_id: int) -> list[Image.Image]:
        """Every distinct frame pad ``pad_id``'s screen has shown, oldest first."""
        return list(self.screen(pad_id).frames)

    def save_frames(self, folder: str | Path, scale: int = 1) -> list[Path]:
        """Write all screens' frames as PNGs (``pad1-0000.png`` …) into ``folder``."""
        return [path for screen in self.screens for path in screen.save_frames(folder, scale=scale)]
