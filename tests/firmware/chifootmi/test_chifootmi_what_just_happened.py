"""Chifootmi's screens say what just happened (issue 32): the move clock beside the titles,
never over them, and saying when it chose; a tie called a tie; a duel from each side."""
from __future__ import annotations

import pytest
from app_rig import Rig
from reading import overlapping, words

from engine.chifootmi import Level, MatchConfig, new_match
from engine.chifootmi.match import SHOOTING
from engine.chifootmi.position import position
from engine.chifootmi import events as ev
from firmware.chifootmi import screens as cs
from firmware.console.app import Idle
from firmware.games.session import Timing
from firmware.storage.settings import Settings
from hal.buttons import Button

NEVER = Idle(abandon_after=1e9, screensaver_after=1e9)
MATCH = new_match(MatchConfig(), 1)


def unattended(tmp_path, language: str, seed: int = 4) -> Rig:
    """Two people who never press, the move clock at 10 s, every shot of the Pro level."""
    rig = Rig(tmp_path, Settings.flat(players="two", move_clock=10, level="pro", language=language),
              seed=seed, timing=Timing(unattended_turns=10**6), idle=NEVER)
    rig.start()
    return rig


@pytest.mark.parametrize("language", ["fr", "en"])
def test_C_RND_1_the_move_clock_is_never_drawn_over_a_title(tmp_path, language):
    rig = unattended(tmp_path, language)
    session, kinds, clocks = rig.app.session, set(), 0
    while not session.match.is_over and len(session.decisions) < 300:
        for pad in (1, 2):
            model = rig.screen(pad)
            assert not overlapping(model, language), (type(model).__name__, overlapping(model, language))
            clocks += getattr(model, "seconds_left", None) is not None
            shot = getattr(getattr(model, "view", None), "shot", None)
            kinds.add((type(model).__name__, shot.kind if shot else None))
        rig.wait_for_change(60)
    assert clocks and {("DrawScreen", None), ("ShotScreen", "free_kick"),
                       ("ShotScreen", "shootout")} <= kinds


def test_C_RND_1_a_flip_says_when_the_move_clock_chose_and_how(tmp_path):
    rig = unattended(tmp_path, "fr", seed=8)
    rig.wait(rig.app.timing.kickoff)
    rig.press(1, Button.CARD3)                               # red picked, never locked in
    rig.wait(10.01)
    red, blue = rig.screen(1), rig.screen(2)
    assert isinstance(red, cs.FlipScreen) and "Trop tard ! Ton choix" in words(red, "fr")
    assert isinstance(blue, cs.FlipScreen) and "Trop tard ! Au hasard" in words(blue, "fr")
    assert "Too late! At random" in words(blue, "en")


def test_C_RND_3_a_tie_is_called_a_tie_on_both_pads_not_a_win():
    tie = [ev.Reveal(round=3, red=7, blue=7), ev.BallKept(seat="red", retention=1, dribble=False)]
    for seat, line in (("red", "Tu gardes le ballon"), ("blue", "Rouge garde le ballon")):
        drawn = words(cs.reveal_screen(MATCH.view(seat), "team." + ("blue" if seat == "red" else "red"),
                                 tie), "fr")
        assert "Égalité" in drawn and line in drawn and "Gagné !" not in drawn


def test_C_RND_3_the_defender_whose_card_lost_was_beaten_it_never_had_the_ball_to_lose():
    kept = [ev.Reveal(round=3, red=9, blue=4), ev.BallKept(seat="red", retention=2, dribble=False),
            ev.ShootingPhase(seat="red")]
    drawn = words(cs.reveal_screen(MATCH.view("blue"), "team.red", kept), "en")
    assert "Beaten" in drawn and "Lost it" not in drawn and "Red shoots next!" in drawn


@pytest.mark.parametrize("language, said", [("fr", "⚽Toi au tir !"), ("en", "⚽You to shoot!")])
def test_C_RND_4_the_shooting_phase_reads_in_each_languages_own_spacing(language, said):
    match = position(MatchConfig(Level.PRO), red=[9, 8, 7, 6], blue=[2, 3, 4, 5], phase=SHOOTING)
    screen = cs.CardScreen(match.view("red"), "team.blue", None, False, "", "hint.pick_card", None)
    drawn = words(screen, language)
    assert said in " ".join(drawn) and "Shot !" not in drawn
