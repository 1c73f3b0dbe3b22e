"""Simulator Soccer's move clock when nobody presses, as in every game with a clock
(tests/firmware/console/test_console_move_clock.py): a secret pick not made is the core's
``clock_pick``, keyed by the match's secret (S-VIS-1: nothing a player can know, never the seed
the results history shows), the same after a power cut; and a match nobody plays ends
recorded as abandoned (``Timing.unattended_turns``)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from soccer_console_rig import SoccerRig, play_out, soccer_settings

from engine.simulator_soccer import Dive, Formation, Round, Shoot, new_match
from firmware.console.app import Idle
from firmware.games.cpu import clock_pick
from firmware.games.session import Timing
from firmware.storage import history
from firmware.storage import journal as mj
from firmware.storage.settings import save
from hal.buttons import Button

NEVER = Idle(abandon_after=1e9, screensaver_after=1e9)
"""No press for ten minutes abandons a match too: off, so only the unattended rule can."""
PATIENT = Timing(unattended_turns=10**6)
SECRET = (Formation, Shoot, Dive)


def unattended(folder: Path, *, seed: int = 11, timing: Timing = PATIENT) -> SoccerRig:
    """Two people who never press, the move clock at 30 s."""
    return SoccerRig(folder, soccer_settings("two", move_clock=30), seed=seed, timing=timing,
                     idle=NEVER)


def run_to(rig: SoccerRig, decisions: int) -> None:
    session = rig.session
    while len(session.decisions) < decisions and not session.match.is_over:
        rig.wait_for_change(60)


def secret_turns(session) -> list[int]:
    return [n for n, joint in enumerate(session.decisions)
            if any(isinstance(choice, SECRET) for choice in joint.values())]


def test_a_secret_pick_nobody_made_is_the_clock_pick_of_the_match_secret_s_vis_1(tmp_path):
    rig = unattended(tmp_path)
    rig.start()
    run_to(rig, 80)
    session = rig.session
    turns = secret_turns(session)
    assert len(turns) >= 4, "formations, then shots and dives"
    match = new_match(session.config, session.seed)
    for n, joint in enumerate(session.decisions):
        if n in turns:
            for seat, choice in joint.items():
                allowed = [c for c in match.legal_choices(seat) if not isinstance(c, Round)]
                assert choice == clock_pick(session.secret, session.seed, seat, n, allowed), n
        match.apply(joint)
    assert {type(c) for n in turns for c in session.decisions[n].values()} == set(SECRET)


def test_a_resumed_soccer_match_makes_the_clock_picks_it_made_before_the_power_cut(tmp_path):
    whole_dir, cut_dir = tmp_path / "whole", tmp_path / "cut"
    whole_dir.mkdir()
    cut_dir.mkdir()
    whole = unattended(whole_dir)
    whole.start()
    run_to(whole, 80)
    before = [dict(joint) for joint in whole.session.decisions]
    assert len([n for n in secret_turns(whole.session) if n > 20]) >= 3

    first = unattended(cut_dir)
    first.start()
    run_to(first, 20)
    assert [dict(j) for j in first.session.decisions] == before[:20]
    del first                                               # the power goes
    second = SoccerRig(cut_dir, None, seed=11, timing=PATIENT, idle=NEVER)
    assert second.app.mode == "resume"
    second.press(1, Button.RIGHT)
    assert second.app.mode == "match" and len(second.session.decisions) == 20
    assert second.session.secret == whole.session.secret
    run_to(second, len(before))
    assert [dict(j) for j in second.session.decisions] == before


@pytest.mark.parametrize("players", ["cpu", "two"])
def test_a_soccer_match_nobody_plays_ends_recorded_as_abandoned(tmp_path, players):
    save(tmp_path, soccer_settings(players, move_clock=30))
    rig = SoccerRig(tmp_path, None, seed=3, idle=NEVER)
    rig.start()
    session = rig.session
    for _ in range(400):
        if rig.app.mode != "match":
            break
        rig.wait_for_change(60)
    assert rig.app.mode == "menu"
    assert session.abandoned and not session.match.is_over
    assert session.unattended == rig.app.timing.unattended_turns
    lines = history.read(tmp_path)
    assert len(lines) == 1
    assert lines[0]["abandoned"] is True and lines[0]["winner"] is None
    assert lines[0]["game"] == "simulator-soccer"
    assert not (tmp_path / mj.FILE_NAME).exists()           # the journal is closed


def test_one_soccer_player_gone_is_not_a_match_nobody_plays(tmp_path):
    """Red plays every move; blue's clock runs out every time, often several of blue's own
    decisions in a row while red waits: the match goes on to its end."""
    rig = unattended(tmp_path, seed=5, timing=Timing())
    rig.start()
    play_out(rig, random.Random(5), pads=(1,))
    assert not rig.session.abandoned and rig.session.match.is_over
    run, longest = 0, 0                  # blue's own decisions in a row, each the clock's
    for joint in rig.session.decisions:
        run = run + 1 if set(joint) == {"blue"} else 0
        longest = max(longest, run)
    assert longest >= rig.app.timing.unattended_turns
