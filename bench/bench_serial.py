"""Serial pads: bytes per screen update, and latency press -> host event and host frame -> pad
panel, at 115200 baud and at USB full speed; plus how long a replugged pad takes to come back.

Bytes are exact (the real encoder over a scripted match, the frames bench_screen_bus.py uses).
Latencies are measured end to end with the real host backend (pyserial on a pty) and the real
pad loop (CPython, polling every 1 ms as on the board) with the line modelled in the pad's
link: each direction is a queue that carries ``rate`` bytes per second and, for USB, delivers
only at 1 ms frame boundaries. The pad's own CPU time (MicroPython on an RP2040 is ~30-50x
slower than CPython here) and its I2C write to the SSD1306 are not in these figures.

On a damaged line (``--noise``, default 1 %, 2 % and 5 %) that share of the bytes is replaced at
random both ways (115200 baud), and disconnections are counted over the run.

    python bench/bench_serial.py [--updates 2000] [--samples 60] [--seed 1]
                                 [--noise 0.01 0.02 0.05] [--noise-frames 10] [--no-clean]
"""
from __future__ import annotations

import argparse
import math
import os
import queue
import statistics
import sys
import tempfile
import threading
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "serial"), str(ROOT / "bench")]

from bench_screen_bus import match_frames  # noqa: E402
from hal import Button, EventQueue  # noqa: E402
from hal import serial_protocol as wire  # noqa: E402
from hal.screen import to_pages  # noqa: E402
from hal.serial_pad import CLEARED, open_serial_pad, screen_messages  # noqa: E402
from serial_rig import Faults, PadBoard, PtyLink, wait_for  # noqa: E402

LINES = {
    "115200 baud": (115200 / 10, 0.0),
    "USB full speed": (1_000_000, 0.001),     # ~8 Mbit/s of bulk data, 1 ms USB frames
}
ACK_BYTES = len(wire.encode_frame(wire.ACK, 1, wire.ack_payload(wire.SCREEN, 1)))


class Line:
    """One direction of the cable: bytes leave one after another at ``rate`` bytes/s."""

    def __init__(self, rate: float, frame: float) -> None:
        self.rate = rate
        self.frame = frame
        self.free_at = 0.0

    def arrival(self, now: float, size: int) -> float:
        self.free_at = max(now, self.free_at) + size / self.rate
        return math.ceil(self.free_at / self.frame) * self.frame if self.frame else self.free_at


class PacedLink(PtyLink):
    """The pad's end of a modelled cable: what it reads and writes waits for the line."""

    line_rate = LINES["115200 baud"]
    #: Share of bytes replaced at random, each way (the pad's reads and writes both go through it).
    noise = 0.0
    seed = 1

    def __init__(self, fd: int, faults: object) -> None:
        super().__init__(fd, Faults(self.seed, byte_error=self.noise) if self.noise else None)
        self.down = Line(*self.line_rate)
        self.up = Line(*self.line_rate)
        self.inbox: deque[tuple[float, bytes]] = deque()
        self.outbox: queue.Queue[tuple[float, bytes]] = queue.Queue()
        threading.Thread(target=self._send, daemon=True).start()

    def read(self, limit: int = 4096) -> bytes:
        data = super().read()
        now = time.monotonic()
        if data:
            self.inbox.append((self.down.arrival(now, len(data)), data))
        due = bytearray()
        while self.inbox and self.inbox[0][0] <= now and len(due) < limit:
            at, data = self.inbox.popleft()
            room = limit - len(due)
            due += data[:room]
            if len(data) > room:
                self.inbox.appendleft((at, data[room:]))
        return bytes(due)

    def write(self, buffer: bytes | bytearray, count: int | None = None) -> None:
        frame = bytes(buffer[:count] if count is not None else buffer)
        if self.faults:
            frame = self.faults.mangle(frame)
        self.outbox.put((self.up.arrival(time.monotonic(), len(frame)), frame))

    def _send(self) -> None:
        while True:
            at, frame = self.outbox.get()
            time.sleep(max(0.0, at - time.monotonic()))
            PtyLink.write(self, frame)


def stats(values: list[float]) -> str:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
    return f"{statistics.mean(values):7.1f} | {statistics.median(values):7.1f} | {p99:7.1f}"


def bytes_per_update(updates: int, seed: int) -> None:
    frames = [to_pages(image) for image in match_frames(updates, seed)]
    partial, messages, panel = [], [], CLEARED
    for frame in frames:
        if frame == panel:
            continue
        sent = screen_messages(panel, frame)
        partial.append(sum(len(wire.encode_frame(wire.SCREEN, 1, p)) for p in sent))
        messages.append(len(sent))
        panel = frame
    full = sum(len(wire.encode_frame(wire.SCREEN, 1, p)) for p in screen_messages(CLEARED, b"\xa5" * 1024))
    print(f"Screen updates over a scripted match ({len(partial)} changed frames), host->pad bytes on the wire")
    print("(+ one 7-byte ack back per message):\n")
    print("| Update | Bytes mean | Bytes p99 | Messages mean | ms at 115200 mean | ms at 115200 p99 |")
    print("|---|---:|---:|---:|---:|---:|")
    ordered = sorted(partial)
    p99 = ordered[int(0.99 * len(ordered))]
    full_ms = f"{full * 10 / 115.2:.1f}"
    print(f"| whole frame (after a reconnect) | {full} | {full} | 8 | {full_ms} | {full_ms} |")
    print(f"| changed windows (ours) | {statistics.mean(partial):.0f} | {p99} | "
          f"{statistics.mean(messages):.2f} | {statistics.mean(partial) * 10 / 115.2:.1f} | {p99 * 10 / 115.2:.1f} |")
    print()


def latencies(name: str, samples: int, seed: int) -> None:
    PacedLink.line_rate = LINES[name]
    folder = Path(tempfile.mkdtemp())
    path = folder / "pad1"
    board = PadBoard(path, make_link=PacedLink)
    events = EventQueue()
    pad, screen = open_serial_pad(1, str(path), events, baudrate=115200 if "baud" in name else 12_000_000)
    assert screen is not None
    wait_for(lambda: pad.connected and board.loop.host_seen, what="hello")
    press = []
    for n in range(samples):
        button = Button.CARD1 if n % 2 else Button.RIGHT
        started = time.monotonic()
        board.levels[list(Button).index(button)] = True
        event = events.get(timeout=5)
        press.append((time.monotonic() - started) * 1000)
        assert event is not None and event.pressed
        board.release(button)
        events.get(timeout=5)
        time.sleep(0.03)
    frames = [image for image in match_frames(samples * 3, seed)]
    shown, shown_at = [], CLEARED
    for image in frames:
        target = to_pages(image)
        if target == shown_at:
            continue
        started = time.monotonic()
        screen.display(image)
        wait_for(lambda target=target: board.frame == target, what="frame on the panel")
        shown.append((board.panel.updated_at - started) * 1000)
        shown_at = target
        if len(shown) == samples:
            break
    board.unplug()
    gone = time.monotonic()
    wait_for(lambda: not pad.connected, what="unplug noticed")
    noticed = (time.monotonic() - gone) * 1000
    board = PadBoard(path, make_link=PacedLink)
    plugged = time.monotonic()
    wait_for(lambda: pad.connected and board.frame == shown_at, what="back and redrawn")
    back = (time.monotonic() - plugged) * 1000
    pad.close()
    screen.close()
    board.unplug()
    print(f"| {name} | press -> host event | {len(press)} | {stats(press)} |")
    print(f"| {name} | host frame -> pad panel | {len(shown)} | {stats(shown)} |")
    print(f"| {name} | unplug noticed (port error) | 1 | {noticed:7.1f} | | |")
    print(f"| {name} | replug -> connected, redrawn | 1 | {back:7.1f} | | |")


def noisy(noise: float, presses: int, frames: int, seed: int) -> None:
    """Press -> event and frame -> panel on a 115200 baud line with ``noise`` of the bytes
    replaced at random both ways; disconnections counted over the whole run."""
    PacedLink.line_rate = LINES["115200 baud"]
    PacedLink.noise, PacedLink.seed = noise, seed
    path = Path(tempfile.mkdtemp()) / "pad1"
    board = PadBoard(path, make_link=PacedLink)
    events = EventQueue()
    pad, screen = open_serial_pad(1, str(path), events)
    assert screen is not None
    wait_for(lambda: pad.connected and board.loop.host_seen, timeout=30, what="hello")
    drops: list[bool] = []
    pad.on_connection(lambda _, connected: drops.append(connected) if not connected else None)
    started_at = time.monotonic()
    press, late = [], 0
    for n in range(presses):
        button = Button.CARD1 if n % 2 else Button.RIGHT
        started = time.monotonic()
        board.levels[list(Button).index(button)] = True
        event = events.get(timeout=10)
        if event is None:
            late += 1
            continue
        press.append((time.monotonic() - started) * 1000)
        board.levels[list(Button).index(button)] = False
        events.get(timeout=10)
        time.sleep(0.03)
    shown, shown_at = [], CLEARED
    for image in match_frames(frames * 3, seed):
        target = to_pages(image)
        if target == shown_at:
            continue
        started = time.monotonic()
        screen.display(image)
        wait_for(lambda target=target: board.frame == target, timeout=120, what="frame on the panel")
        shown.append((board.panel.updated_at - started) * 1000)
        shown_at = target
        if len(shown) == frames:
            break
    minutes = (time.monotonic() - started_at) / 60
    pad.close()
    screen.close()
    board.unplug()
    PacedLink.noise = 0.0
    print(f"| {noise:.0%} | press -> host event | {len(press)} | {stats(press)} | "
          f"{len(drops)} in {minutes:.1f} min |")
    print(f"| {noise:.0%} | host frame -> pad panel | {len(shown)} | {stats(shown)} | "
          f"{pad.link.shrinks} shrinks, {late} presses over 10 s |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=2000)
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--noise", type=float, nargs="*", default=[0.01, 0.02, 0.05],
                        help="shares of damaged bytes to measure (115200 baud line)")
    parser.add_argument("--noise-frames", type=int, default=10)
    parser.add_argument("--clean", action=argparse.BooleanOptionalAction, default=True,
                        help="the clean-line tables (bytes, latencies)")
    args = parser.parse_args()
    if args.noise:
        print(f"Damaged line at 115200 baud, ms (load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores while measured):\n")
        print("| Damaged bytes | What | n | mean | median | p99 | disconnections |")
        print("|---:|---|---:|---:|---:|---:|---|")
        for noise in args.noise:
            noisy(noise, args.samples, args.noise_frames, args.seed)
        print()
    if not args.clean:
        return
    bytes_per_update(args.updates, args.seed)
    print(f"Latency, ms (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores while measured):\n")
    print("| Line | What | n | mean | median | p99 |")
    print("|---|---|---:|---:|---:|---:|")
    for name in LINES:
        latencies(name, args.samples, args.seed)


if __name__ == "__main__":
    main()
