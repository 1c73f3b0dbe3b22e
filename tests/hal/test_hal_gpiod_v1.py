"""Debian Bookworm's python3-libgpiod is libgpiod 1.6, the v1 API: where the v2 binding is
missing (a venv with system site packages, Debian's package installed), ``import gpiod`` finds
it. ``pitchpad run`` and ``pitchpad doctor`` then say in one line what to install, never a
traceback (before: ``ModuleNotFoundError: No module named 'gpiod.line'`` and an AttributeError).

The real v1 binding, Debian's, is put first on the path of a ``pitchpad`` process: it shadows
the v2 binding of the test venv as it would shadow nothing on a Pi where pip's is missing.
``./dev.sh test`` installs python3-libgpiod when it can."""
from __future__ import annotations

import glob
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
V1 = sorted(glob.glob(f"/usr/lib/python3/dist-packages/gpiod.cpython-{sys.version_info.major}"
                      f"{sys.version_info.minor}-*.so"))


@pytest.fixture
def v1_first(tmp_path: Path) -> dict[str, str]:
    assert V1, ("Debian's python3-libgpiod is missing: sudo apt-get install python3-libgpiod "
                "(./dev.sh test installs it when run as root)")
    shadow = tmp_path / "v1"
    shadow.mkdir()
    (shadow / Path(V1[0]).name).symlink_to(V1[0])
    env = {**os.environ, "PYTHONPATH": f"{shadow}{os.pathsep}{ROOT}"}
    probe = subprocess.run([sys.executable, "-c", "import gpiod; print(gpiod.version_string())"],
                           env=env, capture_output=True, text=True, check=True)
    assert probe.stdout.startswith("1."), probe.stdout          # the v1 binding is the one found
    return env


def pitchpad(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "firmware.cli", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_pitchpad_run_says_in_one_line_that_the_v2_binding_is_needed(v1_first, tmp_path: Path) -> None:
    done = pitchpad(v1_first, "run", "--config", "deploy/config/handheld.toml",
                    "--state-dir", str(tmp_path / "state"))
    assert done.returncode != 0
    errors = done.stderr.strip().splitlines()
    assert len(errors) == 1 and "Traceback" not in done.stderr and "AttributeError" not in done.stderr
    assert "libgpiod v1" in errors[0] and "pip install 'gpiod>=2.2'" in errors[0]


def test_pitchpad_doctor_says_the_same_on_its_buttons_line(v1_first, tmp_path: Path) -> None:
    done = pitchpad(v1_first, "doctor", "--config", "deploy/config/handheld.toml",
                    "--state-dir", str(tmp_path / "state"), "--wakeups-seconds", "0")
    assert "Traceback" not in done.stdout + done.stderr and "AttributeError" not in done.stdout + done.stderr
    [line] = [line for line in done.stdout.splitlines() if "buttons:" in line]
    assert "FAIL" in line and "libgpiod v1" in line and "pip install 'gpiod>=2.2'" in line
