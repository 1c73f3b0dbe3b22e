"""``--half-steps`` in ``pitchpad sim``: its help said "default 33" while a headless match
played 10 (the menu's), and a value the menu does not offer was dropped without a word, the
match played with 10 (issue 40)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from firmware.simulator_soccer.entry import SoccerSettings
from firmware.simulator_soccer.spec import SoccerOptions

ROOT = Path(__file__).resolve().parents[3]


def pitchpad(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "firmware.cli", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, cwd=ROOT, timeout=120)


def test_S_TIME_1_the_sim_help_gives_the_half_a_headless_match_plays() -> None:
    shown = " ".join(pitchpad("sim", "--help").stdout.split())
    assert "pitchpad sim the menu's 10, 20 or 33, default 10" in shown
    assert "pitchpad match 1-33, default 33" in shown


def test_S_TIME_1_a_half_the_menu_does_not_offer_is_refused_in_one_line() -> None:
    done = pitchpad("sim", "--game", "simulator-soccer", "--half-steps", "5")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("pitchpad sim: the simulator plays the menu's halves: --half-steps 10, 20 "
                           "or 33, not 5 (pitchpad match plays 1 to 33)\n")


@pytest.mark.parametrize("given, played", [(None, 10), (10, 10), (20, 20), (33, 33)])
def test_S_TIME_1_the_sim_plays_the_half_given(given: int | None, played: int) -> None:
    assert SoccerOptions(half_steps=given).settings(SoccerSettings()).half_steps == played
