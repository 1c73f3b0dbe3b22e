"""The phones' server: the page's few files and the encrypted links, on one port.

One daemon thread ("phones") runs an asyncio loop and the ``websockets`` library's server. With
no phone connected it has no timer at all: it wakes only for a connection. With phones, the
library's ping (every :attr:`Limits.ping_interval` seconds) is its only timer. The console's
thread never waits on it: a screen that changed wakes the loop once
(``loop.call_soon_threadsafe``), and the loop sends each phone what differs from what it has.

Whatever a phone sends that breaks the protocol (garbage, a flood, a huge frame, a wrong key, a
replay, an alteration) costs one log line naming its address and that connection; nothing of it
reaches the console's event queue or another phone.
"""
from __future__ import annotations

import asyncio
import collections
import http
import ipaddress
import logging
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed, ConnectionClosedError
from websockets.frames import CloseCode
from websockets.http11 import Request, Response

from hal.clock import Clock, name_this_thread
from hal.config import PhonesConfig
from hal.errors import BackendUnavailable
from hal.events import EventQueue
from hal.pad import MAX_PADS
from hal.phone import kept, protocol
from hal.phone.address import HOTSPOT_ADDRESS, LOCALHOST, LOOPBACK, bind_host, url, url_host
from hal.phone.parts import PhoneLed, PhonePad, PhoneScreen, Shown, Surface
from hal.phone.protocol import BadMessage, Refusal
from hal.phone.seats import Admitted, Holder, Seats
from hal.phones import Invite, Phones, PhoneState
from hal.screen import Screen

log = logging.getLogger("pitchpad.phones")

PAGE = Path(__file__).resolve().parent / "page"
FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/pitchpad.js": ("pitchpad.js", "text/javascript; charset=utf-8"),
    "/pitchpad.css": ("pitchpad.css", "text/css; charset=utf-8"),
    "/nacl-fast.min.js": ("nacl-fast.min.js", "text/javascript; charset=utf-8"),
}
"""The page's files by path (a path is matched in any case: a QR code's URL is upper case)."""
LINK_PATH = "/link"
SECURITY_HEADERS = (
    ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; "
                                "connect-src 'self'; img-src 'self' data:; base-uri 'none'; "
                                "form-action 'none'; frame-ancestors 'none'"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
)


@dataclass(frozen=True)
class Limits:
    """What one phone, or everyone together, may cost the unit."""

    connections: int = 32
    """TCP connections open at once (the page's files and the links). Beyond, the oldest that
    has not joined is closed: a flood of idle connections never locks a phone out."""
    links_per_address: int = 4
    """WebSocket links from one address at once (a phone, its second tab, a link it left
    behind)..."""
    loopback_exempt: bool = True
    """...except from this machine itself (``pitchpad sim``: every browser tab a phone, all from
    127.0.0.1), where only :attr:`connections` counts."""
    max_message: int = 160
    """Bytes a phone may send in one message: its largest, a JOIN, is 130."""
    join_within: float = 5.0
    """Seconds after the challenge for the JOIN; else the connection is closed."""
    rate: float = 60.0
    """Messages a second a phone may send, sustained: a child drumming four fingers taps about
    fifteen times a second (30 messages, a press and a release each), so a person never meets
    it; a script's flood (thousands) does at once..."""
    burst: float = 120.0
    """...and at once."""
    ping_interval: float | None = 20.0
    """The library's keepalive ping: the only timer while phones are connected."""
    ping_timeout: float | None = 20.0
    open_within: float = 5.0
    """Seconds for a connection's HTTP request (a page's file, or the link's opening)."""
    log_lines: int = 20
    """Refusals logged a minute, at most: beyond, they are counted in one line (a stranger
    reconnecting in a loop does not fill the card with lines)."""


class _Peer:
    """One TCP connection, from its accept: its address and whether a phone joined on it."""

    __slots__ = ("address", "link", "joined")

    def __init__(self, address: str) -> None:
        self.address = address
        self.link = False
        self.joined = False


class _Session:
    """One joined phone's link: its sealing, what it was last shown, and its writer."""

    def __init__(self, connection: ServerConnection, link: protocol.Link, holder: Holder[Any],
                 address: str) -> None:
        self.connection = connection
        self.link = link
        self.holder = holder
        self.address = address
        self.sent: Shown | None = None
        self.surface: Surface | None = None
        self.words: collections.deque[bytes] = collections.deque()
        self.frame_due = False
        self.closing: tuple[int, str] | None = None
        self.due = asyncio.Event()
        self.tokens = 0.0
        self.checked = 0.0

    def update(self, shown: Shown) -> bytes | None:
        """The frame payload that brings the phone from what it was sent to ``shown``, or None
        when nothing differs (:func:`frame_update`)."""
        payload = frame_update(self.sent, shown)
        if payload is not None:
            self.sent = shown
        return payload


def frame_update(sent: Shown | None, shown: Shown) -> bytes | None:
    """The frame payload that brings a phone from ``sent`` (None: nothing yet) to ``shown``: only
    the pages that differ, or None when nothing does (``bench/bench_phones.py`` counts the bytes
    of a match's screens with it)."""
    flags = ((protocol.PANEL_ON if shown.on else 0) | (protocol.LED_LIT if shown.lit else 0)
             | (protocol.LED_BLINKING if shown.blinking else 0))
    mask, pages = 0, []
    for page in range(8):
        part = shown.pages[page * 128:(page + 1) * 128]
        if sent is None or sent.pages[page * 128:(page + 1) * 128] != part:
            mask |= 1 << page
            pages.append(part)
    if sent is not None and not mask and sent.on == shown.on and sent.contrast == shown.contrast \
            and (sent.lit, sent.blinking) == (shown.lit, shown.blinking):
        return None
    return protocol.frame(mask, flags, shown.contrast, b"".join(pages))


class OneLine(logging.Filter):
    """The library's records as one line each, naming the phone's address: no traceback in the
    console's log for what a stranger sent."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            record.msg = f"{record.getMessage()}: {record.exc_info[1]}"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        connection = getattr(record, "websocket", None)
        address = _address_of(connection) if connection is not None else None
        if address:
            record.msg, record.args = f"phone {address}: {record.getMessage()}", ()
        return True


LIBRARY_LOG = logging.getLogger("pitchpad.phones.link")
"""The websockets library's log: its warnings and errors only, one line each."""
LIBRARY_LOG.setLevel(logging.WARNING)
LIBRARY_LOG.addFilter(OneLine())


def _address_of(connection: Any) -> str:
    try:
        peer = connection.transport.get_extra_info("peername")
    except AttributeError:
        return ""
    return str(peer[0]) if peer else ""


class PhoneServer:
    """Serves the page and the links on ``host:port`` (``host`` None: every address).

    ``surfaces`` are the phone pads' (by pad) and ``spectators`` the one every watcher shows;
    ``pads`` the pads phones press; ``language`` says the console's language now.
    """

    def __init__(self, seats: Seats[_Session], surfaces: dict[int, Surface], spectators: Surface,
                 pads: dict[int, PhonePad], *, host: str | None, port: int,
                 language: Callable[[], str], limits: Limits | None = None) -> None:
        self.seats = seats
        self.surfaces = surfaces
        self.spectators = spectators
        self.pads = pads
        self.host = host
        self.port = port
        self.language = language
        self.limits = limits or Limits()
        self.files = {path: ((PAGE / name).read_bytes(), kind) for path, (name, kind) in FILES.items()}
        self.loop = asyncio.new_event_loop()
        self.peers: dict[ServerConnection, _Peer] = {}
        self.viewers: dict[Surface, set[_Session]] = {}
        self._server: Server | None = None
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._started = threading.Event()
        self._failure: BaseException | None = None
        self._logged: list[float] = [0.0, 0.0, 0.0]
        """The log's budget: when its minute began, lines logged in it, lines not logged."""

    # ----- the console's thread -----------------------------------------------------------------
    def start(self) -> None:
        """Listen (in the server's thread); raise :class:`BackendUnavailable` if it cannot."""
        self._thread.start()
        self._started.wait()
        if self._failure is not None:
            self._thread.join()
            where = f"{self.host or 'every address'} port {self.port}"
            error = self._failure
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            raise BackendUnavailable(f"phones: cannot listen on {where}: {reason} (is another "
                                     f"console running? [phones] port chooses another)") from None

    @property
    def thread_id(self) -> int | None:
        """The server thread's id for the OS (``/proc/PID/task/ID``: its wake-ups)."""
        return self._thread.native_id

    def close(self) -> None:
        if not self._thread.is_alive():
            return
        self.loop.call_soon_threadsafe(self._stop)
        self._thread.join(timeout=5)

    def soon(self, action: Callable[..., None], *args: Any) -> None:
        """Run ``action(*args)`` in the server's loop (from any thread)."""
        if self._thread.is_alive() and not self.loop.is_closed():
            try:
                self.loop.call_soon_threadsafe(action, *args)
            except RuntimeError:   # the loop closed in between: the server is gone
                pass

    def _warn(self, message: str, *args: Any) -> None:
        """Log a refusal, within :attr:`Limits.log_lines` a minute (in the loop)."""
        now = self.loop.time()
        began, lines, unlogged = self._logged
        if now - began >= 60:
            if unlogged:
                log.warning("phones: %d more refusals in a minute were not logged", unlogged)
            began, lines, unlogged = now, 0, 0
        if lines < self.limits.log_lines:
            log.warning(message, *args)
            lines += 1
        else:
            unlogged += 1
        self._logged = [began, lines, unlogged]

    # ----- the loop -------------------------------------------------------------------------------
    def _run(self) -> None:
        name_this_thread("phones")
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._listen())
        except BaseException as error:   # noqa: BLE001 - told to start(), which raises it
            self._failure = error
            self._started.set()
            self.loop.close()
            return
        self._started.set()
        try:
            self.loop.run_forever()
        finally:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    async def _listen(self) -> None:
        limits = self.limits
        owner = self

        class Counted(_Counted):
            server_of_phones = owner

        self._server = await serve(
            self._handle, self.host, self.port, process_request=self._request,
            compression=None, max_size=limits.max_message, max_queue=4,
            open_timeout=limits.open_within, ping_interval=limits.ping_interval,
            ping_timeout=limits.ping_timeout, close_timeout=2, logger=LIBRARY_LOG,
            create_connection=Counted, server_header=None)
        self.port = self._server.sockets[0].getsockname()[1]

    def _stop(self) -> None:
        async def stopping() -> None:
            if self._server is not None:
                self._server.close(close_connections=True)
                await self._server.wait_closed()
            self.loop.stop()

        self.loop.create_task(stopping())

    # ----- connections ----------------------------------------------------------------------------
    def accepted(self, connection: ServerConnection, address: str) -> None:
        """A TCP connection came: counted, and the oldest that has not joined closed beyond
        :attr:`Limits.connections` (this one, when every other has joined)."""
        self.peers[connection] = _Peer(address)
        if len(self.peers) <= self.limits.connections:
            return
        oldest = next(conn for conn, peer in self.peers.items() if not peer.joined)
        self._warn("phones: %d connections open: closed the oldest not joined (from %s)",
                    len(self.peers), self.peers[oldest].address)
        del self.peers[oldest]
        oldest.transport.abort()

    def _request(self, connection: ServerConnection, request: Request) -> Response | None:
        peer = self.peers.get(connection)
        path = request.path.split("?", 1)[0].lower()
        if getattr(request, "method", "GET") != "GET":      # websockets >= 17 hands on any method
            return _response(http.HTTPStatus.METHOD_NOT_ALLOWED, b"GET only\n", "text/plain")
        if request.headers.get("Upgrade", "").lower() != "websocket":
            return self._file(path)
        address = peer.address if peer is not None else "?"
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() != f"http://{request.headers.get('Host', '')}".lower():
            self._warn("phone %s: a link opened from another page (%s): refused", address, origin)
            return _response(http.HTTPStatus.FORBIDDEN, b"not from this console's page\n", "text/plain")
        if path != LINK_PATH:
            return _response(http.HTTPStatus.NOT_FOUND, b"no link here\n", "text/plain")
        links = sum(1 for other in self.peers.values() if other.link and other.address == address)
        exempt = self.limits.loopback_exempt and _loopback(address)
        if links >= self.limits.links_per_address and not exempt:
            self._warn("phone %s: %d links open from this address already: refused", address, links)
            return _response(http.HTTPStatus.SERVICE_UNAVAILABLE, b"too many links\n", "text/plain")
        if peer is not None:
            peer.link = True
        return None

    def _file(self, path: str) -> Response:
        if path not in self.files:
            return _response(http.HTTPStatus.NOT_FOUND, b"not here\n", "text/plain")
        body, kind = self.files[path]
        return _response(http.HTTPStatus.OK, body, kind)

    def lost(self, connection: ServerConnection) -> None:
        """A TCP connection ended: one line if what came on it was no HTTP request we answer."""
        peer = self.peers.pop(connection, None)
        broken = connection.protocol.handshake_exc
        if broken is not None and peer is not None:
            self._warn("phone %s: not a request this console answers (%s): closed", peer.address, broken)

    async def _handle(self, connection: ServerConnection) -> None:
        peer = self.peers.get(connection) or _Peer(_address_of(connection))
        challenge = secrets.token_bytes(protocol.CHALLENGE_BYTES)
        try:
            await connection.send(protocol.hello(challenge))
            admitted = await self._admit(connection, peer.address, challenge)
            if admitted is None:
                return
            peer.joined = True
            await self._serve_phone(connection, peer.address, challenge, admitted)
        except ConnectionClosed as closed:
            self._closed_badly(peer.address, closed)

    async def _admit(self, connection: ServerConnection, address: str,
                     challenge: bytes) -> Admitted[_Session] | None:
        try:
            async with asyncio.timeout(self.limits.join_within):
                message = await connection.recv()
        except TimeoutError:
            self._warn("phone %s: no join within %g s: closed", address, self.limits.join_within)
            await connection.close(CloseCode.POLICY_VIOLATION, "no join")
            return None
        try:
            join = protocol.read_join(_binary(message))
        except BadMessage as error:
            await self._refuse(connection, address, Refusal.BAD, str(error))
            return None
        admitted = self.seats.admit(join, challenge)
        if isinstance(admitted, Refusal):
            what = "pad " + join.pad_char if join.pad_char != protocol.SPECTATE else "watching"
            await self._refuse(connection, address, admitted, f"a code for {what}")
            return None
        for holder in admitted.let_go:
            self.let_go(holder)
        return admitted

    async def _refuse(self, connection: ServerConnection, address: str, reason: Refusal, what: str) -> None:
        told = {Refusal.TAKEN: "taken already", Refusal.EXPIRED: "no such code (expired, or a wrong key)",
                Refusal.FULL: "no room", Refusal.BAD: "not the protocol"}[reason]
        self._warn("phone %s: %s: %s: refused", address, what, told)
        await connection.send(protocol.refusal(reason))
        await connection.close(CloseCode.POLICY_VIOLATION, told)

    async def _serve_phone(self, connection: ServerConnection, address: str, challenge: bytes,
                           admitted: Admitted[_Session]) -> None:
        holder = admitted.holder
        session = _Session(connection, protocol.unit_link(holder.shared, challenge), holder, address)
        session.checked = self.loop.time()
        session.tokens = self.limits.burst
        earlier = self.seats.attach(holder, session)
        if earlier is not None:     # what it held on the link it left behind is let go
            self._drop(earlier, CloseCode.NORMAL_CLOSURE, "the phone came back on another link")
            if holder.pad is not None:
                self.pads[holder.pad].release_all()
        writer: asyncio.Task[None] | None = None
        try:
            about = {"pad": holder.pad or 0, "lang": self.language()}
            await connection.send(protocol.welcome(admitted.key, challenge, holder.unit_public, about))
            self._view(session, self._surface(holder))
            writer = self.loop.create_task(self._write(session))
            async for message in connection:
                self._receive(session, message)
        except BadMessage as error:
            self._warn("phone %s: %s: closed", address, error)
            await connection.close(CloseCode.POLICY_VIOLATION, "not the protocol")
        finally:
            if writer is not None:
                writer.cancel()
            self._view(session, None)
            if self.seats.detach(holder, session) and holder.pad is not None \
                    and self.seats.holder(holder.pad) is holder:
                self.pads[holder.pad].release_all()

    def _receive(self, session: _Session, message: str | bytes) -> None:
        now = self.loop.time()
        limits = self.limits
        session.tokens = min(limits.burst, session.tokens + (now - session.checked) * limits.rate)
        session.checked = now
        if session.tokens < 1:
            raise BadMessage(f"more than {limits.rate:g} messages a second")
        session.tokens -= 1
        payload = session.link.open(_binary(message))
        if payload[:1] == bytes((protocol.PROBE,)) and len(payload) == 1:
            self._say(session, bytes((protocol.PROBE,)))
            return
        button, pressed = protocol.read_press(payload)
        pad = session.holder.pad
        if pad is None or session.holder.link is not session:
            return      # a watcher has no buttons; a link left behind presses nothing
        if pressed:
            self.pads[pad].press(button)
        else:
            self.pads[pad].release(button)

    def _closed_badly(self, address: str, closed: ConnectionClosed) -> None:
        """One line for a link the unit closed for what the phone sent (a message too big, a
        broken frame); a phone that went away (no close frame) is no fault."""
        sent = closed.sent
        if isinstance(closed, ConnectionClosedError) and sent is not None and closed.rcvd is None \
                and sent.code in (CloseCode.MESSAGE_TOO_BIG, CloseCode.PROTOCOL_ERROR,
                                  CloseCode.INVALID_DATA):
            self._warn("phone %s: %s: closed", address, sent.reason or f"close code {sent.code}")

    # ----- what phones are shown -------------------------------------------------------------
    def _surface(self, holder: Holder[Any]) -> Surface:
        return self.spectators if holder.pad is None else self.surfaces[holder.pad]

    def _view(self, session: _Session, surface: Surface | None) -> None:
        """``session`` shows ``surface`` now (None: nothing); the surface tells the loop of its
        changes while someone shows it, and nobody otherwise."""
        if session.surface is not None:
            viewers = self.viewers.get(session.surface, set())
            viewers.discard(session)
            if not viewers:
                session.surface.watch(None)
                self.viewers.pop(session.surface, None)
        session.surface, session.sent = surface, None
        if surface is None:
            return
        viewers = self.viewers.setdefault(surface, set())
        if not viewers:
            surface.watch(lambda: self.soon(self._changed, surface))
        viewers.add(session)
        session.frame_due = True
        session.due.set()

    def _changed(self, surface: Surface) -> None:
        surface.take()
        for session in self.viewers.get(surface, ()):
            session.frame_due = True
            session.due.set()

    def _say(self, session: _Session, payload: bytes) -> None:
        session.words.append(payload)
        session.due.set()

    async def _write(self, session: _Session) -> None:
        """The session's writer: sends its words, then the latest frame, in order; a phone slow
        to take them is sent fewer, newer frames."""
        try:
            while True:
                await session.due.wait()
                session.due.clear()
                while session.words:
                    await session.connection.send(session.link.seal(session.words.popleft()))
                if session.frame_due and session.surface is not None:
                    session.frame_due = False
                    update = session.update(session.surface.take())
                    if update is not None:
                        await session.connection.send(session.link.seal(update))
                if session.closing is not None:
                    await session.connection.close(*session.closing)
                    return
        except ConnectionClosed:
            return

    def tell(self, holder: Holder[_Session], about: dict[str, Any]) -> None:
        """Send ``about`` (words) to ``holder``'s phone if it is here (in the loop)."""
        if holder.link is not None:
            self._say(holder.link, protocol.words(about))

    def tell_all(self, about: dict[str, Any]) -> None:
        for viewers in list(self.viewers.values()):
            for session in viewers:
                self._say(session, protocol.words(about))

    def let_go(self, holder: Holder[_Session]) -> None:
        """``holder`` lost its pad (in the loop): its phone is told, its link closed."""
        if holder.pad is not None:
            self.pads[holder.pad].release_all()
        if holder.link is not None:
            self._say(holder.link, protocol.words({"released": True}))
            self._drop(holder.link, CloseCode.NORMAL_CLOSURE, "released")

    def moved(self, holder: Holder[_Session]) -> None:
        """``holder`` holds another pad now (in the loop): its phone shows that pad's screen."""
        session = holder.link
        if session is not None and holder.pad is not None:
            self._say(session, protocol.words({"pad": holder.pad}))
            self._view(session, self._surface(holder))

    def _drop(self, session: _Session, code: int, reason: str) -> None:
        session.closing = (code, reason)
        session.due.set()


class _Counted(ServerConnection):
    """A connection the server counts from its accept to its end (:meth:`PhoneServer.accepted`);
    each server makes a subclass naming itself (the library makes connections from a class)."""

    server_of_phones: PhoneServer

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.server_of_phones.accepted(self, str(peer[0]) if peer else "?")

    def connection_lost(self, exc: Exception | None) -> None:
        self.server_of_phones.lost(self)
        super().connection_lost(exc)


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _binary(message: str | bytes) -> bytes:
    if isinstance(message, str):
        raise BadMessage("a text message (the protocol's are binary)")
    return message


def _response(status: http.HTTPStatus, body: bytes, kind: str) -> Response:
    headers = Headers([("Content-Type", kind), ("Content-Length", str(len(body))), ("Connection", "close"),
                       *SECURITY_HEADERS])
    return Response(status.value, status.phrase, headers, body)


class ServedPhones(Phones):
    """The phones of a console, served on the network (:class:`hal.phones.Phones`).

    It holds the phone pads' parts (:attr:`phone_pads`, :attr:`phone_screens`,
    :attr:`phone_leds`: the console appends them to its own) and the spectators' screen, and
    runs the :class:`PhoneServer`. Changes a console shows wake its loop by ``events.nudge()``.
    """

    def __init__(self, config: PhonesConfig, first_pad: int, events: EventQueue, clock: Clock, *,
                 limits: Limits | None = None, language: str = "fr") -> None:
        self.pads = tuple(range(first_pad, MAX_PADS + 1))
        self.hotspot = config.hotspot
        self._language = language
        self._listen = config.listen
        surfaces = {pad: Surface() for pad in self.pads}
        self.phone_pads = {pad: PhonePad(pad, events, clock) for pad in self.pads}
        self.phone_screens = {pad: PhoneScreen(pad, surfaces[pad]) for pad in self.pads}
        self.phone_leds = {pad: PhoneLed(surfaces[pad]) for pad in self.pads}
        self._spectator_screen = PhoneScreen(0)
        self._events = events
        self._kept_in: Path | None = None
        self._kept: kept.Kept = []
        self._keeping = threading.Lock()
        self._seats: Seats[_Session] = Seats(self.pads, config.spectators, self._changed)
        self.server = PhoneServer(self._seats, surfaces, self._spectator_screen.surface, self.phone_pads,
                                  host=bind_host(config.listen), port=config.port,
                                  language=lambda: self._language, limits=limits)
        self.server.start()

    def remember(self, folder: Path) -> None:
        self._kept_in = Path(folder)
        self._seats.restore(kept.read(self._kept_in))

    def _changed(self) -> None:
        """A change the console shows: its loop wakes; who holds which pad is kept when it
        changed (:mod:`hal.phone.kept`)."""
        if self._kept_in is not None:
            with self._keeping:
                now = self._seats.kept()
                if now != self._kept:
                    self._kept = now
                    kept.write(self._kept_in, now)
        self._events.nudge()

    @property
    def language(self) -> str:
        return self._language

    @language.setter
    def language(self, language: str) -> None:
        if language != self._language:
            self._language = language
            self.server.soon(self.server.tell_all, {"lang": language})

    def state(self, pad: int) -> PhoneState:
        return self._seats.state(pad)

    @property
    def spectators(self) -> int:
        return self._seats.watching

    @property
    def spectator_screen(self) -> Screen:
        return self._spectator_screen

    def invite(self, pad: int | None) -> Invite:
        code = self._seats.invite(pad)
        return Invite(pad, url(self.host(), self.server.port) + "#" + code)

    def withdraw(self) -> None:
        self._seats.withdraw()

    def release(self, pad: int) -> None:
        holder = self._seats.release(pad)
        self.phone_pads[pad].release_all()
        if holder is not None:
            self.server.soon(self.server.let_go, holder)

    def move(self, pad: int, to: int) -> None:
        holder = self._seats.move(pad, to)
        self.phone_pads[pad].release_all()
        self.server.soon(self.server.moved, holder)

    def host(self) -> str:
        """The host a code's URL names now (the unit's address may change with its network)."""
        hotspot = self.hotspot
        return url_host(self._listen, hotspot=hotspot is not None,
                        hotspot_address=hotspot.address if hotspot is not None else HOTSPOT_ADDRESS)

    def reach(self) -> str:
        host = self.host()
        where = url(host, self.server.port).lower().rstrip("/")
        if host == LOOPBACK and self._listen != LOCALHOST:
            return f"{where} (no network: phones cannot reach the unit)"
        return where

    def close(self) -> None:
        self._kept_in = None                # a clean stop keeps the phones' pads, as a power cut does
        for holder in self._seats.forget_all():
            if holder.pad is not None:
                self.phone_pads[holder.pad].release_all()
        self.server.close()


def open_phones(config: PhonesConfig, first_pad: int, events: EventQueue, clock: Clock, *,
                limits: Limits | None = None, language: str = "fr") -> ServedPhones:
    """Serve phones for a console whose own pads end at ``first_pad - 1``; raises
    :class:`~hal.errors.BackendUnavailable` if the port cannot be listened on."""
    return ServedPhones(config, first_pad, events, clock, limits=limits, language=language)
