"""Two rounds of card play as one matrix game, its payoffs from determinized search.

For a seat about to play a card, the payoff of (my card, their card) is the round's value
to me (the one-round values of :mod:`engine.bots.simple`: keeps, shots, free kicks,
penalties, goals, offside, one-two, and what both cards were worth later) plus the value
of the *next* round's game, played out on the engine: the round is applied to a full state
drawn at random among those the seat cannot tell from the real one (``determinize``), the
draws are made, any shot or offside call is settled, and the next round's one-round game
is solved from the seat's view of that state (the opponent's hidden cards averaged over
what the seat cannot see). Averaged over ``samples`` deals, the columns are the opponent's
active slots, so a hidden slot's payoff is its expectation over the cards it may hold.

Both the strong CPU (which plays the equilibrium of this game) and the benchmark's
best-reply agent (which plays the best reply to the strong CPU's predicted strategy) use it.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from engine.chifootmi import (
    DRAW_PILE1, DRAW_PILE2, DT, FLAG_RAISED, PLAY, ChifootmiMatch, ChifootmiView, determinize,
)

from .base import unseen_cards
from .matrix import solve
from .simple import attack_value, card_cost

_DRAW_UP_FROM = 6
"""In the look-ahead, a seat draws the face-up card when it is a D/T or at least this."""


def one_round(view: ChifootmiView, mine: Sequence[int],
              columns: Sequence[Sequence[int]]) -> list[list[float]]:
    """The one-round game: rows my cards, columns lists of the cards a slot may hold
    (averaged); value to me in goals, net of both cards' worth for later rounds."""
    attacking = view.ball == view.seat
    payoff = []
    for card in mine:
        cost = card_cost(view, card)
        row = []
        for cards in columns:
            total = 0.0
            for other in cards:
                value = (attack_value(view, card, other) if attacking
                         else -attack_value(view, other, card))
                total += value - cost + card_cost(view, other)
            row.append(total / len(cards))
        payoff.append(row)
    return payoff


def view_columns(view: ChifootmiView) -> list[list[int]]:
    """The opponent's active slots as the view shows them: a known card, or every card the
    seat cannot see for a hidden slot (D/T once: its copies are the same choice)."""
    pool = unseen_cards(view, view.opponent)
    columns: list[list[int]] = []
    for slot in view.opponent.active:
        cards = [slot.card] if slot.card is not None else pool
        if slot.card == DT and [DT] in columns:
            continue
        columns.append(cards)
    return columns


def game_value(payoff: list[list[float]], iterations: int) -> float:
    """The value of a zero-sum matrix game to its row player: exact when it has a saddle
    point (most late positions), else from regret matching+."""
    low = max(min(row) for row in payoff)
    high = min(max(row[j] for row in payoff) for j in range(len(payoff[0])))
    if high - low < 1e-9:
        return low
    rows, cols = solve(payoff, iterations)
    return sum(rows[i] * cols[j] * payoff[i][j]
               for i in range(len(rows)) for j in range(len(cols)))


def _settle(match: ChifootmiMatch, rng: random.Random) -> None:
    """Bring ``match`` to the next card play (or its end): offside flagged, shots taken at
    random sides (equilibrium play), draws made by a simple rule."""
    for _ in range(8):
        seats = match.to_act()
        if not seats:
            return
        stage = match.decision(seats[0])
        if stage == "play":
            return
        if stage == "flag":
            match.apply({seats[0]: FLAG_RAISED})
        elif stage in ("shoot", "dive"):
            joint = {}
            for seat in seats:
                legal = match.legal_choices(seat)
                joint[seat] = legal[int(rng.random() * len(legal))]
            match.apply(joint)
        else:
            joint = {}
            for seat in seats:
                s = 0 if seat == "red" else 1
                top = match.pile2[s][-1]
                joint[seat] = DRAW_PILE2 if top == DT or top >= _DRAW_UP_FROM else DRAW_PILE1
            match.apply(joint)


def next_round_value(match: ChifootmiMatch, seat: str, iterations: int) -> float:
    """The value to ``seat`` of the next round's one-round game, from its view."""
    if not match.to_act() or match.decision(seat) != "play":
        return 0.0
    view = match.view(seat)
    mine = sorted({choice.card for choice in match.legal_choices(seat)})  # type: ignore[union-attr]
    payoff = one_round(view, mine, view_columns(view))
    return game_value(payoff, iterations)


def deal_payoff(match: ChifootmiMatch, view: ChifootmiView, mine: Sequence[int],
                theirs: Sequence[int], rng: random.Random, iterations: int,
                immediate: list[list[float]]) -> list[list[float]]:
    """Rows ``mine``, columns ``theirs`` (the opponent's cards in this full state): the
    round's value (``immediate``) plus the next round's, on the engine."""
    seat = view.seat
    other = view.opponent.seat
    out = []
    for i, card in enumerate(mine):
        row = []
        for j, their in enumerate(theirs):
            child = match.clone()
            child.apply({seat: PLAY[card], other: PLAY[their]})
            _settle(child, rng)
            row.append(immediate[i][j] + next_round_value(child, seat, iterations))
        out.append(row)
    return out


def two_round_payoff(view: ChifootmiView, mine: Sequence[int], samples: int,
                     rng: random.Random, iterations: int = 12) -> list[list[float]]:
    """The two-round game from ``view``: rows ``mine``, columns the opponent's active
    slots (as :func:`view_columns`), averaged over ``samples`` determinized deals."""
    columns = view_columns(view)
    slots = _slot_of_columns(view)
    exact = one_round(view, mine, columns)
    total = [[0.0] * len(columns) for _ in mine]
    for _ in range(samples):
        match = determinize(view, rng)
        other = 1 - ("red", "blue").index(view.seat)
        hand = match.active[other]
        order = _opponent_hand_in_view_order(match, other)
        theirs = [hand[order[k]] for k in slots]
        immediate = one_round(view, mine, [[card] for card in theirs])
        payoff = deal_payoff(match, view, mine, theirs, rng, iterations, immediate)
        for i in range(len(mine)):
            for j in range(len(columns)):
                total[i][j] += payoff[i][j] - immediate[i][j]
    # The round itself is averaged exactly over what a hidden slot may hold; the deals
    # only estimate the next round.
    return [[exact[i][j] + total[i][j] / samples for j in range(len(columns))]
            for i in range(len(mine))]


def _slot_of_columns(view: ChifootmiView) -> list[int]:
    """For each column of :func:`view_columns`, the index of its slot in the view."""
    slots, seen_dt = [], False
    for k, slot in enumerate(view.opponent.active):
        if slot.card == DT:
            if seen_dt:
                continue
            seen_dt = True
        slots.append(k)
    return slots


def _opponent_hand_in_view_order(match: ChifootmiMatch, s: int) -> list[int]:
    """Indices into ``match.active[s]`` in the order the opponent's view lists them
    (face-up cards first, then face-down), as ``determinize`` rebuilds them."""
    down = match.face_down[s]
    return ([i for i in range(len(down)) if not down[i]]
            + [i for i in range(len(down)) if down[i]])
