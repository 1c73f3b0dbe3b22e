"""The Fotboll CPUs: legal, whole matches, replayable from seeds, and stronger than chance."""
from __future__ import annotations

import random

import pytest

from engine.bots.fotboll import (
    DIFFICULTIES, RandomBot, SearchBot, SensibleBot, bot_rng, make_difficulty, play_match,
    sensible_prepare,
)
from engine.fotboll import Attack, Card, MatchConfig, determinize, new_match
from engine.protocol import is_legal
from fotboll_setups import HIGH, LOW, act, start

CONFIGS = [MatchConfig(), MatchConfig(jokers=True, tiebreak=True)]


@pytest.mark.parametrize("config", CONFIGS)
def test_every_bot_plays_whole_matches_legally(config):
    players = {"red": SearchBot(samples=2), "blue": SensibleBot(noise=0.3)}
    match = new_match(config, 11)
    rngs = {seat: bot_rng(11, seat) for seat in players}
    while match.to_act():
        joint = {}
        for seat in match.to_act():
            choice = players[seat].choose(match.view(seat), match.legal_choices(seat), rngs[seat])
            assert is_legal(match, seat, choice)
            joint[seat] = choice
        match.apply(joint)
    assert match.is_over


def test_a_match_between_bots_replays_from_its_seeds():
    one = play_match(CONFIGS[1], 4, {"red": SearchBot(samples=2), "blue": SensibleBot()})
    two = play_match(CONFIGS[1], 4, {"red": SearchBot(samples=2), "blue": SensibleBot()})
    assert one == two


def test_the_sensible_bot_beats_the_random_one():
    wins = 0
    for seed in range(6):
        red, blue = (SensibleBot(), RandomBot()) if seed % 2 else (RandomBot(), SensibleBot())
        match = play_match(CONFIGS[1], seed, {"red": red, "blue": blue})
        wins += match.winner == ("red" if seed % 2 else "blue")
    assert wins >= 5


def test_the_sensible_attack_takes_a_seen_beatable_card_then_the_goal():
    match = start(HIGH + ["9S"], LOW)
    act(match, sensible_prepare(match.view("red")))
    match.shown[1].add("F2")                # red has seen blue's F2: a 4H, beaten by 9S
    assert SensibleBot().ranked_attacks(match.view("red"))[0] == Attack("F2")
    for position in ("F1", "M1", "D1"):
        match.field[1][position] = None
    assert SensibleBot().ranked_attacks(match.view("red"))[0] == Attack("GK")


def test_the_search_bot_sees_only_its_view():
    """Two matches that differ only where red cannot see give red the same choice."""
    match = start(HIGH + ["9C"], LOW)
    act(match, sensible_prepare(match.view("red")))
    view = match.view("red")
    twin = determinize(view, random.Random(3))
    assert twin.view("red") == view and twin.field[1] != match.field[1]
    bot = SearchBot(samples=3)
    assert bot.choose(view, match.legal_choices("red"), random.Random(5)) == \
        bot.choose(twin.view("red"), twin.legal_choices("red"), random.Random(5))


def test_difficulties_make_bots():
    assert set(DIFFICULTIES) == {"easy", "medium", "hard"}
    assert isinstance(make_difficulty("hard"), SearchBot)
    assert isinstance(make_difficulty("nonsense"), SensibleBot)
    assert Card.parse("QC").rank == 12
