"""What the OLED tests share (tests/hal/test_hal_oled_heal.py, test_hal_oled_status.py): a
drawing to show, luma's ``i2c`` built as on the Pi but over the recording bus, and the bus's
speed to measure its share against."""
from __future__ import annotations

import random

import pytest
from luma.core.interface.serial import i2c
from PIL import Image, ImageDraw

from hal import blank_frame
from hal.mock_bus import MockSMBus

BUS_BYTES_PER_SECOND = 400_000 / 9
"""A 400 kHz I2C bus: 9 clocks a byte (8 bits and the ACK)."""


def drawing(seed: int) -> Image.Image:
    """A frame of a few boxes and a number, different for each seed: a panel that shows it shows
    this frame and no other."""
    rng = random.Random(seed)
    frame = blank_frame()
    draw = ImageDraw.Draw(frame)
    for _ in range(6):
        x, y = rng.randrange(110), rng.randrange(50)
        draw.rectangle((x, y, x + rng.randrange(4, 18), y + rng.randrange(4, 14)), fill=1)
    draw.text((rng.randrange(60), rng.randrange(40)), f"{seed:06d}", fill=1)
    return frame


def managed_i2c(monkeypatch: pytest.MonkeyPatch, bus: MockSMBus, address: int) -> i2c:
    """luma's i2c as the Pi builds it (``i2c(port=1)``: it opens the bus itself and sends a frame
    as one ``i2c_rdwr`` message), over the recording bus."""
    import smbus2

    monkeypatch.setattr(smbus2, "SMBus", lambda port: bus)
    return i2c(port=1, address=address)
