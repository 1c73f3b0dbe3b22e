"""Sample a full match consistent with one seat's view, for CPU search.

The cards a seat cannot see are exactly its team's and the opponent's deck minus the
cards it can see; they are dealt at random into the unseen places (the opponent's
face-down actives, both pile 1s, pile 2s below their tops). Nothing else is unknown,
except the future shoot-out toss, which is tossed again.
"""
from __future__ import annotations

import random
from collections import Counter

from .cards import SEATS, MatchConfig
from .match import (
    FLAG_STAGE, OVER_STAGE, PLAY_STAGE, SHOT_STAGE, STAGE_NAMES, ChifootmiMatch,
)
from .view import ChifootmiView, TeamView


def _unseen(view: ChifootmiView, team: TeamView) -> list[int]:
    seen = Counter(view.played[team.seat])
    seen.update(slot.card for slot in team.active if slot.card is not None)
    if team.pile2_top is not None:
        seen[team.pile2_top] += 1
    pool = Counter(view.level.deck)
    pool.subtract(seen)
    if any(n < 0 for n in pool.values()):
        raise ValueError(f"the view shows more {team.seat} cards than the deck holds")
    return list(pool.elements())


def determinize(view: ChifootmiView, rng: random.Random) -> ChifootmiMatch:
    """A match that ``view.seat`` cannot tell apart from the real one, drawn at random."""
    match = object.__new__(ChifootmiMatch)
    match.config = MatchConfig(view.level, view.options)
    match.level = view.level
    match.offside_rule = view.options.offside
    match.one_two_rule = view.options.one_two
    match.counter_rule = view.options.counter_attack
    me = SEATS.index(view.seat)
    match.active, match.face_down, match.pile1, match.pile2 = [[], []], [[], []], [[], []], [[], []]
    for s, team in ((me, view.you), (1 - me, view.opponent)):
        pool = _unseen(view, team)
        rng.shuffle(pool)
        for slot in team.active:
            match.active[s].append(pool.pop() if slot.card is None else slot.card)
            match.face_down[s].append(slot.hidden)
        match.pile1[s] = [pool.pop() for _ in range(team.pile1)]
        if team.pile2:
            top = team.pile2_top
            if top is None:
                raise ValueError(f"the view shows {team.seat}'s pile 2 without its top card")
            match.pile2[s] = [pool.pop() for _ in range(team.pile2 - 1)] + [top]
        if pool:
            raise ValueError(f"the view's {team.seat} cards do not add up to the deck")
    match.played = [list(view.played["red"]), list(view.played["blue"])]
    match.action_len = view.action_rounds
    match.score = [view.score["red"], view.score["blue"]]
    match.ball = SEATS.index(view.ball)
    match.kickoff = match.ball
    match.retention = view.retention
    match.retention_needed = view.retention_needed
    match.phase = view.phase
    match.rounds_played = view.round - 1 if view.stage != "over" else view.rounds
    if not match.active[0] and not match.active[1]:
        match.rounds_played = view.rounds
    match.kept_with = view.one_two_value
    match.stage = STAGE_NAMES.index(view.stage)
    shot = view.shot
    match.shot_kind = shot.kind if shot else "open_play"
    match.shooter = SEATS.index(shot.shooter) if shot else match.ball
    draw_seats = [SEATS.index(seat) for seat in view.to_act] if view.stage == "draw" else []
    match.draw_seats = tuple(sorted(draw_seats))
    match.ball_moved_by_shot = view.last_round_shot
    if view.kicks is None:
        match.kicks = None
        match.shootout_first = rng.getrandbits(1)
    else:
        match.kicks = [list(view.kicks["red"]), list(view.kicks["blue"])]
        match.shootout_first = SEATS.index(view.shootout_first or "red")
    match.winner_index = None if view.winner is None else SEATS.index(view.winner)
    assert match.stage in (PLAY_STAGE, FLAG_STAGE, SHOT_STAGE, OVER_STAGE) or draw_seats
    return match
