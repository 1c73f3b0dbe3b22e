"""The pad board's hardware, for MicroPython on an RP2040 board (Raspberry Pi Pico or alike).

The only board-specific module: pins, USB serial, the SSD1306 and the clock. Change the
constants below to match the wiring; everything else is in ``padloop.py``.
"""
import os
import select
import sys

import machine
import micropython
import time

import ssd1306

#: Written on the pad's case; each pad board gets its own (the hello frame carries it).
PAD_ID = 1
#: GPIOs of CARD1, CARD2, CARD3, CARD4, LEFT, CENTRE, RIGHT; each button goes to GND.
BUTTON_PINS = (2, 3, 4, 5, 6, 7, 8)
#: The SSD1306 on I2C0 (GP16 SDA, GP17 SCL), 400 kHz, at 0x3C.
I2C_ID, SDA_PIN, SCL_PIN, I2C_FREQ, OLED_ADDRESS = 0, 16, 17, 400000, 0x3C

_buttons = [machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP) for pin in BUTTON_PINS]


def keys():
    return [button.value() == 0 for button in _buttons]


class UsbLink:
    """USB CDC serial through stdin/stdout. Ctrl-C is disabled: 0x03 is ordinary data here
    (to get the REPL back, use ``mpremote`` which resets the board first)."""

    def __init__(self):
        micropython.kbd_intr(-1)
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._input = sys.stdin.buffer
        self._output = sys.stdout.buffer

    def read(self):
        received = bytearray()
        while len(received) < 256 and self._poll.poll(0):
            received += self._input.read(1)
        return received

    def write(self, frame):
        self._output.write(frame)


class Panel:
    """The SSD1306, written window by window with its own addressing commands."""

    def __init__(self):
        i2c = machine.I2C(I2C_ID, sda=machine.Pin(SDA_PIN), scl=machine.Pin(SCL_PIN), freq=I2C_FREQ)
        self._oled = ssd1306.SSD1306_I2C(128, 64, i2c, addr=OLED_ADDRESS)
        self._oled.fill(0)
        self._oled.show()

    def write_window(self, first_page, last_page, first_column, last_column, data):
        for command in (0x21, first_column, last_column, 0x22, first_page, last_page):
            self._oled.write_cmd(command)
        self._oled.write_data(data)

    def contrast(self, level):
        self._oled.contrast(level)

    def power(self, on):
        if on:
            self._oled.poweron()
        else:
            self._oled.poweroff()


class Clock:
    """Milliseconds since boot that never wrap (``ticks_ms`` wraps after 2**30 ms, 12 days)."""

    def __init__(self):
        self._last = time.ticks_ms()
        self._total = 0

    def now_ms(self):
        now = time.ticks_ms()
        self._total += time.ticks_diff(now, self._last)
        self._last = now
        return self._total


def nonce():
    """Changes at every boot, so the console knows a replugged pad restarted its numbering."""
    return int.from_bytes(os.urandom(2), "big")


def idle():
    time.sleep_ms(1)
