"""Serial pads (tabletop profile): a pad board on USB serial reads its own buttons and drives its
own OLED; the Pi speaks :mod:`hal.serial_protocol` to it with pyserial.

One :class:`SerialLink` owns one port and one reader thread. It blocks in ``read`` (no busy
polling), turns the pad's button frames into :class:`~hal.buttons.ButtonEvent` s on the
console's queue, acks them and drops duplicates, so a press is never lost across a resend and
never doubled. Screen frames go the other way as the changed windows that
:func:`hal.oled.plan_windows` computes, one reliable message in flight at a time (stop and wait:
the panel copy is always exact). When the pad falls silent for :data:`LINK_TIMEOUT` or the
port fails, the link reports the pad disconnected, closes the port and reopens it until the pad
says hello again; then the screen is redrawn (the pad clears its panel when it says hello) and
contrast and power restored.

The firmware sees a :class:`SerialPad` and a :class:`SerialScreen`, the same contract as the
GPIO pad and the OLED screen, plus ``SerialPad.connected`` and ``SerialPad.on_connection``.
"""
from __future__ import annotations

import logging
import threading
from collections import deque
from typing import Any, Callable

from PIL import Image

from hal import serial_protocol as wire
from hal.buttons import Button, ButtonEvent
from hal.clock import Clock, SystemClock
from hal.events import EventQueue
from hal.oled import TRANSFER_OVERHEAD, Addressing, Window, plan_windows
from hal.pad import Pad
from hal.screen import PAGES, WIDTH, Screen, check_contrast, to_pages

log = logging.getLogger(__name__)

BAUDRATE = 115200
#: No byte from the pad for this long (it sends a heartbeat every 0.25 s): disconnected.
LINK_TIMEOUT = 1.0
#: Bytes arrive but not one good frame for this long (a line too damaged to use, or a pad that
#: only prints): disconnected too. While frames still get through, a noisy line stays connected.
GARBLED_TIMEOUT = 5.0
HELLO_EVERY = 0.25
REOPEN_EVERY = 0.2
#: Resend an unacknowledged message after this, plus twice its time on the wire.
RESEND_AFTER = 0.05
#: The longest the reader blocks in one read; resends and supervision run between reads.
READ_SLICE = 0.05
#: How fast the pad's clock may drift from ours (100 ppm) when mapping its timestamps.
DRIFT = 1e-4
#: Most screen bytes in one message (one page), while the line is clean.
SCREEN_CHUNK = 128
#: The least: a message that went unacked :data:`SHRINK_AFTER` times is dropped and its bytes
#: sent again in messages half as big, down to this (at 5 % damaged bytes a 140-byte message
#: almost never arrives whole, a 26-byte one does one time in four).
MIN_SCREEN_CHUNK = 16
SHRINK_AFTER = 2
#: BUTTON sequence numbers remembered: a late copy of any of them is acked and not acted on.
#: Far below 255, so a number coming round again is never taken for a copy.
RECENT_SEQS = 64
#: What a pad's panel holds after it says hello: it clears it at boot and at the console's hello.
CLEARED = bytes(WIDTH * PAGES)
BUTTONS = tuple(Button[name] for name in wire.BUTTON_NAMES)
PortOpener = Callable[[str, int], Any]
ConnectionListener = Callable[[int, bool], None]


class WireAddressing(Addressing):
    """Screen windows on the serial wire: a 4-byte header each, any run of pages."""

    command_bytes = wire.WINDOW_HEADER - 2 * TRANSFER_OVERHEAD
    multi_page = True

    def commands(self, window: Window) -> tuple[int, ...]:
        return (window.first_page, window.last_page, window.first_column, window.last_column)


def _pieces(window: Window, limit: int) -> list[tuple[int, int, int, int]]:
    """``window`` cut into ``(first_page, last_page, first_column, last_column)`` pieces of at
    most ``limit`` bytes: runs of whole pages when a page fits, else runs of columns."""
    width = window.last_column - window.first_column + 1
    if width <= limit:
        pages = limit // width
        return [(first, min(window.last_page, first + pages - 1), window.first_column, window.last_column)
                for first in range(window.first_page, window.last_page + 1, pages)]
    return [(page, page, first, min(window.last_column, first + limit - 1))
            for page in range(window.first_page, window.last_page + 1)
            for first in range(window.first_column, window.last_column + 1, limit)]


def screen_chunk(panel: bytes, frame: bytes, limit: int = SCREEN_CHUNK) -> bytes:
    """The next SCREEN payload towards ``frame``: the first of the windows that
    :func:`hal.oled.plan_windows` finds between ``panel`` and ``frame``, cut into pieces and
    packed up to ``limit`` data bytes (at least one piece). Empty when nothing differs.

    Short messages keep a damaged line usable: at 1 % byte errors a whole 1 KB frame would
    almost never arrive intact, a 128-byte page mostly does; at 5 %, only pieces of 16 to 32.
    """
    payload = bytearray()
    used = 0
    for window in plan_windows(panel, frame, WireAddressing()):
        for first, last, first_column, last_column in _pieces(window, limit):
            size = (last - first + 1) * (last_column - first_column + 1)
            if payload and used + size > limit:
                return bytes(payload)
            payload += wire.window_payload(first, last, first_column, last_column, frame)
            used += size
    return bytes(payload)


def screen_messages(panel: bytes, frame: bytes, limit: int = SCREEN_CHUNK) -> list[bytes]:
    """Every SCREEN payload, in order, that brings a pad's panel from ``panel`` to ``frame``."""
    messages = []
    panel_now = bytearray(panel)
    while panel_now != frame:
        payload = screen_chunk(bytes(panel_now), frame, limit)
        wire.apply_windows(payload, panel_now)
        messages.append(payload)
    return messages


def open_port(path: str, baudrate: int) -> Any:
    """Open a pyserial port by path or URL (``/dev/serial/by-id/...``, ``loop://``)."""
    import serial

    return serial.serial_for_url(path, baudrate=baudrate, timeout=READ_SLICE, write_timeout=1.0)


class _Outgoing:
    """The one reliable message in flight to the pad."""

    def __init__(self, kind: int, seq: int, payload: bytes, frame: bytes, sent_at: float,
                 resend_after: float, on_ack: Callable[[], None]) -> None:
        self.kind = kind
        self.seq = seq
        self.payload = payload
        self.frame = frame
        self.sent_at = sent_at
        self.resend_after = resend_after
        self.on_ack = on_ack
        self.tries = 0


class SerialLink:
    """The host end of one serial pad: port, reader thread, protocol state, reconnection."""

    def __init__(self, pad_id: int, port: str, events: EventQueue, *, clock: Clock | None = None,
                 open_port: PortOpener = open_port, baudrate: int = BAUDRATE,
                 link_timeout: float = LINK_TIMEOUT) -> None:
        self.pad_id = pad_id
        self.port_name = port
        self._events = events
        self._clock = clock or SystemClock()
        self._open_port = open_port
        self._baudrate = baudrate
        self._link_timeout = link_timeout
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._port: Any = None
        self._opened_at = 0.0
        self._decoder = wire.FrameDecoder()
        self._sequencer = wire.Sequencer()
        self._greeted = False
        self._nonce: int | None = None
        self._recent_seqs: deque[int] = deque(maxlen=RECENT_SEQS)
        self._change_ms: dict[Button, tuple[int, int]] = {}
        self._held: set[Button] = set()
        self._last_rx = 0.0
        self._last_bytes = 0.0
        self._hello_at = float("-inf")
        self._inflight: _Outgoing | None = None
        self._drives_screen = False
        self._wanted = bytes(WIDTH * PAGES)
        self._panel = CLEARED
        self._unknown = bytearray(WIDTH * PAGES)
        self._chunk = SCREEN_CHUNK
        self._contrast = 0xCF
        self._contrast_sent: int | None = None
        self._on = True
        self._power_sent: bool | None = None
        self._offset: float | None = None
        self._offset_at = 0.0
        self._pad_ms_last: int | None = None
        self._pad_ms_wraps = 0
        self._listeners: list[ConnectionListener] = []
        self._faces = 0
        self._ever_connected = False
        self.hello: tuple[int, int, int] | None = None
        """``(version, pad_id, capabilities)`` from the pad's last hello."""
        self.duplicates = 0
        """BUTTON frames, and changes inside new frames, already acted on and so ignored."""
        self.resends = 0
        self.shrinks = 0
        """Messages given up for smaller ones on a damaged line (screen and pad side alike)."""
        self.reconnections = 0
        self._thread = threading.Thread(target=self._run, name=f"serial pad {pad_id}", daemon=True)
        self._thread.start()

    # ----- what the faces use --------------------------------------------------------------
    @property
    def connected(self) -> bool:
        return self._greeted

    @property
    def dropped(self) -> int:
        """Damaged frames dropped by the decoder so far."""
        return self._decoder.dropped

    def add_listener(self, listener: ConnectionListener) -> None:
        self._listeners.append(listener)

    def is_pressed(self, button: Button) -> bool:
        return button in self._held

    def drive_screen(self) -> None:
        with self._lock:
            self._drives_screen = True

    def show(self, frame: bytes) -> None:
        with self._lock:
            self._wanted = frame
            self._pump_safely()

    def set_contrast(self, level: int) -> None:
        with self._lock:
            self._contrast = level
            self._pump_safely()

    def set_power(self, on: bool) -> None:
        with self._lock:
            self._on = on
            self._pump_safely()

    def attach(self) -> None:
        self._faces += 1

    def detach(self) -> None:
        self._faces -= 1
        if self._faces <= 0:
            self.close()

    def close(self) -> None:
        """Stop the reader and close the port (a last best-effort "power off" to the panel)."""
        if self._stop.is_set():
            return
        self._stop.set()
        with self._lock:
            port = self._port
            if port is not None and self._drives_screen and self._greeted:
                try:
                    port.write(wire.encode_frame(wire.POWER, self._sequencer.next(), b"\x00"))
                except OSError:
                    pass
            if port is not None:
                try:
                    port.cancel_read()
                except (OSError, AttributeError):
                    pass
        self._thread.join(timeout=2.0)
        self._close_port()

    # ----- the reader thread ---------------------------------------------------------------
    def _run(self) -> None:
        while not self._stop.is_set():
            if self._port is None and not self._open():
                self._stop.wait(REOPEN_EVERY)
                continue
            try:
                self._serve()
            except OSError as error:   # pyserial's SerialException is an OSError
                if not self._stop.is_set():
                    self._lose(f"port failed ({error})")

    def _open(self) -> bool:
        try:
            port = self._open_port(self.port_name, self._baudrate)
        except (OSError, ValueError):
            return False
        with self._lock:
            self._port = port
            self._opened_at = self._clock.now()
            self._decoder.reset()
            self._say_hello(self._opened_at)
        return True

    def _serve(self) -> None:
        port = self._port
        chunk = port.read(max(1, port.in_waiting))
        now = self._clock.now()
        with self._lock:
            if chunk:
                self._last_bytes = now
            for kind, seq, payload in self._decoder.feed(chunk):
                self._receive(kind, seq, payload, now)
            heard = max(self._last_bytes, self._opened_at)
            understood = max(self._last_rx, self._opened_at)
            if now - heard > self._link_timeout:
                self._lose("no heartbeat" if self._greeted else "no hello")
            elif now - understood > max(GARBLED_TIMEOUT, self._link_timeout):
                self._lose("only damaged frames")
            elif not self._greeted and now - self._hello_at >= HELLO_EVERY:
                self._say_hello(now)
            elif self._greeted:
                self._pump(now)

    def _lose(self, reason: str) -> None:
        """Drop the port and every assumption about the pad; it will be reopened."""
        with self._lock:
            was_connected = self._greeted
            self._greeted = False
            self._forget_pad_state()
            self._release_held(self._clock.now())
            self._close_port()
        if was_connected:
            log.warning("pad %d on %s disconnected: %s", self.pad_id, self.port_name, reason)
            self._notify(False)

    def _close_port(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except OSError:
                pass

    def _forget_pad_state(self) -> None:
        self._inflight = None
        self._panel = CLEARED
        self._unknown = bytearray(WIDTH * PAGES)
        self._chunk = SCREEN_CHUNK
        self._contrast_sent = None
        self._power_sent = None

    def _release_held(self, now: float) -> None:
        """A pad that vanished cannot report releases: release what it held, so no button stays
        stuck down (releases only; a press is never invented)."""
        for button in sorted(self._held, key=BUTTONS.index):
            self._events.put(ButtonEvent(self.pad_id, button, False, now))
        self._held.clear()

    def _notify(self, connected: bool) -> None:
        """Tell the listeners (from the reader thread, holding the link's lock: be quick)."""
        for listener in list(self._listeners):
            try:
                listener(self.pad_id, connected)
            except Exception:
                log.exception("connection listener of pad %d failed", self.pad_id)

    # ----- frames in -----------------------------------------------------------------------
    def _receive(self, kind: int, seq: int, payload: bytes, now: float) -> None:
        self._last_rx = now
        if kind == wire.HELLO and len(payload) == 5:
            self._greet(seq, payload, now)
        elif not self._greeted:
            return
        elif kind == wire.HEARTBEAT:
            self._pad_time(wire.ms_from(payload), now)
        elif kind == wire.BUTTON:
            self._button(seq, payload, now)
        elif kind == wire.ACK:
            self._acked(payload[0], payload[1], now)

    def _greet(self, seq: int, payload: bytes, now: float) -> None:
        version, pad_id, caps, nonce = payload[0], payload[1], payload[2], payload[3] << 8 | payload[4]
        self._write(wire.encode_frame(wire.ACK, 0, wire.ack_payload(wire.HELLO, seq)))
        if version != wire.VERSION:
            log.error("pad on %s speaks protocol %d, this console %d: update the pad firmware",
                      self.port_name, version, wire.VERSION)
            return
        if self._greeted and nonce == self._nonce:
            return                                  # our ack of its hello was lost
        if pad_id != self.pad_id:
            log.warning("%s answers as pad %d but is configured as pad %d", self.port_name, pad_id, self.pad_id)
        if nonce != self._nonce:                    # the pad (re)booted: new sequence numbers
            self._nonce = nonce
            self._recent_seqs.clear()
            self._change_ms.clear()
            self._offset = None
            self._pad_ms_last = None
            self._release_held(now)
        was_connected = self._greeted
        self.hello = (version, pad_id, caps)
        self._greeted = True
        self._forget_pad_state()
        self._pump(now)
        if not was_connected:
            if self._ever_connected:
                self.reconnections += 1
                log.warning("pad %d on %s connected again", self.pad_id, self.port_name)
            self._ever_connected = True
            self._notify(True)

    def _button(self, seq: int, payload: bytes, now: float) -> None:
        """Queue the changes, then ack: an acked change is already on the console's queue.

        Two guards make every change count once. A seq among the last :data:`RECENT_SEQS` is a
        copy (a resend whose first copy was late, arriving after a newer frame). And a change
        no newer, on the pad's clock, than the last one taken for its button is a copy too: the
        pad may re-send unacked changes under a new seq in a smaller frame when the line is bad.
        """
        if seq == 0 or seq in self._recent_seqs:
            self.duplicates += 1
        else:
            self._recent_seqs.append(seq)
            for number, pressed, pad_ms in wire.changes(payload):
                button = BUTTONS[number]
                if self._seen_change(button, pressed, pad_ms):
                    self.duplicates += 1
                    continue
                if pressed == (button in self._held):
                    continue
                (self._held.add if pressed else self._held.discard)(button)
                self._events.put(ButtonEvent(self.pad_id, button, pressed, self._pad_time(pad_ms, now)))
        ack = wire.encode_frame(wire.ACK, 0, wire.ack_payload(wire.BUTTON, seq))
        self._write(ack + ack[1:])      # twice (7 bytes more): on a noisy line one copy gets through

    def _seen_change(self, button: Button, pressed: bool, pad_ms: int) -> bool:
        """A copy of a change already taken? Older on the pad's clock than the button's last
        change taken (32-bit, wrapping), or of the same millisecond and the same kind (a press and
        its release may share a millisecond: the release is not a copy of the press). Remembers
        the change when it is new."""
        kind = 2 if pressed else 1
        last = self._change_ms.get(button)
        if last is not None:
            last_ms, kinds = last
            if pad_ms == last_ms:
                if kinds & kind:
                    return True
                self._change_ms[button] = (pad_ms, kinds | kind)
                return False
            if not (pad_ms - last_ms) & 0xFFFFFFFF < 1 << 31:
                return True
        self._change_ms[button] = (pad_ms, kind)
        return False

    def _pad_time(self, pad_ms: int, now: float) -> float:
        """Map the pad's millisecond clock onto ours: the smallest ``now - pad_time`` seen is the
        offset with the least transit delay in it, allowed to creep by :data:`DRIFT`."""
        if self._pad_ms_last is not None and self._pad_ms_last - pad_ms > 1 << 31:
            self._pad_ms_wraps += 1
        self._pad_ms_last = pad_ms
        pad_seconds = (pad_ms + (self._pad_ms_wraps << 32)) / 1000.0
        offset = now - pad_seconds
        if self._offset is None:
            self._offset = offset
        else:
            self._offset = min(offset, self._offset + DRIFT * (now - self._offset_at))
        self._offset_at = now
        return min(now, pad_seconds + self._offset)

    def _acked(self, kind: int, seq: int, now: float) -> None:
        inflight = self._inflight
        if inflight is None or inflight.kind != kind or inflight.seq != seq:
            return
        self._inflight = None
        if inflight.kind == wire.SCREEN and inflight.tries == 0:
            self._chunk = min(SCREEN_CHUNK, 2 * self._chunk)     # the line got better
        inflight.on_ack()
        self._pump(now)

    # ----- frames out ----------------------------------------------------------------------
    def _say_hello(self, now: float) -> None:
        self._hello_at = now
        self._write(wire.encode_frame(wire.HELLO, 0, bytes((wire.VERSION,))))

    def _pump_safely(self) -> None:
        """Send from a firmware thread; a failing port is the reader thread's to notice."""
        if not self._greeted:
            return
        try:
            self._pump(self._clock.now())
        except OSError:
            pass

    def _pump(self, now: float) -> None:
        """Resend the message in flight when overdue, or send the next one that is due."""
        inflight = self._inflight
        if inflight is not None:
            if now - inflight.sent_at < inflight.resend_after:
                return
            inflight.tries += 1
            if inflight.kind == wire.SCREEN and inflight.tries > SHRINK_AFTER and self._chunk > MIN_SCREEN_CHUNK:
                self._give_up_screen(inflight)
            else:
                inflight.sent_at = now
                self.resends += 1
                self._write(inflight.frame)
                return
        message = self._next_message()
        if message is None:
            return
        kind, payload, on_ack = message
        seq = self._sequencer.next()
        frame = wire.encode_frame(kind, seq, payload)
        resend_after = RESEND_AFTER + 2 * len(frame) * 10 / self._baudrate
        self._inflight = _Outgoing(kind, seq, payload, frame, now, resend_after, on_ack)
        self._write(frame)

    def _next_message(self) -> tuple[int, bytes, Callable[[], None]] | None:
        if not self._drives_screen:
            return None
        if self._contrast_sent != self._contrast:
            level = self._contrast
            return wire.CONTRAST, bytes((level,)), lambda: setattr(self, "_contrast_sent", level)
        if self._power_sent != self._on:
            on = self._on
            return wire.POWER, bytes((1 if on else 0,)), lambda: setattr(self, "_power_sent", on)
        panel = self._panel_as_planned()
        if panel != self._wanted:
            payload = screen_chunk(panel, self._wanted, self._chunk)
            return wire.SCREEN, payload, lambda: self._panel_took(payload)
        return None

    def _panel_as_planned(self) -> bytes:
        """Our copy of the pad's panel, with the bytes we are unsure of made to differ from the
        wanted frame, so they are sent again."""
        if not any(self._unknown):
            return self._panel
        return bytes(wanted ^ 0xFF if unknown else held
                     for held, wanted, unknown in zip(self._panel, self._wanted, self._unknown))

    def _give_up_screen(self, inflight: _Outgoing) -> None:
        """Drop a screen message the line keeps spoiling, to send its bytes again in smaller
        ones. The pad may have taken it (only its acks were lost), so its bytes are unknown
        until a newer message covering them is acked."""
        self._chunk = max(MIN_SCREEN_CHUNK, self._chunk // 2)
        self.shrinks += 1
        self._inflight = None
        self._mark_unknown(inflight.payload, 1)

    def _mark_unknown(self, payload: bytes, unknown: int) -> None:
        for first_page, last_page, first_column, last_column, _ in wire.windows(payload):
            width = last_column - first_column + 1
            for page in range(first_page, last_page + 1):
                start = page * WIDTH + first_column
                self._unknown[start:start + width] = bytes((unknown,)) * width

    def _panel_took(self, payload: bytes) -> None:
        panel = bytearray(self._panel)
        wire.apply_windows(payload, panel)
        self._panel = bytes(panel)
        self._mark_unknown(payload, 0)

    def _write(self, frame: bytes) -> None:
        if self._port is not None:
            self._port.write(frame)


class SerialPad(Pad):
    """The buttons of a serial pad; ``connected`` says whether the pad is answering."""

    def __init__(self, link: SerialLink) -> None:
        self.pad_id = link.pad_id
        self.link = link
        self._closed = False
        link.attach()

    @property
    def connected(self) -> bool:
        return self.link.connected

    def on_connection(self, listener: ConnectionListener) -> None:
        """Call ``listener(pad_id, connected)`` (from the reader thread) when the pad goes or
        comes back."""
        self.link.add_listener(listener)

    def is_pressed(self, button: Button) -> bool:
        return self.link.is_pressed(button)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.link.detach()


class SerialScreen(Screen):
    """The OLED on a serial pad board; frames travel as changed windows, redrawn on reconnect."""

    def __init__(self, link: SerialLink, *, rotation: int = 0) -> None:
        if rotation not in (0, 180):
            raise ValueError("rotation must be 0 or 180")
        self.pad_id = link.pad_id
        self.link = link
        self._rotation = rotation
        self._closed = False
        link.attach()
        link.drive_screen()

    def display(self, image: Image.Image) -> None:
        if self._rotation == 180:
            image = image.rotate(180)
        self.link.show(to_pages(image))

    def contrast(self, level: int) -> None:
        self.link.set_contrast(check_contrast(level))

    def power(self, on: bool) -> None:
        self.link.set_power(bool(on))

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.link.detach()


def open_serial_pad(pad_id: int, port: str, events: EventQueue, *, screen: bool = True,
                    rotation: int = 0, clock: Clock | None = None, open_port: PortOpener = open_port,
                    baudrate: int = BAUDRATE,
                    link_timeout: float = LINK_TIMEOUT) -> tuple[SerialPad, SerialScreen | None]:
    """A serial pad, and its screen when the pad board drives one (``screen=True``).

    The port need not exist yet: the link keeps trying to open it, and the pad counts as
    disconnected until it says hello.
    """
    link = SerialLink(pad_id, port, events, clock=clock, open_port=open_port, baudrate=baudrate,
                      link_timeout=link_timeout)
    pad = SerialPad(link)
    return pad, SerialScreen(link, rotation=rotation) if screen else None
