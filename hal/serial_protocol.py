"""The serial-pad wire protocol, shared by the Pi (CPython) and the pad board (MicroPython).

Written for both interpreters: no dataclasses, enums, typing or annotations (types in comments), no
``binascii.crc_hqx`` required (MicroPython lacks it; :func:`crc16_pure` is used then). The pad
firmware imports this very file (copied onto the board as ``lib/hal/serial_protocol.py``), so
the two ends cannot drift apart. The format is described in ``docs/serial-protocol.md``.

A frame on the wire is ``0x00 COBS(type, seq, payload..., crc_hi, crc_lo) 0x00``: the CRC is
CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over type, seq and payload. COBS leaves no zero
byte inside a frame, so after any damage the reader resynchronises at the next 0x00.
"""
import binascii

# Types are given in comments: MicroPython reads no annotations and has no ``typing`` module, so
# the name below (which mypy takes as true, as it does ``typing.TYPE_CHECKING``) keeps the import
# from ever running on the board.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Iterator  # noqa: F401 (read in the type comments)

    Data = bytes | bytearray | memoryview

#: CPython's C CRC-16/CCITT; MicroPython has none (and the rp2 stubs say so to the type check).
crc_hqx = getattr(binascii, "crc_hqx", None)

VERSION = 1
DELIMITER = 0
CRC_INIT = 0xFFFF
#: Longest decoded frame accepted (a whole screen is 4 + 1024 payload bytes).
MAX_FRAME = 1100
#: Longest encoded frame: COBS adds one byte per 254 plus one.
MAX_ENCODED = MAX_FRAME + MAX_FRAME // 254 + 2

HELLO = 0x01      # host->pad: [version]; pad->host: [version, pad_id, caps, nonce_hi, nonce_lo]
BUTTON = 0x02     # pad->host, acked: 1..8 changes of [button, pressed, ms(4, big-endian)]
ACK = 0x03        # either way: [acked type, acked seq]
HEARTBEAT = 0x04  # pad->host: [ms(4)]
SCREEN = 0x05     # host->pad, acked: windows of [first_page, last_page, first_col, last_col, bytes...]
CONTRAST = 0x06   # host->pad, acked: [level]
POWER = 0x07      # host->pad, acked: [on]
TYPE_NAMES = {HELLO: "hello", BUTTON: "button", ACK: "ack", HEARTBEAT: "heartbeat",
              SCREEN: "screen", CONTRAST: "contrast", POWER: "power"}
#: Messages that must arrive: sent with a sequence number 1..255, resent until acked.
RELIABLE = (BUTTON, SCREEN, CONTRAST, POWER)

#: Capability bits in the pad's hello.
CAP_BUTTONS = 0x01
CAP_SSD1306 = 0x02
CAP_SH1106 = 0x04

#: Button numbers on the wire, in the order of ``hal.buttons.Button``.
BUTTON_NAMES = ("CARD1", "CARD2", "CARD3", "CARD4", "LEFT", "CENTRE", "RIGHT")

WIDTH = 128
PAGES = 8
WINDOW_HEADER = 4
CHANGE_SIZE = 6
#: Button changes batched in one BUTTON frame, so a burst needs one round trip, not eight.
MAX_CHANGES = 8


def _crc16_table():  # type: () -> list[int]
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_TABLE = _crc16_table()


def crc16_pure(data, crc=CRC_INIT):  # type: (Data, int) -> int
    """CRC-16/CCITT in pure Python, equal to ``binascii.crc_hqx(data, crc)``."""
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _TABLE[((crc >> 8) ^ byte) & 0xFF]
    return crc


def crc16_counted(data, count, crc=CRC_INIT):  # type: (Data, int, int) -> int
    """CRC-16/CCITT-FALSE of ``data[:count]`` without slicing (no allocation on MicroPython)."""
    at = 0
    while at < count:
        crc = ((crc << 8) & 0xFFFF) ^ _TABLE[((crc >> 8) ^ data[at]) & 0xFF]
        at += 1
    return crc


def crc16(data):  # type: (Data) -> int
    """CRC-16/CCITT-FALSE of ``data``: ``binascii.crc_hqx`` where it exists."""
    if crc_hqx is not None:
        return crc_hqx(data, CRC_INIT)
    return crc16_pure(data)


def cobs_encode_into(data, size, out, start):  # type: (Data, int, bytearray, int) -> int
    """COBS-encode the first ``size`` bytes of ``data`` into ``out`` from index ``start``;
    returns the index after the last byte written. Allocates nothing, so the pad's idle loop
    (:class:`FrameWriter`) and the host (:func:`cobs_encode`) share one encoder."""
    code_at = start
    code = 1
    at = start + 1
    read = 0
    while read < size:
        byte = data[read]
        read += 1
        if byte:
            out[at] = byte
            at += 1
            code += 1
        if not byte or code == 0xFF:
            out[code_at] = code
            code_at = at
            at += 1
            code = 1
    out[code_at] = code
    return at


def cobs_encode(data):  # type: (Data) -> bytes
    """Consistent Overhead Byte Stuffing: ``data`` with every 0x00 removed (no delimiter added)."""
    out = bytearray(len(data) + len(data) // 254 + 1)
    return bytes(out[:cobs_encode_into(data, len(data), out, 0)])


def cobs_decode(data):  # type: (bytes) -> bytes | None
    """Undo :func:`cobs_encode`; ``None`` if ``data`` is not a valid COBS block."""
    out = bytearray()
    at = 0
    end = len(data)
    while at < end:
        code = data[at]
        following = at + code
        if code == 0 or following > end:
            return None
        block = data[at + 1:following]
        if b"\x00" in block:
            return None
        out += block
        at = following
        if code < 0xFF and at < end:
            out.append(0)
    return bytes(out)


def encode_frame(kind, seq, payload=b""):  # type: (int, int, Data) -> bytes
    """One frame ready to write, between two delimiters: the leading one ends whatever noise
    came before, so a burst of garbage costs no good frame."""
    body = bytearray(2 + len(payload) + 2)
    body[0] = kind
    body[1] = seq
    body[2:2 + len(payload)] = payload
    crc = crc16(memoryview(body)[:2 + len(payload)])
    body[-2] = crc >> 8
    body[-1] = crc & 0xFF
    return b"\x00" + cobs_encode(body) + b"\x00"


class FrameWriter:
    """Builds one frame at a time in buffers of its own, so sending allocates nothing: the pad
    board's loop runs every millisecond on a small MicroPython heap, where garbage means a
    collection that stalls the button scan. ``start``, ``add``/``add_ms``, then ``finish``
    returns the length of the encoded frame in :attr:`out` (delimiters included).

    Equal to :func:`encode_frame`, tested byte for byte.
    """

    def __init__(self, capacity=2 + MAX_CHANGES * CHANGE_SIZE + 2):  # type: (int) -> None
        self.body = bytearray(capacity)
        self.out = bytearray(capacity + capacity // 254 + 3)
        self.size = 0
        self.length = 0

    def start(self, kind, seq):  # type: (int, int) -> None
        self.body[0] = kind
        self.body[1] = seq
        self.size = 2

    def add(self, byte):  # type: (int) -> None
        self.body[self.size] = byte
        self.size += 1

    def add_ms(self, ms, wraps=0):  # type: (int, int) -> None
        """The wire's 32-bit ms, big-endian. The pad board passes its 30-bit tick count and how
        many times it wrapped (bits 30-31, mod 4), so no int beyond 30 bits is ever made on it
        (MicroPython's small ints); with ``wraps`` 0, ``ms`` is any 32-bit count."""
        self.add(((wraps & 3) << 6) | ((ms >> 24) & 0xFF))
        self.add((ms >> 16) & 0xFF)
        self.add((ms >> 8) & 0xFF)
        self.add(ms & 0xFF)

    def finish(self):  # type: () -> int
        body = self.body
        crc = crc16_counted(body, self.size)
        self.add(crc >> 8)
        self.add(crc & 0xFF)
        out = self.out
        out[0] = DELIMITER
        at = cobs_encode_into(body, self.size, out, 1)
        out[at] = DELIMITER
        self.length = at + 1
        return self.length


_PAYLOAD_SIZES = {ACK: 2, HEARTBEAT: 4, CONTRAST: 1, POWER: 1}


def valid_payload(kind, payload):  # type: (int, bytes) -> bool
    """Whether ``payload`` has a shape ``kind`` allows (a last guard behind the CRC)."""
    if kind == BUTTON:
        count = len(payload) // CHANGE_SIZE
        if not 1 <= count <= MAX_CHANGES or len(payload) % CHANGE_SIZE:
            return False
        for at in range(0, len(payload), CHANGE_SIZE):
            if payload[at] >= len(BUTTON_NAMES) or payload[at + 1] > 1:
                return False
        return True
    if kind in _PAYLOAD_SIZES:
        if len(payload) != _PAYLOAD_SIZES[kind]:
            return False
        if kind == POWER:
            return payload[0] in (0, 1)
        return True
    if kind == HELLO:
        return len(payload) in (1, 5)
    if kind == SCREEN:
        return windows_valid(payload)
    return False


class FrameDecoder:
    """Turns a byte stream into ``(type, seq, payload)`` frames, dropping whatever is damaged.

    Bytes up to the next delimiter are one candidate; it is dropped when COBS is broken, the
    CRC fails, it is too long or its payload has the wrong shape. Counters say what was dropped.
    """

    def __init__(self):  # type: () -> None
        self._buffer = bytearray()
        self._overflow = False
        self.frames = 0
        self.dropped = 0

    def reset(self):  # type: () -> None
        self._buffer = bytearray()
        self._overflow = False

    def feed(self, data):  # type: (Data) -> list[tuple[int, int, bytes]]
        """Take received bytes; return the complete good frames among them, in order."""
        frames = []
        for byte in data:
            if byte != DELIMITER:
                if len(self._buffer) < MAX_ENCODED:
                    self._buffer.append(byte)
                else:
                    self._overflow = True
                continue
            if self._buffer or self._overflow:
                frame = None if self._overflow else self._decode(bytes(self._buffer))
                if frame is None:
                    self.dropped += 1
                else:
                    self.frames += 1
                    frames.append(frame)
            self._buffer = bytearray()
            self._overflow = False
        return frames

    def _decode(self, encoded):  # type: (bytes) -> tuple[int, int, bytes] | None
        body = cobs_decode(encoded)
        if body is None or len(body) < 4 or len(body) > MAX_FRAME:
            return None
        if crc16(body[:-2]) != (body[-2] << 8 | body[-1]):
            return None
        kind, seq, payload = body[0], body[1], body[2:-2]
        if not valid_payload(kind, payload):
            return None
        return kind, seq, payload


class Sequencer:
    """Sequence numbers for reliable messages: 1..255 then 1 again (0 marks unreliable ones)."""

    def __init__(self):  # type: () -> None
        self._last = 0

    def next(self):  # type: () -> int
        self._last = self._last % 255 + 1
        return self._last


def ms_bytes(ms):  # type: (int) -> bytes
    ms &= 0xFFFFFFFF
    return bytes(((ms >> 24) & 0xFF, (ms >> 16) & 0xFF, (ms >> 8) & 0xFF, ms & 0xFF))


def ms_from(payload, at=0):  # type: (Data, int) -> int
    return payload[at] << 24 | payload[at + 1] << 16 | payload[at + 2] << 8 | payload[at + 3]


def hello_payload(pad_id, caps, nonce):  # type: (int, int, int) -> bytes
    return bytes((VERSION, pad_id, caps, (nonce >> 8) & 0xFF, nonce & 0xFF))


def button_payload(button, pressed, ms):  # type: (int, bool, int) -> bytes
    """One change; a BUTTON payload is 1 to :data:`MAX_CHANGES` of these back to back."""
    return bytes((button, 1 if pressed else 0)) + ms_bytes(ms)


def changes(payload):  # type: (bytes) -> Iterator[tuple[int, bool, int]]
    """Yield ``(button, pressed, ms)`` from a BUTTON payload."""
    for at in range(0, len(payload), CHANGE_SIZE):
        yield payload[at], payload[at + 1] == 1, ms_from(payload, at + 2)


def ack_payload(kind, seq):  # type: (int, int) -> bytes
    return bytes((kind, seq))


def window_payload(first_page, last_page, first_column, last_column, frame):
    # type: (int, int, int, int, Data) -> bytearray
    """One screen window: its header and its bytes taken from a 1024-byte page-ordered frame."""
    out = bytearray((first_page, last_page, first_column, last_column))
    for page in range(first_page, last_page + 1):
        out += frame[page * WIDTH + first_column:page * WIDTH + last_column + 1]
    return out


def windows(payload):  # type: (bytes) -> Iterator[tuple[int, int, int, int, bytes]]
    """Yield ``(first_page, last_page, first_column, last_column, bytes)`` from a screen payload."""
    at = 0
    while at < len(payload):
        first_page, last_page, first_column, last_column = payload[at:at + WINDOW_HEADER]
        size = (last_page - first_page + 1) * (last_column - first_column + 1)
        start = at + WINDOW_HEADER
        yield first_page, last_page, first_column, last_column, payload[start:start + size]
        at = start + size


def windows_valid(payload):  # type: (bytes) -> bool
    at = 0
    while at < len(payload):
        if len(payload) - at < WINDOW_HEADER:
            return False
        first_page, last_page, first_column, last_column = payload[at:at + WINDOW_HEADER]
        if not (first_page <= last_page < PAGES and first_column <= last_column < WIDTH):
            return False
        at += WINDOW_HEADER + (last_page - first_page + 1) * (last_column - first_column + 1)
    return at == len(payload)


def apply_windows(payload, frame):  # type: (bytes, bytearray) -> None
    """Write a screen payload's windows into a 1024-byte page-ordered ``frame`` (bytearray)."""
    for first_page, last_page, first_column, last_column, data in windows(payload):
        width = last_column - first_column + 1
        for row, page in enumerate(range(first_page, last_page + 1)):
            start = page * WIDTH + first_column
            frame[start:start + width] = data[row * width:(row + 1) * width]
