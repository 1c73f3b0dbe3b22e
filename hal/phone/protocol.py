"""The phones' link, version 1: every byte between a phone's page and the unit.

All messages are WebSocket binary messages. The unit opens with a challenge; the phone proves it
knows a key (the code's, from the QR code's fragment, or the key it shares with the unit since it
took its pad) and the unit answers in kind; from then on each message is a secretbox under a key
of this connection alone, numbered, so a replayed, reordered, dropped or altered message is
refused. docs/phones.md ("How the link works") says it in prose; ``page/pitchpad.js`` is the
phone's side of this same module.

Everything here is pure (no socket, no clock, no thread): the server, the tests' own phone and the
interop tests with the page's tweetnacl-js all use it.
"""
from __future__ import annotations

import base64
import enum
import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from nacl.exceptions import CryptoError
from nacl.public import Box, PrivateKey, PublicKey
from nacl.secret import SecretBox

from hal.buttons import Button

VERSION = 1

HELLO = 0x01
"""Unit -> phone, plain, first: ``HELLO | VERSION | challenge (24)``."""
JOIN = 0x02
"""Phone -> unit: ``JOIN | pad char | phone key (32) | nonce (24) | secretbox(key, challenge |
phone key)``."""
WELCOME = 0x03
"""Unit -> phone: ``WELCOME | nonce (24) | secretbox(key, challenge | unit key (32) | JSON)``."""
SEALED = 0x10
"""Either way, after WELCOME: ``SEALED | counter (8, big-endian) | secretbox(link key, payload)``."""
REFUSED = 0x7F
"""Unit -> phone, plain, then the unit closes: ``REFUSED | reason``."""


class Refusal(enum.IntEnum):
    """Why the unit refused a phone (sent plain: no secret in it)."""

    TAKEN = 1
    """The code was good, but its pad has been taken with it already."""
    EXPIRED = 2
    """No such code now (expired, withdrawn, or never given): ask the console for a new one."""
    FULL = 3
    """No room: the spectators' limit, or too many connections."""
    BAD = 4
    """The message broke the protocol."""


SPECTATE = "0"
"""The pad char of a code to watch (pads are ``"1"`` to ``"4"``)."""
PAD_CHARS = "01234"

CODE_BYTES = 16
"""The key in a code: 128 random bits (26 base32 characters)."""
CODE_CHARS = 26
CHALLENGE_BYTES = 24
KEY_BYTES = 32
NONCE_BYTES = SecretBox.NONCE_SIZE
MAC_BYTES = SecretBox.MACBYTES
COUNTER_BYTES = 8
TO_PHONE = 0x55
"""The first byte of a sealed message's nonce, unit to phone: a message is never accepted back by
the side that sent it."""
TO_UNIT = 0xAA

JOIN_BYTES = 2 + KEY_BYTES + NONCE_BYTES + MAC_BYTES + CHALLENGE_BYTES + KEY_BYTES
"""A JOIN is exactly this long (130 bytes)."""
SEALED_OVERHEAD = 1 + COUNTER_BYTES + MAC_BYTES
"""What a sealed message adds to its payload (25 bytes)."""

FRAME = ord("F")
"""Unit -> phone payload: ``F | page mask | flags | contrast | the pages set in the mask, 128 bytes
each``."""
WORDS = ord("L")
"""Unit -> phone payload: ``L | JSON``: ``{"lang": "en"}``, ``{"pad": 4}``, ``{"released": true}``."""
PRESS = ord("B")
"""Phone -> unit payload: ``B | button index (0..6: CARD1..CARD4, LEFT, CENTRE, RIGHT) | 0/1``."""
PROBE = ord("P")
"""Either way: ``P``. A phone that comes back to the foreground or online asks whether its link
still carries; the unit answers ``P`` at once. No answer within a second: the page opens a new
link (a connection that went dead without a word stays "open" for a long time otherwise)."""

BUTTONS: tuple[Button, ...] = (Button.CARD1, Button.CARD2, Button.CARD3, Button.CARD4,
                               Button.LEFT, Button.CENTRE, Button.RIGHT)
"""A button's index on the wire."""

PANEL_ON = 0x01
LED_LIT = 0x02
LED_BLINKING = 0x04


class BadMessage(ValueError):
    """A message that breaks the protocol (garbage, a wrong key, a replay, an alteration)."""


def new_code() -> bytes:
    """A fresh code's key: 16 random bytes."""
    return secrets.token_bytes(CODE_BYTES)


def fragment(pad_char: str, code: bytes) -> str:
    """The URL fragment of a code: its pad char and its key in base32, upper case, no padding
    (alphanumeric in a QR code)."""
    return pad_char + base64.b32encode(code).decode("ascii").rstrip("=")


def read_fragment(text: str) -> tuple[str, bytes]:
    """The pad char and key of a fragment (``#`` or not, capitals or not, spaces or not: typed
    by hand); :class:`BadMessage` if it is none."""
    text = "".join(text.lstrip("#").split()).upper()
    if len(text) != 1 + CODE_CHARS or text[0] not in PAD_CHARS:
        raise BadMessage(f"not a code: {text!r}")
    try:
        code = base64.b32decode(text[1:] + "=" * 6)
    except ValueError:
        raise BadMessage(f"not a code: {text!r}") from None
    return text[0], code


def code_key(pad_char: str, code: bytes) -> bytes:
    """The key a code stands for, bound to its pad: a code for pad 3 opens nothing for pad 4."""
    return hashlib.sha512(b"pitchpad-code-v1" + pad_char.encode("ascii") + code).digest()[:KEY_BYTES]


def link_key(shared: bytes, challenge: bytes) -> bytes:
    """The key of one connection: a message of another connection never opens on this one."""
    return hashlib.sha512(b"pitchpad-link-v1" + shared + challenge).digest()[:KEY_BYTES]


def shared_key(mine: PrivateKey, theirs: bytes) -> bytes:
    """X25519 then HSalsa20 (libsodium's ``crypto_box_beforenm``, tweetnacl's ``box.before``)."""
    return Box(mine, PublicKey(theirs)).shared_key()


def hello(challenge: bytes) -> bytes:
    return bytes((HELLO, VERSION)) + challenge


def read_hello(message: bytes) -> bytes:
    """The challenge of a HELLO (the phone's side)."""
    if len(message) != 2 + CHALLENGE_BYTES or message[0] != HELLO or message[1] != VERSION:
        raise BadMessage("not a version 1 hello")
    return message[2:]


def refusal(reason: Refusal) -> bytes:
    return bytes((REFUSED, reason))


@dataclass(frozen=True)
class Join:
    """A phone's JOIN, read but not yet trusted: :meth:`opens` says whether a key made it."""

    pad_char: str
    phone_key: bytes
    nonce: bytes
    box: bytes

    def opens(self, key: bytes, challenge: bytes) -> bool:
        """Whether ``key`` made this JOIN for ``challenge`` (this connection's), naming the phone
        key it carries: a phone key swapped on the way, or a JOIN of another connection, fails."""
        try:
            inside = SecretBox(key).decrypt(self.box, self.nonce)
        except CryptoError:
            return False
        return inside == challenge + self.phone_key


def join(pad_char: str, phone_key: bytes, key: bytes, challenge: bytes) -> bytes:
    """A JOIN (the phone's side; the tests' phone and the page build the same bytes)."""
    nonce = secrets.token_bytes(NONCE_BYTES)
    box = SecretBox(key).encrypt(challenge + phone_key, nonce).ciphertext
    return bytes((JOIN,)) + pad_char.encode("ascii") + phone_key + nonce + box


def read_join(message: bytes) -> Join:
    if len(message) != JOIN_BYTES or message[0] != JOIN:
        raise BadMessage(f"not a join ({len(message)} bytes)")
    pad_char = chr(message[1])
    if pad_char not in PAD_CHARS:
        raise BadMessage(f"no pad {pad_char!r}")
    at = 2
    phone_key, at = message[at:at + KEY_BYTES], at + KEY_BYTES
    nonce, at = message[at:at + NONCE_BYTES], at + NONCE_BYTES
    return Join(pad_char, phone_key, nonce, message[at:])


def welcome(key: bytes, challenge: bytes, unit_key: bytes, about: dict[str, Any]) -> bytes:
    """The unit's WELCOME: its key for this phone, and the pad and language, for this
    challenge only."""
    nonce = secrets.token_bytes(NONCE_BYTES)
    words = json.dumps(about, separators=(",", ":")).encode("utf-8")
    return bytes((WELCOME,)) + nonce + SecretBox(key).encrypt(challenge + unit_key + words, nonce).ciphertext


def read_welcome(key: bytes, challenge: bytes, message: bytes) -> tuple[bytes, dict[str, Any]]:
    """The unit's key and what it says, from a WELCOME (the phone's side)."""
    if len(message) < 1 + NONCE_BYTES + MAC_BYTES + CHALLENGE_BYTES + KEY_BYTES or message[0] != WELCOME:
        raise BadMessage("not a welcome")
    try:
        inside = SecretBox(key).decrypt(message[1 + NONCE_BYTES:], message[1:1 + NONCE_BYTES])
    except CryptoError:
        raise BadMessage("a welcome that does not open with this key") from None
    if inside[:CHALLENGE_BYTES] != challenge:
        raise BadMessage("a welcome for another challenge")
    unit_key = inside[CHALLENGE_BYTES:CHALLENGE_BYTES + KEY_BYTES]
    return unit_key, read_words(inside[CHALLENGE_BYTES + KEY_BYTES:])


def read_words(text: bytes) -> dict[str, Any]:
    try:
        about = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadMessage("words that are not JSON") from None
    if not isinstance(about, dict):
        raise BadMessage("words that are not a JSON object")
    return about


class Link:
    """One connection's sealed messages, each way numbered from 1.

    A message is accepted only if its number is the one after the last accepted: a replay (an
    old number), a reorder or a drop (a number skipped) is refused, and so is an alteration
    (Poly1305). The nonce is the direction byte, zeros and the number: a key never seals two
    messages with one nonce, and a message sent cannot be played back to its sender.
    """

    def __init__(self, key: bytes, *, sending: int, receiving: int) -> None:
        self._box = SecretBox(key)
        self._sending = sending
        self._receiving = receiving
        self.sent = 0
        self.received = 0

    @staticmethod
    def nonce(direction: int, counter: int) -> bytes:
        return bytes((direction,)) + bytes(NONCE_BYTES - 1 - COUNTER_BYTES) + counter.to_bytes(COUNTER_BYTES, "big")

    def seal(self, payload: bytes) -> bytes:
        self.sent += 1
        counter = self.sent.to_bytes(COUNTER_BYTES, "big")
        box = self._box.encrypt(payload, self.nonce(self._sending, self.sent)).ciphertext
        return bytes((SEALED,)) + counter + box

    def open(self, message: bytes) -> bytes:
        if len(message) < SEALED_OVERHEAD or message[0] != SEALED:
            raise BadMessage(f"not a sealed message ({len(message)} bytes)")
        counter = int.from_bytes(message[1:1 + COUNTER_BYTES], "big")
        if counter != self.received + 1:
            raise BadMessage(f"message number {counter} where {self.received + 1} was due (a replay, "
                             f"or one lost or reordered)")
        try:
            payload = self._box.decrypt(message[1 + COUNTER_BYTES:], self.nonce(self._receiving, counter))
        except CryptoError:
            raise BadMessage("a message that does not open with this link's key (altered, or another "
                             "link's)") from None
        self.received = counter
        return payload


def unit_link(shared: bytes, challenge: bytes) -> Link:
    return Link(link_key(shared, challenge), sending=TO_PHONE, receiving=TO_UNIT)


def phone_link(shared: bytes, challenge: bytes) -> Link:
    return Link(link_key(shared, challenge), sending=TO_UNIT, receiving=TO_PHONE)


def frame(mask: int, flags: int, contrast: int, pages: bytes) -> bytes:
    """A frame payload: ``pages`` holds the pages set in ``mask``, in order, 128 bytes each."""
    return bytes((FRAME, mask, flags, contrast)) + pages


def press(button: Button, pressed: bool) -> bytes:
    return bytes((PRESS, BUTTONS.index(button), int(pressed)))


def read_press(payload: bytes) -> tuple[Button, bool]:
    if len(payload) != 3 or payload[0] != PRESS or payload[1] >= len(BUTTONS) or payload[2] > 1:
        raise BadMessage(f"not a button: {payload[:8].hex()}")
    return BUTTONS[payload[1]], bool(payload[2])


def words(about: dict[str, Any]) -> bytes:
    return bytes((WORDS,)) + json.dumps(about, separators=(",", ":")).encode("utf-8")
