"""Properties over random legal play at every level and option mix (hypothesis)."""
from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.chifootmi import (
    SEATS, Level, MatchConfig, Options, determinize, new_match,
)
from engine.chifootmi.cards import card_to_json
from engine.chifootmi.script import parse_turn, joint_to_json

configs = st.builds(
    MatchConfig, st.sampled_from(list(Level)),
    st.builds(Options, st.booleans(), st.booleans(), st.booleans()))
seeds = st.integers(min_value=0, max_value=2**32)
SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def random_play(config, seed, choice_seed, on_state=None):
    """Play a whole random legal match; yield (match, log of joint decisions)."""
    m = new_match(config, seed)
    rng = random.Random(choice_seed)
    log = []
    while m.to_act():
        if on_state:
            on_state(m)
        joint = {s: rng.choice(m.legal_choices(s)) for s in m.to_act()}
        log.append(joint)
        m.apply(joint)
    if on_state:
        on_state(m)
    return m, log


def places(m, s):
    return (m.active[s] + m.pile1[s] + m.pile2[s] + m.played[s])


@SETTINGS
@given(configs, seeds, seeds)
def test_every_card_is_in_exactly_one_place(config, seed, choice_seed):
    def check(m):
        for s in (0, 1):
            assert Counter(places(m, s)) == Counter(config.level.deck)
            assert len(m.face_down[s]) == len(m.active[s])
            assert 0 <= m.action_len <= len(m.played[s])
    random_play(config, seed, choice_seed, check)


@SETTINGS
@given(configs, seeds, seeds)
def test_no_seat_ever_holds_more_than_four_active_cards(config, seed, choice_seed):
    def check(m):
        assert all(len(hand) <= 4 for hand in m.active)
    random_play(config, seed, choice_seed, check)


@SETTINGS
@given(configs, seeds, seeds)
def test_score_only_grows_and_match_ends_decided(config, seed, choice_seed):
    seen = []

    def check(m):
        score = tuple(m.score) + (m.shootout_score or (0, 0))
        if seen:
            assert all(a >= b for a, b in zip(score, seen[-1]))
        seen.append(score)
    m, _ = random_play(config, seed, choice_seed, check)
    assert m.is_over and m.winner in SEATS and not m.to_act()


def _known_to(m, seat):
    """Every (place, card) pair the seat may know, by the rules C-VIS-1..2."""
    me = SEATS.index(seat)
    known = set()
    for s in (0, 1):
        for i, (card, down) in enumerate(zip(m.active[s], m.face_down[s])):
            if s == me or not down:
                known.add(("active", s, i, card))
    return known


@SETTINGS
@given(configs, seeds, seeds)
def test_view_never_holds_a_card_the_seat_may_not_know(config, seed, choice_seed):
    def check(m):
        for seat in SEATS:
            me = SEATS.index(seat)
            view = m.view(seat)
            for s, team in ((me, view.you), (1 - me, view.opponent)):
                if s == me:
                    assert [slot.card for slot in team.active] == m.active[s]
                else:  # the opponent's face-up cards in hand order, then its face-down ones
                    up = [c for c, down in zip(m.active[s], m.face_down[s]) if not down]
                    assert [slot.card for slot in team.active] == up + [None] * (
                        len(m.active[s]) - len(up)), "opponent's face-down card leaked"
                assert team.pile2_top == (m.pile2[s][-1] if m.pile2[s] else None)
            # Nothing in the JSON names pile 1 contents or cards below pile 2's top:
            # only counts and the top are there.
            doc = view.to_json()
            assert set(doc["you"]) == set(doc["opponent"]) == {
                "seat", "active", "pile1", "pile2", "pile2_top"}
            opp_hidden = [card_to_json(c) for c, d in zip(m.active[1 - me], m.face_down[1 - me]) if d]
            shown = [slot["card"] for slot in doc["opponent"]["active"]]
            assert shown.count(None) == len(opp_hidden)
    random_play(config, seed, choice_seed, check)


@SETTINGS
@given(configs, seeds, seeds, seeds)
def test_view_is_the_same_whatever_the_hidden_cards_are(config, seed, choice_seed, sample_seed):
    """A determinized state — hidden cards reshuffled — gives the seat the identical view,
    so nothing in the view depends on what the seat may not know."""
    rng = random.Random(sample_seed)

    def check(m):
        for seat in SEATS:
            view = m.view(seat)
            twin = determinize(view, rng)
            assert twin.view(seat) == view
            assert Counter(places(twin, 0)) == Counter(config.level.deck)
    random_play(config, seed, choice_seed, check)


@SETTINGS
@given(configs, seeds, seeds)
def test_replay_of_the_decision_log_reproduces_the_state(config, seed, choice_seed):
    m, log = random_play(config, seed, choice_seed)
    again = new_match(config, seed)
    for index, joint in enumerate(log):
        again.apply(parse_turn(json.loads(json.dumps(joint_to_json(joint))), index))
    assert again == m


@SETTINGS
@given(configs, seeds, seeds)
def test_illegal_choices_leave_the_state_unchanged(config, seed, choice_seed):
    from engine.chifootmi import DIVE, DRAW_PILE1, FLAG_RAISED, PLAY, SHOOT, Side
    from engine.errors import IllegalChoice
    candidates = [PLAY[c] for c in range(12)] + [DRAW_PILE1, FLAG_RAISED,
                                                 SHOOT[Side.CENTRE], DIVE[Side.CENTRE]]
    rng = random.Random(choice_seed)

    def check(m):
        if not m.to_act():
            return
        seat = rng.choice(m.to_act())
        bad = [c for c in candidates if c not in m.legal_choices(seat)]
        joint = {s: rng.choice(m.legal_choices(s)) for s in m.to_act()}
        joint[seat] = rng.choice(bad)
        before = m.clone()
        try:
            m.apply(joint)
        except IllegalChoice as err:
            assert err.rule.startswith("C-")
        else:
            raise AssertionError(f"{joint[seat]} accepted for {seat}")
        assert m == before
    random_play(config, seed, choice_seed, check)


def test_events_never_carry_a_pile1_card():
    """Events are public: a draw from pile 1 is reported without its card."""
    for seed in range(200):
        m = new_match(MatchConfig(Level.PRO), seed)
        rng = random.Random(seed)
        while m.to_act():
            for event in m.apply({s: rng.choice(m.legal_choices(s)) for s in m.to_act()}):
                if event.name == "draw" and event.pile == "pile1":
                    assert event.card is None
