"""The single queue that all pads deliver into and the firmware blocks on.

One queue for every pad keeps the order of presses across players (who pressed first) and lets
the firmware sleep in one blocking ``get`` instead of polling: idle CPU stays near zero.
"""
from __future__ import annotations

import queue
import threading

from hal.buttons import ButtonEvent
from hal.errors import ConsoleClosed

_CLOSED = object()
_NUDGE = object()


class EventQueue:
    """A thread-safe FIFO of :class:`ButtonEvent`, closable so a blocked reader wakes up."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._closed = threading.Event()

    def put(self, event: ButtonEvent) -> None:
        """Deliver an event; called by pads from their callback threads."""
        if not self._closed.is_set():
            self._queue.put(event)

    def get(self, timeout: float | None = None) -> ButtonEvent | None:
        """Block until the next event; ``None`` after ``timeout`` seconds with no event.

        Raises :class:`ConsoleClosed` once the console is closed (e.g. the simulator quit), so a
        firmware loop blocked here ends cleanly; events still queued then are dropped.
        """
        if self._closed.is_set():
            raise ConsoleClosed("console closed")
        try:
            item = self._queue.get(timeout=timeout)
        except queue.Empty:
            return None
        if item is _CLOSED:
            self._queue.put(_CLOSED)  # wake any other reader too
            raise ConsoleClosed("console closed")
        if item is _NUDGE:
            return None
        assert isinstance(item, ButtonEvent)
        return item

    def nudge(self) -> None:
        """Wake the reader as a timeout would (``get`` returns None now): a part that is not a
        pad button (the power button, a power board's request) has news for the firmware,
        which looks at it where it handles timers."""
        if not self._closed.is_set():
            self._queue.put(_NUDGE)

    def drain(self) -> list[ButtonEvent]:
        """Take every event already queued without blocking (e.g. to flush presses made during
        an animation)."""
        events: list[ButtonEvent] = []
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return events
            if item is _CLOSED:
                self._queue.put(_CLOSED)
                return events
            if item is _NUDGE:
                continue
            assert isinstance(item, ButtonEvent)
            events.append(item)

    def close(self) -> None:
        """Wake every blocked reader with :class:`ConsoleClosed`; later puts are dropped."""
        if not self._closed.is_set():
            self._closed.set()
            self._queue.put(_CLOSED)

    @property
    def closed(self) -> bool:
        return self._closed.is_set()
