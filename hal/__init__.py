"""PitchPad's hardware abstraction layer: the contract the firmware depends on, and the real
backends (libgpiod pads, or gpiozero ones; gpiozero buzzer and LEDs; luma.oled screens; serial
pads) behind it.

The firmware uses only what is exported here::

    from hal import Button, ButtonEvent, Console, load_config, open_console
    with open_console(load_config("/etc/pitchpad/hardware.toml")) as console:
        event = console.events.get(timeout=1.0)      # ButtonEvent or None
        console.screen(event.pad).display(image)     # 128x64 mode "1"

``sim.open_console`` returns the same :class:`Console` built from simulated parts.
"""
from __future__ import annotations

from hal.buttons import CARDS, DIRECTIONS, Button, ButtonEvent
from hal.buzzer import Buzzer, NoBuzzer
from hal.clock import Clock, ManualClock, SystemClock
from hal.config import HardwareConfig, PadConfig, ScreenConfig, load_config, parse_config
from hal.console import MAX_PADS, Console
from hal.errors import BackendUnavailable, ConfigError, ConsoleClosed, PitchPadHardwareError, ScreenNotAnswering
from hal.events import EventQueue
from hal.led import Led, NoLed
from hal.pad import Pad, Repeat
from hal.screen import HEIGHT, PAGES, SIZE, WIDTH, Screen, blank_frame
from hal.tunes import GOAL, SAVE, TUNES, WHISTLE, Note, Tune
from hal.wiring import open_console as open_real


def open_console(config: HardwareConfig, *, repeat: Repeat | None = None,
                 clock: Clock | None = None, pin_factory: object = None) -> Console:
    """Build a :class:`Console` on real hardware from a checked config.

    ``pin_factory`` (a gpiozero factory, e.g. ``MockFactory()`` in tests; given one, the buttons
    are gpiozero devices on it too, see :func:`hal.wiring.button_backend`) and ``clock`` are
    injectable; screens that do not answer at start are retried in the background rather than
    refused, because a loose wire must not stop the console.
    """
    return open_real(config, repeat=repeat, clock=clock, pin_factory=pin_factory)


__all__ = [
    "CARDS", "DIRECTIONS", "Button", "ButtonEvent", "Buzzer", "NoBuzzer", "Clock", "ManualClock",
    "SystemClock", "HardwareConfig", "PadConfig", "ScreenConfig", "load_config", "parse_config",
    "MAX_PADS", "Console", "BackendUnavailable", "ConfigError", "ConsoleClosed",
    "PitchPadHardwareError", "ScreenNotAnswering", "EventQueue", "Led", "NoLed", "Pad", "Repeat",
    "HEIGHT", "PAGES", "SIZE", "WIDTH", "Screen", "blank_frame", "GOAL", "SAVE", "TUNES", "WHISTLE",
    "Note", "Tune", "open_console",
]
