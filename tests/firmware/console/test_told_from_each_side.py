"""Every reveal told from the reading pad's side, in words a child knows (issue 18).

Each screen is drawn for both seats from the engine's public events and the seat's own view;
the test reads back the words the screen drew (every ``Canvas.text`` call), as a player reads
the panel.
"""
from __future__ import annotations

from typing import Any

import pytest

from engine.chifootmi import MatchConfig as ChifootmiConfig
from engine.chifootmi import events as cev
from engine.chifootmi import new_match as chifootmi_match
from engine.chifoumi import GameConfig, new_match as chifoumi_match
from engine.chifoumi import events as kev
from engine.fotboll import Card
from engine.fotboll import MatchConfig as FotbollConfig
from engine.fotboll import events as fev
from engine.fotboll import new_match as fotboll_match
from firmware.chifootmi import screens as cs
from firmware.chifoumi import screens as ks
from firmware.fotboll import screens as fs
from firmware.games.sheets import Standing
from reading import words


CHIFOOTMI = chifootmi_match(ChifootmiConfig(), 1)
FOTBOLL = fotboll_match(FotbollConfig(jokers=True, tiebreak=True), 1)


def chifootmi_reveal(events: list[Any], seat: str, language: str = "fr",
                     opponent: str | None = None) -> list[str]:
    other = "blue" if seat == "red" else "red"
    return words(cs.reveal_screen(CHIFOOTMI.view(seat), opponent or "team." + other, events), language)


def fotboll_reveal(events: list[Any], seat: str, language: str = "fr") -> list[str]:
    other = "blue" if seat == "red" else "red"
    return words(fs.reveal_screen(tuple(events), FOTBOLL.view(seat), "team." + other), language)


# ----- Fotboll -----------------------------------------------------------------------------------
def test_F_TURN_3_a_duel_the_keeper_held_reads_saved_on_the_defenders_pad_not_lost():
    held = [fev.Duel(seat="red", position="GK", attack=Card.parse("5H"), defence=Card.parse("9S"),
                     won=False)]
    assert "Arrêt !" in fotboll_reveal(held, "blue") and "Perdu" not in fotboll_reveal(held, "blue")
    assert "You saved it!" in fotboll_reveal(held, "blue", "en")
    assert "Perdu" in fotboll_reveal(held, "red") and "À Bleu de jouer" in fotboll_reveal(held, "red")
    assert "À toi de jouer !" in fotboll_reveal(held, "blue")
    assert fs.reveal_headline(FOTBOLL.view("blue"), held, "fr") == "Arrêt !"
    assert fs.reveal_headline(FOTBOLL.view("red"), held, "en") == "Lost it"


def test_F_TURN_3_a_beaten_card_reads_lost_for_its_owner_and_won_for_the_attacker():
    beaten = [fev.Duel(seat="blue", position="F1", attack=Card.parse("QD"), defence=Card.parse("4C"),
                       won=True)]
    red, blue = fotboll_reveal(beaten, "red"), fotboll_reveal(beaten, "blue")
    assert "Perdu" in red and "Bleu attaque encore" in red and "Gagné !" not in red
    assert "Gagné !" in blue and "Tu attaques encore" in blue
    assert "Bleu ▶ attaquant 1" in red and "Toi ▶ attaquant 1" in blue      # no "F1", no "attacks"
    assert "D♦" in blue and "4♣" in blue                                 # a French queen, suits drawn


def test_F_TURN_5_a_goal_names_the_scorer_on_each_pad():
    goal = [fev.Duel(seat="red", position="GK", attack=Card.parse("AS"), defence=Card.parse("KH"),
                     won=True), fev.Goal(seat="red", how="keeper", red=1, blue=0)]
    assert "Tu marques !" in fotboll_reveal(goal, "red")
    assert "Rouge marque !" in fotboll_reveal(goal, "blue")
    assert "Red scores!" in fotboll_reveal(goal, "blue", "en")


def test_F_END_1_a_shoot_out_kick_shows_the_shoot_out_score_from_each_side_not_left_or_right():
    fotboll = fotboll_match(FotbollConfig(tiebreak=True), 1)
    kick = [fev.ShootoutKick(shooter="red", shoot="left", dive="left", scored=False, red=2, blue=3)]
    for seat, line in (("red", "Bleu arrête ton tir"), ("blue", "Tu arrêtes le tir !")):
        drawn = words(fs.reveal_screen(tuple(kick), fotboll.view(seat), "team." + ("blue" if seat == "red"
                                                                               else "red")), "fr")
        assert line in drawn
        assert not any("left" in text or "gauche" in text for text in drawn)


def test_the_fotboll_result_names_the_shoot_out_in_words():
    standing = Standing.tallied({"red": 1, "blue": 1}, {"red": 2, "blue": 4}, "blue")
    drawn = words(fs.ResultScreen(standing, "red", "team.blue", False), "fr")
    assert "2-4 aux tirs au but" in drawn and not any("t.a.b" in text for text in drawn)
    assert "Toi 1-1 Bleu" in drawn                               # the match's score stays
    assert "2-4 on penalties" in words(fs.ResultScreen(standing, "red", "team.blue", False), "en")


def test_the_fotboll_preparation_hint_says_what_each_button_does_in_french():
    assert "OK=go" not in fs.text("fr", "fb.hint.prepare") and "C1" not in fs.text("fr", "fb.hint.prepare")


# ----- Chifootmi ---------------------------------------------------------------------------------
def test_C_SHOT_2_a_goal_says_who_scored_on_each_pad():
    goal = [cev.Goal(seat="blue", kind="open_play", shoot="left", dive="right", red=0, blue=1)]
    red, blue = chifootmi_reveal(goal, "red"), chifootmi_reveal(goal, "blue")
    assert "Bleu marque !" in red and "Tu as le ballon" not in red
    assert "Tu marques !" in blue
    assert "CPU scores!" in chifootmi_reveal(goal, "red", "en", "cpu")


@pytest.mark.parametrize("seat, line", [("red", "Tu gardes le ballon"), ("blue", "Rouge garde le ballon")])
def test_C_RND_3_a_kept_ball_says_who_keeps_it(seat, line):
    kept = [cev.Reveal(round=2, red=9, blue=4), cev.BallKept(seat="red", retention=1, dribble=False)]
    drawn = chifootmi_reveal(kept, seat)
    assert line in drawn and "Ballon gardé" not in drawn
    assert ("Gagné !" if seat == "red" else "Perdu") in drawn


def test_C_PLUS_OFF_offside_names_who_gets_the_ball():
    offside = [cev.Offside(seat="red")]
    assert "Hors-jeu !" in chifootmi_reveal(offside, "blue")
    assert "Ballon à Rouge" in chifootmi_reveal(offside, "blue")
    assert "Ballon à toi !" in chifootmi_reveal(offside, "red")


def test_C_SHOT_2_a_saved_shot_tells_the_keeper_they_saved_it():
    saved = [cev.Saved(seat="red", kind="free_kick", shoot="right", dive="right")]
    assert "Tu arrêtes le tir !" in chifootmi_reveal(saved, "blue")
    assert "Bleu arrête ton tir" in chifootmi_reveal(saved, "red")
    assert cs.reveal_headline(CHIFOOTMI.view("blue"), saved, "en") == "You save the shot!"


def test_C_END_1_a_saved_last_card_shot_is_drawn_as_a_shot_not_a_shoot_out_kick():
    saved = [cev.Saved(seat="red", kind="last_card", shoot="left", dive="left"),
             cev.ShootoutStart(first="blue"),
             cev.ShotCalled(kind="shootout", shooter="blue", keeper="red", sides=3)]
    screen = cs.reveal_screen(CHIFOOTMI.view("red"), "team.blue", saved)
    assert isinstance(screen, cs.RevealScreen) and not screen.shootout and screen.sides == 2
    assert "Bleu arrête ton tir" in words(screen, "fr")
    kick = [cev.ShootoutKick(seat="red", shoot="left", dive="left", scored=False, red=0, blue=0)]
    assert cs.reveal_screen(CHIFOOTMI.view("red"), "team.blue", kick).shootout


def test_C_SET_3_each_pad_is_told_its_own_colour_at_kick_off():
    for seat, colour in (("red", "Rouge"), ("blue", "Bleu")):
        drawn = words(cs.KickoffScreen(CHIFOOTMI.view(seat), "team.red" if seat == "blue"
                                       else "team.blue"), "fr")
        assert "Tu es" in drawn and colour in drawn


def test_the_chifootmi_card_screen_labels_the_score_and_never_reads_DT_or_10_slash():
    view = CHIFOOTMI.view("red")
    screen = cs.CardScreen(view, "team.blue", 0, True, "choosing", "hint.locked", None)
    drawn = words(screen, "fr")
    assert "Toi 0-0 Bleu" in drawn
    assert any(text.endswith(" ✓") for text in drawn)          # "10 ✓": the tick beside the card
    assert "DT" not in drawn


# ----- Chifoumi ----------------------------------------------------------------------------------
def test_K_2P_3_the_points_and_the_result_name_whose_they_are():
    match = chifoumi_match(GameConfig(2))
    view = match.view("white")
    board = words(ks.BoardScreen(view, None), "fr")
    assert any(text.startswith("Toi ") for text in board)
    assert any(text.startswith("Noir ") for text in board)
    assert not any(text.startswith("Pts") for text in board)
    result = words(ks.ResultScreen(view, False), "en")
    assert any(text.startswith("You ") for text in result)


def test_the_chifoumi_throw_reveal_headline_is_told_from_each_side():
    throw = [kev.Chifoumi(hands=(("white", "left"), ("black", "right")), winner="white")]
    match = chifoumi_match(GameConfig(2))
    assert ks.reveal_headline(match.view("white"), throw, "fr") == "Tu commences !"
    assert ks.reveal_headline(match.view("black"), throw, "fr") == "Blanc commence"
