"""The strong CPU: each round of card play solved as a game of winning chances, played mixed.

* Card play: a matrix game whose rows are its cards and columns the opponent's active
  slots; a payoff is its chance of winning the match once that round is played, found on
  the engine over ``samples`` deals the seat cannot tell from the real one and judged by a
  model fitted on whole matches (:mod:`engine.chifootmi.bots.round_game`,
  :mod:`engine.chifootmi.bots.leaf_value`). It plays the game's equilibrium (regret matching+,
  :mod:`engine.bots.matrix`), every card with its equilibrium share, none pruned. At Pro
  it searches two rounds deep: in each deal the position after the round is worth the
  value of the next round's game (:func:`~engine.chifootmi.bots.leaf_value.deep_chance`), on 2 deals
  instead of 8 (a deep deal costs about four). Why it
  cannot be read: its strategy is a function of its view (including its own face-down
  cards, which the opponent does not know) and of the deals it draws with its secret
  generator, and it is an equilibrium, so even an opponent that runs this code on every
  deal it thinks possible, and knows the mixture, has no reply worth more than the game's
  value in the model; the card itself is drawn with the same secret generator
  (``engine.bots.seeds``).
* Draws: the pile whose card gives the better chance of winning, over the same deals.
* Shots, dives and penalties: uniform. The sides of C-SHOT-2 are symmetric, so whenever a
  goal is worth more to the shooter than a save (always), the duel's only equilibrium is
  uniform: searching it (as the first Strong did) bought nothing.
* Offside: always wants to flag, with the sharpest reflex.

The budget is ``samples`` (deals searched per decision) and ``solver_iterations``, never a
time: ``docs/bots.md`` gives how many fit in a given number of milliseconds
(``with_time_budget``).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.chifootmi import DRAW_PILE1, DRAW_PILE2, ChifootmiView, Choice, Level, determinize

from .base import SHARP, FlagReflex, card_of
from .leaf_value import opponent_draws, win_chance
from engine.bots.matrix import solve_exact, solve_logit, solve_typed
from .round_game import card_payoff, informed_games, round_payoff, typed_round_games
from .simple import SimpleBot

SAMPLES_PER_MS = 0.25
"""Deals searched per millisecond of budget: one deal of a card decision costs at most
about 4 ms of CPU on the reference machine at the 99th percentile (``docs/bots.md``), so
``ms=32`` is the default."""

DEFAULT_SAMPLES = 8
DEEP_DEAL_COST = 4
"""What one deal searched two rounds deep costs in deals searched one round deep (CPU p99,
``docs/bots.md``): ``samples`` is a budget in the latter."""
NOISE_FLOOR = 0.01
"""Equilibrium shares below this are solver noise (regret matching's average strategy)."""

_SEATS = ("red", "blue")


def _draw(legal: Sequence[Choice], weights: Sequence[float], rng: random.Random) -> Choice:
    u = rng.random() * sum(weights)
    for choice, weight in zip(legal, weights):
        u -= weight
        if u < 0:
            return choice
    return next(c for c, w in zip(reversed(legal), reversed(weights)) if w > 0)


class StrongBot(SimpleBot):
    """``hands``: how the round's game treats the opponent's face-down cards, which the
    opponent knows. 0: averaged over the deals (a column per slot); 1: a column per card it
    may hold (:func:`~engine.chifootmi.bots.round_game.card_payoff`); 2: each hand it may hold is a
    column player of its own (:func:`~engine.chifootmi.bots.round_game.informed_games`). The default
    (``None``, :meth:`informed`) is 2 with any Pro+ option on one round deep and 0
    otherwise: 2 answers where the best reply's gain inside a one-round game came from
    (``docs/bots.md``); two rounds deep (the default at Pro) it measured no better.

    ``depth``: rounds searched before the model is read (:meth:`search_depth`; default 2
    at Pro, 1 below).

    ``typed=1`` and ``precision=P`` are variants measured against the best reply and left
    off (``docs/bots.md``, "What was tried"): a game with one column player per hand and
    piles the opponent may hold, and the logit quantal-response equilibrium instead of the
    exact one (play spread over near-best cards)."""

    name = "strong"

    def __init__(self, samples: int = DEFAULT_SAMPLES, solver_iterations: int = 300,
                 reflex: FlagReflex = SHARP, typed: int = 0, precision: float = 0.0,
                 hands: int | None = None, depth: int | None = None, **kwargs: Any) -> None:
        super().__init__(0.0, reflex, **kwargs)
        if samples < 1 or solver_iterations < 1:
            raise ValueError("samples and solver_iterations must be 1 or more")
        self.samples = int(samples)
        self.solver_iterations = int(solver_iterations)
        self.typed = bool(typed)
        self.precision = float(precision)
        self.hands = None if hands is None else int(hands)
        if depth not in (None, 1, 2):
            raise ValueError("depth must be 1 or 2")
        self.depth = depth

    def with_time_budget(self, ms: float) -> StrongBot:
        return StrongBot(max(1, round(ms * SAMPLES_PER_MS)), self.solver_iterations,
                         self.reflex, int(self.typed), self.precision, self.hands,
                         self.depth, window=self.window)

    def decide(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        if view.decision == "play":
            return _draw(legal, self.strategy(view, legal, rng), rng)
        if view.decision == "draw":
            return self.pile(view, rng)
        return legal[int(rng.random() * len(legal))]

    def strategy(self, view: ChifootmiView, legal: Sequence[Choice],
                 rng: random.Random) -> list[float]:
        """The mixed strategy over ``legal`` (play decisions): the equilibrium of the
        round's game. Anyone with this code can compute it from this seat's view, given
        the deals drawn; the benchmark's best-reply agent does."""
        if len(legal) == 1:
            return [1.0]
        mine = [card_of(choice) for choice in legal]
        game = self.informed(view)
        face_down = any(slot.card is None for slot in view.opponent.active)
        deep = self.search_depth(view) == 2
        deals = self.deals(view)
        if face_down and (self.typed or game == 2):
            games = (typed_round_games(view, mine, deals, rng) if self.typed
                     else informed_games(view, mine, deals, rng, deep))
            if len(games) > 1:
                mixed = solve_typed(games, self.solver_iterations)
                return [p if p >= NOISE_FLOOR else 0.0 for p in mixed]
            payoff = games[0][1]
        elif game == 1:
            payoff = card_payoff(view, mine, deals, rng, deep)[1]
        else:
            payoff = round_payoff(view, mine, deals, rng, deep)
        if self.precision:
            mixed = solve_logit(payoff, self.precision)
        else:
            mixed, _, _ = solve_exact(payoff)
        return [p if p >= NOISE_FLOOR else 0.0 for p in mixed]

    def search_depth(self, view: ChifootmiView) -> int:
        """Rounds searched before the model is read in ``view``'s match: the ``depth``
        given, else 2 at Pro (where one round let a best reply gain too much,
        ``docs/bots.md``) and 1 below (where one round already meets the target, at a
        quarter of the CPU: the handheld runs on a battery)."""
        if self.depth is not None:
            return self.depth
        return 2 if view.level is Level.PRO else 1

    def deals(self, view: ChifootmiView) -> int:
        """Deals searched at a card play: ``samples`` one round deep; a deal searched two
        rounds deep costs about four (:data:`DEEP_DEAL_COST`), so a quarter as many."""
        if self.search_depth(view) == 2:
            return max(1, self.samples // DEEP_DEAL_COST)
        return self.samples

    def informed(self, view: ChifootmiView) -> int:
        """The ``hands`` game played in ``view``'s match: the ``hands`` given, else 2 with a
        Pro+ option on where Strong searches one round deep (only with ``depth=1`` today:
        the options are played at Pro), and 0 otherwise. Two rounds deep, the informed game
        has only its 2 deep deals to tell the opponent's hands apart, and measured no
        better at Pro+ than the plain game (``docs/bots.md``)."""
        if self.hands is not None:
            return self.hands
        options = view.options
        plus = options.offside or options.one_two or options.counter_attack
        return 2 if plus and self.search_depth(view) == 1 else 0

    def pile(self, view: ChifootmiView, rng: random.Random) -> Choice:
        """The pile to draw from: the better chance of winning over ``samples`` deals, the
        opponent drawing by the search's rule (a draw is public once made: nothing to hide)."""
        s = _SEATS.index(view.seat)
        worth = [0.0, 0.0]
        for _ in range(self.samples):
            deal = determinize(view, rng)
            joint = opponent_draws(deal, s)
            for k, pile in enumerate((DRAW_PILE1, DRAW_PILE2)):
                child = deal.clone()
                child.apply({**joint, view.seat: pile})
                worth[k] += win_chance(child, s)
        return DRAW_PILE1 if worth[0] > worth[1] else DRAW_PILE2
