"""A Chifootmi match nobody plays ends abandoned (``Timing.unattended_turns``) even when its
offside flag window opens (C-PLUS-OFF): a window that closes on a defender who pressed nothing
is one more decision nobody attended, as a choice the move clock made at random; a flag raised,
or any press in the window, says someone is there and starts the count again."""
from __future__ import annotations

from pathlib import Path

from app_rig import Rig

from engine.chifootmi import FLAG_DOWN, FLAG_RAISED
from firmware.chifootmi import screens as cs
from firmware.console.app import Idle
from firmware.games.session import Timing
from firmware.storage import history
from firmware.storage.settings import Settings
from hal.buttons import Button

NEVER = Idle(abandon_after=1e9, screensaver_after=1e9)
"""No press for ten minutes abandons a match too: off, so only the unattended rule can."""
TURNS = 3
SEED = 4
"""Seed 4 at Pro+ with nobody pressing: its second decision is an offside window."""


def silent_pro_plus(folder: Path) -> Rig:
    """Two people at Pro+ (offside on), the move clock at 10 s, nobody pressing."""
    rig = Rig(folder, Settings.flat(players="two", level="pro_plus", move_clock=10), seed=SEED,
              timing=Timing(unattended_turns=TURNS), idle=NEVER)
    rig.start()
    return rig


def run_out(rig: Rig) -> None:
    """Let the match run until it ends (nobody pressing)."""
    for _ in range(400):
        if rig.app.mode != "match":
            return
        rig.wait_for_change(60)


def defender_pad(rig: Rig) -> int:
    """Wait, pressing nothing, for the offside window; the pad of the seat that may flag."""
    for _ in range(200):
        rig.wait_for_change(60)
        for pad in (1, 2):
            model = rig.screen(pad)
            if isinstance(model, cs.FlagScreen) and model.defender:
                return pad
    raise AssertionError("no offside window")


def flags(rig: Rig) -> list[int]:
    return [n for n, joint in enumerate(rig.app.session.decisions)
            if {FLAG_DOWN, FLAG_RAISED} & set(joint.values())]


def test_a_flag_window_nobody_pressed_in_counts_toward_abandoning_the_match_c_plus_off(tmp_path):
    rig = silent_pro_plus(tmp_path)
    session = rig.app.session
    run_out(rig)
    assert flags(rig) == [1], "a flag window among the unattended decisions"
    assert list(session.decisions[1].values()) == [FLAG_DOWN]     # nobody flagged
    assert session.abandoned and len(session.decisions) == TURNS
    assert rig.app.mode == "menu"
    lines = history.read(tmp_path)
    assert len(lines) == 1 and lines[0]["abandoned"] is True and lines[0]["winner"] is None


def test_a_flag_raised_in_the_window_starts_the_count_again_c_plus_off(tmp_path):
    rig = silent_pro_plus(tmp_path)
    session = rig.app.session
    rig.press(defender_pad(rig), Button.CENTRE)              # the defender flags
    assert flags(rig) == [1] and FLAG_RAISED in session.decisions[1].values()
    assert session.unattended == 0
    run_out(rig)
    assert session.abandoned and len(session.decisions) == 2 + TURNS


def test_a_press_in_the_window_that_raises_no_flag_starts_the_count_again_c_plus_off(tmp_path):
    """The defender presses LEFT (nothing in a flag window) and lets the window close: someone
    is there, so the flag not raised is no unattended decision."""
    rig = silent_pro_plus(tmp_path)
    session = rig.app.session
    pad = defender_pad(rig)
    rig.press(pad, Button.LEFT)
    assert isinstance(rig.screen(pad), cs.FlagScreen)       # the window stays open
    run_out(rig)
    assert flags(rig) == [1] and FLAG_DOWN in session.decisions[1].values()
    assert session.abandoned and len(session.decisions) == 2 + TURNS
