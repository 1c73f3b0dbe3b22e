"""What the phone tests share: a phone in Python and a served console.

:class:`PythonPhone` speaks the phone's side of ``hal/phone/protocol.py`` over the real
``websockets`` client, with PyNaCl: the robustness tests send through it what no page would
(garbage, floods, replays, a wrong key). The browser tests use the real page in Chromium.
Everything listens and connects on 127.0.0.1 only.
"""
from __future__ import annotations

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
TESTING = Limits(links_per_address=16, log_lines=1000)
"""Every test phone comes from 127.0.0.1: the per-address limit is tested on its own."""


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
