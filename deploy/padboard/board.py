"""The pad board's hardware, for MicroPython on an RP2040 board (Raspberry Pi Pico or alike).

The only board-specific module: pins, USB serial, the SSD1306, the clock, the watchdog. Change
the constants below to match the wiring, or put a ``pad.json`` beside ``main.py`` (see
:func:`settings`); everything else is in ``padloop.py``.
"""
import json
import os
import select
import sys

import machine
import micropython
import time

#: Written on the pad's case; each pad board gets its own (the hello frame carries it).
PAD_ID = 1
#: GPIOs of CARD1, CARD2, CARD3, CARD4, LEFT, CENTRE, RIGHT; each button goes to GND.
BUTTON_PINS = (2, 3, 4, 5, 6, 7, 8)
#: The SSD1306 on I2C0 (GP16 SDA, GP17 SCL), 400 kHz, at 0x3C.
I2C_ID, SDA_PIN, SCL_PIN, I2C_FREQ, OLED_ADDRESS = 0, 16, 17, 400000, 0x3C
#: Optional settings file on the board, e.g. ``{"pad_id": 3, "screen": false}``.
SETTINGS_FILE = "pad.json"
#: A pass of the loop takes about a millisecond; one that has not ended after this is a hang,
#: and the watchdog resets the board (the console redraws a pad that says hello again).
WATCHDOG_MS = 3000
#: LEFT and RIGHT held at power-up: main.py steps aside (no loop, no watchdog, Ctrl-C works)
#: so ``mpremote`` can reach the REPL to update the files.
MAINTENANCE_KEYS = (1 << 4) | (1 << 6)
#: The SSD1306 power-up sequence (128x64, internal charge pump): the one micropython-lib's
#: ssd1306 driver sends, kept here so a panel that comes back is set up again with no allocation.
PANEL_INIT = (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0x00, 0xDA, 0x12, 0xD5, 0x80,
              0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xCF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF)

#: The same without its display-off and display-on: a heal sends it to a panel that may be lit
#: (it must not blink) or may have lost power (it stays dark until the picture is back).
PANEL_SETUP = PANEL_INIT[1:-1]

_buttons = [machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP) for pin in BUTTON_PINS]


def keys():
    """Bit n set while button n is pressed (one int: nothing allocated per scan)."""
    bits = 0
    for index in range(len(_buttons)):
        if _buttons[index].value() == 0:
            bits |= 1 << index
    return bits


def settings():
    """``(pad_id, screen)`` from :data:`SETTINGS_FILE`, else :data:`PAD_ID` and a screen.

    ``screen`` false: the board has no panel of its own (the four-pad profiles keep the screens
    on the Pi); nothing is sent on I2C then. True (the default): the panel is set up at boot and
    retried with a back-off whenever it does not answer, so a missing panel costs only a probe
    every 2 s and a panel plugged in later is found."""
    pad_id, screen = PAD_ID, True
    try:
        with open(SETTINGS_FILE) as file:
            values = json.load(file)
        pad_id = int(values.get("pad_id", pad_id))
        screen = bool(values.get("screen", screen))
    except (OSError, ValueError, AttributeError, TypeError):
        pass                               # no file, or a bad one: the defaults above
    return pad_id, screen


class UsbLink:
    """USB CDC serial through stdin/stdout. Ctrl-C is disabled: 0x03 is ordinary data here
    (to get the REPL back, hold LEFT and RIGHT while plugging the board in).

    MicroPython's ``stdin.buffer.readinto(buffer)`` blocks until the whole buffer is filled and
    ``poll`` only says that something waits, not how much: so :meth:`readinto` fills the
    caller's block one byte at a time while ``ipoll`` says more wait. ``ipoll`` and the one-byte
    buffer made once keep it allocation-free."""

    def __init__(self):
        micropython.kbd_intr(-1)
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._input = sys.stdin.buffer
        self._output = sys.stdout.buffer
        self._byte = bytearray(1)

    def _waiting(self):
        for _ in self._poll.ipoll(0):
            return True
        return False

    def readinto(self, buffer):
        count = 0
        while count < len(buffer) and self._waiting():
            self._input.readinto(self._byte)
            buffer[count] = self._byte[0]
            count += 1
        return count

    def write(self, buffer, count):
        self._output.write(buffer, count)


class Panel:
    """The SSD1306 on I2C, written window by window with its own addressing commands. Every
    method raises ``OSError`` when the panel does not answer (``padloop`` retries it)."""

    def __init__(self):
        self._i2c = machine.I2C(I2C_ID, sda=machine.Pin(SDA_PIN), scl=machine.Pin(SCL_PIN), freq=I2C_FREQ)
        self._command = bytearray(2)
        self._command[0] = 0x80            # control byte: one command follows
        self._data = [b"\x40", b""]        # control byte: display data follows

    def _send(self, command):
        self._command[1] = command
        self._i2c.writeto(OLED_ADDRESS, self._command)

    def start(self):
        for command in PANEL_INIT:
            self._send(command)

    def setup(self):
        for command in PANEL_SETUP:
            self._send(command)

    def write_window(self, first_page, last_page, first_column, last_column, data):
        self._send(0x21)
        self._send(first_column)
        self._send(last_column)
        self._send(0x22)
        self._send(first_page)
        self._send(last_page)
        self._data[1] = data
        self._i2c.writevto(OLED_ADDRESS, self._data)

    def contrast(self, level):
        self._send(0x81)
        self._send(level)

    def power(self, on):
        self._send(0xAF if on else 0xAE)


def now_ms():
    """``time.ticks_ms()``: it wraps (at 2**30 on the RP2040) and so is always a small int.
    ``padloop`` takes differences modulo 2**30 and counts the wraps for the wire's 32-bit ms; a
    running total would pass 2**30 after 12.4 days and be a heap-allocated big int from then on,
    allocated again at every pass."""
    return time.ticks_ms()


def nonce():
    """Changes at every boot, so the console knows a replugged pad restarted its numbering."""
    return int.from_bytes(os.urandom(2), "big")


def watchdog():
    """Started last, once the loop is about to run: it cannot be stopped again."""
    return machine.WDT(timeout=WATCHDOG_MS)


def idle():
    time.sleep_ms(1)
