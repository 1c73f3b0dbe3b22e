"""The strong CPU's judgement of a position: a chance of winning, zero-sum, fitted for every
level and round, exact where the rules settle the match."""
from __future__ import annotations

import random

import pytest

from bot_setups import CONFIGS
from engine.bots.leaf_value import FEATURES, features, model_chance, weights_key, win_chance
from engine.bots import leaf_weights
from engine.bots.leaf_weights import WEIGHTS
from engine.chifootmi import PLAY, Level, MatchConfig, new_match
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
