"""The thread that hands on a libgpiod v2 line request's edges, asleep until the kernel has one.

The pads' buttons (:mod:`hal.gpiod_pad`), the power inputs (:mod:`hal.power`) and the wiring
walk's raw lines (:mod:`hal.header_watch`) all read edges the same way: one thread blocked in
``select()`` on the request's file descriptor (nothing polls: an idle console never wakes for
them), reading every edge the kernel queued and handing the batch on. :meth:`EdgeThread.stop`
wakes it through a pipe, so closing never waits for an edge that may never come.
"""
from __future__ import annotations

import contextlib
import os
import select
import threading
from typing import Any, Callable

from hal.clock import name_this_thread


class EdgeThread:
    """Hands each batch of ``request``'s edge events to ``edges``, from a thread named ``name``.

    ``failed(error)``: reading the edges failed (the line request is gone); the thread ends
    there and the owner says what that means for its inputs. ``lock``: held while reading,
    when the owner reads the lines' values from another thread too.
    """

    def __init__(self, request: Any, edges: Callable[[Any], None], name: str,
                 failed: Callable[[Exception], None], lock: threading.Lock | None = None) -> None:
        self._request = request
        self._edges = edges
        self._failed = failed
        self._lock = lock
        self.stopped = False
        self._wake_read, self._wake_write = os.pipe()
        self.thread = threading.Thread(target=self._serve, args=(name,), name=name, daemon=True)
        self.thread.start()

    def _serve(self, name: str) -> None:
        """Sleep until the kernel has an edge (or :meth:`stop` wakes us), read them all."""
        name_this_thread(name)
        request_fd = self._request.fd
        while True:
            ready, _, _ = select.select([request_fd, self._wake_read], [], [])
            if self._wake_read in ready:
                return
            try:
                with self._lock or contextlib.nullcontext():
                    events = self._request.read_edge_events()
            except (OSError, ValueError) as error:
                if not self.stopped:
                    self._failed(error)
                return
            self._edges(events)

    def stop(self) -> bool:
        """Wake the thread, let it end and close the pipe; False when it was stopped already
        (the owner then has nothing left to release)."""
        if self.stopped:
            return False
        self.stopped = True
        os.write(self._wake_write, b"x")
        self.thread.join(timeout=2.0)
        os.close(self._wake_read)
        os.close(self._wake_write)
        return True
