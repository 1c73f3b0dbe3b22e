"""The console as a process: start-up time, idle CPU in the menu and in a match, peak memory.

Each figure comes from a child process (``console_process.py``) running the shipped app on
the handheld's code path with mock pins and a recording bus:

- start-up: from just before the spawn to the first frame on both screens, its bus time
  added (the splash; the menu follows after the splash's 2 s, reported beside it);
- idle: CPU seconds (user + system, every thread, from ``/proc/PID/stat``) over a window
  sitting in the menu, then over a window in a match against the CPU waiting for the
  person's move; as a share of one core;
- memory: peak RSS (the child's own ``VmHWM``, reset at exec, unlike a forked child's
  ``ru_maxrss``) of a child that plays a whole scripted match against the Strong CPU
  (difficulty ``hard``) at Pro+.

    python bench/bench_process.py [--idle-seconds 60] [--starts 3] [--json FILE]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from firmware.storage.settings import Settings, save  # noqa: E402
from rig import bus_seconds  # noqa: E402
import run_record  # noqa: E402

CHILD = Path(__file__).resolve().parent / "console_process.py"
ROOT = CHILD.parents[1]
TICKS = os.sysconf("SC_CLK_TCK")
SETTLE = 4.0
"""Seconds after OK before the match waits only for the person: kick-off 2.5 s, CPU 1.2 s."""
TARGETS = {"startup_s": 1.5, "idle_core_share": 0.01, "peak_rss_mb": 60.0}


def cpu_seconds(pid: int) -> float:
    """User + system CPU of every thread of ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def peak_rss_mb(lines: list[str]) -> float:
    kb = next(int(line.split()[1]) for line in lines if line.startswith("peak_rss_kb "))
    return round(kb / 1024, 1)


class Console:
    """A ``serve`` child: its frames as they come, and buttons to press."""

    def __init__(self, state_dir: str, env: dict[str, str] | None = None) -> None:
        self.spawned = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD), "serve", "--state-dir", state_dir], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, env=env)
        self.frames: list[tuple[int, float, int, int]] = []
        self.lines: list[str] = []
        self.arrived = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)
            words = line.split()
            if words[:1] == ["frame"]:
                with self.arrived:
                    self.frames.append((int(words[1]), float(words[2]), int(words[3]), int(words[4])))
                    self.arrived.notify_all()

    def wait_frames(self, count: int, timeout: float = 30.0) -> tuple[int, float, int, int]:
        with self.arrived:
            if not self.arrived.wait_for(lambda: len(self.frames) >= count, timeout):
                raise RuntimeError(f"the console showed {len(self.frames)} frames, not {count}")
            return self.frames[count - 1]

    def press(self, pad: int, button: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"press {pad} {button}\n")
        self.process.stdin.flush()

    def cpu_share(self, seconds: float) -> dict[str, float]:
        before, start = cpu_seconds(self.process.pid), time.monotonic()
        time.sleep(seconds)
        used, elapsed = cpu_seconds(self.process.pid) - before, time.monotonic() - start
        return {"seconds": round(elapsed, 1), "cpu_s": round(used, 3),
                "core_share": round(used / elapsed, 5)}

    def quit(self) -> float:
        """Close the console; its peak RSS in MB."""
        assert self.process.stdin is not None
        self.process.stdin.write("quit\n")
        self.process.stdin.close()
        if self.process.wait(30) != 0:
            raise RuntimeError(f"the console exited with {self.process.returncode}")
        self.reader.join(5)
        return peak_rss_mb(self.lines)


def startup(starts: int, env: dict[str, str] | None = None) -> dict[str, float]:
    """Median over ``starts`` spawns (in ``env``, else this process's environment): to the
    first frame on both screens, and to the menu whole (``bench_startup.py``: with and without
    bytecode, and in instructions)."""
    first, menu = [], []
    for _ in range(starts):
        with tempfile.TemporaryDirectory(prefix="pitchpad-bench-") as state_dir:
            console = Console(state_dir, env)
            _, shown, wire, transfers = console.wait_frames(2)
            first.append(shown - console.spawned + bus_seconds(wire, transfers))
            _, shown, wire, transfers = console.wait_frames(4)
            menu.append(shown - console.spawned + bus_seconds(wire, transfers))
            console.quit()
    return {"starts": starts, "first_frame_s": round(statistics.median(first), 3),
            "first_frame_max_s": round(max(first), 3), "menu_s": round(statistics.median(menu), 3)}


def idle(seconds: float, settle: float = SETTLE) -> dict[str, object]:
    """CPU share sitting in the menu, then in a match (vs the CPU) waiting for pad 1's move."""
    with tempfile.TemporaryDirectory(prefix="pitchpad-bench-") as state_dir:
        save(state_dir, Settings.flat(players="cpu", difficulty="easy", level="pro_plus"))
        console = Console(state_dir)
        console.wait_frames(4)                      # splash, then the menu, on both screens
        menu = console.cpu_share(seconds)
        console.press(1, "CENTRE")                  # OK: kick-off
        console.wait_frames(6)
        time.sleep(settle)                          # kick-off screen and the CPU's move are over
        match = console.cpu_share(seconds)
        rss = console.quit()
    return {"menu": menu, "match_waiting": match, "serve_peak_rss_mb": rss}


def memory(seed: int) -> dict[str, object]:
    process = subprocess.Popen([sys.executable, str(CHILD), "match", "--difficulty", "hard",
                                "--level", "pro_plus", "--seed", str(seed)], cwd=ROOT,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    lines = process.stdout.read().splitlines()
    if process.wait() != 0:
        raise RuntimeError(f"the match child failed ({process.returncode})")
    return {"match": lines[0], "peak_rss_mb": peak_rss_mb(lines)}


def measure(idle_seconds: float, starts: int, seed: int, settle: float = SETTLE) -> dict[str, object]:
    """``settle``: seconds after OK before the match window (less in a smoke run: the window
    then holds the kick-off too)."""
    return {"startup": startup(starts), "idle": idle(idle_seconds, settle), "memory": memory(seed),
            "targets": TARGETS}


def print_table(figures: dict) -> None:
    start, rest, memory_row = figures["startup"], figures["idle"], figures["memory"]

    def verdict(ok: bool) -> str:
        return "meets" if ok else "MISSES"

    print(f"start-up to the first menu frame (median of {start['starts']}): {start['menu_s']:.3f} s "
          f"({verdict(start['menu_s'] < 1.5)} < 1.5 s); first frame (the splash): "
          f"{start['first_frame_s']:.3f} s (max {start['first_frame_max_s']:.3f})")
    for name in ("menu", "match_waiting"):
        row = rest[name]
        print(f"idle in {name.replace('_', ' ')}: {row['cpu_s']:.3f} CPU s over {row['seconds']:.0f} s "
              f"= {row['core_share']:.3%} of a core ({verdict(row['core_share'] < 0.01)} < 1%)")
    print(f"peak RSS, a Pro+ match vs Strong: {memory_row['peak_rss_mb']:.1f} MB "
          f"({verdict(memory_row['peak_rss_mb'] < 60)} < 60 MB; {memory_row['match']}); "
          f"idle console: {rest['serve_peak_rss_mb']:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle-seconds", type=float, default=60.0, help="each idle window")
    parser.add_argument("--starts", type=int, default=3, help="spawns for the start-up median")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    run = run_record.Run.begin()
    figures = measure(args.idle_seconds, args.starts, args.seed)
    print_table(figures)
    if args.json:
        run_record.write(args.json, figures, run)


if __name__ == "__main__":
    main()
