"""Golden images of Simulator Soccer's big kids' reveals (FR/EN): a goal and a shot that did
not go in, on the pad of a child playing two-player kids' mode, as the shared kids' screen
draws them (``firmware/console/kids.py``: a picture over the headline from the pad's side). Saved as
``tests/golden/soccer-kids-<kind>-<language>.png`` (``PITCHPAD_REGOLD=1`` rewrites them: look
at every one you change)."""
from __future__ import annotations

import random
from typing import Any

import pytest
from soccer_console_rig import SoccerRig, soccer_settings
from goldens import assert_goldens
from soccer_play import intent

from firmware.console.kids import KidsRevealScreen, Picture

WANTED = {Picture.GOAL: "goal", Picture.SAVE: "missed"}


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_kids_shot_and_goal_reveals_match_their_golden_images(tmp_path, language):
    rig = SoccerRig(tmp_path, soccer_settings("two", kids=True, language=language), seed=4)
    rig.start()
    rng = random.Random(4)
    found: dict[str, Any] = {}
    for _ in range(6000):
        if rig.app.mode != "match" or len(found) == len(WANTED):
            break
        shown = rig.screen(1)
        if isinstance(shown, KidsRevealScreen) and WANTED[shown.picture] not in found:
            found[WANTED[shown.picture]] = rig.image(1).copy()
        rig.act(intent, rng, limit=5.0)
    assert set(found) == set(WANTED.values()), sorted(found)
    assert_goldens(dict(sorted(found.items())), "soccer-kids-", language, tmp_path)
