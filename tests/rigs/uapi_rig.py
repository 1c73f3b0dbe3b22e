"""A child process on the real libgpiod (the gpiod wheel) over the GPIO uAPI stand-in
(``bench/gpio_uapi``: ``shim.c`` preloaded, ``kernel.py`` here in the test's process).

The child runs a script that talks in lines on stdout; the test reads them with :meth:`expect`
and drives inputs or reads outputs on ``kernel.chips[0]`` meanwhile. The shim needs gcc (it
is compiled once into ~/.cache/pitchpad/gpio-uapi).
"""
from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

from bench.gpio_uapi.kernel import Chip, Kernel

ROOT = Path(__file__).resolve().parents[2]


class UapiChild:
    def __init__(self, kernel: Kernel, script: str, *args: str) -> None:
        env = {**os.environ, **kernel.environment(),
               "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests" / "rigs")])}
        self.process = subprocess.Popen([sys.executable, "-c", script, *args], env=env, cwd=ROOT,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put("<ended>")

    def expect(self, prefix: str, timeout: float = 30.0) -> str:
        """The child's next line starting with ``prefix`` (its stderr if it ended instead)."""
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no {prefix!r} from the child in {timeout} s") from None
            if line == "<ended>":
                assert self.process.stderr is not None
                raise AssertionError(f"the child ended before {prefix!r}: {self.process.stderr.read()[-3000:]}")
            if line.startswith(prefix):
                return line

    def say(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def finish(self, timeout: float = 30.0) -> int:
        if self.process.stdin is not None:
            self.process.stdin.close()
        return self.process.wait(timeout)


def fake_pwm(folder: Path, exported: bool = True) -> Path:
    """``/sys/class/pwm`` as the pwm overlay leaves it: pwmchip0, its channel 0 exported."""
    chip = folder / "pwmchip0"
    chip.mkdir(parents=True)
    (chip / "export").write_text("")
    if exported:
        (chip / "pwm0").mkdir()
        for name in ("period", "duty_cycle", "enable"):
            (chip / "pwm0" / name).write_text("0")
    return folder


__all__ = ["Chip", "Kernel", "UapiChild", "fake_pwm"]
