"""What an RP2040 MicroPython has and the WebAssembly port lacks, for bench_pad_micropython.py.

Runs inside the real MicroPython interpreter (the npm WebAssembly port, under node), before the
pad firmware is imported, so ``board.py``, ``padloop.py`` and ``main.py`` run unchanged:

- ``machine``: ``Pin`` (levels set by the bench), ``I2C`` with a model of the SSD1306 behind it
  (commands, addressing window, RAM, display and charge pump; it can lose power and come back
  with garbage in RAM and the display off, with a failed transfer or, "blink", without one),
  ``WDT`` (feeds timed, a missed one reported);
- USB CDC as ``sys.stdin``/``sys.stdout`` with the rp2 semantics: ``readinto`` blocks until the
  buffer is full, ``select.poll`` says only that something waits; ``os.urandom``;
- ``time.sleep_ms``, which ``board.idle()`` calls at the end of every pass, is the hook: it
  measures ``gc.mem_alloc()`` over the pass just ended, then moves bytes to and from the pty and
  reads the bench's commands. During a pass the shim itself allocates nothing (fixed buffers,
  a preallocated poll answer), so what the pass allocated is the firmware's.

Not modelled: the RP2040's speed, real I2C timing and TinyUSB's own buffering.
"""
import binascii
import gc
import sys as _sys
import time as _time

import host

_pins = bytearray(b"\x01" * 32)        # pulled up: 1 = released


class _Stats:
    start_alloc = -1                   # the first pass carries the imports: not counted
    passes = 0
    idle = 0
    idle_bytes = 0
    idle_max = 0
    tx = 0
    tx_bytes = 0
    tx_max = 0
    panel = 0                          # passes that wrote to the panel and sent nothing (heals)
    panel_bytes = 0
    panel_max = 0
    rx = 0
    rx_bytes = 0
    rx_max = 0
    collections = 0
    blocked = 0
    i2c_calls = 0
    i2c_touched = False
    wdt_timeout = 0
    wdt_last = 0
    wdt_gap_max = 0
    wdt_missed = 0
    reported_at = 0


class _Usb:
    """Both directions of the CDC port, in buffers made once."""

    def __init__(self):
        self.inbox = bytearray(16384)
        self.head = 0
        self.tail = 0
        self.outbox = bytearray(16384)
        self.out = 0
        self.read_bytes = 0
        self.written = 0

    def waiting(self):
        return self.tail - self.head

    def readinto(self, buffer, count=-1):
        want = len(buffer) if count < 0 else count
        got = 0
        while got < want:
            if self.head == self.tail:       # rp2 blocks here until the bytes come
                _Stats.blocked += 1
                _fetch()
                continue
            buffer[got] = self.inbox[self.head]
            self.head += 1
            got += 1
        self.read_bytes += got
        return got

    def read(self, count):
        data = bytearray(count)
        self.readinto(data)
        return bytes(data)

    def write(self, buffer, count=-1):
        count = len(buffer) if count < 0 else count
        if self.out + count > len(self.outbox):
            _flush()
        at = 0
        while at < count:
            self.outbox[self.out + at] = buffer[at]
            at += 1
        self.out += count
        self.written += count
        return count


_usb = _Usb()


def _fetch():
    data = host.read()
    if data:
        raw = binascii.unhexlify(data)
        if _usb.head == _usb.tail:
            _usb.head = _usb.tail = 0
        _usb.inbox[_usb.tail:_usb.tail + len(raw)] = raw
        _usb.tail += len(raw)


def _flush():
    if _usb.out:
        host.write(binascii.hexlify(memoryview(_usb.outbox)[:_usb.out]).decode())
        _usb.out = 0


class _Stream:
    def __init__(self):
        self.buffer = _usb


class _Sys:
    def __init__(self):
        self.stdin = _Stream()
        self.stdout = _Stream()

    def __getattr__(self, name):
        return getattr(_sys, name)


class _Poll:
    def __init__(self):
        self._ready = ((_sys_shim.stdin, 1),)

    def register(self, stream, flags=1):
        pass

    def poll(self, timeout=-1):
        return [self._ready[0]] if _usb.waiting() else []

    def ipoll(self, timeout=-1, flags=0):
        return self._ready if _usb.waiting() else ()


class _Select:
    POLLIN = 1
    POLLOUT = 4

    def poll(self):
        return _Poll()


class _Os:
    def urandom(self, count):
        now = host.now()
        return bytes(((now >> (8 * at)) & 0xFF) ^ 0x5A for at in range(count))

    def __getattr__(self, name):
        import os
        return getattr(os, name)


class _Panel:
    """An SSD1306 as its I2C commands leave it."""

    ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1,
            0xD9: 1, 0xDA: 1, 0xDB: 1}

    def __init__(self):
        self.present = True
        self.lose_power()

    def lose_power(self):
        self.display_offs = 0
        self.ram = bytearray(bytes(range(256)) * 4)     # garbage after power-up
        self.on = False
        self.pump = False
        self.contrast = 0x7F
        self.columns = [0, 127]
        self.pages = [0, 7]
        self.column = 0
        self.page = 0
        self.command_now = 0
        self.args = bytearray(2)
        self.needed = 0
        self.got = 0

    def command(self, byte):
        if self.needed:
            self.args[self.got] = byte
            self.got += 1
            if self.got == self.needed:
                self.needed = 0
                self.execute(self.command_now)
            return
        self.command_now = byte
        self.needed = self.ARGS.get(byte, 0)
        self.got = 0
        if not self.needed:
            self.execute(byte)

    def execute(self, command):
        if command == 0xAE or command == 0xAF:
            if command == 0xAE:
                self.display_offs += 1
            self.on = command == 0xAF
        elif command == 0x8D:
            self.pump = self.args[0] == 0x14
        elif command == 0x81:
            self.contrast = self.args[0]
        elif command == 0x21:
            self.columns[0] = self.args[0]
            self.columns[1] = self.args[1]
            self.column = self.args[0]
        elif command == 0x22:
            self.pages[0] = self.args[0]
            self.pages[1] = self.args[1]
            self.page = self.args[0]

    def data(self, byte):
        self.ram[self.page * 128 + self.column] = byte
        self.column += 1
        if self.column > self.columns[1]:
            self.column = self.columns[0]
            self.page += 1
            if self.page > self.pages[1]:
                self.page = self.pages[0]


_panel = _Panel()


class _Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, number, mode=-1, pull=-1):
        self.number = number

    def value(self):
        return _pins[self.number]


class _I2C:
    def __init__(self, bus, sda=None, scl=None, freq=400000, timeout=50000):
        pass

    def _answer(self, address):
        _Stats.i2c_calls += 1
        _Stats.i2c_touched = True
        if address != 0x3C or not _panel.present:
            raise OSError(5)                 # MP_EIO: nobody acknowledged

    def _take(self, buffer, start, mode):
        at = start
        while at < len(buffer):
            if mode == 0x80:                 # Co=1: one command byte, then a control byte again
                _panel.command(buffer[at])
                at += 1
                if at < len(buffer):
                    mode = buffer[at]
                    at += 1
            elif mode == 0x40:
                _panel.data(buffer[at])
                at += 1
            else:
                _panel.command(buffer[at])
                at += 1
        return mode

    def writeto(self, address, buffer, stop=True):
        self._answer(address)
        self._take(buffer, 1, buffer[0])
        return len(buffer)

    def writevto(self, address, buffers, stop=True):
        self._answer(address)
        mode = buffers[0][0]
        mode = self._take(buffers[0], 1, mode)
        for index in range(1, len(buffers)):
            mode = self._take(buffers[index], 0, mode)

    def scan(self):
        return [0x3C] if _panel.present else []


class _WDT:
    def __init__(self, id=0, timeout=5000):
        _Stats.wdt_timeout = timeout
        _Stats.wdt_last = _time.ticks_ms()

    def feed(self):
        now = _time.ticks_ms()
        gap = _time.ticks_diff(now, _Stats.wdt_last)
        if gap > _Stats.wdt_gap_max:
            _Stats.wdt_gap_max = gap
        _Stats.wdt_last = now


class _Machine:
    Pin = _Pin
    I2C = _I2C
    WDT = _WDT


class _SSD1306:
    """micropython-lib's ssd1306 driver, as far as the firmware before 2026-11 used it."""

    class SSD1306_I2C:
        def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
            self.i2c = i2c
            self.addr = addr
            self.temp = bytearray(2)
            self.write_list = [b"\x40", None]
            self.buffer = bytearray(width * height // 8)
            for command in (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0x00, 0xDA, 0x12,
                            0xD5, 0x80, 0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF):
                self.write_cmd(command)

        def write_cmd(self, command):
            self.temp[0] = 0x80
            self.temp[1] = command
            self.i2c.writeto(self.addr, self.temp)

        def write_data(self, buffer):
            self.write_list[1] = buffer
            self.i2c.writevto(self.addr, self.write_list)

        def fill(self, colour):
            for at in range(len(self.buffer)):
                self.buffer[at] = 0xFF if colour else 0

        def show(self):
            for command in (0x21, 0, 127, 0x22, 0, 7):
                self.write_cmd(command)
            self.write_data(self.buffer)

        def contrast(self, level):
            self.write_cmd(0x81)
            self.write_cmd(level)

        def poweron(self):
            self.write_cmd(0xAF)

        def poweroff(self):
            self.write_cmd(0xAE)


def _control():
    text = host.control()
    for line in text.split("\n"):
        words = line.split()
        if not words:
            continue
        if words[0] == "low":                  # the pins held low (pressed); all others high
            for at in range(len(_pins)):
                _pins[at] = 1
            for word in words[1:]:
                _pins[int(word)] = 0
        elif words[0] == "i2c":
            if words[1] == "off":
                _panel.present = False
            elif words[1] == "blink":          # VCC loose and back between two writes: no error
                _panel.lose_power()
            else:
                _panel.present = True
                _panel.lose_power()
        elif words[0] == "show":
            host.report("panel %s %d %d %d" % (binascii.hexlify(_panel.ram).decode(), _panel.on,
                                               _panel.pump, _panel.contrast))
        elif words[0] == "stats":
            _report()
        elif words[0] == "stop":
            _report()
            raise SystemExit


def _report():
    s = _Stats
    host.report("stats passes=%d idle=%d idle_bytes=%d idle_max=%d tx=%d tx_bytes=%d tx_max=%d "
                "rx=%d rx_bytes=%d rx_max=%d collections=%d blocked=%d i2c_calls=%d wdt_timeout=%d "
                "wdt_gap_max=%d wdt_missed=%d heap_free=%d panel=%d panel_bytes=%d panel_max=%d "
                "display_offs=%d"
                % (s.passes, s.idle, s.idle_bytes, s.idle_max, s.tx, s.tx_bytes, s.tx_max, s.rx,
                   s.rx_bytes, s.rx_max, s.collections, s.blocked, s.i2c_calls, s.wdt_timeout,
                   s.wdt_gap_max, s.wdt_missed, gc.mem_free(), s.panel, s.panel_bytes, s.panel_max,
                   _panel.display_offs))


def sleep_ms(ms):
    """The end of a pass of the firmware's loop (``board.idle()``)."""
    used = gc.mem_alloc() - _Stats.start_alloc
    s = _Stats
    s.passes += 1
    if s.start_alloc < 0:
        pass
    elif used < 0:
        s.collections += 1
    elif _usb.read_bytes:
        s.rx += 1
        s.rx_bytes += used
        if used > s.rx_max:
            s.rx_max = used
    elif _usb.written:
        s.tx += 1
        s.tx_bytes += used
        if used > s.tx_max:
            s.tx_max = used
    elif s.i2c_touched:
        s.panel += 1
        s.panel_bytes += used
        if used > s.panel_max:
            s.panel_max = used
    else:
        s.idle += 1
        s.idle_bytes += used
        if used > s.idle_max:
            s.idle_max = used
    _usb.read_bytes = 0
    _usb.written = 0
    s.i2c_touched = False
    _flush()
    _fetch()
    _control()
    if s.wdt_timeout and _time.ticks_diff(_time.ticks_ms(), s.wdt_last) > s.wdt_timeout:
        s.wdt_missed += 1
        s.wdt_last = _time.ticks_ms()
    _time.sleep_ms(ms)
    s.start_alloc = gc.mem_alloc()


class _Time:
    def __init__(self):
        self.ticks_ms = _time.ticks_ms
        self.ticks_diff = _time.ticks_diff
        self.ticks_add = _time.ticks_add
        self.ticks_us = _time.ticks_us
        self.sleep_ms = sleep_ms
        self.sleep = _time.sleep
        self.time = _time.time


_sys_shim = _Sys()


def install():
    import micropython
    import os
    if "bench_no_panel" in os.listdir():
        _panel.present = False
    _sys.modules["machine"] = _Machine
    _sys.modules["sys"] = _sys_shim
    _sys.modules["select"] = _Select()
    _sys.modules["os"] = _Os()
    _sys.modules["time"] = _Time()
    _sys.modules["ssd1306"] = _SSD1306
    micropython.kbd_intr(-1)
