"""The move clock when nobody presses (issue 18, point 3): a random legal choice from a
generator no player can derive, and a match nobody plays ends recorded as abandoned."""
from __future__ import annotations

import json

from engine.chifootmi import events as ev
from firmware.storage import history
from firmware.console.app import Idle
from firmware.chifootmi import screens as cs
from firmware.chifootmi.session import ChifootmiSession
from firmware.games.cpu import clock_pick
from firmware.storage.journal import FILE_NAME as JOURNAL
from firmware.games.session import Seats, Timing
from firmware.storage.settings import Settings
from hal.buttons import Button

from app_rig import Rig

NEVER = Idle(abandon_after=1e9, screensaver_after=1e9)


def unattended_rig(tmp_path, seed: int, **settings) -> Rig:
    """Two people who never press a button, the move clock at 10 s, nothing abandoned."""
    rig = Rig(tmp_path, Settings.flat(players="two", move_clock=10, **settings), seed=seed,
              timing=Timing(unattended_turns=10**6), idle=NEVER)
    rig.start()
    return rig


def test_a_shootout_nobody_plays_is_not_left_against_left_forever_c_pen_1(tmp_path):
    rig = unattended_rig(tmp_path, seed=4)
    session = rig.app.session
    while not session.match.is_over and len(session.decisions) < 300:
        rig.wait_for_change(60)
    kicks = [e for e in session.history if isinstance(e, ev.ShootoutKick)]
    assert kicks, "seed 4 reaches a shoot-out"
    assert session.match.is_over, "the clock's picks finish the shoot-out"
    assert len({k.shoot for k in kicks}) > 1 and len({k.dive for k in kicks}) > 1
    assert any(k.scored for k in kicks) and not all(k.scored for k in kicks)
    # the card rounds too: not always the card over CARD1
    plays = [joint["red"] for joint in session.decisions if "red" in joint]
    assert len(set(plays)) > 3


def test_the_clock_picks_the_highlighted_choice_or_one_at_random_shown_on_the_pad(tmp_path):
    rig = unattended_rig(tmp_path, seed=8)
    rig.wait(rig.app.timing.kickoff)
    rig.press(1, Button.CARD3)                               # red picked; blue picks nothing
    chosen = rig.screen(1).view.you.active[2].card
    rig.wait(10.01)
    red, blue = rig.screen(1), rig.screen(2)
    assert isinstance(red, cs.FlipScreen) and red.mine == chosen
    assert isinstance(blue, cs.FlipScreen) and blue.mine == red.theirs
    joint = rig.app.session.decisions[0]
    session = rig.app.session
    assert joint["blue"] == clock_pick(session.secret, session.seed, "blue", 0,
                                       _legal_before(rig, "blue"))


def _legal_before(rig: Rig, seat: str) -> list:
    """The legal choices of ``seat`` at the first decision (a fresh match of the same seed)."""
    session = rig.app.session
    fresh = ChifootmiSession(session.config, session.seed, Seats(), 0.0)
    return list(fresh.legal(seat))


def test_the_clock_pick_is_keyed_by_the_match_secret_not_by_the_seed():
    legal = list(range(12))
    picks = {secret: [clock_pick(secret, 7, "red", n, legal) for n in range(40)]
             for secret in ("a" * 32, "b" * 32)}
    assert picks["a" * 32] == [clock_pick("a" * 32, 7, "red", n, legal) for n in range(40)]
    assert picks["a" * 32] != picks["b" * 32]                # the seed alone does not tell
    assert len(set(picks["a" * 32])) > 4                     # and it is not the first choice


def test_a_rebuilt_match_makes_the_same_clock_pick_as_before_the_power_cut(tmp_path):
    rig = unattended_rig(tmp_path, seed=8)
    session = rig.app.session
    while len(session.decisions) < 5:
        rig.wait_for_change(60)
    before = [dict(j) for j in session.decisions]
    seats = Seats(secret=session.secret)
    rebuilt = ChifootmiSession.rebuild(session.config, session.seed, before[:3], seats, 0.0,
                                       move_clock=10.0)
    now = 0.0
    while len(rebuilt.decisions) < 5:
        now = rebuilt.deadline(now)
        assert now is not None
        rebuilt.tick(now)
    assert [dict(j) for j in rebuilt.decisions] == before


def test_a_match_nobody_plays_ends_recorded_as_abandoned(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="cpu", move_clock=10), seed=3)
    rig.start()
    unattended = rig.app.timing.unattended_turns
    rig.wait(rig.app.timing.kickoff + unattended * 15)
    assert rig.app.mode == "menu"
    lines = history.read(tmp_path)
    assert len(lines) == 1
    assert lines[0]["abandoned"] is True and lines[0]["winner"] is None
    assert lines[0]["players"] == {"red": "human", "blue": "cpu:easy"}
    assert not (tmp_path / JOURNAL).exists()                 # the journal is closed
    assert rig.app.menu.played == 1


def test_a_press_now_and_then_keeps_the_match_going(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="cpu", move_clock=10), seed=3)
    rig.start()
    for _ in range(8):
        rig.wait(12)
        rig.press(1, Button.LEFT)                            # someone is there
    assert rig.app.mode == "match"
    assert history.read(tmp_path) == []


def test_a_match_left_idle_without_a_clock_is_recorded_as_abandoned_too(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="two"), seed=2)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    rig.press(1, Button.CARD1)
    rig.press(1, Button.CARD1)
    rig.press(2, Button.CARD2)
    rig.press(2, Button.CARD2)                               # one decision, then nobody
    rig.wait(rig.app.idle.abandon_after + 10)
    assert rig.app.mode == "menu"
    line = json.loads((tmp_path / history.FILE_NAME).read_text().splitlines()[-1])
    assert line["abandoned"] is True and line["winner"] is None
    assert set(line["score"]) == {"red", "blue"}


def test_one_player_gone_is_not_a_match_nobody_plays(tmp_path):
    """Red plays every move; blue's clock runs out every time: the match goes on (red can
    still leave it: blue, silent, is not waited for)."""
    rig = Rig(tmp_path, Settings.flat(players="two", move_clock=10), seed=8)
    rig.start()
    session = rig.app.session
    while len(session.decisions) < 6 and not session.match.is_over:
        rig.wait_for_change(60)
        model = rig.screen(1)
        if isinstance(model, cs.CardScreen) and model.hint in ("hint.pick_card", "hint.again"):
            rig.press(1, Button.CARD1)
            rig.press(1, Button.CARD1)
        elif isinstance(model, (cs.ShotScreen, cs.DrawScreen)) and not model.locked:
            rig.press(1, Button.LEFT)
            rig.press(1, Button.LEFT)
    assert len(session.decisions) >= 6 and not session.abandoned
    assert rig.app.mode == "match"
