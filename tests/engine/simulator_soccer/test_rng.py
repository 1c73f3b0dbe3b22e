"""The dice (S-RNG-1, S-RNG-2): SplitMix64 exactly, with the check values of docs/rules/simulator-soccer.md."""
from __future__ import annotations

import pytest

from engine.simulator_soccer import new_match
from engine.simulator_soccer.rng import BadDie, Dice, SplitMix64


def test_S_RNG_1_seed_0_first_next():
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF


def test_S_RNG_1_seed_42_draws_2_2_59():
    dice = Dice(42)
    assert (dice.draw(2), dice.draw(6), dice.draw(100)) == (2, 2, 59)


def test_S_RNG_1_seed_range():
    SplitMix64(2 ** 64 - 1).next()
    with pytest.raises(ValueError):
        SplitMix64(2 ** 64)


def test_S_RNG_2_scripted_dice_come_first_then_the_seeded_generator():
    dice = Dice(42, (6, 1))
    assert (dice.d6(), dice.draw(2)) == (6, 1)
    assert (dice.draw(2), dice.draw(6), dice.draw(100)) == (2, 2, 59)


def test_S_RNG_2_scripted_die_out_of_range_is_refused_when_drawn():
    dice = Dice(0, (7,))
    with pytest.raises(BadDie, match="S-RNG-2"):
        dice.d6()


def test_S_RNG_2_toss_is_the_first_draw():
    # seed 42: draw(2) = 2 -> blue kicks off.
    match = new_match(seed=42)
    assert [e.to_json() for e in match.opening_events()] == [
        {"event": "toss", "die": 2, "kickoff": "blue"}]
