"""Time as an injectable dependency: a clock plus one-shot timers.

Debounce, auto-repeat, screen back-off and tunes all need "now" and "call me later". Real
hardware uses :class:`SystemClock` (``time.monotonic`` and ``threading.Timer``); tests and the
headless simulator use :class:`ManualClock`, whose time moves only when told, so timing
behaviour is tested without sleeping and without flaky timed tests.
"""
from __future__ import annotations

import heapq
import itertools
import threading
import time
from typing import Callable, Protocol


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """What the HAL needs from time."""

    def now(self) -> float:
        """Monotonic seconds."""
        ...

    def call_later(self, delay: float, action: Callable[[], None]) -> Timer:
        """Run ``action`` once, ``delay`` seconds from now, on some thread."""
        ...


class SystemClock:
    """The real clock: ``time.monotonic`` and daemon ``threading.Timer`` threads."""

    def now(self) -> float:
        return time.monotonic()

    def call_later(self, delay: float, action: Callable[[], None]) -> Timer:
        timer = threading.Timer(max(0.0, delay), action)
        timer.daemon = True
        timer.start()
        return timer


class _ManualTimer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that only moves in :meth:`advance`, firing due timers in time order.

    Timers run in the thread that calls :meth:`advance`, like gpiozero's mock pins run
    callbacks in the caller's thread.
    """

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._due: list[tuple[float, int, _ManualTimer, Callable[[], None]]] = []
        self._order = itertools.count()
        self._lock = threading.RLock()

    def now(self) -> float:
        return self._now

    def call_later(self, delay: float, action: Callable[[], None]) -> Timer:
        timer = _ManualTimer()
        with self._lock:
            heapq.heappush(self._due, (self._now + max(0.0, delay), next(self._order), timer, action))
        return timer

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds``, running every timer that falls due on the way."""
        target = self._now + seconds
        while True:
            with self._lock:
                if not self._due or self._due[0][0] > target:
                    break
                when, _, timer, action = heapq.heappop(self._due)
                self._now = max(self._now, when)
            if not timer.cancelled:
                action()
        self._now = target

    @property
    def pending(self) -> int:
        """Timers not yet fired or cancelled (tests check nothing is left running)."""
        with self._lock:
            return sum(1 for entry in self._due if not entry[2].cancelled)
