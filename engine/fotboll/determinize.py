"""Sample a full match consistent with one seat's view, for CPU search.

Unknown to the seat: the opponent's field cards it has not seen, both libraries, the card
the opponent drew to attack, and the decks of a half not yet laid out. Each team's unseen
cards are its deck minus its discards and the field cards the seat knows; they are dealt at
random into those places. The shoot-out toss, when still in the future, is tossed again.
"""
from __future__ import annotations

import random
from collections import Counter

from .cards import FORMATIONS, SEATS, Card, full_deck
from .match import ATTACK, FORMATION, FotbollMatch
from .view import FotbollView, TeamView


def _unseen(view: FotbollView, team: TeamView, drawn_known: bool) -> list[Card]:
    pool = Counter(full_deck(view.config.jokers))
    pool.subtract(team.discard)
    pool.subtract(slot.card for slot in team.field if slot.card is not None)
    if drawn_known and view.drawn is not None:
        pool[view.drawn] -= 1
    if any(n < 0 for n in pool.values()):
        raise ValueError(f"the view shows more {team.seat} cards than the deck holds")
    return list(pool.elements())


def determinize(view: FotbollView, rng: random.Random) -> FotbollMatch:
    """A match that ``view.seat`` cannot tell apart from the real one, drawn at random."""
    match = object.__new__(FotbollMatch)
    match.config = view.config
    me = SEATS.index(view.seat)
    turn = SEATS.index(view.turn)
    deck = full_deck(view.config.jokers)
    laid = view.stage != FORMATION
    halves = []
    for _half in (1, 2):
        red, blue = (tuple(rng.sample(deck, len(deck))) for _ in SEATS)
        halves.append((red, blue))
    match.decks = tuple(halves)
    match.first = SEATS.index(view.first)
    match.half = view.half
    match.stage = view.stage
    match.turn = turn
    match.chooser = SEATS.index(view.to_act[0]) if view.to_act else turn
    match.score = [view.score["red"], view.score["blue"]]
    match.formation, match.field, match.removed = [None, None], [{}, {}], [(), ()]
    match.shown, match.replaceable = [set(), set()], [set(), set()]
    match.library, match.discard = [[], []], [[], []]
    match.drawn = None
    match.yellow, match.reds, match.subs_used = [0, 0], [0, 0], [0, 0]
    for s, team in ((me, view.you), (1 - me, view.opponent)):
        match.yellow[s], match.reds[s], match.subs_used[s] = (
            team.yellow, team.red_cards, team.subs_used)
        match.discard[s] = list(team.discard)
        match.removed[s] = team.removed
        match.shown[s] = {slot.position for slot in team.field if slot.shown}
        match.replaceable[s] = set(team.replaceable)
        if not laid:
            continue
        assert team.formation is not None                 # a team laid out has its formation
        match.formation[s] = FORMATIONS[team.formation]
        pool = _unseen(view, team, drawn_known=s == me)
        rng.shuffle(pool)
        field = {}
        for slot in team.field:
            field[slot.position] = None if slot.empty else (
                slot.card if slot.card is not None else pool.pop())
        match.field[s] = field
        if view.stage == ATTACK and s == turn:
            match.drawn = view.drawn if s == me else pool.pop()
        if len(pool) != team.library:
            raise ValueError(f"the view's {team.seat} cards do not add up to the deck")
        match.library[s] = pool
    if view.kicks is None:
        match.kicks = None
        match.shootout_first = rng.getrandbits(1)
    else:
        match.kicks = [list(view.kicks["red"]), list(view.kicks["blue"])]
        match.shootout_first = SEATS.index(view.shootout_first or "red")
    match.shooter = SEATS.index(view.shooter) if view.shooter else match.shootout_first
    match.winner_index = None if view.winner is None else SEATS.index(view.winner)
    return match
