"""Every Chifootmi bot plays every level and option legally, and replays exactly from its seeds."""
from __future__ import annotations

import random

import pytest

from bot_setups import CONFIGS
from engine.chifootmi.bots import DIFFICULTIES, BOTS, Bot, FlagReflex, make_bot, make_difficulty, play_match
from engine.bots.seeds import match_seeds
from engine.chifootmi import FLAG_DOWN, FLAG_RAISED


class Checked:
    """Wraps a bot: asserts each choice is one of the legal objects, and records it."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.log: list[object] = []

    def choose(self, view, legal, rng):
        choice = self.bot.choose(view, legal, rng)
        assert choice in legal, (view.to_json(), choice, legal)
        self.log.append(choice.to_json())
        return choice


FAST_STRONG = {"samples": 1, "solver_iterations": 40}


@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
@pytest.mark.parametrize("pair, matches", [(("random", "simple"), 300), (("simple", "strong"), 40)])
def test_C_RND_1_bots_choose_only_legal_moves(config, pair, matches):
    """Thousands of matches in all: every choice is one of the legal objects."""
    for seed in range(matches):
        names = pair if seed % 2 == 0 else pair[::-1]
        players = {seat: Checked(make_bot(name, **(FAST_STRONG if name == "strong" else {})))
                   for seat, name in zip(("red", "blue"), names)}
        match = play_match(config, seed, players)
        assert match.is_over and match.winner in ("red", "blue")


def test_a_bot_match_replays_exactly_from_its_seeds():
    config = CONFIGS["pro_plus"]
    first = {"red": Checked(make_bot("simple", noise=0.3)), "blue": Checked(make_bot("random"))}
    again = {"red": Checked(make_bot("simple", noise=0.3)), "blue": Checked(make_bot("random"))}
    play_match(config, 99, first)
    play_match(config, 99, again)
    assert first["red"].log == again["red"].log and first["blue"].log == again["blue"].log


def test_each_match_and_seat_has_its_own_generator_and_the_same_secret_gives_it_again():
    draws = {(index, seat): match_seeds(1, index).bot_rng(seat).random()
             for index in (0, 1) for seat in ("red", "blue")}
    assert len(set(draws.values())) == 4
    assert match_seeds(1, 0).bot_rng("red").random() == draws[(0, "red")]
    assert match_seeds(2, 0).bot_rng("red").random() != draws[(0, "red")]


def test_every_difficulty_makes_a_bot():
    for level in DIFFICULTIES:
        assert isinstance(make_difficulty(level), Bot)
    with pytest.raises(ValueError):
        make_difficulty("impossible")
    with pytest.raises(ValueError):
        make_bot("nobody")
    with pytest.raises(ValueError):
        make_bot("simple", budget_in_bananas=3)
    assert set(BOTS) >= {"random", "simple"}



def test_C_PLUS_OFF_flag_reaction_misses_at_the_reflex_rate():
    reflex = FlagReflex(median=1.0, spread=0.3, miss=0.25)
    rng = random.Random(5)
    reactions = [reflex.reaction(rng) for _ in range(4000)]
    misses = sum(r is None for r in reactions)
    assert 800 < misses < 1200
    times = sorted(r for r in reactions if r is not None)
    assert min(times) >= reflex.fastest
    assert 0.85 < times[len(times) // 2] < 1.15


@pytest.mark.parametrize("name", ["random", "simple", "strong"])
def test_C_PLUS_OFF_choose_flags_exactly_when_the_reaction_is_in_time(name):
    from bot_positions import offside_match
    view = offside_match().view("blue")
    assert view.decision == "flag"
    bot = make_bot(name)
    for seed in range(200):
        reaction = bot.flag_reaction(view, random.Random(seed))
        choice = bot.choose(view, (FLAG_RAISED, FLAG_DOWN), random.Random(seed))
        in_time = reaction is not None and reaction <= bot.window
        assert choice is (FLAG_RAISED if in_time else FLAG_DOWN)


def test_C_PLUS_OFF_harder_difficulties_flag_more_often():
    from bot_positions import offside_match
    view = offside_match().view("blue")
    rates = []
    for bot in (make_difficulty("easy"), make_difficulty("medium"), make_difficulty("hard")):
        rng = random.Random(3)
        rates.append(sum(bot.choose(view, (FLAG_RAISED, FLAG_DOWN), rng) is FLAG_RAISED
                         for _ in range(1000)))
    assert rates[0] < rates[1] < rates[2]
