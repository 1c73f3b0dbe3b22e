"""The league's page server: Tornado handlers for :mod:`firmware.league.page` (see
:mod:`firmware.league.server` for the headers, :mod:`firmware.league.connections` for the
limits). Every handler finds the league, the club and the shared state
(:class:`firmware.league.changes.Changes`) in the application's settings, and marks its
connection busy while it serves a request (a busy connection is never closed to make room).
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from typing import Any

import tornado.iostream
import tornado.web

from firmware.league import export, page
from firmware.league.changes import HEARTBEAT, MAX_STREAMS, PUSH_EVERY, Changes, log
from firmware.league.connections import MAX_HEADERS

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
       "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


class Base(tornado.web.RequestHandler):
    """Every answer: the security headers, no cache, the plain Server header; HEAD as GET."""

    @property
    def league(self) -> Any:
        return self.settings["league"]

    @property
    def changes(self) -> Changes:
        changes: Changes = self.settings["changes"]
        return changes

    def prepare(self) -> None:
        """The connection is busy until the answer is sent; a request head over
        :data:`~firmware.league.connections.MAX_HEADERS` bytes is answered 431."""
        self.settings["busy"].add(self._stream)
        request = self.request
        head = len(request.method or "") + len(request.uri or "") + len(request.version) + 4 + sum(
            len(name) + len(value) + 4 for name, value in request.headers.get_all())
        if head > MAX_HEADERS:
            raise tornado.web.HTTPError(431)

    def on_finish(self) -> None:
        server = self.settings.get("server")
        if server is not None:
            server.finished(self._stream)

    @property
    def _stream(self) -> Any:
        """The connection's socket stream (what the server counts)."""
        return getattr(self.request.connection, "stream", None)

    def set_default_headers(self) -> None:
        self.set_header("Server", "PitchPad league")
        self.set_header("Content-Security-Policy", CSP)
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-store")

    def reply(self, body: str | bytes, kind: str) -> None:
        self.set_header("Content-Type", kind)
        self.finish(body.encode("utf-8") if isinstance(body, str) else body)

    def head(self, *args: str) -> Awaitable[None] | None:
        return self.get(*args)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.reply(f"{status_code} {self._reason}\n", "text/plain; charset=utf-8")

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        if isinstance(value, tornado.web.HTTPError):
            return
        log.error("league: the page failed on %s (%s: %s)", self.request.path, typ.__name__, value)


class Page(Base):
    def get(self) -> None:
        self.reply(page.PAGE, "text/html; charset=utf-8")


class Css(Base):
    def get(self) -> None:
        self.set_header("Cache-Control", "max-age=300")
        self.reply(page.CSS, "text/css; charset=utf-8")


class Script(Base):
    def get(self) -> None:
        self.set_header("Cache-Control", "max-age=300")
        self.reply(page.JS, "text/javascript; charset=utf-8")


class State(Base):
    def get(self) -> None:
        self.reply(self.changes.state()[1], "application/json")


class Results(Base):
    def get(self) -> None:
        game = self.get_query_argument("game", None) or None
        games = self.changes.games
        if game is not None and game not in games:
            raise tornado.web.HTTPError(404)
        total = self.league.result_count(game=game)
        pages = max(1, -(-total // page.RESULTS_PAGE))
        try:
            number = min(max(1, int(self.get_query_argument("page", "1"))), pages)
        except ValueError:
            raise tornado.web.HTTPError(400) from None
        rows = self.league.results(page.RESULTS_PAGE, (number - 1) * page.RESULTS_PAGE, game=game)
        self.reply(page.results_page(self.settings["club"], rows, games, page=number, pages=pages,
                                     total=total, game=game), "text/html; charset=utf-8")


class Csv(Base):
    def get(self) -> None:
        game = self.get_query_argument("game", None) or None
        self.set_header("Content-Disposition", f'attachment; filename="{self.settings["club"]}-results.csv"')
        self.reply(export.results_csv(self.league, game=game), "text/csv; charset=utf-8")


class Events(Base):
    """The state on every change (Server-Sent Events), at most one push per :data:`PUSH_EVERY`,
    a comment every :data:`HEARTBEAT` seconds; 503 past the streams allowed (the page polls)."""

    gone = False

    async def head(self, *args: str) -> None:
        self.set_header("Content-Type", "text/event-stream")
        self.finish()

    async def get(self) -> None:
        league, changes = self.league, self.changes
        if league.streams >= self.settings["max_streams"]:
            self.set_status(503)
            self.set_header("Retry-After", "30")
            self.reply("too many pages are following the league; this one polls\n", "text/plain; charset=utf-8")
            return
        self.set_header("Content-Type", "text/event-stream")
        league.streams += 1
        try:
            await self._follow(league, changes)
        except tornado.iostream.StreamClosedError:
            pass
        finally:
            league.streams -= 1

    async def _follow(self, league: Any, changes: Changes) -> None:
        seen, sent = -1, 0.0
        while not self.gone:
            wait = sent + PUSH_EVERY - time.monotonic()
            if wait > 0:                         # a burst of results: one push per interval
                await asyncio.sleep(wait)
            version, body = changes.state()
            if version != seen:
                seen, sent = version, time.monotonic()
                self.write(b"data: " + body + b"\n\n")
            else:
                self.write(b": still here\n\n")
            await self.flush()
            waiting = changes.event
            if league.version == seen:
                try:
                    await asyncio.wait_for(waiting.wait(), HEARTBEAT)
                except asyncio.TimeoutError:
                    pass

    def on_connection_close(self) -> None:
        self.gone = True
        self.changes.notify()


class NotFound(Base):
    def prepare(self) -> None:
        super().prepare()
        raise tornado.web.HTTPError(404)


def make_app(league: Any, club: str, changes: Changes, *, max_streams: int = MAX_STREAMS) -> Any:
    """The Tornado application of the pages."""
    return tornado.web.Application([
        (r"/", Page), (r"/tv", Page), (r"/page\.css", Css), (r"/page\.js", Script),
        (r"/api/state", State), (r"/events", Events), (r"/results", Results),
        (r"/results\.csv", Csv),
    ], default_handler_class=NotFound, compress_response=False, log_function=_access,
        league=league, club=club, changes=changes, max_streams=max_streams, busy=set())


def _access(handler: Any) -> None:
    """Tornado's access log, quieter: a refused stream or a missing page is no error."""
    log.debug("http: %d %s %s", handler.get_status(), handler.request.method, handler.request.uri)
