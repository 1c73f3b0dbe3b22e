"""One or more tests per rule id of docs/rules/simulator-soccer.md, named after it.

Positions come from ``engine.simulator_soccer.position`` (4-4-2 against 4-4-2, red attacking
east, the named players moved); dice are scripted with ``dice=`` in the order S-RNG-2 draws
them. Standard ratings (D-M-T-R dots): 1 1-4-3-3 XX, 4 2-5-5-3 BBK, 5 2-5-4-3 BK,
6 3-4-5-4 BY, 7 5-2-2-4 GGS, 8 4-3-3-5 YY, 9 4-2-2-4 RRK, 10 5-3-2-4 YR.
"""
from __future__ import annotations

import pytest

from engine.errors import IllegalChoice
from engine.simulator_soccer import STANDARD, Options, new_match
from engine.simulator_soccer.position import position
from engine.simulator_soccer.script import summary
from engine.simulator_soccer.state import Restart
from engine.simulator_soccer.teams import TeamError, load_team
from soccer_rig import named, one, play

PRO = Options


def pro(*rules: str) -> Options:
    return Options(pro=frozenset(rules))


# ----- teams ------------------------------------------------------------------------------------
def test_S_TEAM_1_sixteen_players_slot_order_bench_12_to_16():
    m = position()
    view = m.view("red").to_json()
    assert [p["num"] for p in view["you"]["players"]] == list(range(1, 12))
    assert [p["num"] for p in view["you"]["bench"]] == [12, 13, 14, 15, 16]


def test_S_TEAM_2_yellow_dots_add_5_to_a_pass():
    # #8 (YY) unmarked: effective Y 2; range 2 -> 95 - 12 + 10 = 93.
    m = position(carrier=("red", 8), dice=(93,))
    kick = one(play(m, red={"kick": "pass", "to": [9, 7]}), "kick")
    assert (kick["dots"], kick["p"], kick["lands"]) == (2, 93, [9, 7])


def test_S_TEAM_3_standard_team_value_36_and_ratings():
    assert STANDARD.value == 36
    assert STANDARD.players[3].duel == (2, 5, 5, 3) and STANDARD.players[3].dots == "BBK"
    assert STANDARD.players[15].dots == "RS"


def _toml(tmp_path, players, name='name = "Lions"\n'):
    path = tmp_path / "lions.toml"
    path.write_text(name + "".join(
        f'[[player]]\nnum = {n}\nname = "P{n}"\nduel = [3, 3, 3, 3]\ndots = "{d}"\n'
        for n, d in players))
    return path


def test_S_TEAM_3_team_from_toml(tmp_path):
    team = load_team(str(_toml(tmp_path, [(n, "Y") for n in range(1, 17)])))
    assert team.name == "Lions" and len(team.players) == 16 and team.value == 16


def test_S_TEAM_3_toml_errors_name_file_line_and_key(tmp_path):
    players = [(n, "Y") for n in range(1, 17)]
    players[2] = (2, "Y")
    path = _toml(tmp_path, players)
    with pytest.raises(TeamError) as err:
        load_team(str(path))
    assert str(path) in str(err.value) and ":13: num" in str(err.value) and "twice" in str(err.value)
    players = [(n, "Y") for n in range(1, 17)]
    players[0] = (1, "Q")
    with pytest.raises(TeamError, match=r"lions.toml:6: dots"):
        load_team(str(_toml(tmp_path, players)))
    with pytest.raises(TeamError, match="16 players"):
        load_team(str(_toml(tmp_path, players[:3])))


# ----- kick-off and halves ----------------------------------------------------------------------
def test_S_KO_1_templates_east_and_mirrored_west():
    m = new_match(seed=3, kickoff="red")
    play(m, red={"formation": "3-5-2"}, blue={"formation": "4-3-3"})
    red, blue = m.view("red").to_json(), m.view("blue").to_json()
    assert red["you"]["players"][1]["cell"] == [5, 7] and red["you"]["attacks"] == "east"
    assert blue["you"]["players"][6]["cell"] == [11, 1] and blue["you"]["attacks"] == "west"


def test_S_KO_2_kicker_slot_9_on_centre_and_placements_in_own_half():
    m = new_match(seed=3, kickoff="blue")
    play(m, red={"formation": "4-4-2"}, blue={"formation": "4-4-2"})
    assert m.player(1, 9).cell == (10, 4)
    with pytest.raises(IllegalChoice, match="S-KO-2"):
        play(m, blue={"place": [[10, [9, 3]]]})
    play(m, blue={"place": [[10, [12, 2]]]})
    play(m, red={"place": []})
    events = play(m, blue={"place": []})
    assert events == [{"event": "kickoff", "half": 1, "seat": "blue", "player": 9}]
    assert m.clock == 0 and m.to_act() == ("blue",)


def test_S_TURN_1_defender_winning_the_ball_starts_a_relance_at_once():
    # Red #9's ground pass runs into blue #10 at (11, 5): blue's ball, blue kicks, no clock.
    m = position(dice=(1,))
    events = play(m, red={"kick": "pass", "to": [13, 5]})
    assert one(events, "kick")["rests"] == [11, 5]
    assert one(events, "ball") == {"event": "ball", "seat": "blue", "player": 10,
                                   "cell": [11, 5], "moved": 0, "how": "cdd"}
    assert m.to_act() == ("blue",) and m.decision == "kick" and m.clock == 0
    assert m.turn.relance


def test_S_TURN_2_a_player_passes_once_a_turn():
    # #8 passes to #10 (YR) standing unmarked; #10 replays yellow to #8: #8 has passed.
    m = position(red={10: (9, 7)}, carrier=("red", 8), dice=(1, 1))
    play(m, red={"kick": "lob", "to": [9, 7]})
    assert m.decision == "kick" and "pass" in m.kick_options()
    play(m, red={"kick": "lob", "to": [7, 5]})
    assert m.carrier == (0, 8)
    assert "pass" not in m.kick_options()


def test_S_TURN_2_lying_players_stand_up_and_do_not_move_that_phase():
    m = position(lying=[("red", 6)], phase="p2")
    assert not m.player(0, 6).lying
    with pytest.raises(IllegalChoice, match="S-TURN-2"):
        play(m, red={"move": [[6, [9, 3]]]})


# ----- kicks ------------------------------------------------------------------------------------
def test_S_K_1_ranges_set_pieces_and_no_end_at_a_turn_start():
    m = position()
    with pytest.raises(IllegalChoice, match="S-K-1"):
        play(m, red={"kick": "dribble", "to": [17, 5]})
    with pytest.raises(IllegalChoice, match="S-K-1"):
        play(m, red={"kick": "end"})
    with pytest.raises(IllegalChoice, match="S-K-1"):
        play(m, red={"kick": "shot"})
    kickoff = position(set_piece="kickoff")
    assert set(kickoff.kick_options()) == {"pass", "lob"}
    corner = position(red={9: (20, 0)}, set_piece="corner")
    assert set(corner.kick_options()) == {"cross"}


def test_S_K_2_clamped_odds_and_a_miss_to_the_neighbour_a_d6_picks():
    # Keeper #1 (Y 0, unmarked: 1) lobs 10 cells: max(35, 95 - 60) + 5 = 40; 41 misses,
    # d6 4 = W of the target.
    m = position(carrier=("red", 1), dice=(41, 4))
    kick = one(play(m, red={"kick": "lob", "to": [20, 4]}), "kick")
    assert (kick["range"], kick["dots"], kick["p"], kick["roll"], kick["miss"], kick["lands"]) == (
        10, 1, 40, 41, 4, [18, 4])
    # #8 (YY) unmarked passes 1 cell: min(95, 89 + 10) = 95.
    m = position(carrier=("red", 8), dice=(95,))
    assert one(play(m, red={"kick": "pass", "to": [8, 6]}), "kick")["p"] == 95


def test_S_K_3_ground_ball_stops_at_the_first_player_high_ball_rests():
    ground = one(play(position(dice=(1,)), red={"kick": "pass", "to": [13, 5]}), "kick")
    assert ground["path"] == [[11, 5], [13, 5]] and ground["rests"] == [11, 5]
    high = one(play(position(dice=(1,)), red={"kick": "lob", "to": [13, 5]}), "kick")
    assert "path" not in high and high["rests"] == [13, 5]


def test_S_K_4_dribble_duel_won_lays_the_opponent_down():
    # #9 dribbles from (9, 5) to (13, 5): blue #10 in the line's first cell (11, 5).
    m = position(dice=(6, 1, 1))
    events = play(m, red={"kick": "dribble", "to": [13, 5]})
    duel = one(events, "duel")
    assert duel == {"event": "duel", "kind": "dribble", "seat": "red", "player": 9,
                    "opponent": 10, "cell": [11, 5], "dice": [6, 1], "won": True}
    assert m.player(1, 10).lying and one(events, "kick")["rests"] == [13, 5]


def test_S_K_4_defender_die_1_in_the_attack_zone_is_a_foul_and_VAR():
    m = position(red={9: (15, 5)}, dice=(2, 1, 3))
    events = play(m, red={"kick": "dribble", "to": [17, 5]})
    assert one(events, "kick")["foul"] is True and "roll" not in one(events, "kick")
    assert one(events, "foul") == {"event": "foul", "seat": "blue", "player": 5,
                                   "cell": [17, 5], "award": "penalty"}
    assert one(events, "var") == {"event": "var", "seat": "blue", "die": 3, "overturned": False}
    assert m.restart.kind == "penalty"


def test_S_K_5_touchline_throw_in_goal_line_goal_kick_or_corner():
    m = position(carrier=("red", 11), dice=(99, 2))
    out = one(play(m, red={"kick": "lob", "to": [8, 0]}), "out")
    assert out == {"event": "out", "restart": "throw_in", "seat": "blue", "cell": [8, 0]}
    assert summary(m)["phase"] == "throw_in"
    m = position(red={9: (15, 5)}, dice=(99, 1))
    assert one(play(m, red={"kick": "lob", "to": [20, 6]}), "out") == {
        "event": "out", "restart": "goal_kick", "seat": "blue", "cell": [20, 4]}
    m = position(carrier=("blue", 3), dice=(99, 1))
    assert one(play(m, blue={"kick": "lob", "to": [20, 6]}), "out") == {
        "event": "out", "restart": "corner", "seat": "red", "cell": [20, 8]}


# ----- distance rule ----------------------------------------------------------------------------
def test_S_CDD_1_lying_players_and_a_set_pieces_kicker_are_no_candidates():
    m = position(red={9: (12, 6)}, lying=[("blue", 10)], carrier=("red", 8), dice=(1,))
    events = play(m, red={"kick": "lob", "to": [11, 5]})
    assert one(events, "ball")["player"] == 9  # blue #10 lies in the cell itself
    m = position(set_piece="kickoff", red={9: (10, 4)}, dice=(1,))
    events = play(m, red={"kick": "lob", "to": [11, 3]})
    assert one(events, "ball")["seat"] == "blue"


def test_S_CDD_2_ties_short_pass_to_the_attacker_long_pass_to_the_defender():
    short = position(red={9: (14, 6)}, carrier=("red", 8), dice=(1,))
    assert one(play(short, red={"kick": "lob", "to": [12, 6]}), "ball")["player"] == 9
    long = position(red={9: (14, 6)}, carrier=("red", 5), dice=(1,))
    ball = one(play(long, red={"kick": "lob", "to": [12, 6]}), "ball")
    assert (ball["seat"], ball["player"]) == ("blue", 6)


def test_S_CDD_3_a_far_ball_raises_phase_2s_limit():
    m = position(red={2: (6, 6), 4: (5, 5)}, carrier=("red", 8), dice=(1,))
    ball = one(play(m, red={"kick": "lob", "to": [0, 8]}), "ball")
    assert (ball["player"], ball["moved"]) == (1, 4)
    with pytest.raises(IllegalChoice, match="S-P2-1"):
        play(m, red={"move": [[9, [19, 5]]]})
    play(m, red={"move": [[9, [17, 5]]]})
    assert m.p3_limit() == 4


# ----- skills -----------------------------------------------------------------------------------
def test_S_SKL_1_yellow_replay_after_a_0_cell_catch_red_in_the_shooting_zone():
    m = position(carrier=("red", 8), dice=(93,))
    play(m, red={"kick": "pass", "to": [9, 7]})
    assert m.decision == "kick" or m.decision == "move"
    m = position(red={9: (15, 3)}, carrier=("red", 8), dice=(1,))
    play(m, red={"kick": "lob", "to": [15, 3]})
    assert m.decision == "kick" and set(m.kick_options()) == {"shot", "end"}


def test_S_SKL_2_a_blue_dot_marker_in_the_cell_cancels_unmarked_gets_one():
    m = position(blue={4: (7, 5)}, carrier=("red", 8), dice=(1,))
    kick = one(play(m, red={"kick": "pass", "to": [9, 7]}), "kick")
    assert (kick["dots"], kick["marked_by"]) == (0, [4])
    m = position(red={9: (5, 1)}, dice=(1,))
    assert one(play(m, red={"kick": "lob", "to": [7, 1]}), "kick")["dots"] == 1


def _direct_shot(dice=(1,), **kw):
    """#9 runs 1 cell to a lob in the shooting zone and shoots at once (S-SKL-3)."""
    m = position(red={9: (13, 3)}, carrier=("red", 8), dice=dice, **kw)
    ball = one(play(m, red={"kick": "lob", "to": [15, 3]}), "ball")
    assert (ball["player"], ball["moved"]) == (9, 1)
    play(m, red={"kick": "shot"})
    return m


def test_S_SKL_3_direct_shot_may_be_intercepted():
    m = _direct_shot(dice=(1, 4))
    play(m, blue={"defend": {"keeper": None, "intercept": [4, [15, 3]]}})
    assert m.player(1, 4).lying
    events = play(m, red={"shoot": "left", "high": False}, blue={"dive": "left"})
    shot = one(events, "shot")
    assert (shot["result"], shot["cell"], shot["intercept"]) == ("blocked", [15, 3], [4, [15, 3]])


def test_S_INT_1_only_a_direct_kick_can_be_intercepted():
    m = position(red={9: (15, 3)})
    play(m, red={"kick": "shot"})
    with pytest.raises(IllegalChoice, match="S-INT-1"):
        play(m, blue={"defend": {"keeper": None, "intercept": [4, [15, 3]]}})


# ----- crosses and headers ----------------------------------------------------------------------
def _cross(red=None, blue=None, dice=(1,), high=True, to=(17, 3), options=Options()):
    """#7 (GGS) crosses from (15, 1); blue #4 stands at (17, 3) unless moved."""
    cells = {7: (15, 1), **(red or {})}
    m = position(red=cells, blue=blue, carrier=("red", 7), dice=dice, options=options)
    play(m, red={"kick": "cross"})
    return m, play(m, red={"cross": {"to": list(to), "high": high}})


def test_S_CRS_1_defender_alone_wins_a_cross():
    m, events = _cross()
    kick = one(events, "kick")
    assert (kick["kick"], kick["dots"], kick["p"]) == ("cross", 2, 93)
    assert one(events, "ball") == {"event": "ball", "seat": "blue", "player": 4,
                                   "cell": [17, 3], "moved": 0, "how": "cross"}
    assert m.to_act() == ("blue",)


def test_S_CRS_1_attacker_alone_heads_attacker_and_defender_duel():
    m, events = _cross(red={9: (18, 2)}, blue={4: (19, 3)}, to=(18, 2))
    assert one(events, "ball")["how"] == "header" and m.pending.mode == "header"
    m, events = _cross(red={9: (17, 3)}, dice=(1, 5, 2))
    assert one(events, "duel") == {"event": "duel", "kind": "header", "seat": "red",
                                   "player": 9, "opponent": 4, "cell": [17, 3],
                                   "dice": [5, 2], "won": True}
    assert one(events, "ball")["how"] == "header"


def test_S_CRS_2_header_shot_uses_K_no_rods_no_interception():
    m, _ = _cross(red={9: (18, 2)}, blue={4: (19, 3)}, to=(18, 2), dice=(1, 6, 3, 5))
    assert set(m.kick_options()) == {"lob", "shot"}
    with pytest.raises(IllegalChoice, match="S-K-1"):
        play(m, red={"kick": "end"})
    play(m, red={"kick": "shot"})
    with pytest.raises(IllegalChoice, match="S-INT-1"):
        play(m, blue={"defend": {"intercept": [5, [18, 2]]}})
    play(m, blue={"defend": None})
    shot = one(play(m, red={"shoot": "left", "high": True}, blue={"dive": "left"}), "shot")
    assert shot["finishing"] == 1 and "rods" not in shot and shot["save"] == [3, 5]


# ----- shots and the keeper ---------------------------------------------------------------------
def test_S_SHOT_1_rush_from_a_front_neighbour_keeper_higher_wins():
    m = position(red={9: (18, 4)}, dice=(6, 1))
    play(m, red={"kick": "shot"})
    events = play(m, blue={"defend": {"keeper": [18, 4], "intercept": None}})
    assert one(events, "duel") == {"event": "duel", "kind": "rush", "seat": "blue", "player": 1,
                                   "opponent": 9, "cell": [18, 4], "dice": [6, 1], "won": True}
    assert one(events, "ball")["how"] == "tackle" and m.holding


def test_S_SHOT_1_a_lost_rush_leaves_no_dive_and_no_block():
    m = position(red={9: (18, 4)}, dice=(2, 6, 6))
    play(m, red={"kick": "shot"})
    play(m, blue={"defend": {"keeper": [18, 4]}})
    assert m.to_act() == ("red",)
    shot = one(play(m, red={"shoot": "centre", "high": False}), "shot")
    assert shot["rush"] is True and shot["dive"] is None and shot["result"] == "goal"


def test_S_SHOT_1_no_rush_from_behind_or_against_a_header():
    m = position(red={9: (18, 4)}, blue={1: (17, 5), 5: (14, 6)})
    play(m, red={"kick": "shot"})
    with pytest.raises(IllegalChoice, match="S-SHOT-1"):
        play(m, blue={"defend": {"keeper": [18, 4]}})


def test_S_SHOT_2_both_lock_then_reveal_different_sides_score():
    m = position(red={9: (15, 3)}, dice=(3,))
    play(m, red={"kick": "shot"})
    play(m, blue={"defend": None})
    assert m.to_act() == ("blue", "red") and m.view("red").to_json()["decision"] == "shoot"
    assert m.view("blue").to_json()["decision"] == "dive"
    events = play(m, red={"shoot": "left", "high": True}, blue={"dive": "right"})
    assert one(events, "shot")["result"] == "goal"
    assert one(events, "goal") == {"event": "goal", "seat": "red", "player": 9,
                                   "score": {"red": 1, "blue": 0}}


def test_S_SHOT_2_rounding_the_keeper():
    m = position(red={9: (18, 6)}, dice=(1, 6, 2, 6))
    ball = one(play(m, red={"kick": "lob", "to": [19, 5]}), "ball")
    assert ball["moved"] == 1
    play(m, red={"kick": "shot"})
    play(m, blue={"defend": None})
    events = play(m, red={"round": [20, 6]}, blue={"dive": "centre"})
    assert one(events, "duel")["kind"] == "round" and one(events, "duel")["won"] is True
    assert m.player(1, 1).lying and m.to_act() == ("red",)
    shot = one(play(m, red={"shoot": "left", "high": True}), "shot")
    assert shot["dive"] is None and shot["result"] == "goal"


def test_S_SHOT_3_wide_is_a_goal_kick():
    m = position(red={9: (15, 3)}, dice=(1,))
    play(m, red={"kick": "shot"})
    play(m, blue={"defend": None})
    events = play(m, red={"shoot": "left", "high": True}, blue={"dive": "left"})
    shot = one(events, "shot")
    assert (shot["finishing"], shot["need"], shot["die"], shot["on_target"]) == (2, 4, 1, False)
    assert one(events, "out") == {"event": "out", "restart": "goal_kick", "seat": "blue",
                                  "cell": [20, 4]}


def test_S_SHOT_3_same_side_save_with_rods_then_the_rebound_and_the_keeper_holds():
    m = position(red={9: (15, 3)}, dice=(3, 2, 5, 4))
    play(m, red={"kick": "shot"})
    play(m, blue={"defend": None})
    events = play(m, red={"shoot": "left", "high": True}, blue={"dive": "left"})
    shot = one(events, "shot")
    assert (shot["save"], shot["rods"], shot["result"], shot["rebound"], shot["cell"]) == (
        [2, 5], True, "saved", 4, [18, 4])
    assert one(events, "ball")["player"] == 1 and m.holding
    assert "hold" in m.kick_options()


def test_S_SHOT_3_low_shot_blocked_by_the_first_player_on_its_line():
    m = position(red={9: (15, 3)}, dice=())
    play(m, red={"kick": "shot"})
    play(m, blue={"defend": None})
    shot = one(play(m, red={"shoot": "left", "high": False}, blue={"dive": "right"}), "shot")
    assert (shot["result"], shot["cell"]) == ("blocked", [17, 3])


def test_S_GK_1_hold_then_the_keeper_moves_in_his_area_only():
    m = position(carrier=("blue", 1), holding=True)
    play(m, blue={"kick": "hold"})
    with pytest.raises(IllegalChoice, match="S-GK-1"):
        play(m, blue={"move": [[1, [16, 4]]]})
    play(m, blue={"move": [[1, [18, 4]]]})
    assert m.ball == (18, 4) and m.turn.most == 1


# ----- phases 2 and 3 ---------------------------------------------------------------------------
def test_S_P2_1_carrier_stays_others_up_to_3_cells():
    m = position(phase="p2")
    with pytest.raises(IllegalChoice, match="S-P2-1"):
        play(m, red={"move": [[9, [11, 5]]]})
    with pytest.raises(IllegalChoice, match="S-P2-1"):
        play(m, red={"move": [[8, [15, 5]]]})
    with pytest.raises(IllegalChoice, match="S-P2-1"):
        play(m, red={"move": [[8, [8, 4]], [8, [8, 6]]]})
    play(m, red={"move": [[8, [13, 5]]]})
    assert m.decision in ("challenge", "move") and m.turn.most == 3


def test_S_P3_1_quick_turn_one_field_player_and_the_keeper_one_cell():
    m = position(phase="p2")
    play(m, red={"move": []})
    assert m.quick()
    play(m, blue={"challenge": None})
    with pytest.raises(IllegalChoice, match="S-P3-1"):
        play(m, blue={"move": [[6, [12, 6]], [7, [12, 0]]]})
    with pytest.raises(IllegalChoice, match="S-P3-1"):
        play(m, blue={"move": [[6, [9, 5]]]})
    events = play(m, blue={"move": [[6, [12, 6]], [1, [19, 3]]]})
    assert one(events, "p3")["moved"] == 2


def test_S_P3_2_entry_from_behind_d6_1_to_3_is_a_yellow_foul():
    m = position(blue={10: (8, 6)}, carrier=("red", 8), phase="p3", dice=(2,))
    m = position(blue={10: (6, 4)}, carrier=("red", 8), phase="p3", dice=(2,))
    events = play(m, blue={"challenge": {"player": 10, "to": [7, 5], "tackle": False}})
    assert one(events, "duel") == {"event": "duel", "kind": "entry", "seat": "blue",
                                   "player": 10, "opponent": 8, "cell": [7, 5], "dice": [2],
                                   "foul": True}
    assert one(events, "card") == {"event": "card", "seat": "blue", "player": 10,
                                   "card": "yellow", "count": 1}
    assert one(events, "foul")["award"] == "free_kick" and m.restart.kind == "free_kick"
    assert m.player(1, 10).cell == (6, 4)  # a fouling entrant stays where he came from


def test_S_P3_2_violent_entry_is_red_and_a_second_yellow_too():
    m = position(carrier=("red", 8), phase="p2", blue={10: (10, 6)})
    play(m, red={"move": [[9, [13, 5]]]})
    events = play(m, blue={"challenge": {"player": 10, "to": [7, 5], "tackle": False}})
    assert one(events, "card")["card"] == "red" and summary(m)["sent_off"]["blue"] == [10]
    m = position(blue={10: (6, 4)}, carrier=("red", 8), phase="p3", dice=(1,),
                 yellow=[("blue", 10)])
    cards = named(play(m, blue={"challenge": {"player": 10, "to": [7, 5], "tackle": False}}),
                  "card")
    assert [c["card"] for c in cards] == ["yellow", "red"] and cards[0]["count"] == 2


def test_S_P3_2_entry_kind_tells_fair_behind_and_violent_entries_before_they_are_made():
    # The carrier red #8 at (7, 5) attacks east: front neighbours (9, 5), (8, 4), (8, 6).
    m = position(blue={6: (9, 5), 10: (6, 4), 7: (7, 7)}, carrier=("red", 8), phase="p3")
    kinds = {n: m.entry_kind(m.player(1, n)) for n in (6, 10, 7)}
    assert kinds == {6: "fair", 10: "behind", 7: "violent"}
    m = position(blue={6: (9, 5), 10: (6, 4), 7: (10, 6)}, carrier=("red", 8), phase="p3",
                 options=Options(pro=frozenset({"recovery"})))
    assert m.entry_kind(m.player(1, 7)) == "recovery"  # 2 cells ending on a front neighbour


def test_S_P3_3_tackle_won_and_a_failed_tackler_loses_his_next_dribble_duel():
    m = position(blue={6: (9, 5)}, red={9: (5, 5)}, carrier=("red", 8), phase="p3", dice=(6, 1))
    events = play(m, blue={"challenge": {"player": 6, "to": [7, 5], "tackle": True}})
    assert one(events, "duel")["won"] is True and one(events, "ball")["how"] == "tackle"
    assert m.to_act() == ("blue",)
    m = position(blue={6: (9, 5)}, red={9: (5, 5)}, carrier=("red", 8), phase="p3",
                 dice=(1, 6, 1))
    play(m, blue={"challenge": {"player": 6, "to": [7, 5], "tackle": True}})
    play(m, blue={"move": []})
    events = play(m, red={"kick": "dribble", "to": [9, 5]})
    assert one(events, "duel") == {"event": "duel", "kind": "dribble", "seat": "red",
                                   "player": 8, "opponent": 6, "cell": [7, 5], "dice": None,
                                   "won": True}


def test_S_P3_4_pressed_kick_ties_go_to_the_defender():
    m = position(blue={6: (9, 5)}, red={9: (14, 6)}, carrier=("red", 8), phase="p3")
    play(m, blue={"challenge": {"player": 6, "to": [7, 5], "tackle": False}})
    play(m, blue={"move": []})
    m.dice.forced = [1]
    ball = one(play(m, red={"kick": "lob", "to": [12, 6]}), "ball")
    assert ball["seat"] == "blue"


def test_S_P3_5_quick_turn_answered_by_moving_nobody_does_not_step_the_clock():
    m = position(phase="p2", carrier=("red", 8))
    play(m, red={"move": []})
    events = play(m, blue={"move": []})
    assert one(events, "p3") == {"event": "p3", "seat": "blue", "quick": True, "a": 0,
                                 "moved": 0, "challenge": None}
    assert named(events, "clock") == [] and m.clock == 0
    m = position(phase="p2", carrier=("red", 8))
    play(m, red={"move": [[9, [10, 6]]]})
    events = play(m, blue={"move": []})
    assert one(events, "clock")["clock"] == 1


# ----- fouls, cards, offside --------------------------------------------------------------------
def test_S_FOUL_1_die_caused_penalty_goes_to_VAR_6_is_a_goal_kick():
    m = position(red={9: (15, 5)}, dice=(2, 1, 6))
    events = play(m, red={"kick": "dribble", "to": [17, 5]})
    assert one(events, "var")["overturned"] is True
    assert m.restart.kind == "goal_kick" and m.restart.team == 1


def test_S_FOUL_2_a_sent_off_keeper_is_replaced_by_a_named_field_player():
    m = position(red={9: (17, 3)}, blue={4: (15, 3)}, phase="p2")
    play(m, red={"move": [[8, [9, 7]], [10, [12, 2]]]})
    events = play(m, blue={"challenge": {"player": 1, "to": [17, 3], "tackle": False}})
    assert one(events, "card")["card"] == "red" and m.decision == "remove"
    assert summary(m)["phase"] == "p3"
    events = play(m, blue={"remove": 5})
    assert events == [{"event": "sub", "seat": "blue", "player": 5, "stand_in": True,
                       "cell": [20, 4]}]
    keeper = m.teams[1].keeper()
    assert keeper.num == 5 and keeper.dots == "X" and keeper.duel == (4, 4, 4, 4)
    assert m.restart.kind == "penalty"


def test_S_OFF_1_an_attacker_beyond_the_second_last_defender_offends():
    m = position(red={9: (18, 2)}, carrier=("red", 8), dice=(1,))
    events = play(m, red={"kick": "lob", "to": [18, 2]})
    assert one(events, "offside") == {"event": "offside", "seat": "red", "player": 9,
                                      "cell": [18, 2]}
    assert m.restart == Restart("free_kick", 1, (18, 2))


def test_S_OFF_1_no_offside_at_a_corners_first_kick():
    m = position(red={7: (20, 0), 9: (18, 2)}, carrier=("red", 7), set_piece="corner", dice=(1,))
    play(m, red={"kick": "cross"})
    events = play(m, red={"cross": {"to": [18, 2], "high": True}})
    assert named(events, "offside") == [] and one(events, "ball")["how"] == "header"


# ----- restarts ---------------------------------------------------------------------------------
def test_S_RST_1_throw_in_thrower_moves_answer_clock_then_the_throw():
    m = position(carrier=("red", 11), dice=(99, 2))
    play(m, red={"kick": "lob", "to": [8, 0]})
    events = play(m, blue={"move": [[9, [10, 2]]], "thrower": 7})
    assert one(events, "place") == {"event": "place", "seat": "blue", "step": "throw_in",
                                    "player": 7, "to": [8, 0]}
    with pytest.raises(IllegalChoice, match="S-RST-1"):
        play(m, red={"move": [], "thrower": 8})
    events = play(m, red={"move": [[11, [9, 1]]]})
    assert one(events, "clock")["clock"] == 1
    assert m.to_act() == ("blue",) and set(m.kick_options()) == {"throw"}


def test_S_RST_1_the_keeper_on_the_throw_in_cell_throws_in_himself():
    # Ruling (docs/rules/simulator-soccer.md, S-RST-1): blue's keeper stands on the throw-in cell, so no
    # field teammate can enter it (S-PIT-2); he throws. Found by random play (it hung there).
    m = position(blue={1: (4, 0)}, dice=(100, 2))
    play(m, red={"kick": "lob", "to": [4, 0]})  # misses NE, (5, -1): blue's throw at (4, 0)
    assert m.decision == "move" and m.to_act() == ("blue",)
    assert {c.thrower for c in m.legal_choices("blue")} == {1}  # type: ignore[union-attr]
    with pytest.raises(IllegalChoice, match="S-PIT-2"):
        play(m, blue={"move": [], "thrower": 9})
    play(m, blue={"move": [], "thrower": 1})
    assert m.carrier == (1, 1) and m.decision == "move" and m.to_act() == ("red",)
    m = position(blue={1: (20, 4)}, red={9: (8, 2)}, carrier=("red", 9), dice=(100, 2))
    play(m, red={"kick": "lob", "to": [4, 0]})
    with pytest.raises(IllegalChoice, match="S-RST-1"):
        play(m, blue={"move": [], "thrower": 1})  # a keeper elsewhere does not


def test_S_RST_1_an_opponent_standing_up_on_the_throw_in_cell_stays_there():
    # Ruling: blue #7 lies on the throw-in cell; he stands up in blue's answer and does not
    # move in it (S-TURN-2), so "none stays in the thrower's cell" spares him.
    m = position(carrier=("blue", 9), blue={7: (8, 0)}, lying=[("blue", 7)], dice=(100, 2))
    play(m, blue={"kick": "lob", "to": [8, 0]})  # misses NE, (9, -1): red's throw at (8, 0)
    play(m, red={"move": [], "thrower": 11})
    assert m.legal_choices("blue") and m.player(1, 7).cell == (8, 0)
    with pytest.raises(IllegalChoice, match="S-TURN-2"):
        play(m, blue={"move": [[7, [10, 0]]]})
    events = play(m, blue={"move": []})
    assert one(events, "clock")["clock"] == 1 and m.to_act() == ("red",)


def test_S_RST_2_placement_steps_seven_field_players_and_one_kicker_on_the_ball():
    m = position(red={9: (18, 2)}, carrier=("red", 8), dice=(1,))
    play(m, red={"kick": "lob", "to": [18, 2]})  # offside: blue free kick at (18, 2)
    assert m.decision == "place" and m.to_act() == ("blue",)
    with pytest.raises(IllegalChoice, match="S-RST-2"):
        play(m, blue={"place": [[n, [c, 8]] for n, c in zip(range(2, 10), range(2, 18, 2))]})
    play(m, blue={"place": [[4, [18, 2]]]})
    with pytest.raises(IllegalChoice, match="S-RST-2"):
        play(m, red={"place": [[8, [18, 2]]]})
    play(m, red={"place": [[9, [14, 2]]]})
    with pytest.raises(IllegalChoice, match="S-RST-2"):
        play(m, blue={"place": [[6, [7, 5]]]})
    events = play(m, blue={"place": []})
    assert one(events, "clock")["clock"] == 1 and m.carrier == (1, 4)


def test_S_RST_3_a_wall_shares_a_cell_then_spreads():
    # Blue #7 enters red #9's cell at (15, 1) from behind: foul, red free kick in its attack
    # zone; blue #4 joins #2 at (16, 2) in a wall; blue's next move list must spread it.
    m = position(red={9: (15, 1)}, phase="p3", dice=(2, 1))
    play(m, blue={"challenge": {"player": 7, "to": [15, 1], "tackle": False}})
    play(m, red={"place": []})
    play(m, blue={"place": [[4, [16, 2]]]})
    play(m, red={"place": []})
    play(m, red={"kick": "lob", "to": [7, 5]})
    play(m, red={"kick": "end"})
    play(m, red={"move": []})
    with pytest.raises(IllegalChoice, match="S-RST-3"):
        play(m, blue={"move": []})
    play(m, blue={"move": [[4, [18, 2]], [6, [12, 6]]]})
    mid = position(red={9: (9, 1)}, blue={7: (7, 1)}, phase="p3", dice=(2,))
    play(mid, blue={"challenge": {"player": 7, "to": [9, 1], "tackle": False}})
    play(mid, red={"place": []})
    with pytest.raises(IllegalChoice, match="S-PIT-2"):
        play(mid, blue={"place": [[4, [11, 3]]]})


def test_S_RST_4_corner_row_goal_kick_area_penalty_keeper_on_centre():
    m = position(carrier=("blue", 3), dice=(99, 1))
    play(m, blue={"kick": "lob", "to": [20, 6]})
    assert m.restart.cell == (20, 8) and m.restart.kind == "corner"
    m = position(red={9: (15, 5)}, dice=(99, 1))
    play(m, red={"kick": "lob", "to": [20, 6]})
    play(m, blue={"place": []})
    with pytest.raises(IllegalChoice, match="S-RST-4"):
        play(m, red={"place": [[9, [18, 4]]]})
    m = position(red={9: (15, 5)}, blue={1: (19, 3)}, dice=(2, 1, 3))
    play(m, red={"kick": "dribble", "to": [17, 5]})
    assert m.player(1, 1).cell == (20, 4)


# ----- time, substitutions, the end -------------------------------------------------------------
def test_S_TIME_1_minutes_and_stoppage_from_goals_and_substitutions():
    m = position(clock=8, options=Options(half_steps=10), phase="p2", carrier=("red", 8))
    play(m, red={"move": [[9, [10, 6]]]})
    assert one(play(m, blue={"move": []}), "clock") == {
        "event": "clock", "half": 1, "clock": 9, "minute": 40, "end": None}
    # A goal at step 9; the kick-off's repositioning steps the clock to H = 10: stoppage 1.
    m = position(red={9: (15, 3)}, clock=9, options=Options(half_steps=10), dice=(3,))
    play(m, red={"kick": "shot"})
    play(m, blue={"defend": None})
    play(m, red={"shoot": "left", "high": True}, blue={"dive": "right"})
    play(m, blue={"place": []})
    play(m, red={"place": []})
    clock = one(play(m, blue={"place": []}), "clock")
    assert (clock["clock"], clock["minute"], clock["end"], m.stoppage) == (10, 45, None, 1)
    assert not m.time_up()
    m = position(clock=5, half=2, options=Options(half_steps=10))
    assert m.minute() == 45 + 22


def test_S_TIME_2_time_up_the_half_goes_on_while_the_ball_is_in_the_attack_zone():
    m = position(red={9: (15, 3)}, clock=0, options=Options(half_steps=1), phase="p2")
    play(m, red={"move": [[8, [9, 7]]]})
    play(m, blue={"challenge": None})
    events = play(m, blue={"move": []})
    assert one(events, "clock")["end"] is None and m.half == 1
    m = position(clock=0, options=Options(half_steps=1), phase="p2", carrier=("red", 8))
    play(m, red={"move": [[9, [10, 6]]]})
    events = play(m, blue={"move": []})
    assert one(events, "clock")["end"] == "rest" and m.half == 2


def test_S_SUB_1_substitutions_take_slot_and_cell_and_are_required_late():
    # Second half, H = 10, step 4 >= ceil(10/3): blue is offside, red's free kick; red must
    # have made 2 substitutions by the end of its first step.
    m = position(half=2, clock=4, options=Options(half_steps=10), blue={9: (18, 2)},
                 carrier=("blue", 8), dice=(1,))
    assert one(play(m, blue={"kick": "lob", "to": [18, 2]}), "offside")["player"] == 9
    with pytest.raises(IllegalChoice, match="S-SUB-1"):
        play(m, red={"place": [[4, [18, 2]]]})
    events = play(m, red={"place": [[4, [18, 2]]], "subs": [[2, 12], [3, 13]]})
    assert [e["event"] for e in events[:2]] == ["sub", "sub"]
    assert m.player(0, 12).cell == (16, 2) and summary(m)["subs"]["red"] == 2


def test_S_SUB_1_no_substitution_at_the_first_half_kick_off():
    m = new_match(kickoff="red")
    play(m, red={"formation": "4-4-2"}, blue={"formation": "4-4-2"})
    with pytest.raises(IllegalChoice, match="S-SUB-1"):
        play(m, red={"place": [], "subs": [[9, 16]]})


def test_S_END_1_shoot_out_kickers_fewest_kicks_first_until_decided():
    m = position(clock=0, half=2, options=Options(half_steps=1, tiebreak=True), phase="p2",
                 carrier=("red", 8), dice=(1, 6, 6) + (6,) * 20)
    play(m, red={"move": [[9, [10, 2]]]})
    events = play(m, blue={"move": []})
    assert one(events, "toss") == {"event": "toss", "die": 1, "shootout_first": "red"}
    assert m.decision == "kicker" and m.to_act() == ("red",)
    # Red's kicks beat the dive, blue's are saved (all dice 6: 6 + R 0 vs 6 + X 2 + rods).
    kicks = []
    while not m.is_over:
        seat = m.to_act()[0]
        team = 0 if seat == "red" else 1
        fewest = m.shootout_kickers(team)
        assert all(p.kicks == min(q.kicks for q in m.teams[team].on_pitch()) for p in fewest)
        play(m, **{seat: {"kicker": fewest[0].num}})
        other_seat = "blue" if seat == "red" else "red"
        dive = "right" if seat == "red" else "left"
        events = play(m, **{seat: {"shoot": "left", "high": False}, other_seat: {"dive": dive}})
        kicks.append((seat, one(events, "shot")["result"]))
    assert kicks == [("red", "goal"), ("blue", "saved")] * 3
    assert summary(m)["shootout"] == {"red": 3, "blue": 0} and m.winner == "red"
    assert summary(m)["score"] == {"red": 0, "blue": 0}


# ----- visibility -------------------------------------------------------------------------------
def test_S_VIS_1_everything_is_public_but_the_generator():
    m = position()
    red, blue = m.view("red"), m.view("blue")
    assert red.to_json()["opponent"] == blue.to_json()["you"]
    assert red.public.dice.forced == [] and red.public.seed == 0


def test_S_VIS_1_a_view_keeps_the_position_it_was_taken_at_while_the_match_goes_on():
    # A view's public match shares the match's parts (no copy): apply must never change them.
    m = position(phase="p2")
    before = m.view("blue")
    frozen = before.to_json()
    cells = [p.cell for t in before.public.teams for p in t.players]
    play(m, red={"move": [[10, [11, 3]], [11, [9, 1]]]})
    play(m, blue={"challenge": None})
    assert before.public.decision == "move" and before.public.move_phase == "p2"
    assert [p.cell for t in before.public.teams for p in t.players] == cells
    assert before.to_json() == frozen and m.view("blue").to_json() != frozen


def test_S_FOUL_2_a_team_left_with_6_players_loses_the_match():
    # Ruling (docs/rules/simulator-soccer.md, S-FOUL-2): below 7 players the match is abandoned.
    m = position(carrier=("red", 8), phase="p2", blue={10: (10, 6)},
                 sent_off=[("blue", n) for n in (2, 3, 4, 5)])
    play(m, red={"move": [[9, [13, 5]]]})
    play(m, blue={"challenge": {"player": 10, "to": [7, 5], "tackle": False}})
    assert m.is_over and m.winner == "red" and summary(m)["phase"] == "over"


def test_S_RST_2_step_3_placements_end_in_own_half():
    m = position(red={9: (18, 2)}, carrier=("red", 8), dice=(1,))
    play(m, red={"kick": "lob", "to": [18, 2]})  # offside: blue's free kick at (18, 2)
    play(m, blue={"place": [[4, [18, 2]]]})
    play(m, red={"place": [[9, [14, 2]]]})
    with pytest.raises(IllegalChoice, match="own half"):
        play(m, blue={"place": [[6, [9, 5]]]})
    play(m, blue={"place": [[6, [12, 6]]]})
    assert m.decision == "kick" and m.player(1, 6).cell == (12, 6)


def test_S_RST_4_penalty_announced_then_shoot_and_dive_at_once():
    m = position(red={9: (15, 5)}, dice=(2, 1, 3, 5))
    play(m, red={"kick": "dribble", "to": [17, 5]})  # foul in the area, VAR 3: penalty
    play(m, red={"place": [[9, [18, 4]]]})
    play(m, blue={"place": [[5, [15, 7]], [4, [15, 3]]]})
    events = play(m, red={"place": []})
    assert events[-1] == {"event": "kick", "seat": "red", "player": 9, "kick": "shot",
                          "announce": True}
    assert m.to_act() == ("blue", "red") and summary(m)["phase"] == "p1"
    shot = one(play(m, red={"shoot": "right", "high": False}, blue={"dive": "left"}), "shot")
    assert shot["finishing"] == 2 and shot["result"] == "goal"


def test_S_CDD_1_nobody_able_to_take_the_ball_is_the_defenders_free_kick():
    # Ruling: every other player lies, the free kick's kicker is no candidate.
    lying = [(seat, n) for seat in ("red", "blue") for n in range(1, 12)
             if (seat, n) != ("red", 9)]
    m = position(lying=lying, set_piece="free_kick", dice=(1,))
    events = play(m, red={"kick": "lob", "to": [13, 7]})
    assert named(events, "ball") == [] and m.restart.kind == "free_kick"
    assert m.restart.team == 1 and m.restart.cell == (13, 7)


def test_S_SUB_1_a_substitution_at_a_throw_in_makes_it_a_repositioning():
    m = position(carrier=("red", 11), dice=(99, 2))
    play(m, red={"kick": "lob", "to": [8, 0]})
    events = play(m, blue={"move": [], "subs": [[7, 12]]})
    assert events == [{"event": "sub", "seat": "blue", "out": 7, "in": 12}]
    assert m.decision == "place" and m.restart.kind == "throw_in"
    play(m, blue={"place": [[11, [8, 0]]]})
    play(m, red={"place": []})
    assert one(play(m, blue={"place": []}), "clock")["clock"] == 1
    assert set(m.kick_options()) == {"throw"}


def test_S_RST_4_goal_kick_the_other_teams_step_2_must_leave_the_area():
    """Ruling: a step (2) that left an attacker in the area would leave the kicking team no
    legal step (3) (it cannot move opponents), so the step itself is refused and changes nothing."""
    m = position(red={9: (15, 3), 10: (17, 5)}, dice=(1,))
    play(m, red={"kick": "shot"})
    play(m, blue={"defend": None})
    play(m, red={"shoot": "left", "high": True}, blue={"dive": "left"})
    assert m.restart.kind == "goal_kick"
    play(m, blue={"place": []})
    before = m.clone()
    with pytest.raises(IllegalChoice, match="S-RST-4"):
        play(m, red={"place": []})
    assert m == before
    assert one(play(m, red={"place": [[10, [15, 5]]]}), "place")["to"] == [15, 5]
    play(m, blue={"place": [[1, [20, 4]]]})
    assert m.pending.kind == "kick"
