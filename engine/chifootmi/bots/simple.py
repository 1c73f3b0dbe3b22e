"""The simple CPU: one round ahead, against an opponent assumed to play any card.

For each card it could play it weighs the round's likely outcome (keep, lose the ball,
shot, free kick, penalty, goal) against what the card is worth later; it draws the face-up
card when that beats the average of what pile 1 may hold, shoots and dives uniformly at
random (the equilibrium of the shot duel) and always wants to flag offside. ``noise`` is
the share of decisions made at random instead, for easier opponents.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.chifootmi import DT, DRAW_PILE1, DRAW_PILE2, Choice, ChifootmiView, Level

from .base import STEADY, Bot, FlagReflex, card_of, unseen_cards

BALL = 0.2          # what possession is worth, in goals
KEEP = 0.12         # one more keep towards the shot
SHOT_PHASE = 0.35   # Pro: entering the shooting phase
PUSHED = 0.3        # Pro: a card shot pushed away, shoot again
CARD_COST = 0.05    # a value card's worth for later rounds, per point
DT_COST = 0.4
DT_WORTH = 6.5      # a D/T card's worth when choosing a pile, in card points
OFFSIDE_FLAG_ODDS = 0.8


def attack_value(view: ChifootmiView, attack: int, defence: int) -> float:
    """What a round of ``attack`` against ``defence`` is worth to the attacker, in goals."""
    two_way = 0.5 - BALL
    if view.phase == "shooting":
        if attack == DT:
            return -BALL if defence == DT else PUSHED                    # C-DT-1, C-DT-2
        if defence == DT:
            return 2 / 3 - BALL                                          # C-PRO-5 penalty
        margin = attack - defence
        if margin == 0:
            return PUSHED                                                # C-PRO-3
        return 1 - BALL if 1 <= margin <= 3 else -BALL                   # C-PRO-1/2/4
    keep = KEEP
    if view.retention + 1 >= view.retention_needed:
        keep = SHOT_PHASE if view.level is Level.PRO else two_way        # C-RND-4
    if attack == DT:
        return -BALL if defence == DT else keep
    if defence == DT:
        return two_way                                                   # C-DT-3 free kick
    value = attack
    kept = view.one_two_value
    if view.options.one_two and kept and attack == kept - 1 and defence == kept:
        value = kept                                                     # C-PLUS-12
    if value < defence:
        return -BALL
    if view.options.offside and value - defence >= 7:
        return -BALL * OFFSIDE_FLAG_ODDS + keep * (1 - OFFSIDE_FLAG_ODDS)
    return keep


def opponent_cards(view: ChifootmiView) -> list[tuple[int, float]]:
    """The opponent's possible cards this round with their chances, each active slot
    equally likely and an unknown slot spread over the cards it cannot see."""
    slots = view.opponent.active
    pool = unseen_cards(view, view.opponent)
    odds: dict[int, float] = {}
    share = 1 / len(slots) if slots else 0.0
    for slot in slots:
        if slot.card is not None:
            odds[slot.card] = odds.get(slot.card, 0.0) + share
        else:
            for card in pool:
                odds[card] = odds.get(card, 0.0) + share / len(pool)
    return list(odds.items())


def card_cost(view: ChifootmiView, card: int) -> float:
    if view.round >= view.rounds:
        return 0.0
    return DT_COST if card == DT else CARD_COST * card


class SimpleBot(Bot):
    name = "simple"

    def __init__(self, noise: float = 0.0, reflex: FlagReflex = STEADY, **kwargs: Any) -> None:
        super().__init__(reflex, **kwargs)
        self.noise = noise

    def decide(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        if self.noise and rng.random() < self.noise:
            return legal[int(rng.random() * len(legal))]
        if view.decision == "play":
            return self.play(view, legal)
        if view.decision == "draw":
            return self.draw(view)
        return legal[int(rng.random() * len(legal))]

    def play(self, view: ChifootmiView, legal: Sequence[Choice]) -> Choice:
        attacking = view.ball == view.seat
        theirs = opponent_cards(view)

        def worth(choice: Choice) -> float:
            mine = card_of(choice)
            if attacking:
                outcome = sum(p * attack_value(view, mine, c) for c, p in theirs)
            else:
                outcome = -sum(p * attack_value(view, c, mine) for c, p in theirs)
            return outcome - card_cost(view, mine)

        return max(legal, key=worth)

    def draw(self, view: ChifootmiView) -> Choice:
        top = view.you.pile2_top
        pool = unseen_cards(view, view.you)
        if top is None or not pool:
            return DRAW_PILE1 if view.you.pile1 else DRAW_PILE2
        points = [DT_WORTH if c == DT else c for c in pool]
        shown = DT_WORTH if top == DT else top
        return DRAW_PILE2 if shown >= sum(points) / len(points) else DRAW_PILE1
