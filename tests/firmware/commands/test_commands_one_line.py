"""Issue 16, point 10: ``pitchpad run`` with missing hardware and ``pitchpad sim`` with an
unusable option say what is wrong in one line (exit status 2 or 3), never a traceback.

Real processes: this PC has no GPIO chip and no pin library, which is exactly "missing
hardware" for the tabletop config (serial pads, LEDs on the Pi's pins)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def pitchpad(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "firmware.cli", *args], cwd=ROOT, text=True,
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=120,
                          env={**os.environ, **(env or {})})


@pytest.mark.parametrize("config", ["tabletop", "handheld"])
def test_run_without_the_hardware_is_one_line(tmp_path, config):
    done = pitchpad("run", "--config", str(ROOT / "deploy" / "config" / f"{config}.toml"),
                    "--state-dir", str(tmp_path))
    assert done.returncode in (2, 3)
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr and "Warning" not in done.stderr


@pytest.mark.parametrize("args,env,says", [
    (["sim", "--frames", "{file}/frames"], {}, "--frames"),
    (["sim", "--window"], {"DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""}, "display"),
    (["sim", "--bogus"], {}, "--bogus"),
    (["replay", "--bogus", "x"], {}, "--bogus"),
])
def test_sim_refuses_an_unusable_option_in_one_line(tmp_path, args, env, says):
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    done = pitchpad(*[a.format(file=a_file) for a in args], env=env)
    assert done.returncode == 2, done.stdout[-300:] + done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and says in done.stderr, done.stderr
