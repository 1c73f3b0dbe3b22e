"""Fotboll's screens say what just happened, with the right score and from the reading pad's
side (issue 32): the full time, the shoot-out's kicks, who has locked in."""
from __future__ import annotations

import pytest
from app_rig import Rig
from demo_play import demo_screens
from fotboll_setups import HIGH, LOW, act
from reading import words

from engine.fotboll import DIVE, SHOOT, Attack, Card, MatchConfig, Side
from engine.fotboll import events as ev
from engine.fotboll.position import Team, position
from firmware.fotboll import screens as fs
from firmware.storage.settings import Settings
from hal.buttons import Button


def _demo(tmp_path, seed: int = 3) -> tuple:
    app, seen = demo_screens(tmp_path, Settings.flat(game="fotboll", tiebreak=True), seed)
    return app.session, seen


def test_F_END_1_full_time_shows_the_match_score_and_each_kick_the_shoot_out_score(tmp_path):
    session, seen = _demo(tmp_path)
    match = session.match
    assert match.score == [1, 1] and match.shootout_score == (3, 1)        # the match
    reveals = [m for m in seen[1] if isinstance(m, fs.EventScreen)]
    full_time = next(m for m in reveals if m.told.big == "fb.full_time")
    assert "1-1" in words(full_time, "fr")
    kicks = [e for e in session.history if isinstance(e, ev.ShootoutKick)]
    shown = [m for m in reveals if m.told.big in ("out.goal", "out.saved")]
    assert len(shown) == len(kicks) == 7
    for model, kick in zip(shown, kicks):
        assert f"{kick.red}-{kick.blue}" in words(model, "fr")           # pad 1 is red


def _shoot_out(kicks_each: int):
    """A match gone to a shoot-out where every kick scores, ``kicks_each`` kicks a side."""
    match = position(MatchConfig(tiebreak=True), red=Team(HIGH, library=[]),
                     blue=Team(LOW, library=[]), drawn="2S", half=2, score=(0, 0))
    act(match, Attack("F1"))
    while len((match.view("red").kicks or {}).get("red", ())) < kicks_each:
        shooter = next(s for s in match.to_act() if match.decision(s) == "shoot")
        keeper = "red" if shooter == "blue" else "blue"
        match.apply({shooter: SHOOT[Side.LEFT], keeper: DIVE[Side.RIGHT]})
    return match


def test_F_END_1_a_long_shoot_out_row_never_hides_kicks_without_a_mark():
    match = _shoot_out(11)
    drawn = words(fs.ShootoutScreen(match.view("red"), "team.blue", "shoot", None, False), "fr")
    rows = [w for w in drawn if len(w) > 1 and set(w) <= set("●✕…")]
    assert rows and all(row.startswith("…") or len(row) == 11 for row in rows), rows


def test_F_END_1_a_shoot_out_shows_the_other_pad_a_tick_once_one_has_locked_in(tmp_path):
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two", tiebreak=True), seed=3)
    rig.start()
    rig.wait_for_change()                  # the kick-off sheet goes
    session = rig.app.session
    session.go_to(_shoot_out(1), rig.clock.now())  # the position constructor's shoot-out, on the console
    rig.app.refresh()
    shooter, keeper = (1, 2) if rig.screen(1).role == "shoot" else (2, 1)
    assert not rig.screen(keeper).opponent_locked and "✓" not in words(rig.screen(keeper), "fr")
    rig.press(shooter, Button.LEFT)
    rig.press(shooter, Button.LEFT)        # locked in
    assert rig.screen(keeper).opponent_locked and "✓" in words(rig.screen(keeper), "fr")
    assert not rig.screen(shooter).opponent_locked


@pytest.mark.parametrize("half, title", [(1, "1re mi-temps"), (2, "2e mi-temps")])
def test_F_SET_1_the_formation_screen_names_the_half_in_words_not_one_slash_two(half, title):
    view = position(MatchConfig(), red=Team(formation=None), blue=Team(formation=None),
                    half=half).view("red")
    drawn = words(fs.FormationScreen(view, "4-4-2", (), None, False), "fr")
    assert title in drawn and not any("/2" in w for w in drawn)


def test_F_TURN_3_a_defender_whose_card_was_beaten_reads_beaten_it_had_no_ball_to_lose():
    view = position(MatchConfig(), red=Team(HIGH), blue=Team(LOW)).view("red")
    beaten = [ev.Duel(seat="blue", position="F1", attack=Card.parse("AS"), defence=Card.parse("9C"),
                      won=True)]
    drawn = words(fs.reveal_screen(tuple(beaten), view, "team.blue"), "en")
    assert "Beaten" in drawn and "Lost it" not in drawn and "Blue attacks again" in drawn


@pytest.mark.parametrize("language, half", [("fr", "1re MT"), ("en", "1st half")])
def test_F_HALF_1_the_pitch_names_the_half_in_words_not_one_slash_two(language, half):
    view = position(MatchConfig(), red=Team(HIGH), blue=Team(LOW)).view("red")
    drawn = words(fs.PitchScreen(view, "team.blue", None, None, ()), language)
    assert half in drawn and "1/2" not in drawn
