"""The pad firmware on a real MicroPython: deploy/padboard/ (board.py, padloop.py, main.py) and
hal/serial_protocol.py, unchanged, run by MicroPython's WebAssembly port under node, against the
console's real serial backend (pyserial on a pty). Prints what held.

The port lacks ``machine``, USB CDC and ``os.urandom``: ``bench/pad_micropython/rp2_shim.py``
stands in for them (an SSD1306 model behind ``machine.I2C``, pins set by this script, the rp2
semantics of stdin) and measures ``gc.mem_alloc()`` over every pass of main.py's loop.

    python bench/bench_pad_micropython.py [--rev GIT_REV] [--idle 3]

Needs node (18 or newer) and npm; the first run installs
``@micropython/micropython-webassembly-pyscript`` into ~/.cache/pitchpad/micropython-wasm.
``--rev`` runs the firmware of another commit (e.g. the one before this bench) to compare.
Method and figures: docs/serial-protocol.md, "The firmware on a real MicroPython".
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "deploy")]

from PIL import ImageDraw  # noqa: E402

from bench_screen_bus import match_frames  # noqa: E402
from hal import Button, EventQueue, blank_frame  # noqa: E402
from hal import serial_protocol as wire  # noqa: E402
from hal.screen import to_pages  # noqa: E402
from hal.serial_pad import open_serial_pad  # noqa: E402
from padboard.padloop import HEAL_MS  # noqa: E402

PACKAGE = "@micropython/micropython-webassembly-pyscript@1.27.0"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "pitchpad" / "micropython-wasm"
HERE = Path(__file__).resolve().parent / "pad_micropython"
FIRMWARE = {"/pad/main.py": "deploy/padboard/main.py", "/pad/board.py": "deploy/padboard/board.py",
            "/pad/padloop.py": "deploy/padboard/padloop.py",
            "/pad/lib/hal/serial_protocol.py": "hal/serial_protocol.py"}
BUTTON_PINS = (2, 3, 4, 5, 6, 7, 8)          # board.py's, in Button order
HEAL_S = HEAL_MS / 1000                       # the pad firmware's heal of a still panel
results: list[tuple[bool, str]] = []


def check(held: bool, what: str) -> None:
    results.append((held, what))
    print(f"  [{'held' if held else 'FAILED'}] {what}", flush=True)


def wait(condition, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return bool(condition())


def install_micropython() -> Path:
    if shutil.which("node") is None or shutil.which("npm") is None:
        sys.exit("bench_pad_micropython needs node and npm (e.g. apt install nodejs npm)")
    if not (CACHE / "node_modules" / "@micropython").exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--silent", "--prefix", str(CACHE), PACKAGE], check=True)
    return CACHE


def firmware_files(rev: str | None, settings: dict | None, panel: bool = True) -> dict[str, str]:
    def text(path: str) -> str:
        if rev is None:
            return (ROOT / path).read_text(encoding="utf-8")
        return subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"], check=True,
                              capture_output=True, text=True).stdout

    files = {board_path: text(path) for board_path, path in FIRMWARE.items()}
    files["/pad/lib/hal/__init__.py"] = ""
    files["/pad/rp2_shim.py"] = (HERE / "rp2_shim.py").read_text(encoding="utf-8")
    if settings is not None:
        files["/pad/pad.json"] = json.dumps(settings)
    if not panel:
        files["/pad/bench_no_panel"] = ""          # the shim's I2C finds nobody at 0x3C
    return files


class MicroPythonPad:
    """One pad board: node running MicroPython running main.py, its USB port a pty."""

    def __init__(self, package: Path, folder: Path, files: dict[str, str]) -> None:
        self.path = folder / "by-id" / "usb-MicroPython_Board_in_FS_mode_wasm-if00"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        if self.path.is_symlink():
            self.path.unlink()
        self.path.symlink_to(os.ttyname(self.slave))
        control_read, self.control = os.pipe()
        os.set_blocking(control_read, False)
        files_json = folder / "files.json"
        files_json.write_text(json.dumps(files), encoding="utf-8")
        self.process = subprocess.Popen(
            ["node", str(HERE / "run.mjs"), str(package), str(files_json), str(self.master), str(control_read)],
            pass_fds=(self.master, control_read), stdout=subprocess.PIPE, text=True)
        os.close(control_read)
        self.lines: queue.Queue[str] = queue.Queue()
        self.ended: str | None = None
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            line = line.rstrip("\n")
            if (line.startswith("error") or line == "ended") and self.ended is None:
                self.ended = line
            self.lines.put(line)

    def say(self, command: str) -> None:
        try:
            os.write(self.control, (command + "\n").encode())
        except BrokenPipeError:
            pass                                   # MicroPython has ended: self.ended says how

    def ask(self, command: str, prefix: str, timeout: float = 10.0) -> str:
        self.say(command)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            if line.startswith(prefix):
                return line
        raise TimeoutError(f"no {prefix!r} from the pad")

    def stats(self) -> dict[str, int]:
        return {key: int(value) for key, value in
                (item.split("=") for item in self.ask("stats", "stats").split()[1:])}

    def panel(self) -> tuple[bytes, bool, bool, int]:
        _, ram, on, pump, contrast = self.ask("show", "panel").split()
        return bytes.fromhex(ram), on == "1", pump == "1", int(contrast)

    def press(self, *buttons: Button) -> None:
        self.say("low " + " ".join(str(BUTTON_PINS[list(Button).index(b)]) for b in buttons))

    def stop(self) -> None:
        if self.process.poll() is None:
            try:
                self.say("stop")
            except OSError:
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
        for fd in (self.control, self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass


def taps(board: MicroPythonPad, events: EventQueue, buttons: list[Button]) -> tuple[bool, list[float]]:
    got, latencies = [], []
    for button in buttons:
        started = time.monotonic()
        board.press(button)
        event = events.get(timeout=5)
        latencies.append((time.monotonic() - started) * 1000)
        board.press()
        release = events.get(timeout=5)
        got += [(e.button, e.pressed) for e in (event, release) if e is not None]
        time.sleep(0.05)
    return got == [(b, p) for b in buttons for p in (True, False)], latencies


def picture(text: str):
    image = blank_frame()
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, 127, 9], fill=1)
    draw.text((30, 30), text, fill=1)
    return image


def with_screen(package: Path, rev: str | None, idle: float) -> None:
    print("A pad board with its own SSD1306 (tabletop.toml):")
    folder = Path(tempfile.mkdtemp())
    board = MicroPythonPad(package, folder, firmware_files(rev, None))
    events = EventQueue()
    pad, screen = open_serial_pad(1, str(board.path), events)
    assert screen is not None
    try:
        started = time.monotonic()
        hello = wait(lambda: pad.connected, 30)
        check(hello, f"says hello and is connected ({(time.monotonic() - started) * 1000:.0f} ms after node starts)")
        if not hello:
            return
        check(pad.link.hello is not None and pad.link.hello[2] & wire.CAP_SSD1306 != 0,
              f"hello caps {pad.link.hello}: buttons and an SSD1306")
        same, latencies = taps(board, events, [Button.CARD1, Button.LEFT, Button.RIGHT, Button.CARD4] * 3)
        check(same, f"12 taps arrive as 24 events in order (press -> host event mean "
                    f"{sum(latencies) / len(latencies):.1f} ms, max {max(latencies):.1f} ms)")
        frames = [to_pages(image) for image in match_frames(60, 1)]
        for image in match_frames(60, 1)[-5:]:
            screen.display(image)
        last = frames[-1]
        drawn = wait(lambda: board.panel()[0] == last, 30)
        ram, on, pump, contrast = board.panel()
        check(drawn and on and pump, f"5 match screens reach the SSD1306 model's RAM (display on, "
                                     f"charge pump on, contrast {contrast:#x})")
        time.sleep(idle)
        stats = board.stats()
        check(stats["idle"] > 100 and stats["idle_bytes"] == 0,
              f"idle passes allocate nothing: {stats['idle_bytes']} bytes over {stats['idle']} passes "
              f"(max {stats['idle_max']} in one); passes that send: {stats['tx_bytes'] / max(1, stats['tx']):.0f} "
              f"bytes mean over {stats['tx']}; passes that receive: {stats['rx_bytes'] / max(1, stats['rx']):.0f} "
              f"bytes mean over {stats['rx']}; {stats['collections']} collections in {stats['passes']} passes")
        check(stats["blocked"] == 0, f"never blocked on a USB read (rp2 stdin semantics): {stats['blocked']}")
        check(stats["wdt_timeout"] > 0 and stats["wdt_missed"] == 0,
              f"watchdog started ({stats['wdt_timeout']} ms), fed every pass: longest gap "
              f"{stats['wdt_gap_max']} ms, {stats['wdt_missed']} missed")

        before = board.stats()
        time.sleep(2 * HEAL_S + 1.5)               # still: two heals at least
        after = board.stats()
        heal_passes = after["panel"] - before["panel"]
        offs = after["display_offs"] - before["display_offs"]
        check(heal_passes >= 2 * 10 and after["panel_bytes"] == before["panel_bytes"] and offs == 0,
              f"a still panel is healed a step a pass: {heal_passes} passes wrote to it alone, "
              f"allocating {after['panel_bytes'] - before['panel_bytes']} bytes; "
              f"display-offs sent to the lit panel meanwhile: {offs}")
        board.say("i2c blink")                     # VCC loose and back: no write fails
        lost = time.monotonic()
        time.sleep(0.3)
        dark = board.panel()[1] is False
        lit = wait(lambda: board.panel()[0] == last and board.panel()[1], 10)
        check(dark and lit and time.monotonic() - lost < 5.0 + 0.5,
              f"the OLED lost power silently (no write failed): dark, then lit with its picture "
              f"again {(time.monotonic() - lost):.1f} s later (a heal every {HEAL_S} s of a still "
              f"picture; the bench's clock is the wall's, give or take a pass)")
        board.say("i2c off")                       # the OLED's wire comes loose
        loose = picture("loose wire")
        screen.display(loose)
        time.sleep(0.5)
        same, _ = taps(board, events, [Button.CENTRE, Button.CARD2])
        check(same and board.ended is None, "OLED wire loose: main.py runs on, taps still arrive"
              + ("" if board.ended is None else f" (main.py ended: {board.ended})"))
        if board.ended is not None:
            return
        screen.contrast(0x20)
        time.sleep(1.0)
        board.say("i2c on")                        # back, blank and dark as after a power cut
        back = time.monotonic()
        healed = wait(lambda: board.panel()[0] == to_pages(loose) and board.panel()[1], 10)
        ram, on, pump, contrast = board.panel()
        check(healed and pump and contrast == 0x20,
              f"OLED back: redrawn whole, display and charge pump on, contrast restored "
              f"({(time.monotonic() - back) * 1000:.0f} ms after it answers again)")
        check(pad.connected and pad.link.reconnections == 0, "the link never dropped meanwhile")
    finally:
        pad.close()
        screen.close()
        board.stop()


def without_screen(package: Path, rev: str | None, settings: dict | None) -> None:
    told = "no pad.json: it looks for a panel" if settings is None else f"pad.json {json.dumps(settings)}"
    print(f"A pad board with no OLED (four-pads-*.toml; {told}):")
    pad_id = 1 if settings is None else settings["pad_id"]         # board.PAD_ID without a file
    folder = Path(tempfile.mkdtemp())
    board = MicroPythonPad(package, folder, firmware_files(rev, settings, panel=False))
    events = EventQueue()
    pad, _ = open_serial_pad(pad_id, str(board.path), events, screen=False)
    try:
        hello = wait(lambda: pad.connected or board.ended is not None, 30) and pad.connected
        check(hello and board.ended is None, "starts and is connected" +
              ("" if board.ended is None else f" (main.py ended: {board.ended})"))
        if not hello:
            return
        check(pad.link.hello is not None and pad.link.hello[1:] == (pad_id, wire.CAP_BUTTONS),
              f"hello {pad.link.hello}: pad {pad_id}, buttons only")
        same, _ = taps(board, events, [Button.CARD3, Button.RIGHT])
        time.sleep(2.0)
        stats = board.stats()
        check(same, f"taps arrive; I2C calls in {stats['passes']} passes: {stats['i2c_calls']}"
                    + (" (a probe now and then, backing off to one per 2 s)" if settings is None else ""))
    finally:
        pad.close()
        board.stop()


BIG_STEP = 1 << 24          # 4.7 hours per pass: 300 passes are 58 days, past 2**30 and 2**32 ms
BIG_PASSES = 300
IDLE_PASSES = 400           # then 1 ms per pass: idle, bar one heartbeat every 250 ms

CLOCK_SCRIPT = f"""
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


def past_12_days(package: Path, rev: str | None) -> None:
    """The board's clock past 2**30 ms (12.4 days), where ``time.ticks_ms`` wraps on the RP2040
    and a running total would be a heap-allocated big int: main.py's loop (without main.py,
    which would start the endless loop) moved 58 days in 4.7-hour steps by a ``ticks_ms`` the
    script sets, then 400 idle passes of 1 ms, on the interpreter's own 31-bit small ints.
    The same loop under CPython with a wrapping clock: tests/deploy/padboard/test_pad_clock.py."""
    print("The pad board's clock past 12.4 days (2**30 ms) and 49.7 days (2**32 ms):")
    files = firmware_files(rev, None)
    del files["/pad/main.py"]
    files["/pad/script.py"] = CLOCK_SCRIPT
    with tempfile.TemporaryDirectory() as folder:
        listing = Path(folder) / "files.json"
        listing.write_text(json.dumps(files), encoding="utf-8")
        done = subprocess.run(["node", str(HERE / "script.mjs"), str(package), str(listing)],
                              capture_output=True, text=True, timeout=300)
    lines = done.stdout.splitlines()
    check(done.returncode == 0, "the loop runs 58 days of clock" +
          ("" if done.returncode == 0 else f": {(done.stdout + done.stderr)[-300:]}"))
    idle = [line.split() for line in lines if line.startswith("idle ")]
    if idle:
        passes, allocated = int(idle[0][1]), int(idle[0][2])
        check(passes > 390 and allocated == 0,
              f"idle passes past 2**30 ms allocate nothing: {allocated} bytes over {passes} passes")
    beats = []
    for _, passes, _, index, frame in (line.split() for line in lines if line.startswith("sent ")):
        [(kind, _, payload)] = wire.FrameDecoder().feed(bytes.fromhex(frame))
        if int(passes) == BIG_PASSES and kind == wire.HEARTBEAT:
            beats.append((int(index), wire.ms_from(payload)))
    right = len(beats) == BIG_PASSES and all(ms == ((index + 1) * BIG_STEP) & 0xFFFFFFFF for index, ms in beats)
    wrapped = any(ms < beats[at - 1][1] for at, (_, ms) in enumerate(beats) if at)
    check(right and wrapped, f"the heartbeats' ms is the 32-bit count since boot, wrapping past 2**32 "
                             f"({len(beats)} heartbeats over 58 days)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", help="run the firmware of this git revision instead of the working tree")
    parser.add_argument("--idle", type=float, default=3.0, help="seconds idle for the allocation figure")
    args = parser.parse_args()
    package = install_micropython()
    node = subprocess.check_output(['node', '--version'], text=True).strip()
    print(f"MicroPython WebAssembly ({PACKAGE}) under node {node}; "
          f"firmware of {args.rev or 'the working tree'}; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores\n")
    with_screen(package, args.rev, args.idle)
    past_12_days(package, args.rev)
    without_screen(package, args.rev, {"pad_id": 2, "screen": False})
    without_screen(package, args.rev, None)
    failed = [what for held, what in results if not held]
    print(f"\n{len(results) - len(failed)} of {len(results)} held")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
