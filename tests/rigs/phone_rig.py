"""What the phone tests share: a phone in Python, a recording TCP proxy, a served console.

:class:`PythonPhone` speaks the phone's side of ``hal/phone/protocol.py`` over the real
``websockets`` client, with PyNaCl: the robustness tests send through it what no page would
(garbage, floods, replays, a wrong key). The browser tests use the real page in Chromium.
Everything listens and connects on 127.0.0.1 only.
"""
from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any

from nacl.public import PrivateKey
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from hal.clock import SystemClock
from hal.config import PhonesConfig
from hal.events import EventQueue
from hal.phone import protocol
from hal.phone.server import Limits, ServedPhones, open_phones
from hal.screen import from_pages

LOOPBACK = "127.0.0.1"
TESTING = Limits(log_lines=1000)
"""Every refusal logged (tests count the lines)."""


def wait_until(condition: Callable[[], Any], timeout: float = 5.0, step: float = 0.01) -> Any:
    """``condition()``'s first true value within ``timeout`` seconds, else AssertionError."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {condition}")
        time.sleep(step)


@contextmanager
def served(first_pad: int = 3, *, limits: Limits = TESTING, spectators: int = 8,
           language: str = "fr") -> Iterator[tuple[ServedPhones, EventQueue]]:
    """Phones served on 127.0.0.1 (a free port) for a console whose own pads end at
    ``first_pad - 1``."""
    events = EventQueue()
    phones = open_phones(PhonesConfig(port=0, listen="localhost", spectators=spectators), first_pad, events,
                         SystemClock(), limits=limits, language=language)
    try:
        yield phones, events
    finally:
        phones.close()


@dataclass
class PythonPhone:
    """A phone's side of the link, in Python. ``join`` it with a code's URL (or the keys it
    kept: :attr:`shared`), then read frames and press buttons."""

    port: int
    char: str = ""
    code: bytes = b""
    secret: PrivateKey = field(default_factory=PrivateKey.generate)
    shared: bytes | None = None
    ws: ClientConnection | None = None
    link: protocol.Link | None = None
    about: dict[str, Any] = field(default_factory=dict)
    pages: bytearray = field(default_factory=lambda: bytearray(1024))
    flags: int = 0
    contrast: int = 0
    received: list[bytes] = field(default_factory=list)
    opened: ExitStack = field(default_factory=ExitStack)

    @classmethod
    def scanning(cls, port: int, url: str) -> PythonPhone:
        char, code = protocol.read_fragment(url.split("#", 1)[1])
        return cls(port, char, code)

    @property
    def public(self) -> bytes:
        return bytes(self.secret.public_key)

    def open(self) -> bytes:
        """Connect; the unit's challenge."""
        self.ws = self.opened.enter_context(connect(f"ws://{LOOPBACK}:{self.port}/link", open_timeout=5,
                                                    max_size=2 ** 16, compression=None))
        return protocol.read_hello(self.recv())

    def recv(self, timeout: float = 5.0) -> bytes:
        assert self.ws is not None
        message = self.ws.recv(timeout=timeout)
        assert isinstance(message, bytes)
        self.received.append(message)
        return message

    def send(self, message: bytes | str) -> None:
        assert self.ws is not None
        self.ws.send(message)

    def join(self) -> dict[str, Any] | protocol.Refusal:
        """Join with the code (or the shared key when it has one): what the WELCOME said, or
        the refusal."""
        challenge = self.open()
        key = self.shared or protocol.code_key(self.char, self.code)
        self.send(protocol.join(self.char or "0", self.public, key, challenge))
        answer = self.recv()
        if answer[0] == protocol.REFUSED:
            return protocol.Refusal(answer[1])
        unit_key, about = protocol.read_welcome(key, challenge, answer)
        self.shared = protocol.shared_key(self.secret, unit_key)
        self.link = protocol.phone_link(self.shared, challenge)
        self.about = about
        return about

    def next_payload(self, timeout: float = 5.0) -> bytes:
        assert self.link is not None
        payload = self.link.open(self.recv(timeout))
        if payload[0] == protocol.FRAME:
            mask, self.flags, self.contrast = payload[1], payload[2], payload[3]
            at = 4
            for page in range(8):
                if mask >> page & 1:
                    self.pages[page * 128:(page + 1) * 128] = payload[at:at + 128]
                    at += 128
        elif payload[0] == protocol.WORDS:
            self.about.update(protocol.read_words(payload[1:]))
        return payload

    def frame_until(self, condition: Callable[[PythonPhone], bool], timeout: float = 5.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition(self):
            self.next_payload(max(0.01, deadline - time.monotonic()))

    @property
    def image(self) -> Any:
        return from_pages(bytes(self.pages))

    def press(self, index: int, pressed: bool) -> None:
        assert self.link is not None
        self.send(self.link.seal(bytes((protocol.PRESS, index, int(pressed)))))

    def closed(self, timeout: float = 5.0) -> bool:
        """Whether the unit closes the link within ``timeout`` (messages before are read)."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self.recv(max(0.01, deadline - time.monotonic()))
        except ConnectionClosed:
            return True
        except TimeoutError:
            return False
        return False

    def close(self) -> None:
        self.opened.close()


class _Pipe:
    """One connection through the proxy: its two sockets and every byte each way."""

    def __init__(self, phone: socket.socket, unit: socket.socket) -> None:
        self.phone = phone
        self.unit = unit
        self.to_unit = bytearray()
        self.to_phone = bytearray()
        self.silent = False


class RecordingProxy:
    """A TCP proxy on 127.0.0.1 between the phones and the unit that keeps every byte both
    ways, per connection. It can cut the line (:meth:`cut`: every connection reset, new ones
    refused), let it go silent (:meth:`stall`: bytes dropped both ways and the sockets left
    open, as a Wi-Fi that went away), bring it back (:meth:`restore`), and slip bytes toward
    the unit into the last connection (:meth:`inject`: an attacker on the path)."""

    def __init__(self, unit_port: int) -> None:
        self.unit_port = unit_port
        self.listener = socket.create_server((LOOPBACK, 0))
        self.port = self.listener.getsockname()[1]
        self.pipes: list[_Pipe] = []
        self.up = True
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, name="proxy", daemon=True).start()

    def url(self, url: str) -> str:
        """``url`` (the unit's) through the proxy."""
        return url.replace(f":{self.unit_port}/", f":{self.port}/")

    def _accept(self) -> None:
        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                _reset(phone)
                continue
            pipe = _Pipe(phone, socket.create_connection((LOOPBACK, self.unit_port)))
            with self._lock:
                self.pipes.append(pipe)
            for source, sink, record in ((pipe.phone, pipe.unit, pipe.to_unit),
                                         (pipe.unit, pipe.phone, pipe.to_phone)):
                threading.Thread(target=self._pump, args=(pipe, source, sink, record), daemon=True).start()

    def _pump(self, pipe: _Pipe, source: socket.socket, sink: socket.socket, record: bytearray) -> None:
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if not data:
                if not pipe.silent:
                    _reset(sink)
                return
            if pipe.silent:
                continue
            with self._lock:
                record += data
            try:
                sink.sendall(data)
            except OSError:
                return

    def cut(self) -> None:
        self.up = False
        with self._lock:
            pipes = list(self.pipes)
        for pipe in pipes:
            _reset(pipe.phone)
            _reset(pipe.unit)

    def stall(self) -> None:
        self.up = False
        with self._lock:
            for pipe in self.pipes:
                pipe.silent = True

    def restore(self) -> None:
        self.up = True

    def inject(self, data: bytes) -> None:
        with self._lock:
            pipe = self.pipes[-1]
            pipe.to_unit += data
        pipe.unit.sendall(data)

    def link_pipes(self) -> list[_Pipe]:
        """The connections that carried a link (not a page's file)."""
        with self._lock:
            return [pipe for pipe in self.pipes if pipe.to_unit.startswith(b"GET /link ")]

    def everything(self) -> bytes:
        with self._lock:
            return b"".join(bytes(pipe.to_unit) + bytes(pipe.to_phone) for pipe in self.pipes)

    def close(self) -> None:
        self.listener.close()
        self.cut()


def _reset(sock: socket.socket) -> None:
    """End a connection at once, whatever it was doing (a line cut, not a goodbye: no
    WebSocket close): shut down first, which wakes a pump blocked reading it."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, (1).to_bytes(4, "little") + bytes(4))
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()


def websocket_messages(stream: bytes) -> list[bytes]:
    """The data messages of one direction of a WebSocket connection (the HTTP upgrade skipped,
    a phone's masking undone, control frames left out): what an onlooker reads off the wire."""
    at = stream.index(b"\r\n\r\n") + 4
    messages = []
    while at + 2 <= len(stream):
        opcode, length = stream[at] & 0x0F, stream[at + 1] & 0x7F
        masked = stream[at + 1] & 0x80
        at += 2
        if length == 126:
            length, at = int.from_bytes(stream[at:at + 2], "big"), at + 2
        elif length == 127:
            length, at = int.from_bytes(stream[at:at + 8], "big"), at + 8
        mask = stream[at:at + 4] if masked else bytes(4)
        at += 4 if masked else 0
        payload = bytes(byte ^ mask[n % 4] for n, byte in enumerate(stream[at:at + length]))
        at += length
        if opcode in (1, 2):
            messages.append(payload)
    return messages


def websocket_frame(payload: bytes) -> bytes:
    """A phone's binary message as it goes on the wire (masked, as every client's must be)."""
    mask = os.urandom(4)
    assert len(payload) < 126
    return bytes((0x82, 0x80 | len(payload))) + mask + bytes(b ^ mask[n % 4] for n, b in enumerate(payload))
