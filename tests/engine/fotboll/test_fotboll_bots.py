"""The Fotboll CPUs: legal, whole matches, replayable from seeds, and stronger than chance."""
from __future__ import annotations

import random

import pytest

from engine.fotboll.bots import (
    DIFFICULTIES, RandomBot, SearchBot, SensibleBot, bot_rng, make_difficulty, play_match,
    SEARCHED_FORMATION, redeal, sensible_policy, sensible_prepare,
)
from engine.fotboll import Attack, Card, LineUp, MatchConfig, Prepare, determinize, new_match
from engine.fotboll.position import Team, position
from fotboll_setups import HIGH, LOW, act, beaten, start

CONFIGS = [MatchConfig(), MatchConfig(jokers=True, tiebreak=True)]


@pytest.mark.parametrize("config", CONFIGS)
def test_every_bot_plays_whole_matches_legally(config):
    players = {"red": SearchBot(samples=2), "blue": SensibleBot(noise=0.3)}
    match = new_match(config, 11)
    rngs = {seat: bot_rng(11, seat) for seat in players}
    while match.to_act():
        joint = {}
        for seat in match.to_act():
            choice = players[seat].choose(match.view(seat), match.legal_choices(seat), rngs[seat])
            assert match.is_legal(seat, choice)
            joint[seat] = choice
        match.apply(joint)
    assert match.is_over


def test_a_match_between_bots_replays_from_its_seeds():
    one = play_match(CONFIGS[1], 4, {"red": SearchBot(samples=2), "blue": SensibleBot()})
    two = play_match(CONFIGS[1], 4, {"red": SearchBot(samples=2), "blue": SensibleBot()})
    assert one == two


def test_the_sensible_bot_beats_the_random_one():
    wins = 0
    for seed in range(6):
        red, blue = (SensibleBot(), RandomBot()) if seed % 2 else (RandomBot(), SensibleBot())
        match = play_match(CONFIGS[1], seed, {"red": red, "blue": blue})
        wins += match.winner == ("red" if seed % 2 else "blue")
    assert wins >= 5


def test_the_sensible_attack_takes_a_seen_beatable_card_then_the_goal():
    match = start(HIGH + ["9S"], LOW)
    assert sensible_prepare(match.view("red")) == Prepare()      # nothing to prepare: 9S drawn
    # red has seen blue's F2: a 4H, beaten by 9S
    match = position(red=Team(HIGH), blue=Team(LOW, shown=["F2"]), drawn="9S")
    assert SensibleBot().ranked_attacks(match.view("red"))[0] == Attack("F2")
    match = position(red=Team(HIGH), blue=beaten(LOW, "F1", "M1", "D1", shown=["F2"]), drawn="9S")
    assert SensibleBot().ranked_attacks(match.view("red"))[0] == Attack("GK")


def test_the_search_bot_sees_only_its_view():
    """Two matches that differ only where red cannot see give red the same choice."""
    match = start(HIGH + ["9C"], LOW)
    act(match, sensible_prepare(match.view("red")))
    view = match.view("red")
    twin = determinize(view, random.Random(3))
    assert twin.view("red") == view and twin.field[1] != match.field[1]
    bot = SearchBot(samples=3)
    assert bot.choose(view, match.legal_choices("red"), random.Random(5)) == \
        bot.choose(twin.view("red"), twin.legal_choices("red"), random.Random(5))


def test_difficulties_make_bots():
    assert set(DIFFICULTIES) == {"easy", "medium", "hard"}
    assert isinstance(make_difficulty("hard"), SearchBot)
    assert isinstance(make_difficulty("nonsense"), SensibleBot)
    assert Card.parse("QC").rank == 12


def test_the_rollout_policy_is_the_sensible_bot_on_the_full_match():
    """``sensible_policy`` reads the match, not a view, but only what the acting seat may
    know: it must choose exactly as ``SensibleBot`` does from that seat's view."""
    bot, compared = SensibleBot(), 0
    for seed in range(4):
        match = new_match(CONFIGS[1], seed)
        rng = random.Random(seed)
        while match.to_act():
            joint = {seat: bot.choose(match.view(seat), match.legal_choices(seat), rng)
                     for seat in match.to_act()}
            if match.stage in ("prepare", "attack", "send_off", "keeper"):
                assert sensible_policy(match, rng) == joint
                compared += 1
            match.apply(joint)
    assert compared > 300


def blue_open_to_the_goal(drawn: str):
    """Red has drawn ``drawn``; blue's three lines are open, its GK unseen, its D1 a 3D red
    has seen."""
    blue = ["AS", "3D", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C"]
    return position(red=Team(HIGH), blue=beaten(blue, "F1", "M1", "D2", shown=["D1"]), drawn=drawn)


def test_the_search_takes_a_sure_win_to_draw_a_better_card_for_the_goal():
    """A 3 has little chance against an unseen goalkeeper; beating the 3D it has seen costs
    nothing and draws a fresh card for the goal: one duel ahead misses it, the search not."""
    match = blue_open_to_the_goal("3C")
    view = match.view("red")
    assert SensibleBot().choose(view, match.legal_choices("red"), random.Random(1)) == \
        Attack("GK")
    assert SearchBot().choose(view, match.legal_choices("red"), random.Random(1)) == \
        Attack("D1")


def test_the_search_keeps_the_sensible_target_when_it_is_not_clearly_worse():
    """With a queen the goal is all but certain: no detour."""
    match = blue_open_to_the_goal("QS")
    view = match.view("red")
    assert SearchBot().choose(view, match.legal_choices("red"), random.Random(1)) == \
        Attack("GK")


def test_redeal_keeps_what_the_seat_knows():
    match = blue_open_to_the_goal("3C")
    view = match.view("red")
    base = determinize(view, random.Random(2))
    hidden = [s.position for s in view.opponent.field if s.card is None and not s.empty]
    for k in range(5):
        twin = redeal(base, 0, hidden, random.Random(k))
        assert twin.view("red") == view
        assert sorted(twin.library[1] + [twin.field[1][p] for p in hidden]) == \
            sorted(base.library[1] + [base.field[1][p] for p in hidden])


def test_the_search_bot_lines_up_its_formation_with_one_position_off_per_red_card():
    match = new_match(CONFIGS[1], 3)
    view = match.view("red")
    assert SearchBot().choose(view, match.legal_choices("red"), random.Random(1)) == \
        LineUp(SEARCHED_FORMATION)
    match = position(CONFIGS[1], red=Team(formation=None, yellow=2), blue=Team(formation=None),
                     half=2)                # red had a red card in the first half
    choice = SearchBot().choose(match.view("red"), match.legal_choices("red"), random.Random(1))
    assert choice.formation == SEARCHED_FORMATION and len(choice.removed) == 1
    assert match.is_legal("red", choice)
