"""Time as an injectable dependency: a clock plus one-shot timers.

Debounce, auto-repeat, screen back-off and heals and tunes all need "now" and "call me later".
Real hardware uses :class:`SystemClock` (``time.monotonic`` and one timer thread); tests and the
headless simulator use :class:`ManualClock`, whose time moves only when told, so timing
behaviour is tested without sleeping and without flaky timed tests.
"""
from __future__ import annotations

import ctypes
import heapq
import itertools
import logging
import threading
import time
from typing import Callable, Protocol

log = logging.getLogger(__name__)


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


def name_this_thread(name: str) -> None:
    """Give the calling thread an OS name (``/proc/PID/task/TID/comm``, ``top -H``), so a
    per-thread wake-up count (``pitchpad doctor``) says whose it is. Linux only; else nothing."""
    try:
        ctypes.CDLL(None).prctl(15, name.encode()[:15], 0, 0, 0)   # PR_SET_NAME
    except (OSError, AttributeError):
        pass


COALESCE = 0.005
"""Timers due within this many seconds of each other run in one wake-up of the timer thread
(the screens' heals, aligned on the same instants, cost one wake-up, not one each)."""


class _ScheduledTimer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class _TimerThread:
    """Every :class:`SystemClock` timer of the process, run by one thread ("timers") that sleeps
    until the next is due: a timer costs one wake-up when it fires, nothing while it waits, and
    no thread is started per timer (``threading.Timer`` started one each: 2-3 wake-ups more).
    Actions run one after another on that thread; a cancelled timer is dropped when it comes due
    (or earlier, when it reaches the head of the queue)."""

    def __init__(self) -> None:
        self._due: list[tuple[float, int, _ScheduledTimer, Callable[[], None]]] = []
        self._order = itertools.count()
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def call_later(self, delay: float, action: Callable[[], None]) -> Timer:
        timer = _ScheduledTimer()
        with self._changed:
            heapq.heappush(self._due, (time.monotonic() + max(0.0, delay), next(self._order), timer, action))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="timers", daemon=True)
                self._thread.start()
            elif self._due[0][2] is timer:
                self._changed.notify()         # due before what the thread sleeps towards
        return timer

    def _next_batch(self) -> list[tuple[float, int, _ScheduledTimer, Callable[[], None]]]:
        with self._changed:
            while True:
                while self._due and self._due[0][2].cancelled:
                    heapq.heappop(self._due)
                if not self._due:
                    self._changed.wait()
                    continue
                wait = self._due[0][0] - time.monotonic()
                if wait <= 0:
                    break
                self._changed.wait(wait)
            horizon = time.monotonic() + COALESCE
            batch = []
            while self._due and self._due[0][0] <= horizon:
                batch.append(heapq.heappop(self._due))
            return batch

    def _run(self) -> None:
        name_this_thread("timers")
        while True:
            for _, _, timer, action in self._next_batch():
                if timer.cancelled:
                    continue
                try:
                    action()
                except Exception:            # noqa: BLE001 - a timer's bug must not stop the others
                    log.exception("a timer's action failed")


_TIMERS = _TimerThread()


class SystemClock:
    """The real clock: ``time.monotonic``, and the process's one timer thread."""

    def now(self) -> float:
        return time.monotonic()

    def call_later(self, delay: float, action: Callable[[], None]) -> Timer:
        return _TIMERS.call_later(delay, action)


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
