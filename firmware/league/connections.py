"""Who may hold a connection to the league's page server, and for how long.

A café's network is open to anyone at its tables: one laptop holding hundreds of sockets open,
or sending its headers a byte at a time, must not keep the TV and the phones out. Tornado's
HTTP server serves every connection in one event loop; around it:

- at most :data:`MAX_CONNECTIONS` at once, and :data:`MAX_PER_CLIENT` from one address (a
  browser opens six at most to a site, plus the page's event stream);
- when either is reached, the connection that has waited longest without a request (a socket
  left open, a kept-alive connection between two requests) is closed to make room: a visitor
  who asks for a page gets it; a new connection is refused only when every one held is serving
  a request or following the page's stream;
- a connection must send its whole request head within :data:`HEADER_TIMEOUT` seconds of
  connecting or of its previous answer (Tornado's idle and header timeout), else it is closed;
- a request head over :data:`MAX_HEADERS` bytes is answered "431 Request Header Fields Too
  Large" (by the handlers, which see the head whole); Tornado reads at most
  :data:`READ_HEADERS` bytes of one and closes a connection that sends more.
"""
from __future__ import annotations

import time
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.iostream import IOStream

MAX_CONNECTIONS = 500
MAX_PER_CLIENT = 24
HEADER_TIMEOUT = 10.0
"""Seconds to send a request head (a browser sends it in milliseconds)."""
MAX_HEADERS = 8192
"""The largest request head answered (a browser's is well under 2 KiB); more: 431."""
READ_HEADERS = 65536
"""The most of a request head read before the connection is closed without an answer."""


class Server(HTTPServer):
    """Tornado's HTTP server with the limits above; ``busy`` is the set of streams serving a
    request now (the handlers keep it: :class:`firmware.league.web.Base`)."""

    def initialize(self, *args: Any, max_connections: int = MAX_CONNECTIONS,
                   max_per_client: int = MAX_PER_CLIENT, busy: set[Any] | None = None,
                   **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.max_connections = max_connections
        self.max_per_client = max_per_client
        self.busy: set[Any] = busy if busy is not None else set()
        self.accepted: dict[IOStream, tuple[str, float]] = {}
        """Each open connection's stream: its client's address and when it last began waiting
        for a request."""
        self.refused = 0
        self.evicted = 0

    @property
    def open_connections(self) -> int:
        return len(self._connections)

    def handle_stream(self, stream: IOStream, address: Any) -> None:
        client = str(address[0]) if address else ""
        mine = [s for s, (who, _) in self.accepted.items() if who == client]
        room = (len(mine) < self.max_per_client or self._evict(mine)) and (
            len(self.accepted) < self.max_connections or self._evict(list(self.accepted)))
        if not room:
            self.refused += 1
            stream.close()
            return
        self.accepted[stream] = (client, time.monotonic())
        super().handle_stream(stream, address)

    def _evict(self, streams: list[IOStream]) -> bool:
        """Close the one of ``streams`` that has waited longest without a request; False when
        every one is serving a request."""
        idle = [s for s in streams if s not in self.busy and not s.closed()]
        if not idle:
            return False
        oldest = min(idle, key=lambda s: self.accepted[s][1])
        self.evicted += 1
        self.accepted.pop(oldest, None)
        oldest.close()
        return True

    def finished(self, stream: Any) -> None:
        """A request on ``stream`` was answered: it waits for the next one from now."""
        self.busy.discard(stream)
        if stream in self.accepted:
            self.accepted[stream] = (self.accepted[stream][0], time.monotonic())

    def on_close(self, server_conn: Any) -> None:
        stream = getattr(server_conn, "stream", None)
        self.accepted.pop(stream, None)     # type: ignore[arg-type]
        self.busy.discard(stream)
        super().on_close(server_conn)


def make_server(app: Any, *, max_connections: int = MAX_CONNECTIONS, max_per_client: int = MAX_PER_CLIENT,
                header_timeout: float = HEADER_TIMEOUT) -> Server:
    """The page server for ``app`` (whose handlers mark the streams they serve in
    ``app.settings["busy"]`` and tell the server when they are done)."""
    server = Server(app, idle_connection_timeout=header_timeout, body_timeout=10, max_body_size=4096,
                    max_header_size=READ_HEADERS, xheaders=False, max_connections=max_connections,
                    max_per_client=max_per_client, busy=app.settings["busy"])
    app.settings["server"] = server
    return server
