"""The Pro rules (S-PRO-*), each an option off by default: with it the rule applies, without it
the base rule does. Positions as in test_soccer_rules.py (4-4-2 both, red attacking east)."""
from __future__ import annotations

import pytest

from engine.errors import IllegalChoice
from engine.simulator_soccer import Options
from engine.simulator_soccer.position import position
from soccer_rig import named, one, play


def pro(*rules: str) -> Options:
    return Options(pro=frozenset(rules))


def test_S_PRO_ASSIST_a_pass_into_a_red_dot_players_cell_cancels_one_blue_dot():
    def after_pass(options):
        m = position(red={9: (15, 3), 10: (14, 4)}, blue={5: (15, 3)}, carrier=("red", 10),
                     dice=(1,), options=options)
        assert one(play(m, red={"kick": "pass", "to": [15, 3]}), "ball")["player"] == 9
        return m
    assert "shot" not in after_pass(Options()).kick_options()
    assert "shot" in after_pass(pro("assist")).kick_options()


def test_S_PRO_LINE_the_offender_steps_back_onside_and_the_CdD_is_rerun():
    m = position(red={9: (18, 2)}, carrier=("red", 8), dice=(1,), options=pro("offside_line"))
    events = play(m, red={"kick": "lob", "to": [18, 2]})
    assert named(events, "offside") == [] and m.player(0, 9).cell == (16, 2)
    assert one(events, "ball")["player"] == 2


def test_S_PRO_WIDE_crosses_from_next_to_the_crossing_zone():
    assert "cross" not in position(red={7: (16, 2)}, carrier=("red", 7)).kick_options()
    assert "cross" in position(red={7: (16, 2)}, carrier=("red", 7),
                               options=pro("wide_crossing")).kick_options()


def test_S_PRO_THROUGH_ties_after_a_long_lob_go_to_the_attacker():
    m = position(red={9: (14, 6)}, carrier=("red", 5), dice=(1,), options=pro("through_ball"))
    assert one(play(m, red={"kick": "lob", "to": [12, 6]}), "ball")["player"] == 9


def test_S_PRO_TORPEDO_shot_replay_without_red_and_no_rush_from_the_area():
    def after_lob(options):
        m = position(red={8: (15, 3)}, carrier=("red", 10), dice=(1,), options=options)
        assert one(play(m, red={"kick": "lob", "to": [15, 3]}), "ball")["player"] == 8
        return m
    assert "shot" not in after_lob(Options()).kick_options()
    assert "shot" in after_lob(pro("torpedo")).kick_options()
    m = position(red={9: (18, 4)}, options=pro("torpedo"))
    play(m, red={"kick": "shot"})
    with pytest.raises(IllegalChoice, match="S-PRO-TORPEDO"):
        play(m, blue={"defend": {"keeper": [18, 4]}})


def test_S_PRO_PINPOINT_a_high_cross_stops_at_an_unmarked_attacker_on_its_line():
    def cross(options):
        m = position(red={7: (15, 1), 9: (18, 4)}, blue={5: (20, 6)}, carrier=("red", 7),
                     dice=(1,), options=options)
        play(m, red={"kick": "cross"})
        return play(m, red={"cross": {"to": [19, 5], "high": True}})
    assert one(cross(Options()), "kick")["rests"] == [19, 5]
    events = cross(pro("pinpoint_cross"))
    assert one(events, "kick")["rests"] == [18, 4] and one(events, "ball")["how"] == "header"


def test_S_PRO_RECOVERY_an_entry_after_2_cells_onto_a_front_neighbour_is_a_die():
    def challenge(options, die):
        m = position(blue={10: (10, 4)}, carrier=("red", 8), phase="p2", dice=(die,),
                     options=options)
        play(m, red={"move": [[9, [9, 7]]]})
        return m, play(m, blue={"challenge": {"player": 10, "to": [7, 5], "tackle": False}})
    _, events = challenge(Options(), 4)
    assert one(events, "card")["card"] == "red"
    m, events = challenge(pro("recovery"), 4)
    assert one(events, "duel") == {"event": "duel", "kind": "entry", "seat": "blue",
                                   "player": 10, "opponent": 8, "cell": [7, 5], "dice": [4],
                                   "foul": False}
    assert m.decision == "move" and m.player(1, 10).cell == (7, 5)
    _, events = challenge(pro("recovery"), 1)
    assert one(events, "card") == {"event": "card", "seat": "blue", "player": 10,
                                   "card": "yellow", "count": 1}


def test_S_PRO_HEADER_K_dot_players_step_into_the_area_once_a_cross_is_announced():
    m = position(red={7: (15, 1), 9: (16, 4)}, blue={4: (19, 3)}, carrier=("red", 7),
                 dice=(1,), options=pro("header"))
    play(m, red={"kick": "cross"})
    assert m.decision == "headers"
    with pytest.raises(IllegalChoice, match="S-PRO-HEADER"):
        play(m, red={"headers": [[8, [17, 3]]]})
    play(m, red={"headers": [[9, [17, 3]]]})
    events = play(m, red={"cross": {"to": [17, 3], "high": True}})
    assert one(events, "ball") == {"event": "ball", "seat": "red", "player": 9, "cell": [17, 3],
                                   "moved": 0, "how": "header"}


def test_S_PRO_WALL_an_interceptor_moving_forward_stays_standing():
    for options, lying in ((Options(), True), (pro("wall"), False)):
        m = position(red={9: (13, 3)}, carrier=("red", 8), dice=(1,), options=options)
        play(m, red={"kick": "lob", "to": [15, 3]})
        play(m, red={"kick": "shot"})
        play(m, blue={"defend": {"keeper": None, "intercept": [4, [15, 3]]}})
        assert m.player(1, 4).lying is lying


def test_S_PRO_SPEED_an_unmarked_grey_dot_player_counts_one_cell_less():
    def lob(options):
        m = position(blue={10: (12, 6), 11: (15, 7)}, carrier=("red", 5), dice=(1,),
                     options=options)
        return one(play(m, red={"kick": "lob", "to": [10, 8]}), "ball")
    assert lob(Options())["seat"] == "blue"
    ball = lob(pro("speed"))
    assert (ball["seat"], ball["player"], ball["moved"]) == ("red", 7, 2)


def test_S_PRO_QUICK_the_one_move_may_push_a_teammate_to_an_empty_neighbour():
    def answer(options):
        m = position(carrier=("red", 8), phase="p2", options=options)
        play(m, red={"move": []})
        return m, {"blue": {"move": [[6, [11, 5]]], "push": [12, 6]}}
    m, choice = answer(Options())
    with pytest.raises(IllegalChoice, match="S-PRO-QUICK"):
        play(m, **choice)
    m, choice = answer(pro("pro_quick_turn"))
    play(m, **choice)
    assert m.player(1, 6).cell == (11, 5) and m.player(1, 10).cell == (12, 6)
