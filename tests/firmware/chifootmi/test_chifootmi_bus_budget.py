"""The handheld's two screens share one 400 kHz I2C bus: what a press puts on it is what a
player waits for. Two whole frames take 46 ms there, so no press may redraw both screens whole;
the screens are designed so that it never has to (flips, sheets over the menu).

Bytes, not time, are asserted (timing belongs to ``bench/bench_latency.py``): a byte count is
exact and the same on every machine. 1,150 bytes are 26 ms of bus time, which leaves the
press's processing 4 ms of the 30 ms budget.
"""
from __future__ import annotations

import random

import pytest

from bus_rig import BUDGET_BYTES, BusRig
from firmware.chifootmi import screens as cs
from firmware.storage.settings import Settings
from hal.buttons import Button

from bench.rig import bus_seconds
from bench.scripted import play

from chifootmi_play import intent


@pytest.mark.parametrize("level", ["beginner", "pro_plus"])
def test_no_press_of_a_whole_two_player_match_puts_more_than_26_ms_on_the_shared_bus(level):
    run = play(Settings.flat(players="two", level=level), seed=3)
    causes = {update.cause for update in run.presses}
    assert {"splash", "menu", "lock", "result"} <= causes       # every kind of press was made
    worst = max(run.presses, key=lambda update: update.wire_bytes)
    assert worst.wire_bytes <= BUDGET_BYTES, (
        f"a {worst.cause} press sent {worst.wire_bytes} bytes "
        f"({bus_seconds(worst.wire_bytes, 0) * 1e3:.1f} ms of bus)")



def test_walking_the_menu_on_both_screens_stays_within_the_budget(tmp_path):
    """The menu is on both screens; moving its cursor, scrolling it and changing values
    (the game too, which changes its lines) must each fit the budget."""
    rig = BusRig(tmp_path, Settings.flat(players="two"), seed=4)
    rig.press(1, Button.CARD1)                                  # leave the splash
    walk = [Button.CARD2] * 9 + [Button.CARD1] * 9 + [Button.RIGHT, Button.LEFT, Button.RIGHT]
    walk += [Button.CARD2, Button.RIGHT, Button.LEFT, Button.CARD2, Button.RIGHT, Button.RIGHT]
    for button in walk:
        rig.press(2 if button is Button.RIGHT else 1, button)
    rig.close()
    assert len(rig.presses) >= 15                               # the cursor moved and scrolled
    screen, sent = rig.worst_press()
    assert sent <= BUDGET_BYTES, f"a press on the {screen} sent {sent} bytes"


@pytest.mark.parametrize("level", ["amateur", "pro_plus"])
def test_against_the_cpu_no_press_puts_more_than_26_ms_on_the_shared_bus(tmp_path, level):
    """The CPU's pad shows the score, and the kick-off and result sheets like the person's:
    the menu's OK and the result's OK rewrite half of each screen."""
    rig = BusRig(tmp_path, Settings.flat(players="cpu", level=level), seed=6)
    rig.start()
    rng = random.Random(level)
    for _ in range(5000):
        if rig.app.mode != "match":
            break
        assert not isinstance(rig.screen(2), (cs.CardScreen, cs.FlipScreen, cs.RevealScreen))
        button = intent(rig.screen(1), rng)
        if button is None:
            rig.wait_for_change()
        else:
            rig.press(1, button)
    rig.close()
    assert rig.app.mode == "menu"
    pressed_on = {screen for screen, _sent in rig.presses}
    assert {"MenuScreen", "CardScreen", "ResultScreen"} <= pressed_on
    screen, sent = rig.worst_press()
    assert sent <= BUDGET_BYTES, f"a press on the {screen} sent {sent} bytes"
