"""Leaving a match from the pads (issue 18): LEFT+RIGHT held 1 s opens "Leave the match?" on
that pad; every person at the table agrees (one is enough against the CPU); the match is
recorded as abandoned; a no, or no answer, goes back to the match where it stood."""
from __future__ import annotations

import random

import pytest

from firmware.storage import history

from firmware.console import leave
from firmware.console.app import Idle
from firmware.games.registry import GAMES
from firmware.storage.journal import FILE_NAME as JOURNAL
from firmware.console.leave import LeaveScreen
from firmware.storage.settings import Settings
from hal.buttons import Button

from app_rig import Rig
from reading import words

NO_SAVER = Idle(screensaver_after=1e9)


def step_events(rig: Rig) -> None:
    for event in rig.console.events.drain():
        rig.app.step(event)


def hold(rig: Rig, pad: int, seconds: float = leave.HOLD, release: bool = True) -> None:
    """Hold LEFT and RIGHT of ``pad`` together for ``seconds``."""
    rig.console.press(pad, Button.LEFT)
    rig.console.press(pad, Button.RIGHT)
    step_events(rig)
    rig.wait(seconds)
    if release:
        rig.console.release(pad, Button.LEFT)
        rig.console.release(pad, Button.RIGHT)
        step_events(rig)


def kind(rig: Rig, pad: int) -> str | None:
    model = rig.screen(pad)
    return model.kind if isinstance(model, LeaveScreen) else None


def started(tmp_path, **settings) -> Rig:
    rig = Rig(tmp_path, Settings.flat(**settings), seed=5, idle=NO_SAVER)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    return rig


@pytest.mark.parametrize("game", list(GAMES))
def test_against_the_cpu_one_yes_leaves_and_the_match_is_recorded_abandoned(tmp_path, game):
    rig = started(tmp_path, game=game, players="cpu", chifoumi_players=2, chifoumi_humans=1)
    rig.press(1, Button.CARD1)                               # a move in the making
    hold(rig, 1, 0.9)
    assert kind(rig, 1) is None, "0.9 s is not yet a hold"
    hold(rig, 1, 0.2)
    assert kind(rig, 1) is None, "released in between: the hold starts again"
    hold(rig, 1)
    assert kind(rig, 1) == "ask"
    decisions = len(rig.app.session.decisions)
    rig.wait(20)                                             # the match stands still meanwhile
    assert len(rig.app.session.decisions) == decisions and rig.app.mode == "match"
    rig.press(1, Button.LEFT)
    assert rig.app.mode == "menu"
    [line] = history.read(tmp_path)
    assert line["abandoned"] is True and line["winner"] is None and line["game"] == game
    assert not (tmp_path / JOURNAL).exists()


def test_a_no_goes_back_to_the_match_where_it_stood(tmp_path):
    rig = started(tmp_path, players="cpu", move_clock=10)
    before = rig.screen(1)
    left = before.seconds_left
    hold(rig, 1)
    assert kind(rig, 1) == "ask"
    rig.wait(15)                                             # longer than the move clock
    rig.press(1, Button.RIGHT)
    assert rig.screen(1).seconds_left == pytest.approx(left - leave.HOLD, abs=0.01)
    assert rig.app.session.decisions == [] and history.read(tmp_path) == []


def test_two_people_must_both_agree_and_a_no_tells_the_asker(tmp_path):
    rig = started(tmp_path, players="two")
    hold(rig, 1)
    assert kind(rig, 1) == "ask" and rig.screen(1).others and rig.screen(1).who == "team.blue"
    assert kind(rig, 2) == "hold" and rig.screen(2).who == "team.red"   # asked once pad 1 says yes
    assert "Rouge veut arrêter ?" in words(rig.screen(2), "fr")        # meanwhile it says why
    assert "Choisis une carte" not in words(rig.screen(2), "fr")        # its presses wait
    rig.press(1, Button.LEFT)
    assert kind(rig, 1) == "wait" and rig.screen(1).who == "team.blue"
    assert kind(rig, 2) == "asked" and rig.screen(2).who == "team.red"
    rig.press(2, Button.CENTRE)                              # OK = play on
    assert kind(rig, 1) == "play_on" and rig.screen(1).who == "team.blue"
    assert kind(rig, 2) is None and rig.app.mode == "match"
    rig.wait(leave.NOTICE)
    assert kind(rig, 1) is None
    hold(rig, 2)                                             # now blue asks, red agrees
    rig.press(2, Button.LEFT)
    assert kind(rig, 1) == "asked"
    rig.press(1, Button.LEFT)
    assert rig.app.mode == "menu"
    assert history.read(tmp_path)[0]["abandoned"] is True


def test_the_asker_can_take_the_question_back(tmp_path):
    rig = started(tmp_path, players="two")
    hold(rig, 1)
    rig.press(1, Button.LEFT)
    rig.press(1, Button.RIGHT)                               # "Play" while waiting for blue
    assert kind(rig, 1) is None and kind(rig, 2) is None and rig.app.mode == "match"


def test_a_hold_kept_down_after_a_no_does_not_ask_again(tmp_path):
    rig = started(tmp_path, players="cpu")
    hold(rig, 1, release=False)
    rig.press(1, Button.CENTRE)
    rig.wait(5)
    assert kind(rig, 1) is None


def test_nobody_answers_the_question_lapses(tmp_path):
    rig = started(tmp_path, players="two")
    hold(rig, 1)
    rig.press(1, Button.LEFT)
    rig.wait(leave.QUESTION)
    assert kind(rig, 1) == "no_answer" and kind(rig, 2) is None
    rig.wait(leave.NOTICE)
    assert kind(rig, 1) is None and rig.app.mode == "match"


def test_a_player_gone_from_the_table_is_not_waited_for(tmp_path):
    rig = started(tmp_path, players="two")
    for _ in range(5):
        rig.wait(30)
        rig.press(1, Button.CARD1)                           # red is there, blue is not
    hold(rig, 1)
    assert not rig.screen(1).others
    rig.press(1, Button.LEFT)
    assert rig.app.mode == "menu"
    assert history.read(tmp_path)[0]["abandoned"] is True


def test_button_storms_on_the_question_never_crash_and_taps_never_ask(tmp_path):
    rig = started(tmp_path, players="two", move_clock=10)
    rng = random.Random(7)
    buttons = list(Button)
    for _ in range(400):                                     # taps only: never a question
        rig.press(rng.choice((1, 2)), rng.choice(buttons))
        rig.wait(rng.choice((0.0, 0.05, 0.3)))
        assert kind(rig, 1) not in ("ask", "asked", "wait")
        if rig.app.mode != "match":
            break
    rig = started(tmp_path / "again", players="two", move_clock=10)
    for _ in range(60):                                      # holds and storms on every screen
        pad = rng.choice((1, 2))
        if rng.random() < 0.3:
            hold(rig, pad, rng.choice((0.5, 1.0, 1.5)))
        for _ in range(rng.randrange(6)):
            rig.press(rng.choice((1, 2)), rng.choice(buttons))
        rig.wait(rng.choice((0.0, 0.5, 3.0)))
        if rig.app.mode != "match":
            assert rig.app.mode == "menu"
            break
