"""The pad board's clock past 12.4 days: ``time.ticks_ms`` wraps at 2**30 on the RP2040, where
small ints are 31-bit; a millisecond total kept past 2**30 is a heap-allocated big int, and
every idle pass then allocates. The wire's ``ms`` is still the 32-bit count since boot, wrapping
at 2**32 (docs/serial-protocol.md).

The first test runs the firmware (board.py, padloop.py, hal/serial_protocol.py, unchanged) on
MicroPython's WebAssembly port, a 32-bit build with the RP2040's small ints, under node, with
the bench's stand-ins for ``machine`` and USB (bench/pad_micropython/rp2_shim.py) and a
``time.ticks_ms`` moved by the test. The second runs the same loop under CPython with a clock
that wraps as the RP2040's does."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hal import serial_protocol as wire
from padboard import padloop
from padboard.padloop import PadLoop

ROOT = Path(__file__).resolve().parents[3]
BIG_STEP = 1 << 24          # 4.7 hours per pass: 300 passes are 58 days, past 2**30 and 2**32 ms
BIG_PASSES = 300
IDLE_PASSES = 400           # then 1 ms per pass: idle, bar one heartbeat every 250 ms

SCRIPT = f"""
import gc
import rp2_shim
rp2_shim.install()
import sys
ticks = [0]
def ticks_ms():
    return ticks[0]
sys.modules["time"].ticks_ms = ticks_ms
import board
from padloop import PadLoop
now_ms = getattr(board, "now_ms", None)
if now_ms is None:                      # the firmware before: a running total in board.Clock
    now_ms = board.Clock().now_ms

class Link:
    def __init__(self):
        self.frames = []
    def readinto(self, buffer):
        return 0
    def write(self, buffer, count):
        self.frames.append(bytes(buffer[:count]))

link = Link()
pad = PadLoop(1, link, lambda: 0, None, now_ms, 0x1234)
pad.host_seen = True
idle_bytes = 0
idle_passes = 0
def run(passes, step):
    global idle_bytes, idle_passes
    for index in range(passes):
        ticks[0] = (ticks[0] + step) & 0x3FFFFFFF
        sent = len(link.frames)
        gc.collect()
        before = gc.mem_alloc()
        pad.poll()
        used = gc.mem_alloc() - before
        if len(link.frames) == sent:
            idle_bytes += used
            idle_passes += 1
        else:
            print("sent", passes, step, index, link.frames[-1].hex())
run({BIG_PASSES}, {BIG_STEP})
idle_bytes = 0
idle_passes = 0
run({IDLE_PASSES}, 1)
print("idle", idle_passes, idle_bytes)
"""


def firmware_files() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from bench_pad_micropython import HERE, firmware_files as files
    finally:
        sys.path.remove(str(ROOT / "bench"))
    result = files(None, None)
    del result["/pad/main.py"]                       # main.py would start the endless loop
    result["/pad/script.py"] = SCRIPT
    return {**result, "/pad/rp2_shim.py": (HERE / "rp2_shim.py").read_text(encoding="utf-8")}


def heartbeat_ms(frame_hex: str) -> int:
    [(kind, _, payload)] = wire.FrameDecoder().feed(bytes.fromhex(frame_hex))
    assert kind == wire.HEARTBEAT
    return wire.ms_from(payload)


def test_on_micropython_the_idle_pass_allocates_nothing_after_12_days_and_the_wire_ms_is_the_32_bit_count(
        tmp_path: Path) -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("needs node and npm (MicroPython's WebAssembly port)")
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from bench_pad_micropython import HERE, install_micropython
    finally:
        sys.path.remove(str(ROOT / "bench"))
    package = install_micropython()
    files = tmp_path / "files.json"
    files.write_text(json.dumps(firmware_files()), encoding="utf-8")
    done = subprocess.run(["node", str(HERE / "script.mjs"), str(package), str(files)],
                          capture_output=True, text=True, timeout=300)
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    [idle] = [line.split() for line in lines if line.startswith("idle ")]
    idle_passes, idle_bytes = int(idle[1]), int(idle[2])
    assert idle_passes > 390
    assert idle_bytes == 0, f"{idle_bytes} bytes over {idle_passes} idle passes past 2**30 ms"
    sent = [line.split() for line in lines if line.startswith("sent ")]
    big = [(int(index), heartbeat_ms(frame)) for _, passes, _, index, frame in sent
           if int(passes) == BIG_PASSES]
    assert len(big) == BIG_PASSES
    for index, ms in big:
        assert ms == ((index + 1) * BIG_STEP) & 0xFFFFFFFF
    assert any(ms < big[index - 1][1] for index, (_, ms) in enumerate(big) if index)   # past 2**32


def test_the_loop_keeps_its_times_below_2_to_the_30_and_the_wire_counts_on_across_the_wraps() -> None:
    """The RP2040's ticks_ms (period 2**30) under CPython: every time the loop keeps stays a
    small int on the board, and the heartbeats' ms go on from 2**30 - 1 to 2**30 and past 2**32."""
    class Link:
        def __init__(self) -> None:
            self.sent: list[tuple[int, int, bytes]] = []
            self.decoder = wire.FrameDecoder()

        def readinto(self, buffer: bytearray) -> int:
            return 0

        def write(self, buffer: bytes | bytearray, count: int) -> None:
            self.sent += self.decoder.feed(bytes(buffer[:count]))

    total = [(1 << 30) - 1000]
    link = Link()
    loop = PadLoop(1, link, lambda: 0, None, lambda: total[0] & 0x3FFFFFFF, 0x1234)
    loop.host_seen = True
    beats: list[tuple[int, int]] = []
    for step in [1] * 3000 + [1 << 26] * 64 + [1] * 3000:
        total[0] += step
        loop.poll()
        for kind, _, payload in link.sent:
            if kind == wire.HEARTBEAT:
                beats.append((total[0], wire.ms_from(payload)))
        link.sent.clear()
        kept = [loop.ticks, loop.last_tx, loop.sent_at, loop.panel_failed_at, *loop.accepted_at]
        assert all(-(1 << 30) <= value < 1 << 30 for value in kept if value is not None)
    assert len(beats) > 80
    assert all(ms == true & 0xFFFFFFFF for true, ms in beats)
    assert any(true >= 1 << 32 for true, _ in beats)
    assert padloop.ticks_diff(5, (1 << 30) - 5) == 10 and padloop.ticks_diff((1 << 30) - 5, 5) == -10
