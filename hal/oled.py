"""OLED screens (SSD1306 and SH1106, I2C or SPI) through luma.oled, sending only what changed.

luma's ``display()`` sends all 1024 bytes of every frame (23 ms at 400 kHz). This screen keeps a
copy of the panel's memory (GDDRAM) and sends only the changed 8-row pages, narrowed to the
changed columns where that is smaller, with the controller's own page/column addressing; an
unchanged frame sends nothing. luma still does what it does well: the init sequence, contrast,
on/off and the serial interfaces.

A loose wire never ends a match: bus errors are caught, logged once, and retried with back-off
on a timer; when the panel answers again it is re-initialised and fully redrawn.

The luma device is built once per screen, over a :class:`_Tap` that records luma's init
sequence instead of sending it: luma registers an ``atexit`` hook per device, which keeps every
device ever built alive (about 330 kB each on SSD1306), so a wire that comes and goes must not
build new ones. (Re)connecting replays the recorded init.

A panel can also lose power between two transfers without any transfer failing (a loose VCC or
GND wire; always so on SPI, which has no ACK): it comes back dark, charge pump off, RAM garbage.
No transfer tells, so the screen looks every :data:`HEAL_EVERY` seconds, at instants that are
multiples of it on the monotonic clock (the screens of a console look in one wake-up of the timer
thread), at a moment when the screen has been still for :data:`HEAL_QUIET` seconds (never inside
a press's burst):

- an SH1106 on I2C answers a status read (1 byte: BUSY, and ON/OFF, which a power-up resets to
  off), so it is asked (4 bytes on the wire) and *heals* only when it says it is dark;
- any other panel (SSD1306, SH1106 on SPI, a clone whose status makes no sense) heals every time:
  it replays the init (without its display-off: a lit panel does not blink) and sends the whole
  frame, then display-on (about 1,065 bytes, 24 ms at 400 kHz).

:meth:`OledScreen.refresh` heals at once (the screensaver asks after each step), and a screen
switched on again after sleep heals as it does: the panel may have lost power meanwhile.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from luma.core.error import DeviceNotFoundError
from PIL import Image
from smbus2 import i2c_msg

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
DISPLAY_ON = 0xAF
DISPLAY_OFF = 0xAE
HEAL_EVERY = 4.8
"""Seconds between two looks at a still screen: the longest a silently power-cycled panel stays
dark. A heal is about 24 ms of a 400 kHz bus: healing every time takes 0.50 % of it per SSD1306,
0.998 % for two SSD1306 sharing a bus (the handheld). Two SH1106 (addressed page by page) would
take 1.04 %, over the 1 % budget; they answer a status read instead (4 bytes a look, 0.004 % for
two), and heal only after a power loss."""
STATUS_BUSY = 0x80
STATUS_OFF = 0x40
"""SH1106 status byte: BUSY (internal operation or reset) and ON/OFF, high while the display is
off (the opposite of the 0xAF/0xAE command); the other bits mean nothing."""
HEAL_QUIET = 1.0
"""A heal waits until the screen has shown no new frame for this long, so it never lands in the
middle of a press's redraws (the reveal follows a press by half a second; a heal would add 24 ms
of bus to that press)."""


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
    #: Whether its datasheet gives a status read on I2C (SH1106; the SSD1306's gives none).
    reads_status = False

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
    reads_status = True

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


class _Tap:
    """The serial interface luma's device talks through: records while luma builds the device
    (its init sequence, which must not reach the bus yet), forwards afterwards, and swallows
    everything once the screen is closed (luma's ``atexit`` hook then cleans up nothing)."""

    def __init__(self, serial: SerialInterface) -> None:
        self.serial = serial
        self.recording: list[tuple[str, tuple[int, ...]]] | None = []
        self.closed = False

    def command(self, *cmd: int) -> None:
        if self.recording is not None:
            self.recording.append(("command", tuple(cmd)))
        elif not self.closed:
            self.serial.command(*cmd)

    def data(self, data: Any) -> None:
        if self.recording is not None:
            self.recording.append(("data", ()))
        elif not self.closed:
            self.serial.data(data)

    def cleanup(self) -> None:
        if not self.closed:
            self.serial.cleanup()


def init_commands(recording: list[tuple[str, tuple[int, ...]]]) -> list[tuple[int, ...]]:
    """luma's init sequence without its screen clear (data, and the window commands before it:
    the whole frame we send next overwrites all of GDDRAM) and without its final display-on,
    which we send after the frame so the panel never shows RAM garbage."""
    commands: list[tuple[int, ...]] = []
    for kind, cmd in recording:
        if kind == "data":
            while commands and _is_window(commands[-1]):
                commands.pop()
        elif cmd[0] != 0x81:                      # luma's contrast: ours is restored after
            commands.append(cmd)
    while commands and commands[-1] == (DISPLAY_ON,):
        commands.pop()
    # Without its display-off: a heal of a lit panel must not blink it for the 24 ms of the frame
    # (a panel that lost power is off anyway, and one switched off stays off: nothing turns it on
    # but the display-on sent after the frame when it should be on).
    if commands and commands[0][:1] == (DISPLAY_OFF,):
        commands[0] = commands[0][1:]
        if not commands[0]:
            commands.pop(0)
    return commands


def _is_window(cmd: tuple[int, ...]) -> bool:
    """Addressing commands luma's ``display()`` sends before each block of frame data."""
    first = cmd[0]
    return first in (0x21, 0x22) or 0xB0 <= first <= 0xB7 or first <= 0x1F


StatusRead = Callable[[], int]
"""Reads a panel's status byte (:data:`STATUS_BUSY`, :data:`STATUS_OFF`)."""


def i2c_status_read(serial: SerialInterface) -> StatusRead | None:
    """How to read the status byte of the panel behind luma's ``i2c`` interface, or ``None``
    behind any other (these modules' SPI has no line back).

    :func:`read_status` through the smbus luma writes with. luma's ``i2c`` has no read of its
    own; it keeps its smbus and address as ``_bus`` and ``_addr`` (luma.core 2.x), which
    ``tests/hal/test_hal_oled_status.py`` checks on the installed luma."""
    bus = getattr(serial, "_bus", None)
    address = getattr(serial, "_addr", None)
    if bus is None or not hasattr(bus, "i2c_rdwr") or not isinstance(address, int):
        return None
    return lambda: read_status(bus, address)


def read_status(bus: Any, address: int) -> int:
    """The status byte of the panel at ``address`` on an smbus2-like ``bus``: a write of the
    control byte 0x00 (D/C low: what the panel sends next is its status, not RAM) and a 1-byte
    read, in one combined transfer (a repeated start: nothing else on the bus comes between
    them); 4 bytes on the wire. Raises the bus's ``OSError`` when nothing answers."""
    answer = i2c_msg.read(address, 1)
    bus.i2c_rdwr(i2c_msg.write(address, [0x00]), answer)
    return bytes(answer)[0]


def makes_sense(dark: int | None, lit: int | None) -> bool:
    """Whether two status reads, one taken with the display switched off and one with it on,
    tell the two apart (not busy, ON/OFF high then low). A clone that answers a constant byte,
    or no read at all, fails this and is healed every time instead."""
    if dark is None or lit is None:
        return False
    return dark & (STATUS_BUSY | STATUS_OFF) == STATUS_OFF and lit & (STATUS_BUSY | STATUS_OFF) == 0


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
        self._tap = _Tap(serial)
        self._read_status = i2c_status_read(serial) if self._addressing.reads_status else None
        self._reports_status: bool | None = None  # unknown until the panel is first reached, lit
        self._device: Any = self._build_device()
        assert self._tap.recording is not None
        self._init = init_commands(self._tap.recording)
        self._tap.recording = None
        self._panel: bytes | None = None          # what GDDRAM holds; None = unknown
        self._inverted = False                    # invert mode (0xA7): GDDRAM holds the inverse
        self._wanted = bytes(WIDTH * PAGES)       # the last frame the firmware asked for
        self._level = 0xCF
        self._on = True
        self._down_since: float | None = None
        self._backoff = FIRST_BACKOFF
        self._retry: Timer | None = None
        self._closed = False
        self._changed_at = self._clock.now()
        self._healed_at = self._changed_at
        self._heal_timer: Timer | None = None
        self.failures = 0
        self.retries = 0
        self.reconnections = 0
        self.heals = 0
        self.looks = 0
        """Status reads of a panel that reports its state (each in place of a heal)."""
        with self._lock:
            try:
                self._connect()
                self._schedule_heal(self._to_next_heal())
            except BUS_ERRORS as error:
                self._went_down(error)

    def _build_device(self) -> Any:
        """luma's device, built once over the recording tap: no bus traffic, so it cannot fail
        on a missing panel, and its init sequence is kept for every (re)connection."""
        from luma.oled.device import sh1106, ssd1306

        make = ssd1306 if self._driver == "ssd1306" else sh1106
        return make(self._tap, width=WIDTH, height=PAGES * 8, rotate=0)

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
            if frame != self._wanted:
                self._changed_at = self._clock.now()
            self._wanted = frame
            if self._closed or not self.answering:
                return
            try:
                self._send(frame)
            except BUS_ERRORS as error:
                self._went_down(error)

    def refresh(self) -> None:
        """Heal now: replay the init and send the whole frame, for a panel that may have lost
        power without a transfer failing (the screensaver calls this after each step)."""
        with self._lock:
            if self._closed or not self.answering:
                return
            try:
                self._connect()
            except BUS_ERRORS as error:
                self._went_down(error)
                return
            self.heals += 1
            self._healed_at = self._clock.now()

    def quiet(self) -> Any:
        """The screen's lock: a gauge read on the same bus never lands inside a frame."""
        return self._lock

    def contrast(self, level: int) -> None:
        with self._lock:
            self._level = check_contrast(level)
            self._command_or_go_down(lambda: self._device.contrast(level))

    def power(self, on: bool) -> None:
        """Display off (0xAE, 3 bytes), or on. While off the screen does not heal: a panel that
        lost power meanwhile is dark either way. Switched on again, it is redrawn whole (the
        init, the frame, then display-on: about 1,065 bytes, 24 ms at 400 kHz) rather than only
        told display-on: a panel that lost power while off holds garbage, and an SH1106 told
        display-on says "on" from then on, so no later look would ever find it out."""
        with self._lock:
            was_on, self._on = self._on, bool(on)
            if not on:
                self._command_or_go_down(self._device.hide)
                if self._heal_timer is not None:
                    self._heal_timer.cancel()
                    self._heal_timer = None
            elif was_on:
                self._command_or_go_down(self._device.show)
            elif self.answering and not self._closed:
                self.refresh()
                if self.answering:
                    self._schedule_heal(self._to_next_heal())

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            for timer in (self._retry, self._heal_timer):
                if timer is not None:
                    timer.cancel()
            try:
                if self.answering:
                    self._device.cleanup()
                else:
                    self._serial.cleanup()
            except BUS_ERRORS:
                pass
            self._tap.closed = True

    def _command_or_go_down(self, command: Callable[[], None]) -> None:
        if self._closed or not self.answering:
            return
        try:
            command()
        except BUS_ERRORS as error:
            self._went_down(error)

    def _connect(self) -> None:
        """Replay luma's init sequence (recorded once), restore contrast, send the wanted frame
        whole (GDDRAM holds garbage after a power cut), then switch the panel on (or leave it off
        if it was switched off).

        The first time a panel that may report its state is reached while it should be lit, its
        status is read once switched off and once lit (the only time a connection switches a
        panel off: about 25 ms, when the console starts), to learn whether it can be trusted."""
        self._panel = None
        probing = self._read_status is not None and self._reports_status is None and self._on
        dark = None
        if probing:
            self._serial.command(DISPLAY_OFF)
            dark = self._status_or_none()
        for command in self._init:
            self._serial.command(*command)
        self._inverted = False                    # the init sets normal display (0xA6)
        self._device.contrast(self._level)
        self._send(self._wanted)
        if self._on:
            self._device.show()
        if probing:
            self._reports_status = makes_sense(dark, self._status_or_none())
            if not self._reports_status:
                log.info("%s does not report whether it is lit: it is redrawn whole every %.1f s",
                         self.name, HEAL_EVERY)

    def _status_or_none(self) -> int | None:
        assert self._read_status is not None
        try:
            return self._read_status()
        except BUS_ERRORS:
            return None

    def _look(self) -> None:
        """The periodic look at a still, lit panel: a panel that reports its state is asked
        (4 bytes) and healed only if it says it is dark or busy (a power-up resets it to off);
        any other is healed."""
        if self._reports_status and self._read_status is not None:
            try:
                status = self._read_status()
            except BUS_ERRORS as error:
                self._went_down(error)
                return
            self.looks += 1
            if status & (STATUS_BUSY | STATUS_OFF) == 0:
                return
            log.warning("%s had gone dark (it lost power); redrawn", self.name)
        self.refresh()

    def _to_next_heal(self) -> float:
        """Seconds to the next multiple of :data:`HEAL_EVERY` on the clock: every screen of the
        console heals at the same instants (one wake-up), and a still screen never waits longer
        than :data:`HEAL_EVERY` between two heals."""
        now = self._clock.now()
        delay = (now // HEAL_EVERY + 1) * HEAL_EVERY - now
        return delay if delay > 0.01 else delay + HEAL_EVERY   # on the instant itself: the next

    def _schedule_heal(self, delay: float) -> None:
        if self._heal_timer is not None:
            self._heal_timer.cancel()
        self._heal_timer = self._clock.call_later(delay, self._heal_when_still)

    def _heal_when_still(self) -> None:
        """The periodic look: one timer at a time, at the multiples of :data:`HEAL_EVERY` (an
        idle console wakes for it once a period, all screens together), postponed while frames
        are still changing."""
        with self._lock:
            self._heal_timer = None
            if self._closed or not self.answering or not self._on:
                return
            now = self._clock.now()
            still_for = now - self._changed_at
            if still_for < HEAL_QUIET:
                self._schedule_heal(HEAL_QUIET - still_for)
                return
            if now - self._healed_at >= HEAL_QUIET:    # not twice in a row (refresh() just did)
                self._look()
                if not self.answering:
                    return                        # the retries take over
            self._schedule_heal(self._to_next_heal())

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
        if self._heal_timer is not None:          # the retries heal it when it answers
            self._heal_timer.cancel()
            self._heal_timer = None
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
                self._serial.command(NOP)         # cheap probe before a full re-init
                self._connect()
            except BUS_ERRORS:
                self._panel = None
                self._schedule_retry()
                return
            down_for = self._clock.now() - (self._down_since or self._clock.now())
            self._down_since = None
            self._healed_at = self._clock.now()
            self._schedule_heal(self._to_next_heal())
            self.reconnections += 1
            log.warning("%s answering again after %.1f s; redrawn", self.name, down_for)
