"""A pad board in a thread: the real ``padboard.padloop`` on the master end of a pty, the
console's pyserial on the slave end behind a stable ``by-id`` symlink, optional line faults."""
from __future__ import annotations

import os
import random
import select
import threading
import time
import tty
from pathlib import Path
from typing import Callable

from padboard.padloop import PadLoop
from hal import serial_protocol as wire
from hal.buttons import Button

BUTTONS = [Button[name] for name in wire.BUTTON_NAMES]
#: For tests that count every event: a pad thread starved by a busy machine is not an unplug.
PATIENT = 3.0


def wait_for(condition: Callable[[], object], timeout: float = 15.0, what: str = "condition") -> None:
    """Wait until ``condition()`` is true; fail the test after ``timeout`` (never a pass by time;
    generous, because the suite runs on shared, busy cores)."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.002)


class Faults:
    """Damage on the line, from a seeded generator: bytes replaced at ``byte_error`` rate, frames
    cut short at ``truncate`` rate, bursts of 1..64 random bytes at ``garbage`` rate."""

    def __init__(self, seed: int, *, byte_error: float = 0.0, truncate: float = 0.0,
                 garbage: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.byte_error = byte_error
        self.truncate = truncate
        self.garbage = garbage
        self.enabled = True
        self.damaged = 0

    def mangle(self, data: bytes) -> bytes:
        if not self.enabled or not data:
            return data
        rng = self.rng
        out = bytearray(data)
        if self.byte_error:
            for at in range(len(out)):
                if rng.random() < self.byte_error:
                    out[at] = rng.randrange(256)
                    self.damaged += 1
        if self.truncate and rng.random() < self.truncate:
            cut = rng.randrange(len(out))
            del out[cut:cut + rng.randrange(1, len(out) - cut + 1)]
            self.damaged += 1
        if self.garbage and rng.random() < self.garbage:
            at = rng.randrange(len(out) + 1)
            out[at:at] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 65)))
            self.damaged += 1
        return bytes(out)


class FakePanel:
    """What an SSD1306 would show: page-ordered bytes, contrast and power. A hand-written model
    (no SSD1306 runs on a PC; the MicroPython bench drives board.py's real I2C code against a
    model of the controller). ``unplugged`` makes every call fail as a loose I2C wire does, and
    a panel that comes back has lost its picture (RAM garbage, display off) until started."""

    def __init__(self) -> None:
        self.frame = bytearray(wire.WIDTH * wire.PAGES)
        self.level: int | None = None
        self.on = True
        self.updated_at = 0.0
        self.unplugged = False
        self.started = 0
        self.set_up = 0
        self.failures = 0

    def _answer(self) -> None:
        if self.unplugged:
            self.failures += 1
            self.frame[:] = bytes(range(256)) * 4      # what it will show when power comes back
            self.on = False
            raise OSError(5, "EIO")

    def start(self) -> None:
        self._answer()
        self.started += 1
        self.on = True

    def setup(self) -> None:
        """The set-up without display-off and display-on: a lit panel stays lit, a dark one
        (power lost) stays dark until ``power(True)``."""
        self._answer()
        self.set_up += 1

    def lose_power(self) -> None:
        """VCC came loose and back between two writes: nothing failed, the panel answers, but it
        is dark with garbage in RAM, as after a power-up."""
        self.frame[:] = bytes(range(256)) * 4
        self.on = False

    def write_window(self, first_page: int, last_page: int, first_column: int, last_column: int,
                     data: bytes) -> None:
        self._answer()
        wire.apply_windows(bytes((first_page, last_page, first_column, last_column)) + bytes(data), self.frame)
        self.updated_at = time.monotonic()

    def contrast(self, level: int) -> None:
        self._answer()
        self.level = level

    def power(self, on: bool) -> None:
        self._answer()
        self.on = on


class PtyLink:
    """The pad's side of the line: the pty master, non-blocking, through the faults."""

    def __init__(self, fd: int, faults: Faults | None) -> None:
        self.fd = fd
        self.faults = faults
        os.set_blocking(fd, False)

    def read(self, limit: int = 4096) -> bytes:
        try:
            data = os.read(self.fd, limit)
        except (BlockingIOError, OSError):
            return b""
        return self.faults.mangle(data) if self.faults else data

    def readinto(self, buffer: bytearray) -> int:
        data = self.read(len(buffer))[:len(buffer)]
        buffer[:len(data)] = data
        return len(data)

    def write(self, buffer: bytes | bytearray, count: int | None = None) -> None:
        frame = bytes(buffer[:count] if count is not None else buffer)
        data = memoryview(self.faults.mangle(frame) if self.faults else frame)
        while data:
            try:
                data = data[os.write(self.fd, data):]
            except BlockingIOError:
                select.select([], [self.fd], [], 0.01)
            except OSError:
                return


class PadBoard:
    """A plugged-in pad board. ``path`` is the stable symlink the console config names."""

    def __init__(self, path: Path, pad_id: int = 1, *, faults: Faults | None = None,
                 debounce_ms: int = 20, nonce: int | None = None,
                 make_link: Callable[[int, Faults | None], PtyLink] = PtyLink) -> None:
        self.path = path
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)             # as pyserial will: no echo of the pad's own frames
        self.levels = [False] * len(BUTTONS)
        self.panel = FakePanel()
        self.faults = faults
        self.lock = threading.Lock()
        self.accepted: list[tuple[Button, bool]] = []
        self.loop = PadLoop(pad_id, make_link(self.master, faults), self.keys, self.panel,
                            lambda: int(time.monotonic() * 1000),
                            random.getrandbits(16) if nonce is None else nonce, debounce_ms=debounce_ms)
        self.running = threading.Event()
        self.running.set()
        self.paused = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink():
            path.unlink()
        path.symlink_to(os.ttyname(self.slave))
        self._thread.start()

    def keys(self) -> int:
        return sum(1 << index for index, level in enumerate(self.levels) if level)

    def _run(self) -> None:
        while self.running.is_set():
            if not self.paused.is_set():
                with self.lock:
                    before = list(self.loop.pressed)
                    self.loop.poll()
                    for index, (was, now) in enumerate(zip(before, self.loop.pressed)):
                        if was != now:
                            self.accepted.append((BUTTONS[index], now))
            select.select([self.master], [], [], 0.001)

    def press(self, button: Button) -> None:
        self._set(button, True)

    def release(self, button: Button) -> None:
        self._set(button, False)

    def tap(self, button: Button) -> None:
        self.press(button)
        self.release(button)

    def _set(self, button: Button, level: bool) -> None:
        index = BUTTONS.index(button)
        self.levels[index] = level
        wait_for(lambda: self.loop.pressed[index] == level, what=f"pad to take {button.name}={level}")

    @property
    def frame(self) -> bytes:
        return bytes(self.panel.frame)

    def unplug(self) -> None:
        """Power gone: the loop stops, the by-id link vanishes, both pty ends close."""
        self.running.clear()
        self._thread.join(timeout=2)
        if self.path.is_symlink():
            self.path.unlink()
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
