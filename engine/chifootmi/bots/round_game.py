"""A round of card play as a matrix game whose payoffs are chances of winning the match.

For a seat about to play a card, the payoff of (my card, the card in one of the opponent's
slots) is the seat's chance of winning once that round is played: on ``samples`` full
states drawn among those the seat cannot tell from the real one (``determinize``), the
round is applied on the engine, a shot it calls is counted at its exact odds, draws are
made, and the position is judged by the fitted model of :mod:`engine.chifootmi.bots.leaf_value`.
Columns are the opponent's active slots as the view lists them (a face-down slot's
payoff is averaged over the cards it holds in the deals).

The strong CPU plays this game's equilibrium; the benchmark's best reply computes the same
payoffs from its own view to answer the strong CPU's predicted mixture.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.chifootmi import DT, ChifootmiMatch, ChifootmiView, determinize

from .leaf_value import pair_chances

_SEATS = ("red", "blue")


def slot_columns(view: ChifootmiView) -> list[int]:
    """The opponent's active slots that are distinct choices, by index in the view: every
    slot, but a face-up D/T once (its copies are the same card)."""
    slots, seen_dt = [], False
    for k, slot in enumerate(view.opponent.active):
        if slot.card == DT:
            if seen_dt:
                continue
            seen_dt = True
        slots.append(k)
    return slots


def hand_in_view_order(match: ChifootmiMatch, s: int) -> list[int]:
    """Seat index ``s``'s active cards in the order its opponent's view lists them
    (face-up cards first, then face-down), as ``determinize`` rebuilds them."""
    hand, down = match.active[s], match.face_down[s]
    return ([hand[i] for i in range(len(hand)) if not down[i]]
            + [hand[i] for i in range(len(hand)) if down[i]])


def deal_payoff(match: ChifootmiMatch, seat: str, mine: Sequence[int],
                theirs: Sequence[int], deep: bool = False) -> list[list[float]]:
    """In the full state ``match``: ``seat``'s chance of winning after each (my card, their
    card) round, rows ``mine`` and columns ``theirs``; with ``deep``, judged one round on
    (:func:`~engine.chifootmi.bots.leaf_value.pair_chances`)."""
    return pair_chances(match, _SEATS.index(seat), mine, theirs, deep)


def round_payoff(view: ChifootmiView, mine: Sequence[int], samples: int,
                 rng: random.Random, deep: bool = False) -> list[list[float]]:
    """The round's game from ``view``: rows ``mine``, columns :func:`slot_columns`,
    averaged over ``samples`` determinized deals."""
    slots = slot_columns(view)
    other = 1 - _SEATS.index(view.seat)
    total = [[0.0] * len(slots) for _ in mine]
    for _ in range(samples):
        match = determinize(view, rng)
        hand = hand_in_view_order(match, other)
        payoff = deal_payoff(match, view.seat, mine, [hand[k] for k in slots], deep)
        for row, add in zip(total, payoff):
            for j, value in enumerate(add):
                row[j] += value
    return [[value / samples for value in row] for row in total]


def typed_round_games(view: ChifootmiView, mine: Sequence[int], samples: int,
                      rng: random.Random) -> list[tuple[float, list[list[float]]]]:
    """The round's game as the opponent plays it: it knows its own face-down cards, so
    each hand it may hold (a "type") is a column player of its own. On ``samples`` deals,
    grouped by the opponent's hand: (share of the deals, payoffs with rows ``mine`` and
    columns that hand's distinct cards, averaged over the deals of that hand)."""
    other = 1 - _SEATS.index(view.seat)
    games: dict[tuple[int, ...], list[Any]] = {}
    for _ in range(samples):
        match = determinize(view, rng)
        hand = list(dict.fromkeys(match.active[other]))
        key = tuple(sorted(hand))
        payoff = deal_payoff(match, view.seat, mine, key)
        entry = games.get(key)
        if entry is None:
            games[key] = [1, payoff]
        else:
            entry[0] += 1
            for row, add in zip(entry[1], payoff):
                for j, value in enumerate(add):
                    row[j] += value
    return [(count / samples, [[value / count for value in row] for row in payoff])
            for count, payoff in games.values()]


def _card_columns(view: ChifootmiView, mine: Sequence[int], samples: int, rng: random.Random,
                  deep: bool = False) -> tuple[dict[int, list[float]], dict[tuple[int, ...], int]]:
    """On ``samples`` deals: each card the opponent holds in some deal -> its column
    (rows ``mine``) averaged over the deals that deal it, and each hand it may hold -> how
    many deals dealt it. What :func:`card_payoff` and :func:`informed_games` are made of."""
    other = 1 - _SEATS.index(view.seat)
    sums: dict[int, list[float]] = {}
    counts: dict[int, int] = {}
    hands: dict[tuple[int, ...], int] = {}
    for _ in range(samples):
        match = determinize(view, rng)
        theirs = list(dict.fromkeys(match.active[other]))
        payoff = deal_payoff(match, view.seat, mine, theirs, deep)
        for j, card in enumerate(theirs):
            column = sums.setdefault(card, [0.0] * len(mine))
            for i, row in enumerate(payoff):
                column[i] += row[j]
            counts[card] = counts.get(card, 0) + 1
        key = tuple(sorted(theirs))
        hands[key] = hands.get(key, 0) + 1
    columns = {card: [value / counts[card] for value in column] for card, column in sums.items()}
    return columns, hands


def card_payoff(view: ChifootmiView, mine: Sequence[int], samples: int,
                rng: random.Random, deep: bool = False) -> tuple[list[int], list[list[float]]]:
    """The round's game with one column per card the opponent may play (``hands=1``
    variant of the strong CPU): the opponent knows its face-down cards, so instead of a
    face-down slot averaged over what it may hold, every card it holds in some deal is a
    column of its own, worth its average over the deals in which it holds it. The
    opponent is thus allowed any card it may hold: a cautious game (its value is at most
    the plain game's), with the same positions searched. Returns (the cards, payoffs)."""
    columns, _ = _card_columns(view, mine, samples, rng, deep)
    cards = sorted(columns)
    return cards, [[columns[card][i] for card in cards] for i in range(len(mine))]


def informed_games(view: ChifootmiView, mine: Sequence[int], samples: int,
                   rng: random.Random, deep: bool = False) -> list[tuple[float, list[list[float]]]]:
    """The round's game against an opponent that knows its own hand (``hands=2``): the
    payoff of each card it may play is :func:`card_payoff`'s (averaged over every deal that
    deals it, so the piles it cannot see are not its to choose), and each hand it may hold
    (a "type", as often as the deals deal it) can play only its own cards. For
    :func:`~engine.bots.matrix.solve_typed`: (share of the deals, payoffs with rows
    ``mine`` and columns that hand's distinct cards)."""
    columns, hands = _card_columns(view, mine, samples, rng, deep)
    return [(count / samples, [[columns[card][i] for card in hand] for i in range(len(mine))])
            for hand, count in hands.items()]
