"""The handheld's two screens share one 400 kHz I2C bus: what a press puts on it is what the
players wait for. Whole Chifoumi games are played by two people on the handheld's real screen
path (``bus_rig.BusRig``: luma's ssd1306 over a recording bus), from power-on back to the menu,
and no press may put more than ``BUDGET_BYTES`` on the bus. So no press redraws both screens
whole: the kick-off and the result are sheets over the menu, the second hand thrown flips both
throw screens in place, the last move shows on each board before the result comes on a timer,
and a placement moves only the marks around the new piece.

Bytes, not time, are asserted (``bench/bench_latency.py`` times presses): a byte count is exact
and the same on every machine.
"""
from __future__ import annotations

import random
from typing import Any

import pytest
from bus_rig import BUDGET_BYTES, BusRig
from chifoumi_rig import play_to_the_end, to_the_result

from firmware.storage.settings import Settings
from hal.buttons import Button


class ChifoumiBusRig(BusRig):
    @property
    def session(self) -> Any:
        return self.app.session


@pytest.mark.parametrize("players,humans,placement,closed,seed", [
    (2, 2, False, False, 1), (2, 2, True, False, 2), (2, 2, False, True, 3), (2, 2, True, True, 4),
    (3, 2, True, False, 5), (4, 2, False, True, 6), (2, 1, False, False, 7), (2, 1, True, True, 8),
])
def test_no_press_of_a_game_puts_more_than_26_ms_on_the_shared_bus(
        tmp_path, players, humans, placement, closed, seed):
    """Two people, or one against the CPU (its pad shows the board, and the same kick-off
    and result sheets as the person's)."""
    settings = Settings.flat(game="chifoumi", chifoumi_players=players, chifoumi_humans=humans,
                        placement=placement, closed_stacks=closed)
    rig = ChifoumiBusRig(tmp_path, settings, seed=seed)
    try:
        rig.start()                               # any press past the splash, OK on the menu
        assert rig.app.mode == "match"
        play_to_the_end(rig, random.Random(seed))
        to_the_result(rig)
        rig.press(1, Button.CENTRE)               # OK on the result: back to the menu
        assert rig.app.mode == "menu"
    finally:
        rig.close()
    pressed_on = {name for name, _bytes in rig.presses}
    expected = {"SplashScreen", "MenuScreen", "BoardScreen", "ResultScreen"}
    if players == 2 and humans == 2:
        expected.add("ThrowScreen")
    assert expected <= pressed_on, f"never pressed on {expected - pressed_on}"
    worst = sorted(rig.presses, key=lambda press: -press[1])[:5]
    assert worst[0][1] <= BUDGET_BYTES, (
        f"a press on {worst[0][0]} sent {worst[0][1]} bytes (budget {BUDGET_BYTES}); "
        f"the five worst (screen before the press, bytes): {worst}")
