"""Fotboll positions for tests (``engine.fotboll.position``): positions the rules could reach
are built as asked and play on like the match they describe; the others are refused."""
from __future__ import annotations

import random

import pytest
from fotboll_setups import HIGH, LOW, act, beaten

from engine.errors import BadSetup
from engine.fotboll import Attack, MatchConfig, new_match
from engine.fotboll.position import Team, position, setup_of


def test_a_position_of_any_match_under_way_shows_and_plays_on_as_that_match():
    """``position(**setup_of(match))`` for every prepare/attack decision of random matches:
    each seat sees the same view and may choose the same, and the rest plays out alike."""
    compared = 0
    for seed in range(6):
        config = MatchConfig(jokers=seed % 2 == 0, tiebreak=True)
        match, rng = new_match(config, seed), random.Random(seed)
        while match.to_act():
            if match.stage in ("prepare", "attack") and rng.random() < 0.1:
                twin = position(config, **setup_of(match))
                for seat in ("red", "blue"):
                    assert twin.view(seat) == match.view(seat)
                    assert twin.legal_choices(seat) == match.legal_choices(seat)
                original, copy = match.clone(), twin
                while original.to_act():
                    joint = {s: rng.choice(original.legal_choices(s)) for s in original.to_act()}
                    assert copy.apply(joint) == original.apply(joint)
                assert copy.view("red") == original.view("red")
                compared += 1
            match.apply({seat: rng.choice(match.legal_choices(seat)) for seat in match.to_act()})
    assert compared > 20


def test_a_line_up_position_deals_the_libraries_given_top_first():
    match = position(MatchConfig(jokers=True), red=Team(library=HIGH, formation=None, yellow=2),
                     blue=Team(library=LOW, formation=None), half=2, score=(1, 0))
    assert match.to_act() == ("blue", "red") and all(len(c.removed) == 1 for c in match.legal_choices("red"))
    assert match.view("red").score == {"red": 1, "blue": 0}


def test_the_cards_nowhere_else_are_the_library_or_else_the_discard():
    match = position(red=beaten(HIGH, "F1", library=["2C", "3C"]), blue=Team(LOW))
    red = match.view("blue").opponent
    assert red.library == 2 and red.discard[0].label == "QD" and len(red.discard) == 52 - 10 - 2
    assert match.view("red").opponent.library == 52 - 11


@pytest.mark.parametrize("setup, rule", [
    ({"red": Team(HIGH, library=["AC"])}, "F-COMP-1"),                      # AC twice
    ({"red": Team(HIGH, library=["JK"])}, "F-COMP-1"),                     # no Jokers in play
    ({"red": Team(HIGH[:10])}, "positions"),                                # a card short
    ({"red": Team(HIGH, formation="2-2-6")}, "F-SET-1"),
    ({"red": Team(HIGH[:10], removed=("F2",))}, "F-HALF-1"),                # removed, no red card
    ({"red": Team(HIGH, yellow=1)}, "F-JOK-2"),                             # yellow without Jokers
    ({"red": Team(HIGH, subs=4)}, "F-TURN-2"),
    ({"blue": beaten(LOW, "F1", shown=("F1",))}, "F-VIS-1"),                # shown but gone
    ({"red": Team(HIGH, replaceable=("F1",)), "drawn": "2C"}, "F-TURN-1"),  # prepared already
    ({"red": Team(HIGH, library=[])}, "F-TURN-6"),                          # passes, not prepares
    ({"red": Team(HIGH, subs=3)}, "F-TURN-1"),                              # nothing to prepare
    ({"red": Team(formation=None)}, "F-SET-1"),                             # one team lined up
    ({"half": 3}, "F-HALF-1"),
])
def test_positions_the_rules_could_never_reach_are_refused(setup, rule):
    teams = {"red": Team(HIGH), "blue": Team(LOW)}
    with pytest.raises(BadSetup, match=rule):
        position(MatchConfig(), **(teams | setup))


def test_a_joker_that_has_been_in_a_duel_is_never_on_the_field():
    with pytest.raises(BadSetup, match="F-JOK-1"):
        position(MatchConfig(jokers=True), red=Team(HIGH),
                 blue=Team(LOW[:10] + ["JK"], shown=("F2",)))


def test_the_seat_to_play_attacks_with_the_card_it_drew():
    match = position(red=Team(HIGH), blue=beaten(LOW, "F1"), drawn="9S")
    assert match.view("red").drawn.label == "9S" and match.view("blue").drawn is None
    events = act(match, Attack("M1"))                                       # 9S beats 2S
    assert events[0].won and match.view("red").drawn.label == "2C"          # the library's top
