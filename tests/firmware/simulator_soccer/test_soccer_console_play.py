"""Simulator Soccer played on the console by buttons only: two people, or one person against
the CPU at every difficulty, from the menu to the result and back; the tutorial; the menu,
the cell pick and the secret picks as a player uses them; one results line per match."""
from __future__ import annotations

import random

import pytest
from soccer_console_rig import SoccerRig, play_out, soccer_settings

from engine.simulator_soccer import Formation, Kick, Shoot
from firmware.storage import history
from firmware.games.session import Step
from firmware.simulator_soccer import screens as ss
from firmware.simulator_soccer.spec import SPEC
from hal.buttons import Button


def test_two_people_play_a_whole_match_by_buttons_and_it_is_recorded(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=5)
    rig.start()
    assert rig.app.mode == "match" and rig.app.game is SPEC
    session = rig.session
    presses = play_out(rig, random.Random(1))
    assert session.match.is_over and rig.app.mode == "menu"
    results = history.read(tmp_path)
    assert len(results) == 1 and results[0]["game"] == "simulator-soccer"
    assert results[0]["players"] == {"red": "human", "blue": "human"}
    assert results[0]["score"] == {"red": session.match.score[0], "blue": session.match.score[1]}
    # The proposal is one press; these people also try their own ideas now and then (and
    # back out of some): still about two presses a decision (bench/bench_soccer_console.py).
    assert presses <= 2.5 * len(session.decisions)


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_one_person_plays_a_whole_match_against_the_cpu_at_every_difficulty(tmp_path, difficulty):
    rig = SoccerRig(tmp_path, soccer_settings("cpu", difficulty=difficulty), seed=3)
    rig.start()
    session = rig.session
    assert set(session.seats.cpus) == {"blue"}
    play_out(rig, random.Random(2), pads=(1,))
    assert session.match.is_over and rig.app.mode == "menu"
    result = history.read(tmp_path)[0]
    assert result["players"] == {"red": "human", "blue": f"cpu:{difficulty}"}


def test_the_tutorial_comes_before_the_kick_off_and_ok_skips_it(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two", tutorial=True), seed=2)
    rig.start()
    assert isinstance(rig.screen(1), ss.TutorialOffer) and isinstance(rig.screen(2), ss.TutorialOffer)
    rig.press(1, Button.RIGHT)
    assert isinstance(rig.screen(1), ss.TutorialScreen) and rig.screen(1).page == 0
    rig.press(1, Button.RIGHT)
    assert rig.screen(1).page == 1
    rig.press(1, Button.LEFT)
    assert rig.screen(1).page == 0
    rig.wait(30)                                  # the kick-off waits for the readers
    assert rig.session.step is Step.KICKOFF and not rig.session.decisions
    rig.press(1, Button.CENTRE)
    assert not isinstance(rig.screen(1), (ss.TutorialScreen, ss.TutorialOffer))
    assert isinstance(rig.screen(2), ss.TutorialOffer)
    rig.press(2, Button.CENTRE)
    rig.wait(3)
    assert isinstance(rig.screen(1), ss.FormationScreen)


def _to_decision(rig, kind: str, rng: random.Random, pad_seat=("red", "blue")) -> str:
    """Play sensibly until a person must make decision ``kind``; its seat."""
    from soccer_play import intent
    for _ in range(5000):
        session = rig.session
        if session.step is Step.CHOOSE:
            for seat in pad_seat:
                if seat in session.match.to_act() and session.view(seat).body["decision"] == kind:
                    return seat
        rig.act(intent, rng, one=True, limit=5.0)
    raise AssertionError(f"never asked for {kind}")


def test_the_kick_menu_offers_the_proposal_first_and_a_cell_pick_for_a_pass(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=5)
    rig.start()
    seat = _to_decision(rig, "kick", random.Random(3))
    pad = 1 if seat == "red" else 2
    menu = rig.screen(pad)
    assert isinstance(menu, ss.MenuScreen) and menu.prompt[0] == "ss.ask.kick"
    assert menu.options[0][0] == "ss.opt.suggest"        # the Simple policy's kick, one press
    pass_index = next(i for i, o in enumerate(menu.options)        # "Pass…": a cell pick
                      if o == ("ss.opt.pick", (("what", ("ss.kick.pass", ())),)))
    rig.press(pad, (Button.CARD1, Button.CARD2, Button.CARD3, Button.CARD4)[pass_index])
    pick = rig.screen(pad)
    assert isinstance(pick, ss.PitchScreen) and pick.cursor is not None and pick.marks
    # CENTRE on the carrier's own cell goes back to the menu (S-UI-2).
    carrier = rig.session.match.carrier_player()
    for _ in range(12):
        if rig.screen(pad).cursor == carrier.cell:
            break
        rig.press(pad, Button.LEFT)
    if rig.screen(pad).cursor == carrier.cell:
        rig.press(pad, Button.CENTRE)
        assert isinstance(rig.screen(pad), ss.MenuScreen)
        rig.press(pad, (Button.CARD1, Button.CARD2, Button.CARD3, Button.CARD4)[pass_index])
    # The cursor walks the six directions; OK on a dotted cell passes there.
    target = sorted(rig.screen(pad).marks)[0]
    start = rig.screen(pad).cursor
    path = _path(rig, pad, start, target)
    for button in path:
        rig.press(pad, button)
    assert rig.screen(pad).cursor == target
    before = len(rig.session.decisions)
    rig.press(pad, Button.CENTRE)
    assert rig.session.decisions[before] == {seat: Kick("pass", target)}


def _path(rig, pad, start, target):
    """Buttons taking the cursor from ``start`` to ``target`` on the pad's own screen."""
    from firmware.simulator_soccer import pitch

    session = rig.session
    seat = rig.app.seat_at(pad)
    view = session.view(seat)
    buttons = []
    cell = start
    for _ in range(40):
        if cell == target:
            return buttons
        best = None
        for button in (Button.CARD1, Button.CARD2, Button.LEFT, Button.RIGHT, Button.CARD3, Button.CARD4):
            nxt = pitch.step(cell, button, view, seat)
            if nxt is None:
                continue
            d = abs(nxt[0] - target[0]) + abs(nxt[1] - target[1])
            if best is None or d < best[0]:
                best = (d, button, nxt)
        assert best is not None
        buttons.append(best[1])
        cell = best[2]
    raise AssertionError("no path")


def test_S_UI_2_a_seat_attacking_west_sees_its_buttons_mirrored(tmp_path):
    """Blue attacks west in the first half: its map is turned, so RIGHT moves the cursor
    towards the goal it attacks (engine x - 2), CARD1 up its screen (engine y + 1)."""
    from firmware.simulator_soccer import pitch

    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=5)
    rig.start()
    view = rig.session.view("blue")
    assert view.body["you"]["attacks"] == "west"
    assert pitch.step((10, 4), Button.RIGHT, view, "blue") == (8, 4)
    assert pitch.step((10, 4), Button.CARD1, view, "blue") == (11, 5)
    red = rig.session.view("red")
    assert pitch.step((10, 4), Button.RIGHT, red, "red") == (12, 4)
    assert pitch.step((0, 0), Button.CARD1, red, "red") is None


def test_the_formation_is_secret_until_both_lock_then_flips_on_both_screens(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=4)
    rig.start()
    rig.wait(3)
    rig.press(1, Button.CARD3)                          # red: 3-5-2
    blue_before = rig.image(2).tobytes()
    rig.press(1, Button.CARD4)                          # red locks in
    assert rig.screen(1).locked
    assert rig.screen(2).other_locked and rig.screen(2).formation is None
    rig.press(1, Button.CARD4)                          # red unlocks: blue never knew what
    rig.press(1, Button.CARD1)
    rig.press(1, Button.CARD4)
    assert rig.image(2).tobytes() != blue_before       # "Red locked in ✓", nothing more
    rig.press(2, Button.CARD2)
    rig.press(2, Button.CARD4)
    assert rig.session.decisions[0] == {"red": Formation("4-4-2"), "blue": Formation("4-3-3")}
    assert rig.session.step is Step.FLIP
    assert isinstance(rig.screen(1), ss.FlipScreen) and isinstance(rig.screen(2), ss.FlipScreen)
    assert rig.screen(1).line[0] == "ss.ev.formations"


def test_a_shot_is_aimed_in_secret_low_or_high_and_locked_with_the_same_side(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=5)
    rig.start()
    for seed in range(40):
        try:
            seat = _to_decision(rig, "shoot", random.Random(seed))
            break
        except AssertionError:
            continue
    pad = 1 if seat == "red" else 2
    screen = rig.screen(pad)
    assert isinstance(screen, ss.ShotScreen) and screen.picked is None
    rig.press(pad, Button.CARD1)                        # HIGH
    rig.press(pad, Button.LEFT)
    assert rig.screen(pad).picked == "left" and rig.screen(pad).high
    n = len(rig.session.decisions)
    rig.press(pad, Button.LEFT)                         # the same side again locks in
    if len(rig.session.decisions) > n:                  # no keeper to dive: played at once
        assert rig.session.decisions[n][seat] == Shoot("left", True)
    else:
        assert rig.screen(pad).locked
