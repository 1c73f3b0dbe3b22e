"""A best reply to the strong CPU by someone who has its code (issue 15).

The agent knows everything but the strong CPU's face-down cards, its piles and its
generator (keyed by a secret). At each card play it draws ``samples`` deals it cannot rule
out (``determinize``), computes in each the strong CPU's exact mixed strategy from the
strong CPU's view of that deal (``StrongBot.strategy``, the CPU's own code), averages them
into its prediction of the strong CPU's card, and plays the card with the best expected
value against that prediction: in each deal, its chance of winning after the round against
each of the strong CPU's real cards, judged by the strong CPU's own fitted model
(:mod:`engine.chifootmi.bots.round_game`), weighted by the strong CPU's mixture in that deal. Shots
and dives: uniform (the strong CPU's are uniform, nothing to exploit); draws as the strong
CPU (the pile with the better chance of winning); an offside chance is always flagged at
once.

It also writes down its prediction for every round (``predictions``: round -> the card it
thought most likely, and that card's predicted share), so the benchmark can say how often
the strong CPU's card was predicted.
"""
from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from engine.chifootmi.bots import StrongBot
from engine.chifootmi.bots.round_game import deal_payoff
from engine.chifootmi import FLAG_RAISED, ChifootmiView, Choice, determinize


class BestReply:
    """Plays the best reply to the strong CPU's strategy as its own code predicts it."""

    name = "best-reply"

    def __init__(self, model: Any, samples: int = 4, deep: bool | None = None) -> None:
        self.model = model
        """Anything with ``strategy(view, legal, rng)``: the strong CPU (its code)."""
        self.samples = samples
        self.deep = deep
        """Judge its cards one round on (``leaf_value.deep_chance``); ``None``: as deep as
        the strong CPU it models searches in that match."""
        self.drawer = StrongBot()
        self.predictions: dict[int, tuple[int, float]] = {}
        self.certain = 0
        """Rounds in which every deal gave the strong CPU one card only."""

    def choose(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        if view.decision == "flag":
            return FLAG_RAISED
        if len(legal) == 1:
            return legal[0]
        if view.decision == "draw":
            return self.drawer.pile(view, rng)
        if view.decision != "play":
            return legal[int(rng.random() * len(legal))]
        return self.reply(view, legal, rng)

    def reply(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        strong = view.opponent.seat
        mine = [choice.card for choice in legal]  # type: ignore[union-attr]
        predicted: dict[int, float] = defaultdict(float)
        worth = [0.0] * len(mine)
        pure = True
        deep = self.deep
        if deep is None:
            deep = getattr(self.model, "search_depth", lambda _: 1)(view) == 2
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
            payoff = deal_payoff(deal, view.seat, mine, theirs, deep)
            for i, row in enumerate(payoff):
                worth[i] += sum(p * value for p, value in zip(sigma, row))
        card = max(predicted, key=lambda c: predicted[c])
        self.predictions[view.round] = (card, predicted[card])
        self.certain += pure and predicted[card] > 0.999
        return legal[max(range(len(mine)), key=lambda i: worth[i])]


def make_best_reply(**strong_options: Any) -> BestReply:
    """The agent, modelling a strong CPU built with ``strong_options``."""
    return BestReply(StrongBot(**strong_options))


def mixed_choice_check(start: Any, cpu: Any, mixed: Any, cpu_rng: Any, games: int,
                       secret_seed: int = 0, stop: Any = None) -> dict[str, float]:
    """The best-reply check for a CPU whose only mixed choices are uniform duels (Fotboll's
    shoot-out sides, Chifoumi's throws): every seat is the console's CPU (``cpu``, keyed by
    a secret as ``firmware.games.cpu.CpuPlayers.seats`` does, generator ``cpu_rng(seed, seat,
    decision number)``); at each mixed choice an agent with the CPU's code and everything a
    player sees (the seed included: it is in the results history) replays the CPU with the
    generator it can compute, predicts its choice and plays the reply that beats it. Returns
    how often it predicted the choice, the chance of a blind guess, and the same rate for
    the console before issue 15 (CPU generator from the seed alone). ``stop(match)``: the
    mixed choices are over for this game (the rest need not be played)."""
    from engine.bots.seeds import KeyedCpu, keyed_number

    hits = old_hits = total = 0
    chance = 0.0
    for game in range(games):
        match, seed = start(game)
        secret = f"{keyed_number(secret_seed, 'bench-cpu', game):064x}"
        keyed = KeyedCpu(cpu, secret)
        number = 0
        while match.to_act() and not (stop and stop(match)):
            joint = {}
            for seat in match.to_act():
                view, legal = match.view(seat), match.legal_choices(seat)
                joint[seat] = keyed.choose(view, legal, cpu_rng(seed, seat, number))
                if mixed(match, seat, legal) and len(legal) > 1:
                    guess = cpu.choose(view, legal, cpu_rng(seed, seat, number))
                    hits += guess == joint[seat]
                    old_hits += guess == cpu.choose(view, legal, cpu_rng(seed, seat, number))
                    chance += 1 / len(legal)
                    total += 1
            match.apply(joint)
            number += 1
    return {"choices": total, "predicted": hits, "chance": chance, "old_predicted": old_hits}
