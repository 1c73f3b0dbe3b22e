"""No decision leaks a hidden card through the view (C-VIS-2, issue 15).

A *twin* of a match, for an observing seat, is the same match with the other team's cards
that the observer cannot see dealt otherwise: its face-down active cards, its pile 1 and
its pile 2 below the two top cards (the card under the top is shown as soon as the top is
drawn, so it stays put). The observer cannot tell a twin from the real match; so after
any joint decision, legal in both, its view must be the same in both. The old engine
failed this: playing D/T while holding a face-down D/T before a face-up one removed the
face-down one, and the opponent saw that slot go.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.chifootmi import DT, PLAY, SEATS, Level, MatchConfig, Options, new_match
from engine.chifootmi.position import position

configs = st.builds(
    MatchConfig, st.sampled_from([Level.AMATEUR, Level.PRO, Level.BEGINNER]),
    st.builds(Options, st.booleans(), st.booleans(), st.booleans()))
seeds = st.integers(min_value=0, max_value=2**32)


def hidden_places(match, s: int) -> list[tuple[str, int]]:
    """Where seat ``s``'s cards lie that its opponent cannot see and that no draw this turn
    can show it."""
    places = [("active", i) for i, down in enumerate(match.face_down[s]) if down]
    places += [("pile1", i) for i in range(len(match.pile1[s]))]
    places += [("pile2", i) for i in range(len(match.pile2[s]) - 2)]
    return places


def twin(match, s: int, rng: random.Random):
    """``match`` with seat ``s``'s hidden cards (``hidden_places``) shuffled among themselves."""
    other = match.clone()
    places = hidden_places(match, s)
    cards = [getattr(match, name)[s][i] for name, i in places]
    rng.shuffle(cards)
    for (name, i), card in zip(places, cards):
        getattr(other, name)[s][i] = card
    return other


def biased_choice(match, seat: str, rng: random.Random):
    """A random legal choice, playing D/T half the time it can (the case that leaked)."""
    legal = match.legal_choices(seat)
    if PLAY[DT] in legal and rng.random() < 0.5:
        return PLAY[DT]
    return rng.choice(legal)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs, seeds, seeds)
def test_C_VIS_2_a_decision_shows_the_observer_the_same_in_every_twin(config, seed, choice_seed):
    match = new_match(config, seed)
    rng = random.Random(choice_seed)
    while match.to_act():
        joint = {seat: biased_choice(match, seat, rng) for seat in match.to_act()}
        for observer in SEATS:
            owner = 1 - SEATS.index(observer)
            for _ in range(6):
                other = twin(match, owner, rng)
                assert other.view(observer) == match.view(observer)
                if any(joint[seat] not in other.legal_choices(seat) for seat in joint):
                    continue
                after, twin_after = match.clone(), other
                after.apply(joint)
                twin_after.apply(joint)
                assert twin_after.view(observer) == after.view(observer), (
                    f"{observer} tells a twin from the real match after {joint}")
        match.apply(joint)


def test_C_VIS_2_playing_DT_plays_the_face_up_copy_first():
    """Red holds a face-down D/T before a face-up one and plays D/T: the face-up one goes,
    so blue still sees one face-down card and no D/T left face up."""
    match = position(MatchConfig(Level.AMATEUR), red=[DT, 5, DT, 7], blue=[1, 2, 3, 4],
                     face_down={"red": [True, False, False, False]})
    match.apply({"red": PLAY[DT], "blue": PLAY[1]})
    assert match.active[0][0] == DT and match.face_down[0][0]
    opponent = match.view("blue").opponent.active
    assert [slot.card for slot in opponent] == [5, 7, None]
