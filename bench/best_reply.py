"""A best reply to the strong CPU by someone who has its code (issue 15).

The agent knows everything but the strong CPU's face-down cards, its piles and its
generator (keyed by a secret). At each card play it draws ``samples`` deals it cannot rule
out (``determinize``), computes in each the strong CPU's exact mixed strategy from the
strong CPU's view of that deal (``StrongBot.strategy``, the CPU's own code), averages them
into its prediction of the strong CPU's card, and plays the card with the best expected
value against that prediction, looking two rounds ahead on the engine (the same search the
strong CPU uses, from the agent's own view, against the strong CPU's real cards in each
deal). Shots and dives: uniform (the strong CPU's are uniform, nothing to exploit); draws as
the simple CPU; an offside chance is always flagged at once.

It also writes down its prediction for every round (``predictions``: round -> the card it
thought most likely, and that card's predicted share), so the benchmark can say how often
the strong CPU's card was predicted.
"""
from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from engine.bots import SimpleBot, StrongBot
from engine.bots.lookahead import deal_payoff, one_round
from engine.chifootmi import FLAG_RAISED, ChifootmiView, Choice, determinize

CHILD_ITERATIONS = 12


class BestReply:
    """Plays the best reply to the strong CPU's strategy as its own code predicts it."""

    name = "best-reply"

    def __init__(self, model: Any, samples: int = 4) -> None:
        self.model = model
        """Anything with ``strategy(view, legal, rng)``: the strong CPU (its code)."""
        self.samples = samples
        self.simple = SimpleBot()
        self.predictions: dict[int, tuple[int, float]] = {}
        self.certain = 0
        """Rounds in which every deal gave the strong CPU one card only."""

    def choose(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        if view.decision == "flag":
            return FLAG_RAISED
        if len(legal) == 1:
            return legal[0]
        if view.decision == "draw":
            return self.simple.draw(view)
        if view.decision != "play":
            return legal[int(rng.random() * len(legal))]
        return self.reply(view, legal, rng)

    def reply(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        strong = view.opponent.seat
        mine = [choice.card for choice in legal]  # type: ignore[union-attr]
        predicted: dict[int, float] = defaultdict(float)
        worth = [0.0] * len(mine)
        pure = True
        for _ in range(self.samples):
            deal = determinize(view, rng)
            their_legal = deal.legal_choices(strong)
            theirs = [choice.card for choice in their_legal]  # type: ignore[union-attr]
            sigma = self.model.strategy(deal.view(strong), their_legal, rng)
            total = sum(sigma)
            sigma = [p / total for p in sigma]
            pure = pure and max(sigma) > 0.999
            for card, p in zip(theirs, sigma):
                predicted[card] += p / self.samples
            immediate = one_round(view, mine, [[card] for card in theirs])
            payoff = deal_payoff(deal, view, mine, theirs, rng, CHILD_ITERATIONS, immediate)
            for i, row in enumerate(payoff):
                worth[i] += sum(p * value for p, value in zip(sigma, row))
        card = max(predicted, key=lambda c: predicted[c])
        self.predictions[view.round] = (card, predicted[card])
        self.certain += pure and predicted[card] > 0.999
        return legal[max(range(len(mine)), key=lambda i: worth[i])]


def make_best_reply(**strong_options: Any) -> BestReply:
    """The agent, modelling a strong CPU built with ``strong_options``."""
    return BestReply(StrongBot(**strong_options))
