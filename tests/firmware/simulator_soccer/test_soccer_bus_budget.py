"""The handheld's two screens share one 400 kHz I2C bus: no press of a Simulator Soccer match
may put more than ``BUDGET_BYTES`` on it. Whole matches are played on the handheld's real
screen path (``bus_rig.BusRig``: luma's ssd1306 over a recording bus), from power-on back to
the menu, by people who take the proposals, walk cell picks and look at the pitch. A press
that plays a decision changes both screens: each keeps its picture and shows a banner (the
flip), the new pitch comes on a timer. Bytes, not time, are asserted."""
from __future__ import annotations

import random

import pytest
from bus_rig import BUDGET_BYTES, BusRig
from soccer_console_rig import soccer_settings
from soccer_play import intent

from firmware.simulator_soccer import screens as ss
from hal.buttons import Button


class SoccerBusRig(BusRig):
    @property
    def session(self):
        return self.app.session


def _explore(model, rng: random.Random) -> Button | None:
    """Now and then a person looks around: opens the pitch from a menu, walks a cell pick."""
    if isinstance(model, ss.MenuScreen) and rng.random() < 0.15:
        return rng.choice((Button.CENTRE, Button.LEFT, Button.RIGHT, Button.CARD2, Button.CARD3))
    if isinstance(model, ss.PitchScreen) and model.cursor is not None and rng.random() < 0.5:
        return rng.choice((Button.CARD1, Button.CARD2, Button.LEFT, Button.RIGHT, Button.CARD3,
                           Button.CARD4))
    return None


def _curious(model, rng: random.Random) -> Button | None:
    """A person who looks around now and then, else plays on sensibly."""
    return _explore(model, rng) or intent(model, rng)


@pytest.mark.parametrize("players,seed", [("two", 1), ("cpu", 2)])
def test_no_press_of_a_match_puts_more_than_26_ms_on_the_shared_bus(tmp_path, players, seed):
    rig = SoccerBusRig(tmp_path, soccer_settings(players, tutorial=True), seed=seed)
    rng = random.Random(seed)
    pads = (1, 2) if players == "two" else (1,)
    try:
        rig.press(1, Button.CARD1)                # past the splash
        rig.press(1, Button.CENTRE)               # OK on the menu
        assert rig.app.mode == "match"
        for _ in range(20000):
            if rig.app.mode != "match":
                break
            rig.act(_curious, rng, pads, limit=5.0, in_match=True)
        assert rig.app.mode == "menu" and rig.session.match.is_over
    finally:
        rig.close()
    pressed_on = {name for name, _bytes in rig.presses}
    assert {"MenuScreen", "PitchScreen", "FormationScreen", "TutorialOffer",
            "ResultScreen"} <= pressed_on, pressed_on
    worst = sorted(rig.presses, key=lambda press: -press[1])[:5]
    assert worst[0][1] <= BUDGET_BYTES, (
        f"a press on {worst[0][0]} sent {worst[0][1]} bytes (budget {BUDGET_BYTES}); "
        f"the five worst (screen before the press, bytes): {worst}")
