"""Everything a pad board does, minus the hardware: scan the seven buttons with debounce, speak
the serial protocol to the console, and put the screen windows it receives on the panel.

Runs unchanged under MicroPython (on the board, called by ``main.py``) and CPython (tests and
the benchmark drive it over a pty). The hardware comes in as four small objects, which
``board.py`` makes from ``machine`` pins, USB serial and the SSD1306 on I2C:

- ``link``: ``readinto(buffer)`` puts the bytes received so far into ``buffer`` and returns how
  many (0 when none; never blocks), ``write(buffer, count)`` sends ``buffer[:count]``
- ``keys()``: an int, bit n set while button n is pressed (``serial_protocol.BUTTON_NAMES``
  order)
- ``panel`` (or None on a board without a screen): ``start()`` (re)initialises it,
  ``setup()`` the same without switching the display off and on (for a heal of a lit panel),
  ``write_window(first_page, last_page, first_column, last_column, data)``, ``contrast(level)``,
  ``power(on)``; any of them may raise ``OSError`` (a loose I2C wire)
- ``now_ms()``: a millisecond clock that may wrap (the board's ``time.ticks_ms``, which wraps at
  2**30 on the RP2040): only its low 30 bits are used, differences are taken modulo 2**30 as
  ``time.ticks_diff`` does, and the loop counts the wraps for the wire's 32-bit ``ms``

Two rules keep the board alive whatever happens around it. The panel never stops the loop: its
errors are counted, the panel is retried with a back-off, and when it answers again it gets
the whole picture (the loop keeps its own copy), its contrast and its power state. A panel can
also lose power between two writes and answer the next as if nothing happened, dark (an
SSD1306 gives no read on I2C to ask it): so a lit panel whose picture has been still for
:data:`HEAL_QUIET_MS` is *healed* every :data:`HEAL_MS`, set up again without its display-off
(a lit panel does not blink) and given its picture, one step per pass (no pass holds the
buttons more than one page's 3 ms of I2C). And the idle pass allocates nothing (no garbage, so
no collection pausing the scan): keys come as one int, bytes land in a buffer made once, frames
are built in :class:`~hal.serial_protocol.FrameWriter`, a heal's pages are views made once.
"""
from hal import serial_protocol as wire

#: The clock is taken modulo 2**30. MicroPython's small ints are 31-bit on the RP2040
#: (-2**30..2**30-1): a millisecond total kept past 2**30 (12.4 days) becomes a heap-allocated
#: big int, and every idle pass would then allocate. Times here stay in 0..TICKS_MASK, their
#: differences in -TICKS_MASK..TICKS_MASK (small ints), and 2**30 itself is never written.
TICKS_MASK = 0x3FFFFFFF
TICKS_HALF = 0x20000000

DEBOUNCE_MS = 20
HEARTBEAT_MS = 250
#: An unacked BUTTON frame goes again after this (a frame and its ack take ~2 ms at 115200 baud).
RESEND_MS = 50
HELLO_MS = 500
#: Button changes kept while the console does not answer (oldest dropped beyond this).
QUEUE_LIMIT = 64
#: A BUTTON frame that went unacked this many times is cut in half (under a new sequence number):
#: on a noisy line a 56-byte frame of 8 changes rarely gets through, a 12-byte one mostly does.
SHRINK_AFTER = 2
#: Not below two, so a press can ride along with the unacked release before it.
MIN_BATCH = 2
#: First wait before trying a silent panel again; doubles at each failure up to the maximum.
PANEL_RETRY_MS = 100
PANEL_RETRY_MAX_MS = 2000
#: A lit, still panel is healed this often: the longest a panel that lost power silently stays
#: dark. A heal is about 1,260 bytes of the board's own I2C bus (0.6 % of it at 400 kHz).
HEAL_MS = 4800
#: ... once its picture has not changed for this long (never amid a burst of screens).
HEAL_QUIET_MS = 1000
#: Heal steps, one per pass: the set-up, the eight pages, then contrast and power.
HEAL_STEPS = 2 + wire.PAGES
READ_BLOCK = 256
BUTTON_COUNT = len(wire.BUTTON_NAMES)


def ticks_diff(later, earlier):
    """``later - earlier`` on the 2**30 ms clock, as ``time.ticks_diff``: right while the two are
    less than 2**29 ms (6.2 days) apart, and never outside the small ints."""
    diff = (later - earlier) & TICKS_MASK
    if diff >= TICKS_HALF:
        diff = diff - TICKS_HALF - TICKS_HALF
    return diff


class PadLoop:
    """One pass of :meth:`poll` scans, reads, answers and (re)sends; call it every millisecond."""

    def __init__(self, pad_id, link, keys, panel, now_ms, nonce,
                 caps=wire.CAP_BUTTONS | wire.CAP_SSD1306, debounce_ms=DEBOUNCE_MS):
        self.pad_id = pad_id
        self.link = link
        self.keys = keys
        self.panel = panel
        self.now_ms = now_ms
        self.ticks = now_ms() & TICKS_MASK
        self.wraps = 0             # times the 2**30 clock wrapped, mod 4: bits 30-31 of the wire's ms
        self.nonce = nonce & 0xFFFF
        self.caps = caps
        self.debounce_ms = debounce_ms
        self.decoder = wire.FrameDecoder()
        self.sequencer = wire.Sequencer()
        self.writer = wire.FrameWriter()
        self.received = bytearray(READ_BLOCK)
        self.frame = bytearray(wire.WIDTH * wire.PAGES)
        whole = memoryview(self.frame)           # a heal's pages, made once (no allocation later)
        self.pages = [whole[page * wire.WIDTH:(page + 1) * wire.WIDTH] for page in range(wire.PAGES)]
        self.pressed = [False] * BUTTON_COUNT
        self.accepted_at = [(self.ticks - debounce_ms) & TICKS_MASK] * BUTTON_COUNT
        self.changes = []          # (button, pressed, ticks, wraps) not yet acknowledged, oldest first
        self.inflight_seq = 0      # the BUTTON frame in flight: its seq (0: none), changes, bytes
        self.inflight_count = 0
        self.inflight = bytearray(len(self.writer.out))
        self.inflight_length = 0
        self.tries = 0
        self.batch = wire.MAX_CHANGES  # most changes in the next frame: halved on a noisy line
        self.sent_at = 0
        self.host_seen = False
        self.last_host_seq = 0
        self.hello_at = None
        self.last_tx = None
        self.screens = 0
        self.level = None          # the panel's state as the console set it, replayed on a heal
        self.on = True
        self.panel_ok = False
        self.panel_failed_at = self.ticks
        self.panel_wait = 0
        self.panel_backoff = PANEL_RETRY_MS
        self.panel_errors = 0
        self.panel_starts = 0
        self.healed_at = self.ticks     # the last heal or start; kept within TICKS_HALF of now
        self.shown_at = self.ticks      # the last picture received
        self.heal_step = 0              # 0: no heal under way; else the next step, 1..HEAL_STEPS
        self.heals = 0
        self.merged = 0            # changes dropped in pairs from a full queue (merge_oldest)

    def now(self):
        return self.now_ms() & TICKS_MASK

    def poll(self):
        now = self.now()
        if now < self.ticks:
            self.wraps = (self.wraps + 1) & 3
        self.ticks = now
        self.scan(now)
        if self.panel is not None:
            if not self.panel_ok:
                if ticks_diff(now, self.panel_failed_at) >= self.panel_wait:
                    self.start_panel(now)
            elif self.heal_step or self.heal_due(now):
                self.heal(now)
        count = self.link.readinto(self.received)
        if count:
            for kind, seq, payload in self.decoder.feed(memoryview(self.received)[:count]):
                self.receive(kind, seq, payload)
        self.send_due(now)

    def scan(self, now):
        """Leading-edge debounce: a change is taken at once, then the button is left alone for
        ``debounce_ms``; a level that changed meanwhile is read again on the next scans."""
        levels = self.keys()
        button = 0
        while button < BUTTON_COUNT:
            level = (levels >> button) & 1 == 1
            if (level != self.pressed[button]
                    and ticks_diff(now, self.accepted_at[button]) >= self.debounce_ms):
                self.pressed[button] = level
                self.accepted_at[button] = now
                if len(self.changes) >= QUEUE_LIMIT:
                    self.merge_oldest()
                self.changes.append((button, level, now, self.wraps))
            button += 1

    def merge_oldest(self):
        """Make room in a full queue without losing any button's latest state: drop the oldest
        waiting change that has a later one of the same button, together with that next one (a
        whole tap, or a release and its next press). Each button's changes still alternate, and
        the last change of every button stays queued. Changes in the frame in flight are kept.
        With seven buttons and a queue of 64 such a pair always exists."""
        first = self.inflight_count if self.inflight_seq else 0
        for at in range(first, len(self.changes)):
            button = self.changes[at][0]
            for later in range(at + 1, len(self.changes)):
                if self.changes[later][0] == button:
                    del self.changes[later]
                    del self.changes[at]
                    self.merged += 2
                    return

    # ----- frames in ---------------------------------------------------------------------------
    def receive(self, kind, seq, payload):
        if kind == wire.HELLO and len(payload) == 1:
            self.host_seen = False          # a new console session: its sequence starts afresh
            self.last_host_seq = 0
            self.clear()                    # and it will assume a blank panel
            self.say_hello(self.now())
            self.announce_held()
        elif kind == wire.ACK:
            self.acked(payload[0], payload[1])
        elif kind in (wire.SCREEN, wire.CONTRAST, wire.POWER):
            if seq != 0 and seq != self.last_host_seq:
                self.last_host_seq = seq
                self.apply(kind, payload)
            self.send(wire.ACK, 0)
            self.writer.add(kind)
            self.writer.add(seq)
            length = self.writer.finish()
            self.write(self.writer.out, length)
            self.write(self.writer.out, length)     # twice: on a noisy line one copy gets through

    def announce_held(self):
        """A new console session knows nothing of the buttons (a console that lost the pad
        released them): a button held now, with no change of its own waiting, is pressed again
        at this moment, so its state arrives whatever the line did meanwhile."""
        now = self.ticks
        for button in range(BUTTON_COUNT):
            if not self.pressed[button]:
                continue
            waiting = False
            for change in self.changes:
                if change[0] == button:
                    waiting = True
            if not waiting:
                if len(self.changes) >= QUEUE_LIMIT:
                    self.merge_oldest()
                self.changes.append((button, True, now, self.wraps))

    def acked(self, kind, seq):
        if kind == wire.HELLO:
            self.host_seen = True
        elif kind == wire.BUTTON and self.inflight_seq and self.inflight_seq == seq:
            del self.changes[:self.inflight_count]
            self.inflight_seq = 0
            if self.tries == 0:             # through at the first try: the line is good again
                self.batch = min(wire.MAX_CHANGES, 2 * self.batch)

    # ----- the panel ---------------------------------------------------------------------------
    def apply(self, kind, payload):
        """Take the console's message into our copy, then onto the panel if it answers (if not,
        the copy goes whole when it does: the console's ack means "the pad has it")."""
        if kind == wire.SCREEN:
            wire.apply_windows(payload, self.frame)
            self.screens += 1
            self.shown_at = self.ticks
        elif kind == wire.CONTRAST:
            self.level = payload[0]
        else:
            self.on = payload[0] == 1
        if not self.panel_ok:
            return
        try:
            if kind == wire.SCREEN:
                for first_page, last_page, first_column, last_column, data in wire.windows(payload):
                    self.panel.write_window(first_page, last_page, first_column, last_column, data)
            elif kind == wire.CONTRAST:
                self.panel.contrast(self.level)
            else:
                self.panel.power(self.on)
        except OSError:
            self.panel_failed(self.now())

    def clear(self):
        for at in range(len(self.frame)):
            self.frame[at] = 0
        if self.panel_ok:
            try:
                self.panel.write_window(0, wire.PAGES - 1, 0, wire.WIDTH - 1, self.frame)
            except OSError:
                self.panel_failed(self.now())

    def start_panel(self, now):
        """(Re)initialise the panel and give it everything: picture, contrast, power."""
        try:
            self.panel.start()
            self.panel.write_window(0, wire.PAGES - 1, 0, wire.WIDTH - 1, self.frame)
            if self.level is not None:
                self.panel.contrast(self.level)
            if not self.on:
                self.panel.power(False)
        except OSError:
            self.panel_failed(now)
            return
        self.panel_ok = True
        self.panel_starts += 1
        self.healed_at = now
        self.panel_backoff = PANEL_RETRY_MS

    def heal_due(self, now):
        """Whether a heal starts now. Both times are kept within a few seconds of now (a stamp
        older than that is moved up to just due), so ``ticks_diff`` holds however long the board
        runs and however long the picture stays still."""
        if not self.on:                          # switched off: nothing to heal; due 4.8 s after on
            self.healed_at = now
            self.shown_at = (now - HEAL_QUIET_MS) & TICKS_MASK
            return False
        since = ticks_diff(now, self.healed_at)
        if since < 0 or since > HEAL_MS:
            self.healed_at = (now - HEAL_MS) & TICKS_MASK
            since = HEAL_MS
        still = ticks_diff(now, self.shown_at)
        if still < 0 or still > HEAL_QUIET_MS:
            self.shown_at = (now - HEAL_QUIET_MS) & TICKS_MASK
            still = HEAL_QUIET_MS
        if since < HEAL_MS or still < HEAL_QUIET_MS:
            return False
        self.heal_step = 1
        return True

    def heal(self, now):
        """One step of a heal: the set-up, a page of the picture, or contrast and power. A screen
        received meanwhile is written at once and into the copy, so the pages still to come carry
        it too."""
        step = self.heal_step
        try:
            if step == 1:
                self.panel.setup()
            elif step <= 1 + wire.PAGES:
                page = step - 2
                self.panel.write_window(page, page, 0, wire.WIDTH - 1, self.pages[page])
            else:
                if self.level is not None:
                    self.panel.contrast(self.level)
                self.panel.power(self.on)
        except OSError:
            self.heal_step = 0
            self.panel_failed(now)
            return
        if step < HEAL_STEPS:
            self.heal_step = step + 1
        else:
            self.heal_step = 0
            self.healed_at = now
            self.heals += 1

    def panel_failed(self, now):
        self.panel_ok = False
        self.heal_step = 0
        self.panel_errors += 1
        self.panel_failed_at = now
        self.panel_wait = self.panel_backoff
        self.panel_backoff = min(2 * self.panel_backoff, PANEL_RETRY_MAX_MS)

    # ----- frames out --------------------------------------------------------------------------
    def send_due(self, now):
        if not self.host_seen:
            if self.hello_at is None or ticks_diff(now, self.hello_at) >= HELLO_MS:
                self.say_hello(now)
        elif not self.inflight_seq and self.changes:
            self.send_changes(now, min(len(self.changes), self.batch))
        elif self.inflight_seq and ticks_diff(now, self.sent_at) >= RESEND_MS:
            self.tries += 1
            if self.tries > SHRINK_AFTER and self.inflight_count > MIN_BATCH:
                # Safe to re-cut: the console drops a change it already has by its timestamp.
                self.batch = max(MIN_BATCH, self.inflight_count // 2)
                self.send_changes(now, self.batch)
            elif self.inflight_count < min(len(self.changes), self.batch):
                # Newer changes wait behind it: take them along, so a press is not held up by
                # the ack of the frame before it (same rule: copies are dropped by timestamp).
                tries = self.tries
                self.send_changes(now, min(len(self.changes), self.batch))
                self.tries = tries
            else:
                self.sent_at = now
                self.write(self.inflight, self.inflight_length)
        if self.last_tx is None or ticks_diff(now, self.last_tx) >= HEARTBEAT_MS:
            self.send(wire.HEARTBEAT, 0)
            self.writer.add_ms(now, self.wraps)   # the 32-bit count since boot, wrapping at 2**32
            self.flush()

    def send_changes(self, now, count):
        """The first ``count`` queued changes in one BUTTON frame, kept for resending."""
        self.inflight_seq = self.sequencer.next()
        self.inflight_count = count
        self.tries = 0
        self.send(wire.BUTTON, self.inflight_seq)
        for at in range(count):
            button, pressed, ticks, wraps = self.changes[at]
            self.writer.add(button)
            self.writer.add(1 if pressed else 0)
            self.writer.add_ms(ticks, wraps)
        length = self.writer.finish()
        self.inflight[:length] = self.writer.out[:length]
        self.inflight_length = length
        self.sent_at = now
        self.write(self.inflight, length)

    def say_hello(self, now):
        self.hello_at = now
        caps = self.caps
        if not self.panel_ok:               # say what answers: no screen bit without a panel
            caps &= ~(wire.CAP_SSD1306 | wire.CAP_SH1106)
        self.send(wire.HELLO, 0)
        for byte in wire.hello_payload(self.pad_id, caps, self.nonce):
            self.writer.add(byte)
        self.flush()

    def send(self, kind, seq):
        self.writer.start(kind, seq)

    def flush(self):
        self.write(self.writer.out, self.writer.finish())

    def write(self, buffer, count):
        self.last_tx = self.now()
        self.link.write(buffer, count)
