"""``pitchpad sim --game simulator-soccer --frames DIR`` (headless: no terminal): a CPU-vs-CPU
match in simulated time, its summary, and every screen of both pads saved as PNG, through the
real command line."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[3]


def test_pitchpad_sim_saves_every_simulator_soccer_screen_as_png(tmp_path):
    frames = tmp_path / "frames"
    result = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "sim", "--game", "simulator-soccer", "--seed", "3",
         "--language", "en", "--frames", str(frames)], capture_output=True, text=True,
        stdin=subprocess.DEVNULL, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("Sim. Soccer (CPU Easy, Half 10 turns, Shoot-out Off, Clock Off, "
                               "Pro rules Off"), lines[0]
    assert lines[0].endswith("Pro rules Off), seed 3: red CPU vs blue CPU"), lines[0]
    assert "Tutorial" not in lines[0]          # a menu setting for people, not a match option
    assert re.fullmatch(r"Score: red \d+ - \d+ blue; winner: (red|blue|None)", lines[-2])
    saved = re.fullmatch(r"(\d+) screens saved in (.+)", lines[-1])
    assert saved and Path(saved.group(2)) == frames
    files = sorted(frames.glob("*.png"))
    assert len(files) == int(saved.group(1)) > 100
    assert {f.name.split("-")[0] for f in files} == {"pad1", "pad2"}
    images = [Image.open(f) for f in files]
    assert {image.size for image in images} == {(128, 64)}
    distinct = {image.convert("1").tobytes() for image in images}
    assert len(distinct) > 50                     # a match's worth of screens, not one repeated
