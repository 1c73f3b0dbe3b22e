"""Button storms on 2, 3 and 4 pads: random presses with time passing never crash the
console, never make an illegal move, and the game can still be played to its end."""
from __future__ import annotations

import random

import pytest
from chifoumi_rig import Rig, play_to_the_end, to_the_result

from engine.chifoumi import new_match
from firmware.chifoumi.session import ChifoumiSession
from firmware.storage.settings import Settings
from hal.buttons import Button

BUTTONS = list(Button)


def mashed_pad(rig: Rig, pads: int, rng: random.Random) -> int:
    """Any pad, but most often the one whose turn it is (so the game moves on)."""
    session = rig.session
    if rig.app.mode == "match" and isinstance(session, ChifoumiSession) and rng.random() < 0.6:
        acting = [pad for pad in range(1, pads + 1) if rig.app.seat_at(pad) in session.match.to_act()]
        if acting:
            return rng.choice(acting)
    return rng.randint(1, pads)


@pytest.mark.parametrize("pads,players,placement,closed", [
    (2, 2, False, False), (3, 3, True, True), (4, 4, False, True),
])
def test_button_storm_never_crashes_or_cheats(tmp_path, pads, players, placement, closed):
    settings = Settings.flat(game="chifoumi", chifoumi_players=players, chifoumi_humans=pads,
                        placement=placement, closed_stacks=closed)
    rig = Rig(tmp_path, pads, settings, seed=pads)
    rig.start()
    rng = random.Random(pads)
    sessions = [rig.session]
    screens = set()
    for _ in range(1500):
        if rng.random() < 0.1:
            rig.wait(rng.choice((0.3, 1.5, 4.0)))
        else:
            rig.press(mashed_pad(rig, pads, rng), rng.choice(BUTTONS))
        if rig.session is not None and rig.session is not sessions[-1]:
            sessions.append(rig.session)
        if rig.app.mode == "match":
            screens.add(type(rig.screen(1)).__name__ + ":" + str(getattr(rig.screen(1), "mode", "")))
    mine = [s for s in sessions if isinstance(s, ChifoumiSession)]
    assert mine and sum(len(s.decisions) for s in mine) >= 1
    assert "LegendScreen:" in screens
    assert screens & {"BoardScreen:pick", "BoardScreen:place"}
    assert screens & {"BoardScreen:target", "BoardScreen:kind"}
    for session in mine:                      # every decision made was legal, in order
        game = new_match(session.config)
        for joint in session.decisions:
            game.apply(joint)
    if rig.app.mode == "match" and isinstance(rig.session, ChifoumiSession):
        play_to_the_end(rig, rng)             # not stuck: the game still plays to its end
        to_the_result(rig)
        rig.press(1, Button.CENTRE)
        assert rig.app.mode == "menu"
