"""Button storms on every Simulator Soccer screen: random presses on both pads with time
passing, two people and one against the CPU. No crash; every decision the storm made is
legal (the match's journal header and decisions replay through the script reader to the
same summary); afterwards sensible players finish the match and the console is back in the
menu because the match ended."""
from __future__ import annotations

import random

import pytest
from soccer_console_rig import SoccerRig, play_out, replayed_summary, soccer_settings

from firmware.games.registry import game_named
from hal.buttons import Button

BUTTONS = list(Button)


@pytest.mark.parametrize("players,seed", [("two", 11), ("cpu", 12)])
def test_button_storms_never_crash_stick_or_cheat(tmp_path, players, seed):
    rig = SoccerRig(tmp_path, soccer_settings(players, tutorial=True, move_clock=30), seed=seed)
    rig.start()
    header = dict(rig.app.journal.setup.script)
    session = rig.session
    rng = random.Random(seed)
    seen = set()
    for _ in range(3000):
        if rig.app.mode != "match":
            break
        if rng.random() < 0.1:
            rig.wait(rng.choice((0.05, 0.5, 1.5, 3.0)))
        else:
            rig.press(rng.choice((1, 2)), rng.choice(BUTTONS))
        seen.add(type(rig.screen(1)).__name__)
        if rig.app.session is not None and rig.app.session.step.value == "choose":
            seen.add(f"{rig.app.session.match.decision}")
    assert {"FormationScreen"} <= seen and session.decisions, seen
    if rig.app.mode == "match":                 # (a storm may also leave the match: allowed)
        play_out(rig, rng)
        assert session.match.is_over and rig.app.mode == "menu"
    summary = game_named("simulator-soccer").rules.summary(session.match)
    assert replayed_summary(header, session.decisions) == summary
