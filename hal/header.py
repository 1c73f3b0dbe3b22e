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
