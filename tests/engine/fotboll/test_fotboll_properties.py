"""Hypothesis properties of the Fotboll engine over whole random matches: every card is
always somewhere, views hide exactly what they must, and scripts replay exactly."""
from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalChoice
from engine.fotboll import (
    NOTHING, Attack, Keeper, LineUp, MatchConfig, SendOff, determinize, full_deck, new_match,
)
from engine.fotboll.script import joint_to_json, parse_turn

matches = st.tuples(st.integers(0, 2**31 - 1), st.booleans(), st.booleans())


def random_match(seed: int, jokers: bool, tiebreak: bool):
    """Yield the match after each decision of a uniformly random game."""
    match = new_match(MatchConfig(jokers, tiebreak), seed)
    rng = random.Random(seed)
    while match.to_act():
        joint = {seat: rng.choice(match.legal_choices(seat)) for seat in match.to_act()}
        yield match, joint
        match.apply(joint)
    yield match, None


@settings(max_examples=12, deadline=None)
@given(matches)
def test_every_card_is_on_the_field_in_a_library_a_discard_or_in_hand(args):
    for match, _ in random_match(*args):
        if match.stage == "formation":
            continue
        for s in (0, 1):
            cards = Counter(c for c in match.field[s].values() if c is not None)
            cards.update(match.library[s])
            cards.update(match.discard[s])
            if match.drawn is not None and match.turn == s:
                cards[match.drawn] += 1
            assert cards == Counter(full_deck(match.config.jokers))


@settings(max_examples=10, deadline=None)
@given(matches)
def test_views_hide_unseen_cards_and_any_consistent_state_gives_the_same_view(args):
    rng = random.Random(args[0])
    for match, _ in random_match(*args):
        for seat in match.seats:
            view = match.view(seat)
            assert all(s.card is None or s.shown for s in view.opponent.field)
            assert view.drawn is None or (seat == view.turn and view.stage == "attack")
            if rng.random() < 0.2:
                assert determinize(view, rng).view(seat) == view


@settings(max_examples=10, deadline=None)
@given(matches)
def test_a_match_replays_from_its_seed_and_script_turns(args):
    turns = []
    for match, joint in random_match(*args):  # noqa: B007  (the last one is kept)
        if joint is not None:
            turns.append(json.loads(json.dumps(joint_to_json(joint))))
    final = match
    again = new_match(final.config, args[0])
    for index, turn in enumerate(turns):
        again.apply(parse_turn(turn, index))
    assert again == final and again.is_over


@settings(max_examples=10, deadline=None)
@given(matches, st.integers(0, 2**16))
def test_illegal_choices_leave_the_state_unchanged(args, pick):
    wrong = [NOTHING, Attack("GK"), Attack("M9"), SendOff("GK"), Keeper("F1"), LineUp("4-4-2", ("GK",))]
    for i, (match, _) in enumerate(random_match(*args)):
        if i % 7 or not match.to_act():
            continue
        seat = match.to_act()[0]
        choice = wrong[(pick + i) % len(wrong)]
        if match.is_legal(seat, choice):
            continue
        before = match.clone()
        joint = {s: choice for s in match.to_act()}
        try:
            match.apply(joint)
        except IllegalChoice:
            assert match == before
        else:
            raise AssertionError(f"{choice} was applied though not legal")
