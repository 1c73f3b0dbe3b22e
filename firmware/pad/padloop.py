"""Everything a pad board does, minus the hardware: scan the seven buttons with debounce, speak
the serial protocol to the console, and put the screen windows it receives on the panel.

Runs unchanged under MicroPython (on the board, called by ``main.py``) and CPython (tests and
the benchmark drive it over a pty). The hardware comes in as four small objects, which
``board.py`` makes from ``machine`` pins, USB serial and the ``ssd1306`` driver:

- ``link``: ``read()`` returns the bytes received so far (never blocks), ``write(bytes)``
- ``keys()``: seven booleans, True = pressed, in ``serial_protocol.BUTTON_NAMES`` order
- ``panel``: ``write_window(first_page, last_page, first_column, last_column, data)``,
  ``contrast(level)``, ``power(on)``
- ``now_ms()``: a millisecond clock that does not wrap (board.py extends ``ticks_ms``)
"""
from hal import serial_protocol as wire

DEBOUNCE_MS = 20
HEARTBEAT_MS = 250
RESEND_MS = 100
HELLO_MS = 500
#: Button changes kept while the console does not answer (oldest dropped beyond this).
QUEUE_LIMIT = 64


class PadLoop:
    """One pass of :meth:`poll` scans, reads, answers and (re)sends; call it every millisecond."""

    def __init__(self, pad_id, link, keys, panel, now_ms, nonce,
                 caps=wire.CAP_BUTTONS | wire.CAP_SSD1306, debounce_ms=DEBOUNCE_MS):
        self.pad_id = pad_id
        self.link = link
        self.keys = keys
        self.panel = panel
        self.now_ms = now_ms
        self.nonce = nonce & 0xFFFF
        self.caps = caps
        self.debounce_ms = debounce_ms
        self.decoder = wire.FrameDecoder()
        self.sequencer = wire.Sequencer()
        self.frame = bytearray(wire.WIDTH * wire.PAGES)
        count = len(wire.BUTTON_NAMES)
        self.pressed = [False] * count
        self.accepted_at = [-debounce_ms] * count
        self.changes = []          # (button, pressed, ms) not yet acknowledged, oldest first
        self.inflight = None       # (seq, frame, count) of the first changes once sent
        self.sent_at = 0
        self.host_seen = False
        self.last_host_seq = 0
        self.hello_at = None
        self.last_tx = None
        self.screens = 0

    def poll(self):
        now = self.now_ms()
        self.scan(now)
        received = self.link.read()
        if received:
            for kind, seq, payload in self.decoder.feed(received):
                self.receive(kind, seq, payload)
        self.send_due(now)

    def scan(self, now):
        """Leading-edge debounce: a change is taken at once, then the button is left alone for
        ``debounce_ms``; a level that changed meanwhile is read again on the next scans."""
        levels = self.keys()
        for button in range(len(self.pressed)):
            level = bool(levels[button])
            if level != self.pressed[button] and now - self.accepted_at[button] >= self.debounce_ms:
                self.pressed[button] = level
                self.accepted_at[button] = now
                if len(self.changes) >= QUEUE_LIMIT:
                    self.changes.pop(self.inflight[2] if self.inflight else 0)
                self.changes.append((button, level, now))

    def receive(self, kind, seq, payload):
        if kind == wire.HELLO and len(payload) == 1:
            self.host_seen = False          # a new console session: its sequence starts afresh
            self.last_host_seq = 0
            self.clear()                    # and it will assume a blank panel
            self.say_hello(self.now_ms())
        elif kind == wire.ACK:
            self.acked(payload[0], payload[1])
        elif kind in (wire.SCREEN, wire.CONTRAST, wire.POWER):
            if seq != 0 and seq != self.last_host_seq:
                self.last_host_seq = seq
                self.apply(kind, payload)
            self.write(wire.encode_frame(wire.ACK, 0, wire.ack_payload(kind, seq)))

    def acked(self, kind, seq):
        if kind == wire.HELLO:
            self.host_seen = True
        elif kind == wire.BUTTON and self.inflight is not None and self.inflight[0] == seq:
            del self.changes[:self.inflight[2]]
            self.inflight = None

    def apply(self, kind, payload):
        if kind == wire.SCREEN:
            wire.apply_windows(payload, self.frame)
            for first_page, last_page, first_column, last_column, data in wire.windows(payload):
                self.panel.write_window(first_page, last_page, first_column, last_column, data)
            self.screens += 1
        elif kind == wire.CONTRAST:
            self.panel.contrast(payload[0])
        else:
            self.panel.power(payload[0] == 1)

    def clear(self):
        for at in range(len(self.frame)):
            self.frame[at] = 0
        self.panel.write_window(0, wire.PAGES - 1, 0, wire.WIDTH - 1, bytes(len(self.frame)))

    def send_due(self, now):
        if not self.host_seen:
            if self.hello_at is None or now - self.hello_at >= HELLO_MS:
                self.say_hello(now)
        elif self.inflight is None and self.changes:
            batch = self.changes[:wire.MAX_CHANGES]
            payload = b"".join([wire.button_payload(button, pressed, at) for button, pressed, at in batch])
            seq = self.sequencer.next()
            self.inflight = (seq, wire.encode_frame(wire.BUTTON, seq, payload), len(batch))
            self.sent_at = now
            self.write(self.inflight[1])
        elif self.inflight is not None and now - self.sent_at >= RESEND_MS:
            self.sent_at = now
            self.write(self.inflight[1])
        if self.last_tx is None or now - self.last_tx >= HEARTBEAT_MS:
            self.write(wire.encode_frame(wire.HEARTBEAT, 0, wire.ms_bytes(now)))

    def say_hello(self, now):
        self.hello_at = now
        self.write(wire.encode_frame(wire.HELLO, 0, wire.hello_payload(self.pad_id, self.caps, self.nonce)))

    def write(self, frame):
        self.last_tx = self.now_ms()
        self.link.write(frame)
