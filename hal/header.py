"""The Raspberry Pi's 40-pin header: which GPIOs exist and which the system's own buses hold.

One table for the config check (a button on the screens' bus is refused) and ``pitchpad doctor``
(a button on a pin the boot config gives to the serial console, SPI or 1-Wire is named).
Numbers are BCM GPIO numbers, which are also the line offsets of the header's GPIO chip on every
Pi from the Zero to the 5 (``hal.gpiod_pad`` finds that chip by its label).
"""
from __future__ import annotations

GPIO_RANGE = range(0, 28)
"""The header's GPIOs: GPIO0..GPIO27."""
I2C_PINS = {2: "I2C1 SDA", 3: "I2C1 SCL"}
SPI_PINS = {7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK"}
UART_PINS = {14: "UART TXD", 15: "UART RXD"}
ONE_WIRE_PIN = 4
"""``dtoverlay=w1-gpio`` without a ``gpiopin=`` takes GPIO4."""
SCREEN_ADDRESSES = (0x3C, 0x3D)
"""The two I2C addresses an SSD1306/SH1106 module can be jumpered to."""

HEADER: dict[int, int | str] = {
    1: "3V3", 2: "5V", 3: 2, 4: "5V", 5: 3, 6: "GND", 7: 4, 8: 14, 9: "GND", 10: 15,
    11: 17, 12: 18, 13: 27, 14: "GND", 15: 22, 16: 23, 17: "3V3", 18: 24, 19: 10, 20: "GND",
    21: 9, 22: 25, 23: 11, 24: 8, 25: "GND", 26: 7, 27: 0, 28: 1, 29: 5, 30: "GND",
    31: 6, 32: 12, 33: 13, 34: "GND", 35: 19, 36: 16, 37: 26, 38: 20, 39: "GND", 40: 21,
}
"""The 40 pins, by their number on the header (pin 1 is the square pad, odd pins on the
board's inner row): a BCM GPIO number, or the supply the pin carries. The same on every
40-pin Pi."""
PIN_OF_GPIO: dict[int, int] = {what: pin for pin, what in HEADER.items() if isinstance(what, int)}
"""The header pin of each GPIO: ``PIN_OF_GPIO[17] == 11``."""
ID_EEPROM_PINS = {0: "ID_SD (HAT EEPROM)", 1: "ID_SC (HAT EEPROM)"}
"""GPIO0/1: the HAT identification EEPROM's I2C (bus 0 when ``dtparam=i2c_vc=on``)."""


def gpio_name(gpio: int) -> str:
    """``GPIO17 (pin 11)``: the words the docs and every message use for a header line."""
    return f"GPIO{gpio} (pin {PIN_OF_GPIO[gpio]})"
