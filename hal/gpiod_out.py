"""Output lines on the Pi's header through libgpiod v2 (``gpiod`` on PyPI): the possession
LEDs, and the D/C and RESET lines of SPI screens (luma's ``gpio=`` interface).

An output line is a line request the kernel holds: setting it is one ioctl, and nothing runs
between two changes, so an LED costs an idle console nothing (gpiozero's lgpio factory starts
lgpio's tx thread, which wakes at least 50 times a second whatever is connected). The request
is made on the header's chip, found by label as the buttons' is (:mod:`hal.gpiod_pad`);
``gpiod``'s ``LineRequest`` wants external locking across threads, so each line has a lock.
"""
from __future__ import annotations

import errno
import threading
from typing import Any

from hal.clock import Clock, SystemClock, Timer
from hal.errors import BackendUnavailable
from hal.gpiod_pad import CONSUMER, CONSUMER_CHARS, Chip, Chips, SystemChips, _gpiod, find_header_chip, line_offset
from hal.led import Led


def request_failed(where: str, handle: Chip, gpio: int, offset: int, error: OSError) -> str:
    """One line saying why the kernel refused a line: who holds it, permissions, or the number."""
    if error.errno == errno.EBUSY:
        info = handle.get_line_info(offset)
        return (f"{where}: GPIO{gpio} is in use by {info.consumer or 'another program'}: stop it, "
                f"or move the wire (a dtoverlay holding the pin?)")
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"{where}: permission denied: add the user to the gpio group"
    if error.errno == errno.EINVAL:
        return f"{where}: the kernel refused GPIO{gpio} ({error.strerror}); a number beyond this chip's lines?"
    return f"{where}: {error.strerror or error}"


class OutputLine:
    """One GPIO driven by this process: ``set(True)`` drives it high."""

    def __init__(self, gpio: int, what: str, *, chips: Chips | None = None, chip: str = "auto",
                 initial: bool = False) -> None:
        gpiod = _gpiod()
        from gpiod.line import Direction, Value

        consumer = f"{CONSUMER} {what}"
        if len(consumer) > CONSUMER_CHARS:
            raise ValueError(f"{consumer!r} is longer than the kernel keeps ({CONSUMER_CHARS} characters)")
        self.gpio = gpio
        self._values = (Value.INACTIVE, Value.ACTIVE)
        chips = chips or SystemChips()
        self.chip_path = find_header_chip(chips, chip)
        handle = chips.open(self.chip_path)
        try:
            self.offset = line_offset(handle, gpio)
            settings = gpiod.LineSettings(direction=Direction.OUTPUT, output_value=self._values[initial])
            try:
                self._request = handle.request_lines({self.offset: settings}, consumer=consumer)
            except OSError as error:
                raise BackendUnavailable(request_failed(f"{what} on {self.chip_path}", handle, gpio,
                                                        self.offset, error)) from None
        finally:
            handle.close()
        self._lock = threading.Lock()
        self._level = initial
        self._closed = False

    @property
    def level(self) -> bool:
        return self._level

    def read(self) -> bool:
        """The level the kernel has for the line (an ioctl, not the value last set here)."""
        with self._lock:
            return bool(self._request.get_value(self.offset) == self._values[1])

    def set(self, high: bool) -> None:
        with self._lock:
            if self._closed:
                return
            self._request.set_value(self.offset, self._values[bool(high)])
            self._level = bool(high)

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._request.release()


class GpiodLed(Led):
    """A possession LED (with its resistor) from a GPIO to GND, as an output line. Blinking
    uses clock timers, which exist only while it blinks."""

    def __init__(self, gpio: int, pad_id: int, *, chips: Chips | None = None, chip: str = "auto",
                 clock: Clock | None = None) -> None:
        self._line = OutputLine(gpio, f"pad {pad_id} LED", chips=chips, chip=chip)
        self._clock = clock or SystemClock()
        self._lock = threading.RLock()
        self._timer: Timer | None = None
        self._generation = 0
        self._blinking = False

    def _stop_blinking(self) -> None:
        self._generation += 1
        self._blinking = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def on(self) -> None:
        with self._lock:
            self._stop_blinking()
            self._line.set(True)

    def off(self) -> None:
        with self._lock:
            self._stop_blinking()
            self._line.set(False)

    def blink(self, on_time: float = 0.25, off_time: float = 0.25) -> None:
        with self._lock:
            self._stop_blinking()
            self._blinking = True
            self._toggle(True, on_time, off_time, self._generation)

    def _toggle(self, lit: bool, on_time: float, off_time: float, generation: int) -> None:
        with self._lock:
            if generation != self._generation:
                return
            self._line.set(lit)
            self._timer = self._clock.call_later(
                on_time if lit else off_time,
                lambda: self._toggle(not lit, on_time, off_time, generation))

    @property
    def is_lit(self) -> bool:
        return self._blinking or self._line.level

    def close(self) -> None:
        with self._lock:
            self._stop_blinking()
            self._line.close()


class LumaGpio:
    """What luma's ``spi(gpio=...)`` calls of RPi.GPIO, over gpiod output lines: ``setup(pin,
    OUT)`` requests the line, ``output(pin, value)`` sets it, ``cleanup()`` releases them. luma
    uses it for an SPI screen's D/C and RESET; RPi.GPIO itself cannot run on a Pi 5 ("Cannot
    determine SOC peripheral base address") and has no wheel. ``roles`` name the lines for
    ``gpioinfo`` (``{24: "D/C", 25: "RESET"}``), so the two read apart."""

    BCM = 11
    BOARD = 10
    OUT = 0
    IN = 1
    LOW = 0
    HIGH = 1

    def __init__(self, what: str, *, chips: Chips | None = None, chip: str = "auto",
                 roles: dict[int | None, str] | None = None) -> None:
        self._what = what
        self._roles = roles or {}
        self._chips = chips
        self._chip = chip
        self._lines: dict[int, OutputLine] = {}

    def setmode(self, mode: int) -> None:
        if mode != self.BCM:
            raise ValueError("only BCM GPIO numbers (GPIO.BCM) are supported")

    def setwarnings(self, flag: bool) -> None:
        pass

    def setup(self, pin: int, direction: int, initial: int = LOW, **_: Any) -> None:
        if direction != self.OUT:
            raise ValueError("only outputs (D/C, RESET) are supported")
        if pin in self._lines:
            self._lines[pin].set(bool(initial))
            return
        role = self._roles.get(pin, f"GPIO{pin}")
        self._lines[pin] = OutputLine(pin, f"{self._what} {role}", chips=self._chips, chip=self._chip,
                                      initial=bool(initial))

    def output(self, pin: int, value: int | bool) -> None:
        self._lines[pin].set(bool(value))

    def input(self, pin: int) -> int:
        """The level the kernel has for an output line (RPi.GPIO's ``input`` on an output)."""
        return self.HIGH if self._lines[pin].read() else self.LOW

    def cleanup(self, pins: Any = None) -> None:
        chosen = list(self._lines) if pins is None else list(pins if isinstance(pins, (list, tuple)) else [pins])
        for pin in chosen:
            line = self._lines.pop(pin, None)
            if line is not None:
                line.close()
