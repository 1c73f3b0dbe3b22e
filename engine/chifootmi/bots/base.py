"""What every CPU player is: a choice from a seat's view, and a human-like offside flag.

A bot is handed only ``view`` (a :class:`~engine.chifootmi.ChifootmiView`), the legal
choices and a random generator it owns. It never sees the match, and it keeps no state
between decisions, so its play is a function of (view, legal, generator state): a match
between bots replays exactly from the match seed and the bots' seeds.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.chifootmi import FLAG_DOWN, FLAG_RAISED, Card, Choice, ChifootmiView, Play, TeamView

OFFSIDE_WINDOW = 3.0
"""Seconds the defender has to flag offside by default (C-PLUS-OFF)."""


@dataclass(frozen=True, slots=True)
class FlagReflex:
    """How a CPU defender reacts to an offside chance: it misses it with probability
    ``miss``, otherwise presses after ``median`` seconds, give or take ``spread``
    (a log-normal spread, like human reaction times); never faster than ``fastest``."""

    median: float
    spread: float
    miss: float
    fastest: float = 0.25

    def reaction(self, rng: random.Random) -> float | None:
        """Seconds until the flag goes up, or None when the chance is missed."""
        if rng.random() < self.miss:
            return None
        return max(self.fastest, rng.lognormvariate(0.0, self.spread) * self.median)


SLOW = FlagReflex(median=1.8, spread=0.45, miss=0.35)
STEADY = FlagReflex(median=1.1, spread=0.35, miss=0.15)
SHARP = FlagReflex(median=0.7, spread=0.25, miss=0.04)
REFLEXES = {"slow": SLOW, "steady": STEADY, "sharp": SHARP}


class Bot:
    """A CPU seat. Subclasses implement :meth:`decide` for play, draw, shoot and dive."""

    name = "bot"

    def __init__(self, reflex: FlagReflex = STEADY, window: float = OFFSIDE_WINDOW) -> None:
        self.reflex = reflex
        self.window = window

    def choose(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        """One of ``legal``, decided from ``view`` and ``rng`` alone."""
        if not legal:
            raise ValueError(f"{view.seat} has nothing to decide now")
        if view.decision == "flag":
            seconds = self.flag_reaction(view, rng)
            return FLAG_RAISED if seconds is not None and seconds <= self.window else FLAG_DOWN
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, legal, rng)

    def with_time_budget(self, ms: float) -> Bot:
        """This bot with a decision budget worth ``ms`` milliseconds on the reference
        machine (``docs/bots.md``); bots that do not search ignore it."""
        return self

    def decide(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        raise NotImplementedError

    def flag_reaction(self, view: ChifootmiView, rng: random.Random) -> float | None:
        """When this CPU raises the offside flag, in seconds after the chance opens, or None
        when it lets play go on (a miss). The console animates the press at that time;
        :meth:`choose` flags exactly when this falls inside the window, so a console and a
        headless match that share the generator agree."""
        return self.reflex.reaction(rng)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def card_of(choice: Choice) -> Card:
    """The card a play decision's choice plays (every legal choice of that decision is one)."""
    if not isinstance(choice, Play):
        raise ValueError(f"{choice!r} plays no card")
    return choice.card


def unseen_cards(view: ChifootmiView, team: TeamView) -> list[int]:
    """The cards of ``team`` that ``view.seat`` cannot see: in its piles below the tops and,
    for the opponent, face down in the hand (the same count as in determinization)."""
    pool = Counter(view.level.deck)
    pool.subtract(view.played[team.seat])
    pool.subtract(slot.card for slot in team.active if slot.card is not None)
    if team.pile2_top is not None:
        pool[team.pile2_top] -= 1
    return list(pool.elements())
