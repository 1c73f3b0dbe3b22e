"""Words a child reads on the pads (issue 20 leftovers, the kids' and easy play-through in the
terminal simulator): a move list's limit is in cells, as the tutorial says ("Phase 2: 3 cells
max" beside "✓ Done (4)", where "up to 3" read as three moves at most), and a card in French
no longer starts with the red team's name ("Rouge n°6 Rouge" for a red card to a red player)."""
from __future__ import annotations

from engine.simulator_soccer import Move, Options
from engine.simulator_soccer import events as ev
from engine.simulator_soccer.position import position
from firmware.simulator_soccer.choosing import Picking, list_prompt, menu_options, suggestion
from firmware.simulator_soccer.screens import event_line, words


def test_S_P2_1_the_move_list_says_its_limit_is_in_cells_in_both_languages():
    m = position(phase="p2")
    assert m.decision == "move" and m.move_phase == "p2"
    prompt = list_prompt(m, m.to_act()[0])
    assert words("en", prompt) == "Phase 2: 3 cells max"
    assert words("fr", prompt) == "Phase 2: 3 cases max"


def test_a_card_is_told_as_booked_or_sent_off_never_as_a_team_colour_first():
    red = ev.Card("red", 6, "red")
    yellow = ev.Card("blue", 4, "yellow", count_=1)
    assert words("fr", event_line(red, "red", "team.blue")) == "Expulsé : n°6 Toi"
    assert words("fr", event_line(red, "", "team.blue")) == "Expulsé : n°6 Rouge"
    assert words("fr", event_line(yellow, "red", "cpu")) == "Averti : n°4 Ordi"
    assert words("en", event_line(red, "", "team.blue")) == "Red card #6 Red"
    assert words("en", event_line(yellow, "blue", "team.red")) == "Yellow card #4 You"


def test_the_other_teams_kick_says_whose_it_was_the_kickers_pad_keeps_the_odds():
    # "Pass 81/89% ✓" after the CPU's pass read on the child's pad as their own pass.
    hit = ev.Kicked("blue", 9, "pass", (10, 4), 3, (), 0, 89, roll=81)
    off = ev.Kicked("blue", 7, "header_pass", (10, 4), 3, (), 0, 71, roll=90, miss=1)
    assert words("en", event_line(hit, "red", "cpu")) == "CPU: Pass ✓"
    assert words("fr", event_line(hit, "red", "team.blue")) == "Bleu : Passe ✓"
    assert words("en", event_line(off, "red", "team.blue")) == "Blue: Header off"
    assert words("fr", event_line(off, "red", "cpu")) == "Ordi : Tête raté"
    assert words("en", event_line(hit, "blue", "team.red")) == "Pass 81/89% ✓"   # his own
    assert words("en", event_line(hit, "", "team.red")) == "Pass 81/89% ✓"       # a spectator


def test_a_carrier_who_does_not_kick_is_told_as_keeping_the_ball_not_played():
    from engine.simulator_soccer import Kick
    from firmware.simulator_soccer.screens import flip_line

    joint = {"red": Kick("end")}
    assert words("en", flip_line([], joint, "red", "team.blue")) == "You keep the ball"
    assert words("fr", flip_line([], joint, "blue", "cpu")) == "Ordi garde le ballon"
    assert words("en", flip_line([], joint, "", "team.blue")) == "Red keeps the ball"


def test_one_player_moved_or_placed_is_singular_in_french():
    from engine.simulator_soccer import Place
    from firmware.simulator_soccer.screens import flip_line

    one = {"blue": Place(((4, (12, 4)),))}
    assert words("fr", flip_line([], one, "", "team.red")) == "Bleu : 1 replacé"
    assert words("fr", flip_line([], {"blue": Place(())}, "", "team.red")) == "Bleu : 0 replacé"
    two = {"blue": Move(((4, (12, 4)), (5, (12, 6))))}
    assert words("fr", flip_line([], two, "", "team.red")) == "Bleu : 2 bougés"
    assert words("en", flip_line([], one, "blue", "team.red")) == "You: 1 placed"


def test_S_END_1_the_kicker_menu_lists_the_best_kickers_first_and_the_keeper_last():
    # It listed them by shirt after the proposal: the keeper (#1) second.
    m = position(clock=0, half=2, options=Options(half_steps=1, tiebreak=True), phase="p2",
                 carrier=("red", 8), dice=(1, 6, 6) + (6,) * 20)
    m.apply({"red": Move(((9, (10, 2)),))})
    m.apply({"blue": Move(())})
    assert m.decision == "kicker" and m.to_act() == ("red",)
    picking = Picking()
    picking.suggestion = suggestion(m, "red", 1, 0)
    _prompt, options = menu_options(m, "red", picking, m.legal_choices("red"))
    shirts = [action[1].player for _label, action in options]
    assert shirts[:2] == [9, 10] and shirts[-1] == 1, shirts       # #1: the keeper
