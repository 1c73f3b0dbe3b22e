"""Raw edges of many header lines at once, for ``pitchpad doctor --walk``.

The console's pads (:mod:`hal.gpiod_pad`) read only the lines the config names, debounced.
A builder checking the wiring needs the opposite: every line a button could have been soldered
to, and every edge as the kernel saw it, bounces and all, to say "GPIO21 arrived, the config
says GPIO20" or "it bounced for 31 ms". So one libgpiod v2 line request takes all the lines
given (inputs with the pull-up, both edges, no kernel debounce) and a thread blocked on its fd
hands each edge on; lines another program holds are left alone and listed in :attr:`held`.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from hal.edge_thread import EdgeThread
from hal.errors import BackendUnavailable
from hal.gpiod_out import request_failed
from hal.gpiod_pad import CONSUMER, Chips, SystemChips, _gpiod, find_header_chip, line_offset

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LineEdge:
    """One edge of a header line: ``low`` when it fell (a button closing to GND), at the
    kernel's ``timestamp`` (seconds, monotonic)."""

    gpio: int
    low: bool
    timestamp: float


class HeaderWatch:
    """The lines ``gpios`` as pull-up inputs reporting every edge to ``deliver`` (from its own
    thread). Lines in use by another program (``held``: GPIO -> its consumer) are skipped."""

    def __init__(self, gpios: Iterable[int], deliver: Callable[[LineEdge], None], *,
                 chips: Chips | None = None, chip: str = "auto", consumer: str = f"{CONSUMER} walk") -> None:
        gpiod = _gpiod()
        from gpiod.line import Bias, Direction, Edge

        chips = chips or SystemChips()
        self.chip_path = find_header_chip(chips, chip)
        self._deliver = deliver
        self._falling = gpiod.EdgeEvent.Type.FALLING_EDGE
        self._low = gpiod.line.Value.INACTIVE
        self.held: dict[int, str] = {}
        handle = chips.open(self.chip_path)
        try:
            offsets: dict[int, int] = {}
            for gpio in sorted(set(gpios)):
                offset = line_offset(handle, gpio)
                info = handle.get_line_info(offset)
                if info.used:
                    self.held[gpio] = info.consumer or "another program"
                else:
                    offsets[offset] = gpio
            settings = gpiod.LineSettings(direction=Direction.INPUT, edge_detection=Edge.BOTH,
                                          bias=Bias.PULL_UP)
            try:
                self._request: Any = handle.request_lines({tuple(offsets): settings}, consumer=consumer)
            except OSError as error:
                first = next(iter(offsets))
                raise BackendUnavailable(request_failed(f"the walk's lines on {self.chip_path}", handle,
                                                        offsets[first], first, error)) from None
        finally:
            handle.close()
        self._gpio_of = offsets
        self.watched: frozenset[int] = frozenset(offsets.values())
        self._lock = threading.Lock()
        self._reader = EdgeThread(self._request, self._edges, "walk-lines", self._reading_failed,
                                  lock=self._lock)

    def low_now(self) -> set[int]:
        """The watched lines reading low now: held down, or shorted to GND."""
        with self._lock:
            return {gpio for offset, gpio in self._gpio_of.items()
                    if self._request.get_value(offset) == self._low}

    def _edges(self, events: Any) -> None:
        for event in events:
            gpio = self._gpio_of.get(event.line_offset)
            if gpio is not None:
                self._deliver(LineEdge(gpio, event.event_type == self._falling, event.timestamp_ns / 1e9))

    @staticmethod
    def _reading_failed(error: Exception) -> None:
        log.error("the walk's lines: reading edges failed (%s)", error)

    def close(self) -> None:
        if not self._reader.stop():
            return
        with self._lock:
            self._request.release()
