"""What sleeping costs the battery handheld: wake-ups per second (every thread) and bytes on the
screens' I2C bus per minute, asleep and in the menu (issue 30).

Each state runs the console as its own process (``console_process.py``) on the code the Pi runs
wherever it can run here: the buttons on the gpiod backend (its real thread blocked in
``select()`` over the mock chip's eventfd), the screens on luma.oled's real ssd1306 path over one
recording bus, their heal timers on the system clock.

- menu: ``console_process.py serve``, the console app idle in the menu, the screensaver off
  (the first minutes of an idle menu), then with the screensaver moving (every 8 s);
- asleep: ``console_process.py asleep``, the battery handheld (the MAX17048 model answering on
  the same bus) running the console app, put to sleep by its power service a second after the
  menu is up: panels switched off (no heals), LEDs off, the app's loop blocked until the
  service's next gauge reading (every 5 minutes asleep).

The systemd watchdog's ping (every 10 s under the service) is in neither figure.

    python bench/bench_sleep.py [--seconds 60] [--asleep-seconds 320] [--json FILE]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import run_record  # noqa: E402
from firmware.commands.wakeups import measure  # noqa: E402

CHILD = Path(__file__).resolve().parent / "console_process.py"
ROOT = CHILD.parents[1]


class Child:
    """A console process; ``window`` counts its wake-ups and the bus bytes over some seconds."""

    def __init__(self, *arguments: str) -> None:
        self.process = subprocess.Popen([sys.executable, str(CHILD), *arguments], cwd=ROOT,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.frames = 0
        self.bus: list[int] = []
        self.rusage: list[tuple[int, int]] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            words = line.split()
            with self.changed:
                if words[:1] == ["frame"]:
                    self.frames += 1
                elif words[:1] == ["bus"]:
                    self.bus.append(int(words[1]))
                elif words[:1] == ["rusage"]:
                    self.rusage.append((int(words[1]), int(words[2])))
                self.changed.notify_all()

    def wait(self, test: Any, timeout: float = 60.0) -> None:
        with self.changed:
            if not self.changed.wait_for(test, timeout):
                raise RuntimeError("the console did not answer in time")

    def ask(self, line: str, answers: list[Any]) -> Any:
        asked = len(answers)
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        self.wait(lambda: len(answers) > asked)
        return answers[-1]

    def window(self, seconds: float) -> dict[str, Any]:
        bus_before = self.ask("bus", self.bus)
        _, reader = self.ask("rusage", self.rusage)
        counted = measure(self.process.pid, seconds)
        bus_after = self.ask("bus", self.bus)
        console = [(name, rate) for tid, name, rate in counted.threads if tid != reader]
        by_name: dict[str, float] = {}
        for name, rate in console:
            by_name[name] = by_name.get(name, 0.0) + rate
        return {"seconds": round(counted.seconds, 1),
                "wakeups_per_second": round(sum(rate for _, rate in console), 3),
                "threads": {name: round(rate, 3) for name, rate in sorted(by_name.items(), key=lambda t: -t[1])},
                "bus_bytes_per_minute": round((bus_after - bus_before) * 60 / counted.seconds, 1)}

    def quit(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("quit\n")
        self.process.stdin.close()
        if self.process.wait(30) != 0:
            raise RuntimeError(f"the console exited with {self.process.returncode}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="length of each window in the menu")
    parser.add_argument("--asleep-seconds", type=float, default=320.0,
                        help="length of the window asleep (a gauge reading every 300 s falls inside)")
    parser.add_argument("--json", help="write the figures as JSON here")
    args = parser.parse_args()
    run = run_record.Run.begin()
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="pitchpad-sleep-") as state_dir:
        child = Child("serve", "--state-dir", state_dir, "--buttons", "gpiod", "--saver-after", "1e9")
        child.wait(lambda: child.frames >= 4)                     # the splash, then the menu
        time.sleep(2.0)
        figures["menu_screensaver_off"] = child.window(args.seconds)
        child.quit()
    with tempfile.TemporaryDirectory(prefix="pitchpad-sleep-") as state_dir:
        child = Child("serve", "--state-dir", state_dir, "--buttons", "gpiod", "--saver-after", "2")
        child.wait(lambda: child.frames >= 4)
        time.sleep(4.0)
        figures["menu_screensaver_moving"] = child.window(args.seconds)
        child.quit()
    child = Child("asleep")
    child.wait(lambda: child.frames >= 1)
    time.sleep(1.0)
    figures["asleep"] = child.window(args.asleep_seconds)
    child.quit()
    print(f"{'state':<26} {'wake-ups/s':>11} {'bus bytes/min':>14}  busiest threads")
    for state, got in figures.items():
        busiest = ", ".join(f"{name} {rate:g}" for name, rate in list(got["threads"].items())[:3])
        print(f"{state:<26} {got['wakeups_per_second']:>11.3f} {got['bus_bytes_per_minute']:>14.1f}  {busiest}")
    if args.json:
        run_record.write(args.json, figures, run)


if __name__ == "__main__":
    main()
