"""Does anything answer at an I2C address? The question ``pitchpad doctor`` asks of each screen.

A no-op command (control byte 0x00, command 0xE3) is acknowledged by SSD1306 and SH1106 and
changes nothing on the panel, so it is safe on a running screen.
"""
from __future__ import annotations

import errno
from typing import Callable

Probe = Callable[[int, int], bool]
"""``probe(bus, address)``: True when a device acknowledges at ``address`` on I2C bus ``bus``."""

NOT_ANSWERING = (errno.EREMOTEIO, errno.ENXIO, errno.EIO, errno.ETIMEDOUT)
"""What the kernel's I2C drivers say when no device acknowledges (the Pi's says EREMOTEIO)."""


def smbus_probe(bus: int, address: int) -> bool:
    """Send the controller a no-op command; False if nothing acknowledges. Other errors (no
    such bus, no permission) are raised for the caller to name."""
    from smbus2 import SMBus

    with SMBus(bus) as smbus:
        try:
            smbus.write_byte_data(address, 0x00, 0xE3)
            return True
        except OSError as exc:
            if exc.errno in NOT_ANSWERING:
                return False
            raise
