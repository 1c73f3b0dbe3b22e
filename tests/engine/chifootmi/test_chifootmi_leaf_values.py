"""The strong CPU's judgement of a position: a chance of winning, zero-sum, fitted for every
level and round, exact where the rules settle the match."""
from __future__ import annotations

import random

import pytest

from bot_setups import CONFIGS
from engine.chifootmi.bots.leaf_value import (FEATURES, deep_chance, features, model_chance, round_value,
                                     weights_key, win_chance)
from engine.chifootmi.bots import leaf_weights
from engine.chifootmi.bots.leaf_weights import WEIGHTS
from engine.chifootmi import DT, PLAY, Level, MatchConfig, Options, new_match
from engine.chifootmi.position import position


def positions(config, count, seed):
    """Positions of every stage reached by random play."""
    rng = random.Random(seed)
    found = []
    index = 0
    while len(found) < count:
        match = new_match(config, index)
        index += 1
        while match.to_act():
            found.append(match.clone())
            match.apply({s: rng.choice(match.legal_choices(s)) for s in match.to_act()})
        found.append(match.clone())
    return found


@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
def test_the_two_seats_chances_add_up_to_one_in_every_stage(config):
    """The search is a zero-sum game: what one seat gains the other loses, whatever the
    stage (a pending shot, offside chance, draw or the end)."""
    for match in positions(config, 150, 1):
        red, blue = win_chance(match.clone(), 0), win_chance(match.clone(), 1)
        assert 0.0 <= red <= 1.0
        assert red + blue == pytest.approx(1.0, abs=1e-9), match.describe()


def test_every_level_has_fitted_weights_for_every_round():
    for config in CONFIGS.values():
        table = WEIGHTS.get(weights_key(new_match(config, 0))) or WEIGHTS[config.level.value]
        assert len(table) == config.level.rounds
        assert all(len(weights) == len(FEATURES) for weights in table)
    assert set(WEIGHTS) == {"beginner", "amateur", "pro", "pro+"}
    assert leaf_weights.FEATURES == FEATURES


def test_features_are_seen_from_each_side_as_opposites():
    for match in positions(CONFIGS["pro_plus"], 60, 2):
        if match.stage == 0:
            assert features(match, 0) == [-x for x in features(match, 1)]


def test_C_END_2_a_lead_late_in_the_match_is_worth_more_than_early():
    """Red two goals up: nearly won with two rounds left, less sure with nine left."""
    beginner = MatchConfig(Level.BEGINNER)
    late = position(beginner, red=[6, 5], blue=[6, 5], score=(2, 0))
    early = position(beginner, red=[3, 4, 5, 6], blue=[3, 4, 5, 6], score=(2, 0),
                     piles={seat: ([7, 8, 9], [10, 11]) for seat in ("red", "blue")})
    assert early.rounds_played == 2 and late.rounds_played == 9
    assert model_chance(late, 0) > 0.9
    assert 0.5 < model_chance(early, 0) < model_chance(late, 0)


def test_C_SHOT_2_a_pending_last_card_shot_is_counted_at_its_odds():
    """Level score, red keeps the ball in the last round and takes the last-card shot
    (C-END-1): a goal wins, a save sends the match to the shoot-out (an even chance), so
    red's chance is 1/2 * 1 + 1/2 * 1/2."""
    match = position(MatchConfig(Level.BEGINNER), red=[6], blue=[5], score=(1, 1))
    match.apply({"red": PLAY[6], "blue": PLAY[5]})
    assert match.stage == 2 and match.shot_kind == "last_card"
    assert win_chance(match.clone(), 0) == pytest.approx(0.75)
    assert win_chance(match.clone(), 1) == pytest.approx(0.25)


def option_features(match, s):
    """The Pro+ options' features of ``match`` seen by seat index ``s``, by name."""
    values = features(match, s)
    return {name: values[FEATURES.index(name)]
            for name in ("offside_pairs", "one_two_ready", "counter_one_keep")}


def test_C_PLUS_OFF_the_model_sees_keeps_that_would_be_offside_only_with_the_option():
    """Red attacks with 10 and 9 against blue's 2 and 3: three pairs are keeps by 7 or
    more, which the offside rule turns into the ball lost (C-PLUS-OFF). The model sees them
    with the option on, for the attacker as a count and for the defender as its opposite,
    and not at all without the option (Pro), where such keeps are plain keeps."""
    hands = {"red": [10, 9, 5, 6], "blue": [2, 3, 7, 8]}
    plus = position(MatchConfig(Level.PRO, Options(offside=True)), **hands)
    plain = position(MatchConfig(Level.PRO), **hands)
    assert option_features(plus, 0)["offside_pairs"] == 3   # 10-2, 10-3, 9-2
    assert option_features(plus, 1)["offside_pairs"] == -3
    assert option_features(plain, 0)["offside_pairs"] == 0


def test_C_PLUS_12_the_model_sees_a_one_two_ready_for_the_attacker():
    """Red kept the ball with 6 and still holds 5: next round, blue's 6 would beat the 5
    but not the one-two's 6 (C-PLUS-12). Seen with the option only, from both sides."""
    config = MatchConfig(Level.PRO, Options(one_two=True))
    match = position(config, red=[6, 5, 9, 10], blue=[3, 7, 8, 11],
                     piles={"red": ([], [1, 2]), "blue": ([], [1, 2])})
    match.apply({"red": PLAY[6], "blue": PLAY[3]})
    while match.stage != 0:
        match.apply({seat: match.legal_choices(seat)[-1] for seat in match.to_act()})
    assert match.kept_with == 6 and 5 in match.active[0]
    assert option_features(match, 0)["one_two_ready"] == 1.0
    assert option_features(match, 1)["one_two_ready"] == -1.0
    off = position(MatchConfig(Level.PRO), red=[6, 5, 9, 10], blue=[3, 7, 8, 11],
                   piles={"red": ([], [1, 2]), "blue": ([], [1, 2])})
    off.apply({"red": PLAY[6], "blue": PLAY[3]})
    while off.stage != 0:
        off.apply({seat: off.legal_choices(seat)[-1] for seat in off.to_act()})
    assert option_features(off, 0)["one_two_ready"] == 0.0


def test_C_PLUS_CA_the_model_sees_a_counter_attack_one_keep_from_the_shot():
    """Blue tackles red's dribble with the counter-attack on: blue needs one keep only
    (C-PLUS-CA), which the model sees for blue; without the option, nothing."""
    for counter, expected in ((True, 1.0), (False, 0.0)):
        config = MatchConfig(Level.PRO, Options(counter_attack=counter))
        match = position(config, red=[DT, 5, 9, 10], blue=[DT, 7, 8, 11],
                         piles={"red": ([], [1, 2]), "blue": ([], [1, 2])})
        match.apply({"red": PLAY[DT], "blue": PLAY[DT]})
        while match.stage != 0:
            match.apply({seat: match.legal_choices(seat)[-1] for seat in match.to_act()})
        assert match.ball == 1
        assert option_features(match, 1)["counter_one_keep"] == expected
        assert option_features(match, 0)["counter_one_keep"] == -expected


def test_the_option_features_are_opposites_from_the_two_seats_and_do_occur():
    """Over Pro+ matches of random play: every option feature is seen (non-zero
    somewhere) and each seat's is the other's opposite, so the model stays zero-sum."""
    seen = dict.fromkeys(("offside_pairs", "one_two_ready", "counter_one_keep"), 0)
    for match in positions(CONFIGS["pro_plus"], 600, 5):
        if match.stage == 0:
            red, blue = option_features(match, 0), option_features(match, 1)
            assert red == {name: -value for name, value in blue.items()}
            for name, value in red.items():
                seen[name] += value != 0
    assert all(seen.values()), seen


@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
def test_judged_one_round_on_the_two_seats_chances_still_add_up_to_one(config):
    """The deeper search (``depth=2``) is still a zero-sum game: a position judged by the
    value of the next round's game is worth 1 to the two seats together."""
    for match in positions(config, 60, 2):
        red, blue = deep_chance(match.clone(), 0), deep_chance(match.clone(), 1)
        assert 0.0 <= red <= 1.0
        assert red + blue == pytest.approx(1.0, abs=1e-6), match.describe()


def test_judged_one_round_on_a_card_play_is_worth_its_rounds_game():
    """At a card play, the deeper judgement is the next round's game solved on the model:
    at least what some card guarantees against every reply, at most what some reply
    concedes to every card (and not simply the model's word for the position)."""
    differs = 0
    for match in positions(CONFIGS["pro"], 80, 3):
        if match.stage != 0 or match.is_over:
            continue
        value = round_value(match.clone(), 0)
        payoff = []
        for mine in dict.fromkeys(match.active[0]):
            row = []
            for theirs in dict.fromkeys(match.active[1]):
                child = match.clone()
                child.apply({"red": PLAY[mine], "blue": PLAY[theirs]})
                row.append(win_chance(child, 0))
            payoff.append(row)
        assert max(min(row) for row in payoff) - 1e-9 <= value
        assert value <= min(max(col) for col in zip(*payoff)) + 1e-9
        differs += abs(value - model_chance(match, 0)) > 0.01
    assert differs > 10
