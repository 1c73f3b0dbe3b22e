"""A GPIO chip in memory, for the gpiod pad backend where no kernel chip exists: the buttons'
counterpart of :mod:`hal.mock_bus` (and of gpiozero's ``MockFactory``).

Why a fake: the kernel's own simulated chips (``gpio-sim`` through configfs, or the older
``gpio-mockup`` module) would let the real ``gpiod.Chip`` run unchanged, but they need a kernel
built with them and root to load them; the development VM's kernel has neither (no modules, no
configfs), and neither has a CI machine. So this stands in for the kernel side only: it takes
the real ``gpiod.LineSettings`` and hands out the real ``gpiod.EdgeEvent``, ``gpiod.ChipInfo``,
``gpiod.LineInfo`` and ``gpiod.line.Value``, and each line request has a real file descriptor
(an ``eventfd``) that becomes readable when an edge is queued, exactly what the pad's thread
blocks on with ``select()``. Busy lines are refused with ``EBUSY`` as the kernel does.

    chips = MockChips(MockChip("pinctrl-bcm2835"))
    pad = GpiodPad(1, pins, events, chips=chips)
    chips.chip.press(17)          # GPIO17 to GND: a falling edge
"""
from __future__ import annotations

import errno
import itertools
import os
import select
import threading
import time
from typing import Any, Iterable

import gpiod
from gpiod.line import Bias, Direction, Drive, Edge, Value
from gpiod.line import Clock as EventClock

_FALLING = gpiod.EdgeEvent.Type.FALLING_EDGE.value
_RISING = gpiod.EdgeEvent.Type.RISING_EDGE.value


class MockLineRequest:
    """Lines requested from a :class:`MockChip`; ``fd`` is readable while edges wait."""

    def __init__(self, chip: MockChip, settings: dict[int, gpiod.LineSettings], consumer: str) -> None:
        self.chip = chip
        self.settings = settings
        self.consumer = consumer
        self.fd = os.eventfd(0, os.EFD_NONBLOCK | os.EFD_CLOEXEC)
        self._queued: list[gpiod.EdgeEvent] = []
        self._lock = threading.Lock()
        self.released = False
        self.reads = 0

    @property
    def offsets(self) -> list[int]:
        return list(self.settings)

    def fileno(self) -> int:
        return self.fd

    def queue(self, event: gpiod.EdgeEvent) -> None:
        with self._lock:
            if self.released:
                return
            self._queued.append(event)
            os.eventfd_write(self.fd, 1)

    def read_edge_events(self, max_events: int | None = None) -> list[gpiod.EdgeEvent]:
        """Like the kernel's read(): blocks while nothing is queued (the pad selects first)."""
        with self._lock:
            if self.released:
                raise gpiod.RequestReleasedError()
            self.reads += 1
            try:
                os.eventfd_read(self.fd)
            except BlockingIOError:
                pass
            events, self._queued = self._queued, []
            return events

    def wait_edge_events(self, timeout: float | None = None) -> bool:
        return bool(select.select([self.fd], [], [], timeout)[0])

    def get_value(self, line: int) -> Value:
        if self.released:
            raise gpiod.RequestReleasedError()
        return Value.ACTIVE if self.chip.levels[line] else Value.INACTIVE

    def release(self) -> None:
        with self._lock:
            if self.released:
                return
            self.released = True
            os.close(self.fd)
        self.chip._release(self)


class MockChip:
    """A chip of ``num_lines`` lines, named ``GPIO0``.. when ``named`` (as the Pi's are).

    Inputs with ``Bias.PULL_UP`` idle high; :meth:`press` pulls a line to GND (a falling edge),
    :meth:`release` lets it go (rising). Edges reach a request only for lines it asked edge
    detection on, as in the kernel.
    """

    def __init__(self, label: str = "pinctrl-bcm2835", num_lines: int = 54, *, named: bool = True,
                 name: str = "gpiochip0") -> None:
        self.label = label
        self.name = name
        self.num_lines = num_lines
        self.names = [f"GPIO{offset}" if named else "" for offset in range(num_lines)]
        self.levels = [True] * num_lines
        self.owners: dict[int, MockLineRequest] = {}
        self.foreign: dict[int, str] = {}
        self.opened = 0
        self._seqno = itertools.count(1)
        self._lock = threading.Lock()

    # ----- what gpiod.Chip offers -----------------------------------------------------------
    def get_info(self) -> gpiod.ChipInfo:
        return gpiod.ChipInfo(self.name, self.label, self.num_lines)

    def line_offset_from_id(self, id: str | int) -> int:
        if isinstance(id, int):
            if not 0 <= id < self.num_lines:
                raise ValueError("line offset of out range")
            return id
        if id in self.names and id:
            return self.names.index(id)
        raise OSError(errno.ENOENT, f"no line named {id}")

    def get_line_info(self, line: int | str) -> gpiod.LineInfo:
        offset = self.line_offset_from_id(line)
        owner = self.owners.get(offset)
        settings = owner.settings[offset] if owner else gpiod.LineSettings()
        consumer = owner.consumer if owner else self.foreign.get(offset, "")
        return gpiod.LineInfo(offset, self.names[offset], owner is not None or offset in self.foreign,
                              consumer, settings.direction.value, settings.active_low,
                              settings.bias.value, Drive.PUSH_PULL.value, settings.edge_detection.value,
                              EventClock.MONOTONIC.value, bool(settings.debounce_period),
                              int(settings.debounce_period.total_seconds() * 1e6))

    def request_lines(self, config: dict[Any, gpiod.LineSettings | None],
                      consumer: str | None = None) -> MockLineRequest:
        settings: dict[int, gpiod.LineSettings] = {}
        for key, value in config.items():
            lines: Iterable[int | str] = key if isinstance(key, tuple) else (key,)
            for line in lines:
                offset = self.line_offset_from_id(line)
                if value is not None and not isinstance(value, gpiod.LineSettings):
                    raise TypeError("settings must be gpiod.LineSettings")
                settings[offset] = value or gpiod.LineSettings()
        with self._lock:
            for offset in settings:
                if offset in self.owners or offset in self.foreign:
                    raise OSError(errno.EBUSY, os.strerror(errno.EBUSY))
            request = MockLineRequest(self, settings, consumer or "?")
            for offset, line_settings in settings.items():
                self.owners[offset] = request
                if line_settings.direction is Direction.INPUT:
                    self.levels[offset] = line_settings.bias is not Bias.PULL_DOWN
        return request

    def close(self) -> None:
        pass

    # ----- the world outside the chip -------------------------------------------------------------
    def hold(self, offset: int, consumer: str) -> None:
        """Another program holds the line (for busy-line tests)."""
        self.foreign[offset] = consumer

    def press(self, offset: int) -> None:
        self._drive(offset, False)

    def release(self, offset: int) -> None:
        self._drive(offset, True)

    def _drive(self, offset: int, high: bool) -> None:
        with self._lock:
            if self.levels[offset] == high:
                return
            self.levels[offset] = high
            owner = self.owners.get(offset)
        if owner is None:
            return
        edge = owner.settings[offset].edge_detection
        wanted = (edge is Edge.BOTH or (edge is Edge.RISING and high)
                  or (edge is Edge.FALLING and not high))
        if wanted:
            seqno = next(self._seqno)
            owner.queue(gpiod.EdgeEvent(_RISING if high else _FALLING, time.monotonic_ns(),
                                        offset, seqno, seqno))

    def _release(self, request: MockLineRequest) -> None:
        with self._lock:
            for offset in request.settings:
                if self.owners.get(offset) is request:
                    del self.owners[offset]


class MockChips:
    """The machine's chips: ``/dev/gpiochipN`` paths for each :class:`MockChip` given."""

    def __init__(self, *chips: MockChip) -> None:
        self.by_path = {f"/dev/gpiochip{index}": chip for index, chip in enumerate(chips)}

    @property
    def chip(self) -> MockChip:
        """The first chip (the only one, in most tests)."""
        return next(iter(self.by_path.values()))

    def paths(self) -> list[str]:
        return list(self.by_path)

    def open(self, path: str) -> MockChip:
        try:
            chip = self.by_path[path]
        except KeyError:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path) from None
        chip.opened += 1
        return chip
