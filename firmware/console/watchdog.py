"""systemd's service notifications (``sd_notify``), in a few lines of pure Python.

systemd passes ``NOTIFY_SOCKET`` (a datagram socket, ``@`` for the abstract namespace) and,
with ``WatchdogSec=``, ``WATCHDOG_USEC`` (and ``WATCHDOG_PID``). The console says
``READY=1`` once it runs and ``WATCHDOG=1`` from its main loop, only while that loop turns:
a hung loop stops the pings and systemd restarts the service. Outside systemd every call
does nothing.
"""
from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Mapping
from typing import Protocol

log = logging.getLogger("pitchpad.watchdog")


class LoopWatch(Protocol):
    """What a main loop tells the watchdog: :class:`Watchdog` itself, or a wrapper that also
    watches the loop (``firmware.console.safe_mode.HealthyStart`` clears the failed starts once
    the loop has turned a while)."""

    @property
    def poll(self) -> float | None:
        """The longest the loop may block between two pings (None: no limit)."""

    def ready(self) -> None: ...

    def ping(self) -> None: ...

    def stopping(self) -> None: ...


class Watchdog:
    """Talks to systemd; ``interval`` is the watchdog period in seconds, or None."""

    def __init__(self, address: str | None = None, interval: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.address = address
        self.interval = interval
        self.clock = clock
        self.last_ping: float | None = None
        self._socket: socket.socket | None = None

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> Watchdog:
        address = environ.get("NOTIFY_SOCKET") or None
        interval = None
        usec = environ.get("WATCHDOG_USEC", "")
        pid = environ.get("WATCHDOG_PID", "")
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            interval = int(usec) / 1_000_000
        return cls(address, interval)

    @property
    def poll(self) -> float | None:
        """The longest the main loop may block: half the watchdog period (None: no limit)."""
        return None if self.interval is None else self.interval / 2

    def notify(self, message: str) -> bool:
        """Send one notification; False (and no exception) when it cannot be sent."""
        if not self.address:
            return False
        target = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        try:
            if self._socket is None:
                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._socket.sendto(message.encode(), target)
            return True
        except OSError as exc:
            log.warning("cannot notify systemd at %s (%s)", self.address, exc)
            return False

    def ready(self) -> None:
        self.notify("READY=1")
        self.ping()

    def ping(self) -> None:
        """Tell the watchdog the loop is alive (at most four times per period)."""
        if self.interval is None:
            return
        now = self.clock()
        if self.last_ping is not None and now - self.last_ping < self.interval / 4:
            return
        if self.notify("WATCHDOG=1"):
            self.last_ping = now

    def stopping(self) -> None:
        self.notify("STOPPING=1")

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None
