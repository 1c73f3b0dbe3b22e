"""Golden images of the controls' screens (issue 18), taken through the app by buttons: the
"leave the match?" question on each pad, and a spare pad watching a two-player match."""
from __future__ import annotations

import pytest

from firmware.console.app import Idle
from firmware.storage.settings import Settings
from firmware.console.spectator import SpectatorScreen
from goldens import assert_goldens
from hal.buttons import Button

from app_rig import Rig
from .test_console_leave import hold


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_controls_screens_match_their_golden_images(tmp_path, language):
    rig = Rig(tmp_path / "two", Settings.flat(players="two", language=language), seed=8,
              idle=Idle(screensaver_after=1e9))
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    hold(rig, 1)
    shots = {"leave-ask": rig.image(1).copy()}
    rig.press(1, Button.LEFT)
    shots["leave-wait"] = rig.image(1).copy()
    shots["leave-asked"] = rig.image(2).copy()
    rig.press(2, Button.RIGHT)
    shots["leave-play-on"] = rig.image(1).copy()

    rig = Rig(tmp_path / "four", Settings.flat(players="two", language=language), seed=8, pads=4,
              idle=Idle(screensaver_after=1e9))
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    for pad in (1, 2):
        rig.press(pad, Button.CARD1)
        rig.press(pad, Button.CARD1)
    rig.wait(rig.app.timing.flip)
    assert isinstance(rig.screen(3), SpectatorScreen) and rig.screen(3).words
    shots["spectator"] = rig.image(3).copy()
    assert_goldens(shots, "controls-", language, tmp_path)
