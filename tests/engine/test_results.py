"""Every registered game's result rules (``GAME.results``, ``engine/results.py``) accept every
result its matches really end with, and refuse the nonsense a table could send.

Random legal matches of each example set-up are played to the end; each result is read the
way a unit publishes it (``firmware.club.messages.outcomes`` over the summary's winner) and
must pass :func:`engine.results.check`. The club's league refuses what does not.
"""
from __future__ import annotations

import random

import pytest

from engine.protocol import uniform_choice
from firmware.games import registry
from engine.results import check
from engine.simulator_soccer.position import position
from engine.simulator_soccer.script import summary
from soccer_rig import play
from firmware.club.messages import outcomes

GAMES = {name: spec.rules for name, spec in registry.GAMES.items()}

CASES = [pytest.param(game, config, seed, id=f"{name}-{index}-seed{seed}")
         for name, game in GAMES.items()
         for index, config in enumerate(game.example_configs)
         for seed in (4, 5, 6)]


def played_result(game, config, seed: int):
    rng = random.Random(seed)
    match = game.new_match(config, seed)
    for _ in range(20000):
        seats = match.to_act()
        if not seats:
            break
        match.apply({seat: uniform_choice(match, seat, rng) for seat in seats})
    assert match.is_over
    summary = game.summary(match)
    score = summary.get("score") or summary.get("points")
    outcome = outcomes(list(match.seats), summary["winner"])
    return [(seat, score[seat], outcome[seat]) for seat in match.seats], summary.get("shootout")


@pytest.mark.parametrize("game, config, seed", CASES)
def test_a_real_match_ends_with_a_result_its_rules_accept(game, config, seed):
    players, shootout = played_result(game, config, seed)
    assert check(game.results, players, shootout) is None, (players, shootout)


@pytest.mark.parametrize("players, shootout, why", [
    ([("red", 2, "win"), ("blue", 2, "win")], None, "two sides won"),
    ([("red", 1, "win"), ("blue", 3, "loss")], None, "fewer goals"),
    ([("red", 1, "draw"), ("blue", 1, "draw")], None, "cannot end drawn"),
    ([("red", 1, "win"), ("blue", 1, "loss")], None, "without a shoot-out"),
    ([("red", 1, "win"), ("blue", 1, "loss")], {"red": 2, "blue": 4}, "did not win"),
    ([("red", 3, "win"), ("blue", 1, "loss")], {"red": 5, "blue": 4}, "not level"),
    ([("red", 3, "win"), ("green", 1, "loss")], None, "this game seats red/blue"),
    ([("red", 3, "win"), ("red", 1, "loss")], None, "twice"),
    ([("red", 3, "draw"), ("blue", 1, "loss")], None, "not for others"),
])
def test_chifootmi_refuses_a_result_that_cannot_happen(players, shootout, why):
    assert why in check(GAMES["chifootmi"].results, players, shootout)


def test_chifoumi_for_four_is_won_by_a_pair_and_for_three_a_tie_at_the_top_is_a_draw():
    rules = GAMES["chifoumi"].results
    pair = [("white", 3, "win"), ("red", 4, "loss"), ("black", 3, "win"), ("orange", 1, "loss")]
    assert check(rules, pair, None) is None, "White+Black 6 pieces against 5"
    split = [("white", 3, "win"), ("red", 4, "win"), ("black", 3, "loss"), ("orange", 1, "loss")]
    assert "both won and lost" in check(rules, split, None)
    shared = [("white", 3, "draw"), ("red", 3, "draw"), ("black", 1, "draw")]
    assert check(rules, shared, None) is None
    assert "scored more" in check(rules, [("white", 4, "draw"), ("red", 3, "draw"),
                                          ("black", 1, "draw")], None)
    assert "shoot-out" in check(rules, [("white", 2, "win"), ("black", 1, "loss")], {"white": 1, "black": 0})


@pytest.mark.parametrize("name", list(GAMES))
def test_a_score_no_match_of_the_game_can_reach_is_refused(name):
    """Issue 39, item 3: 999-0 gave a player +1013.5; every game declares the most a seat can
    score (``ResultRules.most``) and whole goals (``step``)."""
    rules = GAMES[name].results
    seats = rules.seatings[0]
    top = rules.most_for(seats)
    winner = [(seats[0], top, "win")] + [(seat, 0, "loss") for seat in seats[1:]]
    assert check(rules, winner, None) is None, "the most a seat can score is a score"
    over = [(seats[0], 999, "win")] + [(seat, 0, "loss") for seat in seats[1:]]
    assert f"{seats[0]} scored 999: more than a match of this game can reach ({top:g})" == \
        check(rules, over, None)
    quarter = [(seats[0], 2.25, "win")] + [(seat, 0, "loss") for seat in seats[1:]]
    assert "not a whole number" in check(rules, quarter, None)


def test_half_goals_are_refused_but_chifoumis_half_point_is_a_score():
    assert "red scored 2.5: not a whole number" in check(
        GAMES["chifootmi"].results, [("red", 2.5, "win"), ("blue", 0, "loss")], None)
    assert check(GAMES["chifoumi"].results, [("white", 2.5, "win"), ("black", 2, "loss")], None) is None
    assert "more than" in check(GAMES["chifoumi"].results, [("white", 9, "win"), ("black", 2, "loss")], None)


@pytest.mark.parametrize("red, blue, ends", [
    (3, 0, True), (5, 4, True), (4, 1, True), (12, 11, True), (1, 0, True),
    (9, 0, False), (4, 0, False), (5, 2, False), (6, 4, False), (40, 2, False),
])
def test_a_shoot_out_ends_only_as_five_kicks_each_then_sudden_death_can_end(red, blue, ends):
    rules = GAMES["chifootmi"].results
    why = check(rules, [("red", 1, "win"), ("blue", 1, "loss")], {"red": red, "blue": blue})
    assert (why is None) == ends, why
    if not ends:
        assert why == f"a shoot-out cannot end {red}-{blue}"


def test_S_FOUL_2_a_soccer_team_reduced_below_seven_loses_though_it_scored_more():
    """A real Simulator Soccer match: blue leads 2-0 and is left with six players: red wins,
    and the league takes the result as the unit reads it (a game without forfeits does not)."""
    match = position(carrier=("red", 8), phase="p2", blue={10: (10, 6)}, score=(0, 2),
                     sent_off=[("blue", n) for n in (2, 3, 4, 5)])
    play(match, red={"move": [[9, [13, 5]]]})
    play(match, blue={"challenge": {"player": 10, "to": [7, 5], "tackle": False}})
    result = summary(match)                     # the reduced side's goals stand
    assert match.is_over and result["winner"] == "red" and result["score"] == {"red": 0, "blue": 2}
    players = [("red", 0, "win"), ("blue", 2, "loss")]
    assert check(GAMES["simulator-soccer"].results, players, None) is None
    assert "fewer goals" in check(GAMES["fotboll"].results, players, None)
