"""The kernel side of the GPIO character devices, for processes run under ``shim.c``.

No kernel GPIO chip can be had on the development VM or CI (no gpio-sim, no gpio-mockup, no
modules), so the real libgpiod (the gpiod wheel's own copy) and lgpio cannot run as on a Pi.
With this stand-in they can: a child process runs with ``LD_PRELOAD=shim.so`` and its
``/dev/gpiochipN`` calls (stat, open, the GPIO uAPI v2 ioctls) arrive here over a Unix socket;
a line request's descriptor is a pipe this side writes ``struct gpio_v2_line_event`` records
to, so the libraries' own read() and poll() on it are real. The libraries' code runs unchanged,
threads and all: what a process wakes for under the shim is what it would wake for on a Pi.

What it models, as the kernel does: chips with a label and named lines (``GPIO0``..), line
info (used, consumer, direction, bias, edges), line requests (input or output, bias, edge
detection, active-low, output values), busy lines (``EBUSY``), get/set values, edge events
on a pull-up input driven low or let go. Not modelled: debounce periods, info watches
(``ENOTTY``), the v1 ABI.

    with Kernel(Chip("pinctrl-bcm2835")) as kernel:
        env = kernel.environment()              # LD_PRELOAD, GPIO_UAPI_SOCKET, GPIO_UAPI_DEV
        child = subprocess.Popen([...], env={**os.environ, **env})
        kernel.chips[0].drive(17, False)        # GPIO17 to GND: a falling edge
        kernel.chips[0].level(4)                # what the child drives on GPIO4
"""
from __future__ import annotations

import array
import errno
import hashlib
import os
import selectors
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "pitchpad" / "gpio-uapi"

# <linux/gpio.h>, uAPI v2
FLAG_USED, FLAG_ACTIVE_LOW, FLAG_INPUT, FLAG_OUTPUT = 1 << 0, 1 << 1, 1 << 2, 1 << 3
FLAG_EDGE_RISING, FLAG_EDGE_FALLING = 1 << 4, 1 << 5
FLAG_BIAS_PULL_UP, FLAG_BIAS_PULL_DOWN, FLAG_BIAS_DISABLED = 1 << 8, 1 << 9, 1 << 10
ATTR_FLAGS, ATTR_OUTPUT_VALUES, ATTR_DEBOUNCE = 1, 2, 3
EVENT_RISING, EVENT_FALLING = 1, 2
MESSAGE = struct.Struct("=IIQII")             # op, arg, cmd, size, pad
REPLY = struct.Struct("=iI")                  # result, size
OP_OPEN, OP_IOCTL = 1, 2
CHIPINFO = struct.Struct("=32s32sI")          # struct gpiochip_info
ATTR = struct.Struct("=IIQ")                  # struct gpio_v2_line_attribute (union as u64)
CONFIG_ATTR = struct.Struct("=IIQQ")          # attribute + mask
CONFIG = struct.Struct("=QI20x")              # flags, num_attrs, padding[5]; attrs follow
CONFIG_SIZE = CONFIG.size + 10 * CONFIG_ATTR.size
LINE_REQUEST_HEAD = struct.Struct("=64I32s")  # offsets[64], consumer[32]; config follows
LINE_REQUEST_TAIL = struct.Struct("=II20xi")  # num_lines, event_buffer_size, padding[5], fd
LINEINFO_HEAD = struct.Struct("=32s32sIIQ")   # name, consumer, offset, num_attrs, flags
LINEINFO_SIZE = LINEINFO_HEAD.size + 10 * ATTR.size + 16
VALUES = struct.Struct("=QQ")                 # bits, mask
EVENT = struct.Struct("=QIIII24x")            # timestamp_ns, id, offset, seqno, line_seqno


def _ioc(direction: int, number: int, size: int) -> int:
    return (direction << 30) | (size << 16) | (0xB4 << 8) | number


READ, WRITE_READ = 2, 3
GET_CHIPINFO = _ioc(READ, 0x01, CHIPINFO.size)
GET_LINEINFO = _ioc(WRITE_READ, 0x05, LINEINFO_SIZE)
GET_LINEINFO_WATCH = _ioc(WRITE_READ, 0x06, LINEINFO_SIZE)
GET_LINE = _ioc(WRITE_READ, 0x07, LINE_REQUEST_HEAD.size + CONFIG_SIZE + LINE_REQUEST_TAIL.size)
SET_CONFIG = _ioc(WRITE_READ, 0x0D, CONFIG_SIZE)
GET_VALUES = _ioc(WRITE_READ, 0x0E, VALUES.size)
SET_VALUES = _ioc(WRITE_READ, 0x0F, VALUES.size)


def build_shim() -> Path:
    """``shim.c`` compiled with the system's gcc, cached by the source's hash."""
    source = HERE / "shim.c"
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    target = CACHE / f"gpio-uapi-shim-{digest}.so"
    if not target.exists():
        if shutil.which("gcc") is None:
            raise RuntimeError("the GPIO uAPI shim needs gcc (sudo apt-get install gcc)")
        CACHE.mkdir(parents=True, exist_ok=True)
        scratch = target.with_suffix(f".{os.getpid()}.tmp")
        subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-Wall", "-o", str(scratch), str(source),
                        "-ldl", "-lpthread"], check=True)
        scratch.replace(target)
    return target


def _configured_flags(config: bytes, index: int) -> tuple[int, int | None]:
    """(flags, output value or None) of the line at ``index`` of a request's config."""
    flags, num_attrs = CONFIG.unpack_from(config, 0)
    value = None
    for attr in range(min(num_attrs, 10)):
        attr_id, _, payload, mask = CONFIG_ATTR.unpack_from(config, CONFIG.size + attr * CONFIG_ATTR.size)
        if not mask >> index & 1:
            continue
        if attr_id == ATTR_FLAGS:
            flags = payload
        elif attr_id == ATTR_OUTPUT_VALUES:
            value = payload >> index & 1
    return flags, value


@dataclass
class Line:
    name: str
    level: bool = True                         # physical; an input with no pull floats high here
    driven: bool | None = None                 # held low from outside: a pull-up cannot raise it
    flags: int = 0
    consumer: str = ""
    request: Request | None = None
    changes: list[tuple[float, bool]] = field(default_factory=list)   # outputs: (monotonic, level)


class Request:
    def __init__(self, chip: Chip, offsets: list[int], consumer: str, events: int, control: socket.socket) -> None:
        self.chip = chip
        self.offsets = offsets
        self.consumer = consumer
        self.events = events                   # the pipe's write end
        self.control = control
        self.seqno = 0
        self.line_seqnos = dict.fromkeys(offsets, 0)

    def configure(self, config: bytes) -> None:
        for index, offset in enumerate(self.offsets):
            flags, value = _configured_flags(config, index)
            line = self.chip.lines[offset]
            line.flags = flags | FLAG_USED
            if flags & FLAG_OUTPUT:
                self.chip.set_output(offset, bool(value) != bool(flags & FLAG_ACTIVE_LOW))
            elif line.driven is not None:
                line.level = line.driven
            elif flags & FLAG_BIAS_PULL_DOWN:
                line.level = False
            elif flags & FLAG_BIAS_PULL_UP:
                line.level = True

    def edge(self, offset: int, level: bool) -> None:
        line = self.chip.lines[offset]
        active = level != bool(line.flags & FLAG_ACTIVE_LOW)
        wanted = FLAG_EDGE_RISING if active else FLAG_EDGE_FALLING
        if not line.flags & wanted:
            return
        self.seqno += 1
        self.line_seqnos[offset] += 1
        record = EVENT.pack(time.monotonic_ns(), EVENT_RISING if active else EVENT_FALLING, offset,
                            self.seqno, self.line_seqnos[offset])
        try:
            os.write(self.events, record)
        except OSError:
            pass                               # the reader went away

    def values(self, mask: int) -> int:
        bits = 0
        for index, offset in enumerate(self.offsets):
            line = self.chip.lines[offset]
            if mask >> index & 1 and line.level != bool(line.flags & FLAG_ACTIVE_LOW):
                bits |= 1 << index
        return bits

    def release(self) -> None:
        for offset in self.offsets:
            line = self.chip.lines[offset]
            if line.request is self:
                line.request, line.consumer = None, ""
                line.flags = line.flags & ~(FLAG_USED | FLAG_EDGE_RISING | FLAG_EDGE_FALLING)
        os.close(self.events)
        self.control.close()


_HELD: Request = object.__new__(Request)
"""What holds a line another program has (:meth:`Chip.hold`)."""


class Chip:
    """A GPIO chip: ``label`` (``pinctrl-bcm2835`` for a Pi Zero 2 W's header), ``lines``
    lines named ``GPIO0``... Its methods are the world outside the chip."""

    def __init__(self, label: str = "pinctrl-bcm2835", lines: int = 54, name: str = "gpiochip0") -> None:
        self.label = label
        self.name = name
        self.lines = [Line(f"GPIO{offset}") for offset in range(lines)]
        self.lock = threading.Lock()

    def drive(self, offset: int, level: bool) -> None:
        """Drive an input from outside (a button to GND: ``False``); edges go to its request. A
        line driven low stays low when a request later asks for the pull-up (a short to GND)."""
        with self.lock:
            line = self.lines[offset]
            line.driven = None if level else False       # let go: the pull decides again
            if line.level == level:
                return
            line.level = level
            if line.request is not None and not line.flags & FLAG_OUTPUT:
                line.request.edge(offset, level)

    def set_output(self, offset: int, level: bool) -> None:
        line = self.lines[offset]
        if line.level != level or not line.changes:
            line.changes.append((time.monotonic(), level))
        line.level = level

    def level(self, offset: int) -> bool:
        """The line's physical level (what an output drives)."""
        return self.lines[offset].level

    def hold(self, offset: int, consumer: str) -> None:
        """Another program (or a dtoverlay) holds the line: requests of it get ``EBUSY``."""
        with self.lock:
            line = self.lines[offset]
            line.request, line.consumer = _HELD, consumer
            line.flags |= FLAG_USED

    def requested(self) -> list[int]:
        """The offsets some request holds (a process that closed cleanly leaves none)."""
        return [offset for offset, line in enumerate(self.lines)
                if line.request is not None and line.request is not _HELD]


class Kernel:
    """The stand-in kernel: a thread serving the shim's socket. ``dev`` holds an empty file per
    chip (``gpiochipN``) so a directory listing finds them, as ``/dev`` would."""

    def __init__(self, *chips: Chip) -> None:
        self.chips = list(chips) or [Chip()]
        self.folder = Path(tempfile.mkdtemp(prefix="gpio-uapi-"))
        self.dev = self.folder / "dev"
        self.dev.mkdir()
        for number in range(len(self.chips)):
            (self.dev / f"gpiochip{number}").touch()
        self.socket_path = self.folder / "kernel.sock"
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._listener.bind(str(self.socket_path))
        self._listener.listen(64)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._listener, selectors.EVENT_READ, None)
        self._wake_read, self._wake_write = os.pipe()
        self._selector.register(self._wake_read, selectors.EVENT_READ, "stop")
        self._chip_of: dict[socket.socket, Chip | None] = {}
        self._requests: dict[socket.socket, Request] = {}
        self._thread = threading.Thread(target=self._serve, name="gpio-uapi-kernel", daemon=True)
        self._thread.start()

    def environment(self) -> dict[str, str]:
        """What a child process needs to find this kernel through the shim."""
        return {"LD_PRELOAD": str(build_shim()), "GPIO_UAPI_SOCKET": str(self.socket_path),
                "GPIO_UAPI_DEV": str(self.dev)}

    def __enter__(self) -> Kernel:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        os.write(self._wake_write, b"x")
        self._thread.join(timeout=5)
        for request in list(self._requests.values()):
            with request.chip.lock:
                request.release()
        for connection in self._chip_of:
            connection.close()
        self._listener.close()
        os.close(self._wake_read)
        os.close(self._wake_write)
        shutil.rmtree(self.folder, ignore_errors=True)

    # ----- serving ----------------------------------------------------------------------------
    def _serve(self) -> None:
        while True:
            for key, _ in self._selector.select():
                if key.data == "stop":
                    return
                if key.fileobj is self._listener:
                    connection, _ = self._listener.accept()
                    self._chip_of[connection] = None
                    self._selector.register(connection, selectors.EVENT_READ, "chip")
                    continue
                connection = key.fileobj
                assert isinstance(connection, socket.socket)
                try:
                    data = connection.recv(8192)
                except OSError:
                    data = b""
                if not data:
                    self._hang_up(connection)
                    continue
                result, payload, fds = self._answer(connection, data)
                reply = REPLY.pack(result, len(payload)) + payload
                ancillary = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))] if fds else []
                try:
                    connection.sendmsg([reply], ancillary)
                except OSError:
                    pass
                for fd in fds:
                    os.close(fd)

    def _hang_up(self, connection: socket.socket) -> None:
        self._selector.unregister(connection)
        request = self._requests.pop(connection, None)
        if request is not None:
            with request.chip.lock:
                request.release()
        else:
            self._chip_of.pop(connection, None)
            connection.close()

    def _answer(self, connection: socket.socket, data: bytes) -> tuple[int, bytes, list[int]]:
        op, arg, cmd, size, _ = MESSAGE.unpack_from(data)
        payload = data[MESSAGE.size:MESSAGE.size + size]
        if op == OP_OPEN:
            if arg >= len(self.chips):
                return -errno.ENOENT, b"", []
            self._chip_of[connection] = self.chips[arg]
            return 0, b"", []
        request = self._requests.get(connection)
        if request is not None:
            return self._request_ioctl(request, cmd, payload)
        chip = self._chip_of.get(connection)
        if chip is None:
            return -errno.EBADF, b"", []
        return self._chip_ioctl(chip, cmd, payload)

    def _chip_ioctl(self, chip: Chip, cmd: int, payload: bytes) -> tuple[int, bytes, list[int]]:
        if cmd == GET_CHIPINFO:
            return 0, CHIPINFO.pack(chip.name.encode(), chip.label.encode(), len(chip.lines)), []
        if cmd == GET_LINEINFO:
            offset = LINEINFO_HEAD.unpack_from(payload)[2]
            if offset >= len(chip.lines):
                return -errno.EINVAL, b"", []
            line = chip.lines[offset]
            flags = line.flags | (FLAG_INPUT if not line.flags & FLAG_OUTPUT else 0)
            head = LINEINFO_HEAD.pack(line.name.encode(), line.consumer.encode(), offset, 0, flags)
            return 0, head + bytes(LINEINFO_SIZE - len(head)), []
        if cmd == GET_LINE:
            return self._get_line(chip, payload)
        return -errno.ENOTTY, b"", []

    def _get_line(self, chip: Chip, payload: bytes) -> tuple[int, bytes, list[int]]:
        head = LINE_REQUEST_HEAD.unpack_from(payload)
        consumer = head[64].split(b"\0", 1)[0].decode(errors="replace")
        config = payload[LINE_REQUEST_HEAD.size:LINE_REQUEST_HEAD.size + CONFIG_SIZE]
        num_lines, buffer_size, _ = LINE_REQUEST_TAIL.unpack_from(payload, LINE_REQUEST_HEAD.size + CONFIG_SIZE)
        offsets = list(head[:num_lines])
        if not 0 < num_lines <= 64 or any(offset >= len(chip.lines) for offset in offsets):
            return -errno.EINVAL, b"", []
        with chip.lock:
            if any(chip.lines[offset].request is not None for offset in offsets):
                return -errno.EBUSY, b"", []
            events_read, events_write = os.pipe()
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            request = Request(chip, offsets, consumer, events_write, ours)
            for offset in offsets:
                chip.lines[offset].request = request
                chip.lines[offset].consumer = consumer
            request.configure(config)
        self._requests[ours] = request
        self._selector.register(ours, selectors.EVENT_READ, "request")
        tail = LINE_REQUEST_TAIL.pack(num_lines, buffer_size, -1)
        return 0, payload[:LINE_REQUEST_HEAD.size + CONFIG_SIZE] + tail, [events_read, theirs.detach()]

    def _request_ioctl(self, request: Request, cmd: int, payload: bytes) -> tuple[int, bytes, list[int]]:
        chip = request.chip
        with chip.lock:
            if cmd == GET_VALUES:
                _, mask = VALUES.unpack_from(payload)
                return 0, VALUES.pack(request.values(mask), mask), []
            if cmd == SET_VALUES:
                bits, mask = VALUES.unpack_from(payload)
                for index, offset in enumerate(request.offsets):
                    line = chip.lines[offset]
                    if mask >> index & 1:
                        if not line.flags & FLAG_OUTPUT:
                            return -errno.EPERM, b"", []
                        chip.set_output(offset, bool(bits >> index & 1) != bool(line.flags & FLAG_ACTIVE_LOW))
                return 0, payload, []
            if cmd == SET_CONFIG:
                request.configure(payload)
                return 0, payload, []
        return -errno.ENOTTY, b"", []
