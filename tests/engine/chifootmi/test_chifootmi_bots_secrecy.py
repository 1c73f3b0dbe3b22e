"""Bots decide from the view alone: what their seat cannot see never changes a choice (C-VIS)."""
from __future__ import annotations

import random

import pytest

from bot_setups import CONFIGS
from engine.chifootmi.bots import make_bot
from engine.chifootmi import Deal, new_match, seeded_deal

BOTS = {"random": {}, "simple": {}, "strong": {"samples": 2, "solver_iterations": 100}}


def poisoned_twin(config, seed: int, seat: str):
    """The seeded match and a twin whose cards hidden from ``seat`` are dealt otherwise:
    the opponent's pile 1 reversed, then rotated, as long as the seat's view stays the
    same (C-VIS-2: pile 1 and the face-down cards drawn from it are the owner's secret)."""
    deal = seeded_deal(config.level, seed)

    def rehide(deck):
        pile1 = list(deck[4:7])[::-1]
        if pile1 == list(deck[4:7]):
            pile1 = pile1[1:] + pile1[:1]
        return tuple(list(deck[:4]) + pile1 + list(deck[7:]))

    red, blue = (deal.red, rehide(deal.blue)) if seat == "red" else (rehide(deal.red), deal.blue)
    twin = Deal(red, blue, deal.kickoff, deal.shootout_first)
    assert twin != deal
    return new_match(config, seed, deal), new_match(config, seed, twin)


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("config", [CONFIGS["amateur"], CONFIGS["pro_plus"]], ids=["amateur", "pro_plus"])
def test_C_VIS_2_choices_do_not_depend_on_hidden_cards(name, config):
    """Play the real match; mirror each joint decision on the twin while the seat's views
    agree, and check the bot, given each view, chooses the same with the same generator."""
    compared = 0
    for seed in range(12):
        seat = ("red", "blue")[seed % 2]
        real, twin = poisoned_twin(config, seed, seat)
        bot = make_bot(name, **BOTS[name])
        other = make_bot("simple")
        rng = random.Random(seed)
        while not real.is_over and real.view(seat) == twin.view(seat):
            joint = {}
            for acting in real.to_act():
                legal = real.legal_choices(acting)
                if acting == seat:
                    state = rng.getstate()
                    choice = bot.choose(real.view(seat), legal, rng)
                    rng.setstate(state)
                    assert bot.choose(twin.view(seat), twin.legal_choices(seat), rng) == choice
                    compared += 1
                else:
                    choice = other.choose(real.view(acting), legal, rng)
                joint[acting] = choice
            real.apply(joint)
            if any(joint[s] not in twin.legal_choices(s) for s in joint):
                break
            twin.apply(joint)
    assert compared >= 20


def test_the_poisoned_twin_differs_only_where_the_seat_cannot_see():
    """The poison is real: the twin's full state differs, the seat's view does not."""
    config = CONFIGS["pro"]
    real, twin = poisoned_twin(config, 3, "red")
    assert real != twin
    assert real.view("red") == twin.view("red")
