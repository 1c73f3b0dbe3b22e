"""The strong CPU mixes: shots uniform at equilibrium (C-SHOT-1/2), cards drawn from a
solved matrix game, and its matches replay exactly from the seeds."""
from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from bot_setups import CONFIGS
from engine.bots import make_bot, play_match
from engine.bots.matrix import solve
from engine.bots.strong import PLAYOUTS_PER_MS
from engine.chifootmi import new_match


def shot_views(config, ways: int, count: int):
    """Shot positions reached by random play: (view, legal) of the shooter or keeper."""
    found = []
    rng = random.Random(ways)
    seed = 0
    while len(found) < count:
        match = new_match(config, seed)
        seed += 1
        while not match.is_over:
            if match.stage == 2 and len(match.legal_choices("red")) == ways:
                seat = ("red", "blue")[len(found) % 2]
                found.append((match.view(seat), match.legal_choices(seat)))
                break
            match.apply({s: rng.choice(match.legal_choices(s)) for s in match.to_act()})
    return found


def chi_square_p(counts):
    n = sum(counts)
    x = sum((c - n / len(counts)) ** 2 / (n / len(counts)) for c in counts)
    return math.erfc(math.sqrt(x / 2)) if len(counts) == 2 else math.exp(-x / 2)


@pytest.mark.parametrize("ways, config", [(2, CONFIGS["beginner"]), (3, CONFIGS["pro"])],
                         ids=["C_SHOT_1_two_way", "C_DT_3_penalty_three_way"])
def test_C_SHOT_2_strong_shot_and_dive_sides_pass_a_uniformity_test(ways, config):
    bot = make_bot("strong", playouts=2, solver_iterations=20)
    counts: Counter = Counter()
    for view, legal in shot_views(config, ways, 30):
        for seed in range(20):
            counts[bot.choose(view, legal, random.Random(seed * 7919 + view.round)).side] += 1
    assert len(counts) == ways
    assert chi_square_p(list(counts.values())) > 0.01, counts


def test_strong_mixes_its_card_play():
    """Different generators give different cards in some positions: it cannot be read."""
    bot = make_bot("strong")
    mixed = 0
    for seed in range(10):
        match = new_match(CONFIGS["pro"], seed)
        seat = "red" if match.view("red").ball == "blue" else "blue"
        chosen = {bot.choose(match.view(seat), match.legal_choices(seat), random.Random(k))
                  for k in range(30)}
        mixed += len(chosen) > 1
    assert mixed >= 3


def test_strong_match_replays_exactly():
    def record():
        log = []

        class Logged:
            def __init__(self, bot):
                self.bot = bot

            def choose(self, view, legal, rng):
                choice = self.bot.choose(view, legal, rng)
                log.append((view.seat, choice))
                return choice

        play_match(CONFIGS["pro_plus"], 11, {"red": Logged(make_bot("strong", playouts=8)),
                                             "blue": Logged(make_bot("simple"))})
        return log

    assert record() == record()


def test_matrix_solver_finds_a_mixed_equilibrium():
    row, col = solve([[3, -1], [-2, 1]], 2000)
    assert row[0] == pytest.approx(3 / 7, abs=0.01) and col[0] == pytest.approx(2 / 7, abs=0.01)
    row, _ = solve([[0.2, 0.9, 0.9], [0.9, 0.2, 0.9], [0.9, 0.9, 0.2]])
    assert row == pytest.approx([1 / 3] * 3)


def test_time_budget_becomes_playouts_not_a_clock():
    bot = make_bot("strong").with_time_budget(40)
    assert bot.playouts == round(40 * PLAYOUTS_PER_MS)
    assert make_bot("simple").with_time_budget(40).name == "simple"
