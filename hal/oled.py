"""OLED screens (SSD1306 and SH1106, I2C or SPI) through luma.oled, sending only what changed.

luma's ``display()`` sends all 1024 bytes of every frame (23 ms at 400 kHz). This screen keeps a
copy of the panel's memory (GDDRAM) and sends only the changed 8-row pages, narrowed to the
changed columns where that is smaller, with the controller's own page/column addressing; an
unchanged frame sends nothing. luma still does what it does well: the init sequence, contrast,
on/off and the serial interfaces.

A loose wire never ends a match: bus errors are caught, logged once, and retried with back-off
on a timer; when the panel answers again it is re-initialised and fully redrawn.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from luma.core.error import DeviceNotFoundError
from PIL import Image

from hal.clock import Clock, SystemClock, Timer
from hal.errors import ScreenNotAnswering
from hal.screen import PAGES, WIDTH, Screen, check_contrast, to_pages

log = logging.getLogger(__name__)

#: What a dead or loose bus raises: errno 121/5 from the data path, DeviceNotFoundError from
#: luma's command path (which converts them), anything else the kernel driver may report.
BUS_ERRORS: tuple[type[BaseException], ...] = (OSError, DeviceNotFoundError)
FIRST_BACKOFF = 0.25
LONGEST_BACKOFF = 8.0
NOP = 0xE3
INVERT_OFF, INVERT_ON = 0xA6, 0xA7
INVERTED = bytes(255 - value for value in range(256))
#: Control/address bytes around each transfer: [addr][0x00]+command, [addr][0x40]+data.
TRANSFER_OVERHEAD = 2


class SerialInterface(Protocol):
    """luma's serial interface contract (``luma.core.interface.serial.i2c`` / ``spi``)."""

    def command(self, *cmd: int) -> None: ...
    def data(self, data: Any) -> None: ...
    def cleanup(self) -> None: ...


@dataclass(frozen=True)
class Window:
    """A rectangle of GDDRAM to rewrite: pages ``first_page..last_page``, columns
    ``first_column..last_column`` (inclusive, as the controller's commands take them)."""

    first_page: int
    last_page: int
    first_column: int
    last_column: int

    @property
    def size(self) -> int:
        return (self.last_page - self.first_page + 1) * (self.last_column - self.first_column + 1)


class Addressing:
    """How a controller is told where the next data bytes go."""

    #: Command bytes to set up one window.
    command_bytes: int
    #: Whether one window may span several pages (SSD1306 horizontal mode) or only one (SH1106).
    multi_page: bool

    def commands(self, window: Window) -> tuple[int, ...]:
        raise NotImplementedError


class Ssd1306Addressing(Addressing):
    """SSD1306 in horizontal addressing mode (luma's init sets it): a column range (0x21) and a
    page range (0x22) make a window that the data fills row of pages by row of pages."""

    command_bytes = 6
    multi_page = True

    def commands(self, window: Window) -> tuple[int, ...]:
        return (0x21, window.first_column, window.last_column, 0x22, window.first_page, window.last_page)


class Sh1106Addressing(Addressing):
    """SH1106 has page addressing only: a page (0xB0|page) and a start column as two nibbles.
    Its RAM is 132 columns wide with the 128 visible ones starting at column 2."""

    command_bytes = 3
    multi_page = False

    def __init__(self, column_offset: int = 2) -> None:
        self.column_offset = column_offset

    def commands(self, window: Window) -> tuple[int, ...]:
        column = window.first_column + self.column_offset
        return (0xB0 | window.first_page, column & 0x0F, 0x10 | column >> 4)


ADDRESSING: dict[str, Callable[[], Addressing]] = {"ssd1306": Ssd1306Addressing, "sh1106": Sh1106Addressing}


def changed_columns(panel: bytes, frame: bytes) -> dict[int, list[int]]:
    """The columns whose byte differs, for each page that has any."""
    changes = {}
    for page in range(PAGES):
        start = page * WIDTH
        old, new = panel[start:start + WIDTH], frame[start:start + WIDTH]
        if old != new:
            changes[page] = [column for column in range(WIDTH) if old[column] != new[column]]
    return changes


def column_runs(columns: list[int], gap: int) -> list[tuple[int, int]]:
    """Split sorted columns into ``(first, last)`` runs wherever more than ``gap`` unchanged
    columns lie between two changed ones (sending a gap costs more than a new window)."""
    runs: list[tuple[int, int]] = []
    for column in columns:
        if runs and column - runs[-1][1] - 1 <= gap:
            runs[-1] = (runs[-1][0], column)
        else:
            runs.append((column, column))
    return runs


def plan_cost(windows: list[Window], overhead: int) -> int:
    return sum(overhead + window.size for window in windows)


def _merge_pages(changes: list[tuple[int, int, int]], overhead: int) -> list[Window]:
    """Cheapest cover of per-page column spans by windows over runs of consecutive entries
    (a dynamic programme over at most 8 pages)."""
    best: list[tuple[int, list[Window]]] = [(0, [])]
    for k in range(1, len(changes) + 1):
        options = []
        for j in range(k):
            run = changes[j:k]
            window = Window(run[0][0], run[-1][0], min(c[1] for c in run), max(c[2] for c in run))
            cost, windows = best[j]
            options.append((cost + overhead + window.size, windows + [window]))
        best.append(min(options, key=lambda option: option[0]))
    return best[-1][1]


def plan_windows(panel: bytes | None, frame: bytes, addressing: Addressing) -> list[Window]:
    """A cheap set of windows (in bytes on the bus) that brings ``panel`` to ``frame``.

    Every changed byte is covered. Changed columns far apart are sent as separate windows;
    with multi-page addressing, changed pages are merged into taller windows when the saved
    set-up bytes outweigh the extra columns sent, and the cheaper of "one column span" and
    "separate column groups" is kept. An unknown panel (``None``) gets the whole frame.
    """
    if panel is None:
        if addressing.multi_page:
            return [Window(0, PAGES - 1, 0, WIDTH - 1)]
        return [Window(page, page, 0, WIDTH - 1) for page in range(PAGES)]
    overhead = 2 * TRANSFER_OVERHEAD + addressing.command_bytes
    changes = changed_columns(panel, frame)
    if not addressing.multi_page:
        return [Window(page, page, first, last)
                for page, columns in changes.items() for first, last in column_runs(columns, overhead)]
    spans = [(page, columns[0], columns[-1]) for page, columns in changes.items()]
    whole_width = _merge_pages(spans, overhead)
    every_column = sorted({column for columns in changes.values() for column in columns})
    grouped: list[Window] = []
    for first, last in column_runs(every_column, overhead):
        inside = [(page, [c for c in columns if first <= c <= last]) for page, columns in changes.items()]
        grouped += _merge_pages([(page, cols[0], cols[-1]) for page, cols in inside if cols], overhead)
    return min(whole_width, grouped, key=lambda windows: plan_cost(windows, overhead))


def flip_may_pay(panel: bytes | None, keep: bytes, budget: int) -> bool:
    """Whether rewriting for invert mode could cost less than ``budget`` bytes.

    A page that ``keep`` leaves unchanged differs from the panel in all its bytes once
    inverted, so flipping costs at least 128 bytes per such page: in the common small update
    (a cursor moving) that rules flipping out without planning it (half of the planning time).
    """
    if panel is None:
        return True
    unchanged = sum(panel[start:start + WIDTH] == keep[start:start + WIDTH]
                    for start in range(0, PAGES * WIDTH, WIDTH))
    return unchanged * WIDTH < budget


def window_bytes(frame: bytes, window: Window) -> bytes:
    return b"".join(frame[page * WIDTH + window.first_column:page * WIDTH + window.last_column + 1]
                    for page in range(window.first_page, window.last_page + 1))


class OledScreen(Screen):
    """A 128x64 SSD1306/SH1106 behind a luma serial interface (``i2c(...)`` or ``spi(...)``)."""

    def __init__(self, pad_id: int, serial: SerialInterface, *, driver: str = "ssd1306",
                 rotation: int = 0, clock: Clock | None = None, name: str | None = None) -> None:
        if driver not in ADDRESSING:
            raise ValueError(f"unknown screen driver {driver!r}; use one of {', '.join(ADDRESSING)}")
        if rotation not in (0, 180):
            raise ValueError("rotation must be 0 or 180")
        self.pad_id = pad_id
        self.name = name or f"pad {pad_id} screen ({driver})"
        self._serial = serial
        self._driver = driver
        self._addressing = ADDRESSING[driver]()
        self._rotation = rotation
        self._clock = clock or SystemClock()
        self._lock = threading.RLock()
        self._device: Any = None
        self._panel: bytes | None = None          # what GDDRAM holds; None = unknown
        self._inverted = False                    # invert mode (0xA7): GDDRAM holds the inverse
        self._wanted = bytes(WIDTH * PAGES)       # the last frame the firmware asked for
        self._level = 0xCF
        self._on = True
        self._down_since: float | None = None
        self._backoff = FIRST_BACKOFF
        self._retry: Timer | None = None
        self._closed = False
        self.failures = 0
        self.retries = 0
        self.reconnections = 0
        with self._lock:
            try:
                self._connect()
            except BUS_ERRORS as error:
                self._went_down(error)

    @property
    def answering(self) -> bool:
        """False while the panel is not answering and being retried."""
        return self._down_since is None

    def check(self) -> None:
        """Raise :class:`ScreenNotAnswering` if the panel is down (for a diagnostics page)."""
        if not self.answering:
            raise ScreenNotAnswering(f"{self.name} is not answering; retrying")

    def display(self, image: Image.Image) -> None:
        if self._rotation == 180:
            image = image.rotate(180)
        frame = to_pages(image)
        with self._lock:
            self._wanted = frame
            if self._closed or not self.answering:
                return
            try:
                self._send(frame)
            except BUS_ERRORS as error:
                self._went_down(error)

    def contrast(self, level: int) -> None:
        with self._lock:
            self._level = check_contrast(level)
            self._command_or_go_down(lambda: self._device.contrast(level))

    def power(self, on: bool) -> None:
        with self._lock:
            self._on = bool(on)
            self._command_or_go_down(self._device.show if on else self._device.hide)

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._retry is not None:
                self._retry.cancel()
            try:
                if self._device is not None and self.answering:
                    self._device.cleanup()
                else:
                    self._serial.cleanup()
            except BUS_ERRORS:
                pass

    def _command_or_go_down(self, command: Callable[[], None]) -> None:
        if self._closed or not self.answering:
            return
        try:
            command()
        except BUS_ERRORS as error:
            self._went_down(error)

    def _connect(self) -> None:
        """Initialise the panel with luma's init sequence (which also clears GDDRAM, garbage
        after a power cut), restore contrast and power, then draw the wanted frame."""
        from luma.oled.device import sh1106, ssd1306

        self._panel = None
        make = ssd1306 if self._driver == "ssd1306" else sh1106
        self._device = make(self._serial, width=WIDTH, height=PAGES * 8, rotate=0)
        self._panel = bytes(WIDTH * PAGES)        # luma's init ends with a full clear
        self._inverted = False                    # and sets normal display (0xA6)
        self._device.contrast(self._level)
        if not self._on:
            self._device.hide()
        self._send(self._wanted)

    def _send(self, frame: bytes) -> None:
        """Bring the panel to ``frame`` in the fewest bus bytes.

        GDDRAM may hold the frame itself, or its inverse shown through the controller's invert
        mode (0xA7): when a frame is (nearly) the inverse of what is shown, as in a flashing
        "GOAL!", flipping the mode costs 3 bytes instead of a full redraw. The panel copy is
        unknown while writing (a failure half way leaves GDDRAM mixed) and is exact once every
        planned window is written, since the windows cover every byte that differed.
        """
        keep = frame if not self._inverted else frame.translate(INVERTED)
        flip = frame.translate(INVERTED) if not self._inverted else frame
        keep_plan = plan_windows(self._panel, keep, self._addressing)
        overhead = 2 * TRANSFER_OVERHEAD + self._addressing.command_bytes
        keep_cost = plan_cost(keep_plan, overhead)
        target, windows, flipping = keep, keep_plan, False
        if flip_may_pay(self._panel, keep, keep_cost - TRANSFER_OVERHEAD - 1):
            flip_plan = plan_windows(self._panel, flip, self._addressing)
            if plan_cost(flip_plan, overhead) + TRANSFER_OVERHEAD + 1 < keep_cost:
                target, windows, flipping = flip, flip_plan, True
        self._panel = None
        for window in windows:
            self._device.command(*self._addressing.commands(window))
            self._device.data(list(window_bytes(target, window)))
        if flipping:
            self._device.command(INVERT_ON if not self._inverted else INVERT_OFF)
            self._inverted = not self._inverted
        self._panel = target

    def _went_down(self, error: BaseException) -> None:
        self._panel = None
        self.failures += 1
        if self._down_since is None:
            self._down_since = self._clock.now()
            self._backoff = FIRST_BACKOFF
            log.warning("%s not answering (%s); retrying in the background", self.name, error)
        self._schedule_retry()

    def _schedule_retry(self) -> None:
        if self._retry is not None:
            self._retry.cancel()
        self._retry = self._clock.call_later(self._backoff, self._try_again)
        self._backoff = min(self._backoff * 2, LONGEST_BACKOFF)

    def _try_again(self) -> None:
        with self._lock:
            self._retry = None
            if self._closed or self.answering:
                return
            self.retries += 1
            try:
                if self._device is not None:
                    self._serial.command(NOP)     # cheap probe before a full re-init
                self._connect()
            except BUS_ERRORS:
                self._panel = None
                self._schedule_retry()
                return
            down_for = self._clock.now() - (self._down_since or self._clock.now())
            self._down_since = None
            self.reconnections += 1
            log.warning("%s answering again after %.1f s; redrawn", self.name, down_for)
