"""An idle pad costs no wake-ups: opening GPIO pads starts no polling threads."""
from __future__ import annotations

import threading
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from hal import load_config
from hal.events import EventQueue
from hal.gpio_pad import GpioPad

HANDHELD = Path(__file__).resolve().parents[2] / "deploy" / "config" / "handheld.toml"


def test_two_gpio_pads_start_no_threads() -> None:
    factory = MockFactory()
    before = threading.active_count()
    pads = [GpioPad(pad.pad_id, pad.buttons, EventQueue(), pin_factory=factory)
            for pad in load_config(HANDHELD).pads]
    try:
        assert threading.active_count() == before
    finally:
        for pad in pads:
            pad.close()
        factory.reset()
