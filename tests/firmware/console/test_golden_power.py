"""Golden images of the battery handheld's power screens (issue 30), taken through the app by
buttons and the simulated cell: the battery mark in the menu (charging too) and on the edge in a
match, the menu's sleep and power-off lines, the power-off question, the low-battery warning,
the goodbyes (a match kept, the battery empty) and "could not power off"."""
from __future__ import annotations

import pytest

from firmware.console.app import Idle
from firmware.console.power_service import CONFIRM_AFTER, EMPTY, GOODBYE_FOR
from firmware.storage.settings import Settings
from goldens import assert_goldens
from hal.buttons import Button
from hal.halt import NoHalt

from app_rig import Refusing, Rig
from .test_console_power import to_line

QUIET = Idle(screensaver_after=1e9)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_power_screens_match_their_golden_images(tmp_path, language):
    settings = Settings.flat(players="two", language=language)
    rig = Rig(tmp_path / "menu", settings, halt=NoHalt(), battery=60.0, idle=QUIET)
    rig.press(1, Button.CARD1)
    shots = {"menu": rig.image(1).copy()}
    rig.console.battery.plug(True)
    rig.wait(60)
    shots["menu-charging"] = rig.image(1).copy()
    to_line(rig, "sleep")
    shots["menu-sleep"] = rig.image(1).copy()
    to_line(rig, "power")
    shots["menu-power"] = rig.image(1).copy()
    rig.press(1, Button.CENTRE)
    shots["question"] = rig.image(1).copy()
    rig.press(1, Button.LEFT)
    rig.console.battery.plug(False)
    rig.console.battery.percent = 15.0
    rig.wait(60 + CONFIRM_AFTER)                        # the reading, and the one confirming it
    shots["low"] = rig.image(1).copy()

    rig = Rig(tmp_path / "match", settings, halt=NoHalt(), battery=40.0, idle=QUIET)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    shots["match"] = rig.image(1).copy()
    rig.console.power_button.request()
    rig.app.step(None)
    shots["goodbye-kept"] = rig.image(1).copy()

    rig = Rig(tmp_path / "empty", settings, halt=NoHalt(), battery=40.0, idle=QUIET)
    rig.press(1, Button.CARD1)
    rig.console.battery.percent = float(EMPTY)
    rig.wait(60 + CONFIRM_AFTER)
    shots["goodbye-empty"] = rig.image(1).copy()

    rig = Rig(tmp_path / "refused", settings, halt=Refusing(), battery=40.0, idle=QUIET)
    rig.press(1, Button.CARD1)
    rig.console.power_button.request()
    rig.app.step(None)
    shots["goodbye"] = rig.image(1).copy()
    rig.wait(GOODBYE_FOR + 0.1)
    shots["failed"] = rig.image(1).copy()
    assert_goldens(shots, "power-", language, tmp_path)
