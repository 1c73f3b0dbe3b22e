"""A pad of seven buttons wired straight to Raspberry Pi GPIOs (handheld profile).

Each button is a gpiozero ``DigitalInputDevice`` with the internal pull-up (pressed = pulled
to GND). Not gpiozero's ``Button``: its hold support runs one thread per button that wakes
every 0.1 s even when nobody holds anything (140 wake-ups a second for two pads), and we need
no hold events. gpiozero's own ``bounce_time`` is left off: it is ignored by the mock pins, so
it could not be tested; our :class:`~hal.pad.Debouncer` does the job with an injectable clock
instead. Edges arrive through gpiozero callbacks, so nothing polls and an idle console sleeps.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from hal.buttons import Button
from hal.clock import Clock, SystemClock
from hal.events import EventQueue
from hal.pad import DEFAULT_DEBOUNCE, Debouncer, Pad, Repeat



def _level_of(switch: Any) -> Callable[[], bool]:
    """Reads whether ``switch`` (a gpiozero input device) is pressed now."""
    return lambda: bool(switch.is_active)

class GpioPad(Pad):
    detachable = False

    def __init__(self, pad_id: int, pins: Mapping[Button, int | str], events: EventQueue, *,
                 debounce: float = DEFAULT_DEBOUNCE, repeat: Repeat | None = None,
                 clock: Clock | None = None, pin_factory: object = None) -> None:
        from gpiozero import DigitalInputDevice

        self.pad_id = pad_id
        clock = clock or SystemClock()
        self._switches: dict[Button, DigitalInputDevice] = {}
        self._debouncers: dict[Button, Debouncer] = {}
        try:
            for button, pin in pins.items():
                switch = DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
                debouncer = Debouncer(pad_id, button, events.put, _level_of(switch),
                                      interval=debounce, clock=clock, repeat=repeat)
                switch.when_activated = lambda d=debouncer: d.edge(True)
                switch.when_deactivated = lambda d=debouncer: d.edge(False)
                self._switches[button] = switch
                self._debouncers[button] = debouncer
        except Exception:
            self.close()
            raise

    @property
    def connected(self) -> bool:
        """Buttons soldered to the header do not come and go."""
        return True

    def is_pressed(self, button: Button) -> bool:
        return self._debouncers[button].pressed

    def close(self) -> None:
        for debouncer in self._debouncers.values():
            debouncer.close()
        for switch in self._switches.values():
            switch.close()
        self._debouncers.clear()
        self._switches.clear()
