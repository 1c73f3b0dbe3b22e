"""A position's worth to a seat as a chance of winning, fitted from whole matches.

The strong CPU's search stops one round ahead (two at Pro: :func:`deep_chance` solves the
next round's game first); what it finds there is judged by :func:`win_chance`: a logistic
model of "this seat wins the match" on a few features of the full position (score, who has
the ball and how close the shot is, each side's cards in hand and cards left), with one set
of weights per level and per number of rounds played.
The weights (:mod:`engine.chifootmi.bots.leaf_weights`) are fitted by ``bench/fit_leaf_values.py``
on matches of the simple CPU against itself: what a position is worth when both sides then
play sensibly, instead of hand-set values for a keep or a card (the first two Strongs).

The features are antisymmetric (each one, seen from the other seat, is its opposite) and
the model has no intercept, so the two seats' chances always add up to 1: the search is a
zero-sum game.

Shots are never sampled here: a shot pending in a position is worth its exact expectation
(goal with probability 1/2, or 2/3 for a penalty, the equilibrium of C-SHOT-2), an offside
chance is flagged (the CPUs flag), draws follow a fixed rule; only then is the model read.
"""
from __future__ import annotations

from collections.abc import Sequence
from math import exp
from operator import mul

from engine.chifootmi import (DRAW_PILE1, DRAW_PILE2, DT, FLAG_RAISED, PLAY, ChifootmiMatch,
                              Choice)
from engine.chifootmi.match import OFFSIDE_MARGIN

from .leaf_weights import WEIGHTS
from engine.bots.matrix import solve_exact

_PLAY, _FLAG, _SHOT, _DRAW, _OVER = range(5)
_THREE_WAY = ("penalty", "shootout")
DRAW_UP_FROM = 6
"""In a searched position, a seat draws the face-up card when it is a D/T or at least this
(the simple CPU's rule, near enough, without a view)."""

FEATURES = ("score", "ball", "one_keep_to_shot", "shooting_phase", "cards_left", "dt_left",
            "attacker_hand", "attacker_best", "attacker_high", "attacker_dt",
            "defender_hand", "defender_best", "defender_high", "defender_dt",
            "offside_pairs", "one_two_ready", "counter_one_keep")
"""The features, in the order of :func:`features` and of each weight vector. The last
three are the Pro+ options' and are 0 when their option is off: ``offside_pairs`` counts
the (attacker's card, defender's card) pairs that would be a keep by
:data:`OFFSIDE_MARGIN` or more in the retention phase (C-PLUS-OFF: flagged, the ball
changes sides instead); ``one_two_ready``: the attacker holds the card one below the
one it kept the ball with (C-PLUS-12); ``counter_one_keep``: the attacker won the ball by
a tackle on a dribble and needs one keep only (C-PLUS-CA)."""

HIGH = 9
"""A "high" card in hand: 9, 10 or 11."""


def weights_key(match: ChifootmiMatch) -> str:
    """Which fitted model a match uses: its level, ``+`` when any Pro+ option is on."""
    options = match.offside_rule or match.one_two_rule or match.counter_rule
    return match.level.value + ("+" if options else "")


def _hand(cards: list[int]) -> tuple[int, int, int, int]:
    total = best = high = dts = 0
    for card in cards:
        if card == DT:
            dts += 1
        else:
            total += card
            if card > best:
                best = card
            if card >= HIGH:
                high += 1
    return total, best, high, dts


def features(match: ChifootmiMatch, s: int) -> list[float]:
    """The features of ``match`` (at a card play) seen by seat index ``s``."""
    o = 1 - s
    a = match.ball
    sign = 1.0 if a == s else -1.0
    left = [0, 0]
    dts = [0, 0]
    for seat in (0, 1):
        cards = match.active[seat] + match.pile1[seat] + match.pile2[seat]
        dts[seat] = cards.count(DT)
        left[seat] = sum(cards)
    attack = _hand(match.active[a])
    defence = _hand(match.active[1 - a])
    retention = match.phase == "retention"
    one_keep = retention and match.retention + 1 >= match.retention_needed
    offside = 0
    if match.offside_rule and retention:
        attack_values = [c for c in match.active[a] if c != DT]
        defence_values = [c for c in match.active[1 - a] if c != DT]
        offside = sum(1 for x in attack_values for y in defence_values
                      if x - y >= OFFSIDE_MARGIN)
    kept = match.kept_with
    one_two = (match.one_two_rule and retention and kept > 1
               and (kept - 1) in match.active[a])
    counter = match.counter_rule and retention and match.retention_needed == 1
    return [
        float(match.score[s] - match.score[o]), sign,
        sign if one_keep else 0.0,
        sign if match.phase == "shooting" else 0.0,
        float(left[s] - left[o]), float(dts[s] - dts[o]),
        sign * attack[0], sign * attack[1], sign * attack[2], sign * attack[3],
        sign * defence[0], sign * defence[1], sign * defence[2], sign * defence[3],
        sign * offside, sign if one_two else 0.0, sign if counter else 0.0,
    ]


def _logistic(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + exp(-x))


def model_chance(match: ChifootmiMatch, s: int) -> float:
    """The fitted model's chance that seat ``s`` wins, at a card play."""
    table = WEIGHTS.get(weights_key(match)) or WEIGHTS[match.level.value]
    weights = table[min(match.rounds_played, len(table) - 1)]
    return _logistic(sum(map(mul, weights, features(match, s))))


def _final_chance(match: ChifootmiMatch, s: int) -> float:
    mine, theirs = match.score[s], match.score[1 - s]
    return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5


def win_chance(match: ChifootmiMatch, s: int, deep: bool = False) -> float:
    """The chance that seat ``s`` wins from ``match`` (which this call may change): exact
    at the end and over a pending shot, else the fitted model at the next card play, or
    with ``deep`` the value of that next round's game (:func:`round_value`)."""
    while True:
        stage = match.stage
        if stage == _PLAY:
            return round_value(match, s) if deep else model_chance(match, s)
        if stage == _OVER:
            return 1.0 if match.winner_index == s else 0.0
        if stage == _FLAG:
            match.apply({"red" if match.ball == 1 else "blue": FLAG_RAISED})
        elif stage == _SHOT:
            if match.shot_kind == "shootout":
                return 0.5
            goal = 2 / 3 if match.shot_kind in _THREE_WAY else 0.5
            shooter = match.shooter
            if match.shot_kind == "last_card":
                match.score[shooter] += 1
                scored = _final_chance(match, s)
                match.score[shooter] -= 1
                return goal * scored + (1 - goal) * _final_chance(match, s)
            seats = ("red", "blue")
            shoot = match.legal_choices(seats[shooter])[0]
            keeper = match.legal_choices(seats[1 - shooter])
            twin = match.clone()
            twin.apply({seats[shooter]: shoot, seats[1 - shooter]: keeper[-1]})
            match.apply({seats[shooter]: shoot, seats[1 - shooter]: keeper[0]})
            return (goal * win_chance(twin, s, deep)
                    + (1 - goal) * win_chance(match, s, deep))
        else:
            match.apply(opponent_draws(match, -1))


def deep_chance(match: ChifootmiMatch, s: int) -> float:
    """:func:`win_chance` one round deeper: the next card play is judged by the value of its
    round's game (:func:`round_value`) instead of by the model."""
    return win_chance(match, s, True)


def round_value(match: ChifootmiMatch, s: int) -> float:
    """Seat ``s``'s chance of winning from a card play in the full state ``match``, as the
    value of that round's matrix game (both seats' cards, each pair judged by
    :func:`win_chance`): where the model is read one round on instead of now. Why: the
    model alone is not consistent with itself (one round of equilibrium play on, it says
    something else than it says now, ``docs/bots.md``), and that is where a best reply
    gains. Both hands are known in ``match`` (one deal of a search), so the game is one of
    full information but for the simultaneous choice."""
    mine = list(dict.fromkeys(match.active[s]))
    theirs = list(dict.fromkeys(match.active[1 - s]))
    return solve_exact(pair_chances(match, s, mine, theirs))[2]


def pair_chances(match: ChifootmiMatch, s: int, mine: Sequence[int], theirs: Sequence[int],
                 deep: bool = False) -> list[list[float]]:
    """In the full state ``match`` at a card play: seat ``s``'s chance of winning after each
    (my card, their card) round, rows ``mine`` and columns ``theirs``; with ``deep``, each
    judged one round on (:func:`deep_chance`)."""
    seats = ("red", "blue")
    me, other = seats[s], seats[1 - s]
    out = []
    for card in mine:
        row = []
        for their in theirs:
            child = match.clone()
            child.apply({me: PLAY[card], other: PLAY[their]})
            row.append(win_chance(child, s, deep))
        out.append(row)
    return out


def opponent_draws(match: ChifootmiMatch, s: int) -> dict[str, Choice]:
    """At a draw: the choice of every drawing seat but seat index ``s``, by the search's
    rule (the face-up card when it is a D/T or at least :data:`DRAW_UP_FROM`)."""
    joint: dict[str, Choice] = {}
    for seat in match.draw_seats:
        if seat != s:
            top = match.pile2[seat][-1]
            joint["red" if seat == 0 else "blue"] = (
                DRAW_PILE2 if top == DT or top >= DRAW_UP_FROM else DRAW_PILE1)
    return joint
