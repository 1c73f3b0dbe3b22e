"""OledScreen over luma's real SPI interface, with a recording spidev and D/C pin."""
from __future__ import annotations

import random

from luma.core.interface.serial import spi
from PIL import Image

from hal import ManualClock
from hal.mock_bus import Transfer
from hal.oled import OledScreen
from oled_model import OledModel


class RecordingGpio:
    """RPi.GPIO's calls that luma's spi makes: the D/C level tells command from data."""

    BCM, OUT, LOW, HIGH = 11, 0, 0, 1

    def __init__(self) -> None:
        self.levels: dict[int, int] = {}

    def setup(self, pin: int, mode: int, initial: int = 0) -> None:
        self.levels[pin] = initial

    def output(self, pin: int, level: int) -> None:
        self.levels[pin] = level

    def cleanup(self, pins: list[int] | None = None) -> None:
        pass


class RecordingSpiDev:
    def __init__(self, gpio: RecordingGpio, dc_pin: int) -> None:
        self.gpio, self.dc_pin = gpio, dc_pin
        self.transfers: list[Transfer] = []
        self.max_speed_hz = 0

    def open(self, port: int, device: int) -> None:
        self.port = (port, device)

    def writebytes(self, values: list[int]) -> None:
        control = 0x40 if self.gpio.levels[self.dc_pin] else 0x00
        self.transfers.append(Transfer(0x3C, control, bytes(values)))

    def close(self) -> None:
        pass


def test_spi_screen_shows_exactly_the_frames() -> None:
    gpio = RecordingGpio()
    device = RecordingSpiDev(gpio, dc_pin=24)
    screen = OledScreen(1, spi(spi=device, gpio=gpio, port=0, device=0, gpio_DC=24, gpio_RST=25),
                        driver="ssd1306", clock=ManualClock())
    model = OledModel(address=0x3C)
    rng = random.Random(4)
    frame = Image.new("1", (128, 64))
    for _ in range(30):
        frame = frame.copy()
        for _ in range(rng.randrange(1, 30)):
            frame.putpixel((rng.randrange(128), rng.randrange(64)), rng.randrange(2))
        screen.display(frame)
        model.feed(device.transfers)
        device.transfers.clear()
        assert model.shown().tobytes() == frame.tobytes()
