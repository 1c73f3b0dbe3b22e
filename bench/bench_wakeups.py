"""Wake-ups per second of the idle console, every thread counted: what a battery handheld pays
while nobody presses (goal: under 1 a second in the menu with the screensaver off; ``pitchpad
doctor`` warns above 2).

The console runs as its own process (``console_process.py serve``) on the Pi's default path,
with the real libraries' code and threads: the app on the system clock; the buttons and the
possession LEDs as line requests of the real libgpiod (the gpiod wheel), the pad threads
blocked in ``select()`` on their requests' descriptors; the buzzer on the kernel's PWM through
sysfs (a folder of plain files stands in for /sys/class/pwm); the screens on the real luma.oled
ssd1306 path over a recording I2C bus, with their heals. No kernel GPIO chip exists here, so the
child runs under the GPIO uAPI stand-in (``bench/gpio_uapi``: an LD_PRELOAD shim answering
libgpiod's and lgpio's ``/dev/gpiochip0`` calls from a stand-in kernel in this process, which
presses the buttons). The parent reads the child's ``/proc/PID/task/*/status`` (voluntary +
involuntary context switches per thread; reading them does not wake the child) over a window:

- menu, screensaver off: idle in the menu, nothing moving but the screens' heals;
- menu with the screensaver from ``--saver-after`` seconds (its steps every 8 s);
- match: in a match against the CPU, waiting for the person's move;
- demo: a café unit idle, the CPU-vs-CPU demo (``firmware.console.modes.Attract``) playing on both
  screens (a match being played: no idle target; the figure says what the demo costs).

The process's own ``getrusage`` total is read too (it keeps threads that ended inside the
window), less the bench's stdin thread. For comparison, in the menu with the screensaver off:
the LEDs and buzzer on gpiozero's lgpio factory (lgpio built from its sdist, over the same
stand-in: its tx thread), and a copy of lg's alert loop (``lg_alert_loop.py``: what gpiozero's
lgpio factory runs for 14 buttons).

    python bench/bench_wakeups.py [--seconds 30] [--saver-after 5] [--json FILE]

The lgpio row needs lgpio in the venv (``PYPI=1 pip install --no-binary lgpio lgpio``: its
sdist with the C library linked in, as its wheels are built; swig and gcc); without it the row
says so.
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
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.gpio_uapi.kernel import Chip, Kernel  # noqa: E402
from firmware.storage.settings import Settings, save  # noqa: E402
from firmware.commands.wakeups import TARGET, measure  # noqa: E402
from hal import Button, load_config  # noqa: E402
import run_record  # noqa: E402

CHILD = Path(__file__).resolve().parent / "console_process.py"
ROOT = CHILD.parents[1]
SETTLE = 4.0
"""Seconds after OK before the match waits only for the person: kick-off 2.5 s, CPU 1.2 s."""
GOAL = 1.0
"""Wake-ups per second the console may cost in the menu with the screensaver off."""
NEVER = "1000000"
"""--saver-after: the screensaver off."""
HANDHELD = load_config(ROOT / "deploy" / "config" / "handheld.toml")


def pwm_sysfs(folder: Path) -> Path:
    """What the pwm overlay leaves in /sys/class/pwm: pwmchip0, channel 0 exported (plain files:
    writing them wakes nobody, as the kernel's own attributes)."""
    channel = folder / "pwm" / "pwmchip0" / "pwm0"
    channel.mkdir(parents=True)
    (channel.parent / "export").write_text("")
    for name in ("period", "duty_cycle", "enable"):
        (channel / name).write_text("0")
    return folder / "pwm"


class Child:
    def __init__(self, state_dir: str, *options: str, kernel: Kernel | None = None) -> None:
        env = None
        self.kernel = kernel
        if kernel is not None:
            env = {**os.environ, **kernel.environment(), "GPIO_UAPI_REVISION": "902120",
                   "PITCHPAD_PWM_SYSFS": str(pwm_sysfs(Path(state_dir))), "LG_WD": state_dir}
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD), "serve", "--state-dir", state_dir, *options], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, env=env)
        self.frames = 0
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
                elif words[:1] == ["rusage"]:
                    self.rusage.append((int(words[1]), int(words[2])))
                self.changed.notify_all()

    def wait(self, test: Any, timeout: float = 30.0) -> None:
        with self.changed:
            if not self.changed.wait_for(test, timeout):
                raise RuntimeError("the console did not answer in time")

    def press(self, pad: int, button: Button) -> None:
        """A tap: on the stand-in kernel's line (GPIO to GND for 80 ms), else by the child."""
        if self.kernel is None:
            self.send(f"press {pad} {button.name}")
            return
        gpio = HANDHELD.pads[pad - 1].buttons[button]
        self.kernel.chips[0].drive(gpio, False)
        time.sleep(0.08)
        self.kernel.chips[0].drive(gpio, True)

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def switches(self) -> tuple[int, int]:
        """The process's context switches (all threads ever) and the stdin thread's tid."""
        asked = len(self.rusage)
        self.send("rusage")
        self.wait(lambda: len(self.rusage) > asked)
        return self.rusage[-1]

    def window(self, seconds: float) -> dict[str, Any]:
        total_before, reader = self.switches()
        cpu_before = cpu_seconds(self.process.pid)
        counted = measure(self.process.pid, seconds)
        cpu_used = cpu_seconds(self.process.pid) - cpu_before
        total_after, _ = self.switches()
        console = [(name, rate) for tid, name, rate in counted.threads if tid != reader]
        reader_rate = sum(rate for tid, _, rate in counted.threads if tid == reader)
        # the reader thread's own switches (answering 'rusage') are the bench's, not the console's
        total = (total_after - total_before) / counted.seconds - reader_rate
        by_name: dict[str, float] = {}
        for name, rate in console:               # a new thread takes its creator's name: sum them
            by_name[name] = by_name.get(name, 0.0) + rate
        return {"seconds": round(counted.seconds, 1),
                "per_second_living_threads": round(sum(rate for _, rate in console), 2),
                "per_second_all_threads": round(max(total, 0.0), 2),
                "threads": {name: round(rate, 2) for name, rate in
                            sorted(by_name.items(), key=lambda thread: -thread[1])},
                "living_threads": len(console),
                "core_share": round(cpu_used / counted.seconds, 5),
                "bench_reader_per_second": round(reader_rate, 2)}

    def quit(self) -> None:
        self.send("quit")
        assert self.process.stdin is not None
        self.process.stdin.close()
        if self.process.wait(30) != 0:
            raise RuntimeError(f"the console exited with {self.process.returncode}")


def measure_console(seconds: float, saver_after: float, settle: float = SETTLE) -> dict[str, Any]:
    """The Pi's default path on the real libgpiod: the menu with the screensaver off, then a
    match waiting for the person; then again with the screensaver on in the menu."""
    with Kernel(Chip("pinctrl-bcm2835")) as kernel, \
            tempfile.TemporaryDirectory(prefix="pitchpad-wakeups-") as state_dir:
        save(state_dir, Settings.flat(players="cpu", difficulty="easy", level="pro_plus"))
        child = Child(state_dir, "--buttons", "pi", "--saver-after", NEVER, kernel=kernel)
        child.wait(lambda: child.frames >= 4)                 # splash, then the menu
        menu = child.window(seconds)
        child.press(1, Button.CENTRE)                         # OK: kick-off
        time.sleep(settle)
        match = child.window(seconds)
        lines = [offset for offset in kernel.chips[0].requested()]
        child.quit()
    with Kernel(Chip("pinctrl-bcm2835")) as kernel, \
            tempfile.TemporaryDirectory(prefix="pitchpad-wakeups-") as state_dir:
        save(state_dir, Settings.flat(players="cpu", difficulty="easy", level="pro_plus"))
        child = Child(state_dir, "--buttons", "pi", "--saver-after", str(saver_after), kernel=kernel)
        child.wait(lambda: child.frames >= 4)
        saver = child.window(seconds)
        child.quit()
    return {"menu_screensaver_off": menu, "match_waiting": match, "menu_with_screensaver": saver,
            "lines_requested": len(lines)}


def measure_lgpio(seconds: float) -> dict[str, Any]:
    """The same menu with the LEDs and buzzer on gpiozero's lgpio factory (lgpio's own threads)."""
    try:
        import lgpio  # noqa: F401
    except ImportError:
        return {"menu_lgpio_outputs": {
            "skipped": "lgpio is not installed (PYPI=1 pip install --no-binary lgpio lgpio)"}}
    with Kernel(Chip("pinctrl-bcm2835")) as kernel, \
            tempfile.TemporaryDirectory(prefix="pitchpad-wakeups-") as state_dir:
        child = Child(state_dir, "--buttons", "lgpio", "--saver-after", NEVER, kernel=kernel)
        child.wait(lambda: child.frames >= 4)
        menu = child.window(seconds)
        child.quit()
    return {"menu_lgpio_outputs": menu}


def measure_demo(seconds: float, saver_after: float) -> dict[str, Any]:
    """The café unit idle: the CPU-vs-CPU demo (``firmware.console.modes.Attract``) on both screens."""
    with Kernel(Chip("pinctrl-bcm2835")) as kernel, \
            tempfile.TemporaryDirectory(prefix="pitchpad-wakeups-") as state_dir:
        save(state_dir, Settings.flat(level="pro_plus"))
        child = Child(state_dir, "--buttons", "pi", "--saver-after", str(saver_after),
                      "--attract-for", "3600", kernel=kernel)
        child.wait(lambda: child.frames >= 4)
        time.sleep(saver_after + 1.0)
        demo = child.window(seconds)
        child.quit()
    return {"demo_when_idle": demo}


def measure_lg(seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="pitchpad-wakeups-") as state_dir:
        child = Child(state_dir, "--buttons", "gpiod", "--lg-alert-loop")
        child.wait(lambda: child.frames >= 4)
        menu = child.window(seconds)
        child.quit()
    return {"menu_with_lg_alert_loop": menu}


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure_all(seconds: float, saver_after: float, lg_seconds: float, settle: float = SETTLE) -> dict[str, Any]:
    """``settle``: seconds after OK before the match window (less in a smoke run)."""
    load = open("/proc/loadavg").read().split()[:3]
    return {**measure_console(seconds, saver_after, settle), **measure_lgpio(seconds),
            **measure_demo(seconds, saver_after), **measure_lg(lg_seconds),
            "load_average": " ".join(load), "goal_per_second": GOAL, "doctor_warns_above": TARGET}


def print_table(figures: dict[str, Any]) -> None:
    for name in ("menu_screensaver_off", "match_waiting", "menu_with_screensaver", "menu_lgpio_outputs",
                 "demo_when_idle", "menu_with_lg_alert_loop"):
        row = figures[name]
        if "skipped" in row:
            print(f"{name.replace('_', ' ')}: skipped: {row['skipped']}")
            continue
        limit = GOAL if name == "menu_screensaver_off" else TARGET
        verdict = "meets" if row["per_second_all_threads"] < limit else "MISSES"
        if name == "demo_when_idle":
            verdict = "a match being played: no idle target; " + verdict
        print(f"{name.replace('_', ' ')}: {row['per_second_all_threads']:.2f} wake-ups/s, all threads "
              f"({row['per_second_living_threads']:.2f} in threads alive at the end, "
              f"{row['core_share']:.2%} of a core) over {row['seconds']:.0f} s "
              f"({verdict} < {limit:g}/s)")
        print("    " + ", ".join(f"{thread} {rate:.2f}" for thread, rate in row["threads"].items()))
    print(f"load average at the start: {figures['load_average']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="each window")
    parser.add_argument("--saver-after", type=float, default=5.0,
                        help="screensaver after this many idle seconds in the menu window")
    parser.add_argument("--lg-seconds", type=float, default=10.0, help="the lg comparison window")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    run = run_record.Run.begin()
    figures = measure_all(args.seconds, args.saver_after, args.lg_seconds)
    print_table(figures)
    if args.json:
        run_record.write(args.json, figures, run)


if __name__ == "__main__":
    main()
