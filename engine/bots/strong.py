"""The strong CPU: every simultaneous decision solved as a matrix game, played mixed.

* Card play: the payoff of each (my card, their card) pair is the one-round value of
  :mod:`engine.bots.simple` (keeps, shots, free kicks, penalties, goals, offside, one-two)
  plus what both cards are worth later. The opponent's cards it cannot see are weighed
  over every deal consistent with the view (each hidden slot: the unseen cards, equally
  likely). The game is solved by regret matching+ and the card is drawn from the
  equilibrium: unlike the simple CPU, it expects a reasoning opponent and cannot be read.
* Shots, dives and penalties: the continuation values after a goal and after a save are
  estimated by ``playouts`` random playouts of determinized states (``determinize``, the
  hidden cards dealt at random), then the duel is solved from them (uniform whenever a
  goal is worth more to the shooter than a save, as C-SHOT-2 makes the sides symmetric).
* Draws as the simple CPU; offside: always wants to flag, with the sharpest reflex.

The budget is ``playouts`` and ``solver_iterations``, never a time: ``docs/bots.md`` gives
how many fit in a given number of milliseconds (``with_time_budget``).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.chifootmi import DT, ChifootmiMatch, ChifootmiView, Choice, determinize

from .base import SHARP, FlagReflex, unseen_cards
from .matrix import solve
from .simple import SimpleBot, attack_value, card_cost

PLAYOUTS_PER_MS = 4.0
"""Shot playouts per millisecond of budget on the reference machine (``docs/bots.md``)."""

DEFAULT_PLAYOUTS = 48
PRUNE = 0.05
"""Equilibrium shares below this are solver noise: such cards are not played."""


def rollout(match: ChifootmiMatch, rng: random.Random) -> float:
    """Play the match out with uniform choices; 1.0 when red wins, 0.0 when blue does."""
    pick = rng.random
    while True:
        seats = match.to_act()
        if not seats:
            return 1.0 if match.winner_index == 0 else 0.0
        match.apply({seat: _pick(match.legal_choices(seat), pick()) for seat in seats})


def _pick(legal: Sequence[Choice], u: float) -> Choice:
    return legal[int(u * len(legal))]


def _draw(legal: Sequence[Choice], weights: Sequence[float], rng: random.Random) -> Choice:
    u = rng.random() * sum(weights)
    for choice, weight in zip(legal, weights):
        u -= weight
        if u < 0:
            return choice
    return next(c for c, w in zip(reversed(legal), reversed(weights)) if w > 0)


def play_payoff(view: ChifootmiView, mine: Sequence[int]) -> list[list[float]]:
    """Rows: my cards; columns: the opponent's active slots (D/T once), a hidden slot
    averaged over the cards this seat cannot see. Values to me, in goals."""
    attacking = view.ball == view.seat
    pool = unseen_cards(view, view.opponent)
    columns: list[list[int]] = []
    for slot in view.opponent.active:
        cards = pool if slot.card is None else [slot.card]
        if slot.card == DT and [DT] in columns:
            continue
        columns.append(cards)
    payoff = []
    for card in mine:
        cost = card_cost(view, card)
        row = []
        for cards in columns:
            total = 0.0
            for other in cards:
                if attacking:
                    value = attack_value(view, card, other)
                else:
                    value = -attack_value(view, other, card)
                total += value - cost + card_cost(view, other)
            row.append(total / len(cards))
        payoff.append(row)
    return payoff


class StrongBot(SimpleBot):
    name = "strong"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, solver_iterations: int = 200,
                 reflex: FlagReflex = SHARP, **kwargs: Any) -> None:
        super().__init__(0.0, reflex, **kwargs)
        if playouts < 2 or solver_iterations < 1:
            raise ValueError("playouts must be 2 or more, solver_iterations 1 or more")
        self.playouts = int(playouts)
        self.solver_iterations = int(solver_iterations)

    def with_time_budget(self, ms: float) -> StrongBot:
        return StrongBot(max(2, round(ms * PLAYOUTS_PER_MS)), self.solver_iterations,
                         self.reflex, window=self.window)

    def decide(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        if view.decision == "play":
            return self.play_mixed(view, legal, rng)
        if view.decision == "draw":
            return self.draw(view)
        return self.shot(view, legal, rng)

    def play_mixed(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        payoff = play_payoff(view, [choice.card for choice in legal])  # type: ignore[union-attr]
        mixed, _ = solve(payoff, self.solver_iterations)
        top = max(mixed)
        return _draw(legal, [p if p >= PRUNE or p == top else 0.0 for p in mixed], rng)

    def continuation(self, view: ChifootmiView, rng: random.Random) -> tuple[float, float]:
        """This seat's chances to win after a goal and after a save in the shot now."""
        assert view.shot is not None
        shooter = view.shot.shooter
        keeper = "blue" if shooter == "red" else "red"
        won = {True: 0.0, False: 0.0}
        for i in range(self.playouts):
            match = determinize(view, rng)
            shoot, dive = match.legal_choices(shooter), match.legal_choices(keeper)
            scored = i % 2 == 0
            side = int(rng.random() * len(shoot))
            other = (side + 1 + int(rng.random() * (len(dive) - 1))) % len(dive)
            match.apply({shooter: shoot[side], keeper: dive[other if scored else side]})
            red_won = rollout(match, rng)
            won[scored] += red_won if view.seat == "red" else 1.0 - red_won
        half = self.playouts / 2
        return won[True] / half, won[False] / half

    def shot(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        """Solve the duel of C-SHOT-1/2 from the continuation values."""
        goal, save = self.continuation(view, rng)
        sides = len(legal)
        payoff = [[save if i == j else goal for j in range(sides)] for i in range(sides)]
        if view.decision == "dive":
            payoff = [[-value for value in row] for row in payoff]
        mixed, _ = solve(payoff, self.solver_iterations)
        return _draw(legal, mixed, rng)
