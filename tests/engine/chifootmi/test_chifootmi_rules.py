"""One or more tests per rule id of docs/rules/chifootmi.md, named after it."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.chifootmi import (
    DIVE, DRAW_PILE1, DRAW_PILE2, DT, FLAG_DOWN, FLAG_RAISED, PLAY, SHOOT, Deal, Level,
    MatchConfig, Options, Side, new_match, seeded_deal,
)
from engine.chifootmi.position import position
from engine.errors import BadSetup, IllegalChoice
from match_builders import deck, draw, match, names, play, shot

PRO, AMATEUR, BEGINNER = Level.PRO, Level.AMATEUR, Level.BEGINNER


# ----- components and set-up ------------------------------------------------------------
def test_C_COMP_1_decks_per_level():
    assert sorted(BEGINNER.deck) == list(range(1, 12))
    for level in (AMATEUR, PRO):
        assert Counter(level.deck) == Counter({**{v: 1 for v in range(1, 12)}, DT: 3})


def test_C_COMP_1_deal_with_wrong_cards_is_refused():
    with pytest.raises(BadSetup, match="C-COMP-1"):
        new_match(MatchConfig(BEGINNER), 1, Deal(tuple(range(1, 12)), (DT, *range(1, 11))))


def test_C_COMP_2_ball_shows_attacker():
    m = match(kickoff="blue")
    assert m.view("red").ball == "blue"


def test_C_SET_1_same_seed_same_shuffle_other_seed_other_shuffle():
    a, b = seeded_deal(PRO, 11), seeded_deal(PRO, 11)
    assert a == b
    assert any(seeded_deal(PRO, s).red != a.red for s in range(12, 20))


def test_C_SET_2_beginner_layout():
    m = match(BEGINNER, red=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    view = m.view("red")
    assert [s.card for s in view.you.active] == [1, 2, 3, 4]
    assert (view.you.pile1, view.you.pile2, view.you.pile2_top) == (3, 4, 8)


def test_C_SET_2_amateur_and_pro_layout():
    for level in (AMATEUR, PRO):
        m = new_match(MatchConfig(level), 3)
        view = m.view("blue")
        assert len(view.you.active) == 4 and view.you.pile1 == 3 and view.you.pile2 == 7


def test_C_SET_3_toss_is_fair_and_starts_with_zero_retention():
    kickoffs = Counter(new_match(MatchConfig(BEGINNER), s).view("red").ball for s in range(400))
    assert 150 < kickoffs["red"] < 250
    assert new_match(MatchConfig(BEGINNER), 5).view("red").retention == 0


# ----- visibility --------------------------------------------------------------------------
def test_C_VIS_1_public_facts_in_both_views():
    m = match(red=[5, 1, 2, 3], blue=[4, 6, 7, 8])
    play(m, 5, 4)
    for seat in ("red", "blue"):
        view = m.view(seat)
        assert view.played == {"red": (5,), "blue": (4,)}
        assert view.score == {"red": 0, "blue": 0} and view.ball == "red"


def test_C_VIS_2_face_down_card_known_to_owner_only():
    m = match(red=[5, 1, 2, 3, 9, 10, 11], blue=[4, 6, 7, 8])
    play(m, 5, 4)
    events = draw(m, red=1, blue=2)
    assert [e for e in events if e.seat == "red"][0].card is None
    mine = m.view("red").you.active[-1]
    theirs = m.view("blue").opponent.active[-1]
    assert (mine.card, mine.hidden) == (9, True)
    assert (theirs.card, theirs.hidden) == (None, True)


def test_C_VIS_2_pile_contents_unknown_only_top_of_pile2():
    m = match(red=[1, 2, 3, 4, 5, 6, 7, 8])
    view = m.view("red").to_json()
    assert view["you"]["pile2_top"] == 8
    assert "pile1_cards" not in view and set(view["you"]) == {
        "seat", "active", "pile1", "pile2", "pile2_top"}


def test_C_VIS_3_no_choice_reaches_the_engine_before_both_lock():
    m = match()
    with pytest.raises(IllegalChoice, match="waiting for blue"):
        m.apply({"red": PLAY[1]})
    assert m.view("blue").played == {"red": (), "blue": ()}


def _varied_joint(m, turn):
    """Seeded random choices (fixed per turn), so a shoot-out ends as it would in play."""
    rng = random.Random(turn)
    return {seat: rng.choice(m.legal_choices(seat)) for seat in m.to_act()}


# ----- a round -------------------------------------------------------------------------------
def test_C_RND_1_both_choose_then_both_revealed():
    m = match(red=[7, 1, 2, 3], blue=[3, 1, 2, 4])
    assert m.to_act() == ("blue", "red")
    events = play(m, 7, 3)
    assert (events[0].name, events[0].red, events[0].blue) == ("reveal", 7, 3)


def test_C_RND_1_card_not_held_is_refused_and_state_unchanged():
    m = match(red=[7, 1, 2, 3], blue=[3, 1, 2, 4])
    before = m.clone()
    with pytest.raises(IllegalChoice, match="C-RND-1") as err:
        play(m, 11, 3)
    assert err.value.rule == "C-RND-1"
    assert m == before


def test_C_RND_2_action_cards_set_aside_on_change_of_possession():
    m = match(red=[7, 1, 2, 3], blue=[3, 9, 2, 4])
    play(m, 7, 3)
    draw(m)
    assert m.view("red").action_rounds == 1
    play(m, 1, 9)
    assert m.view("red").action_rounds == 0 and m.view("red").ball == "blue"


def test_C_RND_3_attacker_keeps_on_equal_value():
    m = match(red=[5, 1, 2, 3], blue=[5, 1, 2, 3])
    events = play(m, 5, 5)
    assert "ball_kept" in names(events) and m.view("red").retention == 1


def test_C_RND_3_defender_higher_wins_the_ball():
    m = match(red=[5, 1, 2, 3], blue=[6, 1, 2, 3])
    events = play(m, 5, 6)
    assert "ball_won" in names(events)
    assert (m.view("red").ball, m.view("red").retention) == ("blue", 0)


def test_C_RND_4_beginner_shot_at_once_after_two_keeps():
    m = match(red=[10, 11, 1, 2], blue=[1, 2, 3, 4])
    play(m, 10, 1)
    draw(m)
    events = play(m, 11, 2)
    assert names(events)[-1] == "shot"
    assert m.to_act() == ("blue", "red") and m.view("red").decision == "shoot"
    assert m.view("blue").decision == "dive"


def test_C_RND_4_pro_next_round_is_card_shot():
    m = match(PRO, red=[10, 11, 1, 2], blue=[1, 2, 3, 4])
    play(m, 10, 1)
    draw(m)
    events = play(m, 11, 2)
    assert "shooting_phase" in names(events) and m.view("red").phase == "shooting"
    assert m.view("red").decision == "draw"


def test_C_RND_5_draw_choice_and_face_up_from_pile2():
    m = match(red=[5, 1, 2, 3, 9, 10, 11, 4], blue=[4, 6, 7, 8])
    play(m, 5, 4)
    assert m.to_act() == ("blue", "red") and m.view("red").decision == "draw"
    draw(m, red=2, blue=2)
    slot = m.view("blue").opponent.active[-1]
    assert (slot.card, slot.hidden) == (4, False)


def test_C_RND_5_only_one_pile_left_draws_itself():
    m = position(MatchConfig(), red=[5, 1, 2, 3], blue=[4, 6, 7, 8],  # red: pile 1 spent;
                 piles={"red": ([], [10, 9]), "blue": ([10, 9], [])})  # blue: pile 2 spent
    events = play(m, 5, 4)
    draws = [(e.seat, e.pile, e.forced) for e in events if e.name == "draw"]
    assert draws == [("red", "pile2", True), ("blue", "pile1", True)]
    assert m.view("red").decision == "play"


def test_C_RND_5_forced_draw_happens_before_the_other_seat_chooses_and_an_empty_pile_is_never_drawn():
    m = position(MatchConfig(), red=[5, 1, 2, 3], blue=[4, 6, 7, 8],   # red: pile 1 spent
                 piles={"red": ([], [11, 10, 9, 8]), "blue": ([3, 2, 1], [9])})
    events = play(m, 5, 4)
    assert [(e.seat, e.forced) for e in events if e.name == "draw"] == [("red", True)]
    assert m.to_act() == ("blue",)
    assert m.legal_choices("blue") == (DRAW_PILE1, DRAW_PILE2)
    with pytest.raises(IllegalChoice, match="red has nothing to decide"):
        m.apply({"red": DRAW_PILE1, "blue": DRAW_PILE2})


def test_C_RND_5_hand_shrinks_when_both_piles_empty():
    m = match()
    counts = []
    while m.to_act():
        if m.view("red").decision == "play":
            counts.append(len(m.view("red").you.active))
        m.apply(_varied_joint(m, len(counts)))
    assert counts[-4:] == [4, 3, 2, 1]


@pytest.mark.parametrize("level,rounds", [(BEGINNER, 11), (AMATEUR, 14), (PRO, 14)])
def test_C_RND_6_match_lasts_one_round_per_card(level, rounds):
    m = new_match(MatchConfig(level), 9)
    reveals = turn = 0
    while m.to_act():
        reveals += names(m.apply(_varied_joint(m, turn))).count("reveal")
        turn += 1
    assert reveals == rounds


# ----- chifootmi shot ----------------------------------------------------------------------
def _to_open_play_shot():
    m = match(red=[10, 11, 1, 2], blue=[1, 2, 3, 4])
    play(m, 10, 1)
    draw(m)
    play(m, 11, 2)
    return m


def test_C_SHOT_1_open_play_is_left_or_right():
    m = _to_open_play_shot()
    assert m.legal_choices("red") == (SHOOT[Side.LEFT], SHOOT[Side.RIGHT])
    with pytest.raises(IllegalChoice, match="C-SHOT-1"):
        m.apply({"red": SHOOT[Side.CENTRE], "blue": DIVE[Side.LEFT]})


def test_C_SHOT_1_roles_cannot_swap():
    m = _to_open_play_shot()
    with pytest.raises(IllegalChoice, match="C-SHOT-1"):
        m.apply({"red": DIVE[Side.LEFT], "blue": DIVE[Side.LEFT]})


def test_C_SHOT_2_different_sides_goal_and_keeper_gets_ball():
    m = _to_open_play_shot()
    events = shot(m, "left", "right")
    assert "goal" in names(events)
    view = m.view("red")
    assert view.score == {"red": 1, "blue": 0}
    assert (view.ball, view.retention, view.action_rounds) == ("blue", 0, 0)


def test_C_SHOT_2_same_side_saved_and_keeper_gets_ball():
    m = _to_open_play_shot()
    events = shot(m, "right", "right")
    assert "saved" in names(events)
    assert m.view("red").score == {"red": 0, "blue": 0} and m.view("red").ball == "blue"


def test_C_SHOT_3_sides_are_from_the_shooters_point_of_view():
    m = _to_open_play_shot()
    events = shot(m, "left", "left")
    saved = [e for e in events if e.name == "saved"][0]
    assert (saved.shoot, saved.dive) == ("left", "left")


# ----- dribble / tackle ------------------------------------------------------------------
def test_C_DT_1_dribble_vs_tackle_defender_wins():
    m = match(AMATEUR, red=[DT, 1, 2, 3], blue=[DT, 1, 2, 3])
    events = play(m, DT, DT)
    won = [e for e in events if e.name == "ball_won"][0]
    assert (won.seat, won.how) == ("blue", "tackle")


def test_C_DT_2_dribble_vs_value_keeps_and_counts():
    m = match(AMATEUR, red=[DT, 1, 2, 3], blue=[11, 1, 2, 3])
    events = play(m, DT, 11)
    kept = [e for e in events if e.name == "ball_kept"][0]
    assert kept.dribble and m.view("red").retention == 1


def test_C_DT_2_dribble_in_pro_shooting_phase_is_no_shot():
    m = _pro_shooting_phase()
    events = play(m, DT, 3)
    assert names(events) == ["reveal", "ball_kept"]
    assert m.view("red").phase == "shooting" and m.view("red").ball == "red"


def test_C_DT_3_value_vs_tackle_is_free_kick_two_ways():
    m = match(AMATEUR, red=[3, 1, 2, 4], blue=[DT, 1, 2, 3])
    events = play(m, 3, DT)
    called = [e for e in events if e.name == "shot"][0]
    assert (called.kind, called.shooter, called.sides) == ("free_kick", "red", 2)
    events = shot(m, "left", "right")
    assert "goal" in names(events) and m.view("red").ball == "blue"


def test_C_DT_3_value_vs_tackle_in_pro_shooting_phase_is_penalty():
    m = _pro_shooting_phase()
    events = play(m, 3, DT)
    called = [e for e in events if e.name == "shot"][0]
    assert (called.kind, called.sides) == ("penalty", 3)
    assert SHOOT[Side.CENTRE] in m.legal_choices("red")
    events = shot(m, "centre", "left")
    assert "goal" in names(events)


def test_C_DT_4_dt_has_no_value_against_a_1():
    m = match(AMATEUR, red=[1, 2, 3, 4], blue=[DT, 5, 6, 7])
    events = play(m, 1, DT)
    assert [e.kind for e in events if e.name == "shot"] == ["free_kick"]


# ----- Pro card shot -------------------------------------------------------------------------
def _pro_shooting_phase(red=(3, DT, 9, 8, 7, 6), blue=(DT, 3), **options):
    """A Pro match where red kept the ball twice (10 over 1, 11 over 2, a draw after each): its
    shooting phase, ``red`` and ``blue`` the cards still to play."""
    m = match(PRO, red=[10, 11, *red], blue=[1, 2, *blue], **options)
    play(m, 10, 1)
    draw(m)
    play(m, 11, 2)
    draw(m)
    assert m.view("red").phase == "shooting"
    return m


@pytest.mark.parametrize("attack,defence", [(6, 5), (9, 6)])
def test_C_PRO_1_win_by_1_to_3_is_goal(attack, defence):
    m = _pro_shooting_phase(red=[attack, 1], blue=[defence, 3])
    events = play(m, attack, defence)
    assert "goal" in names(events)
    assert m.view("red").score["red"] == 1 and m.view("red").ball == "blue"


def test_C_PRO_2_win_by_4_or_more_is_over_the_bar():
    m = _pro_shooting_phase(red=[9, 1], blue=[5, 3])
    events = play(m, 9, 5)
    assert "over_the_bar" in names(events)
    assert m.view("red").score["red"] == 0 and m.view("red").ball == "blue"


def test_C_PRO_3_equal_values_pushed_away_shoot_again():
    m = _pro_shooting_phase(red=[5, 1], blue=[5, 3])
    events = play(m, 5, 5)
    assert "pushed_away" in names(events)
    assert (m.view("red").ball, m.view("red").phase) == ("red", "shooting")


def test_C_PRO_4_defender_higher_wins_the_ball():
    m = _pro_shooting_phase(red=[4, 1], blue=[5, 3])
    events = play(m, 4, 5)
    assert "ball_won" in names(events)
    assert (m.view("red").ball, m.view("red").phase) == ("blue", "retention")


def test_C_PRO_5_tackle_on_dribble_in_shooting_phase():
    m = _pro_shooting_phase()
    events = play(m, DT, DT)
    assert [e.how for e in events if e.name == "ball_won"] == ["tackle"]


def test_C_PRO_6_pro_open_play_uses_no_chifootmi_shot():
    m = _pro_shooting_phase()
    assert all(e.name != "shot" for e in play(m, 3, 3))


# ----- end of the match ----------------------------------------------------------------------
def _last_round(level=BEGINNER, red=6, blue=5, retention=0, **options):
    """A match about to play its last round: one card each, both piles empty, red attacks."""
    return position(MatchConfig(level, Options(**options)), red=[red], blue=[blue], retention=retention)


def test_C_END_1_last_card_shot_after_a_keep():
    m = _last_round(red=6, blue=5)
    events = play(m, 6, 5)
    assert (events[-1].name, events[-1].kind, events[-1].shooter) == ("shot", "last_card", "red")
    assert m.legal_choices("red") == (SHOOT[Side.LEFT], SHOOT[Side.RIGHT])


def test_C_END_1_last_card_shot_by_the_new_holder_after_a_change_of_possession():
    m = _last_round(red=5, blue=6)
    events = play(m, 5, 6)
    assert (events[-1].kind, events[-1].shooter) == ("last_card", "blue")
    events = shot(m, "left", "right")
    assert m.view("red").score == {"red": 0, "blue": 1} and m.is_over


def test_C_END_1_no_last_card_shot_after_an_open_play_shot():
    m = _last_round(red=6, blue=5, retention=1)
    events = play(m, 6, 5)
    assert (events[-1].kind, events[-1].shooter) == ("open_play", "red")
    events = shot(m, "left", "right")
    assert "shot" not in names(events) and m.is_over


def test_C_END_1_no_last_card_shot_after_a_scoring_card_shot():
    m = position(MatchConfig(PRO), red=[7], blue=[5], phase="shooting")
    events = play(m, 7, 5)
    assert "goal" in names(events) and "shot" not in names(events)
    assert m.is_over and m.winner == "red"


def test_C_END_1_last_card_shot_after_pushed_away():
    m = position(MatchConfig(PRO), red=[5], blue=[5], phase="shooting")
    events = play(m, 5, 5)
    assert names(events)[-2:] == ["pushed_away", "shot"]
    assert (events[-1].kind, events[-1].shooter) == ("last_card", "red")
    shot(m, "left", "right")
    assert m.view("red").ball == "blue"


def test_C_END_2_most_goals_wins():
    m = position(MatchConfig(), red=[5], blue=[5], score=(2, 0))
    play(m, 5, 5)
    events = shot(m, "left", "left")
    assert m.is_over and m.winner == "red" and names(events)[-1] == "match_over"


def _level_after_last_card_shot(first: str = "red"):
    m = position(MatchConfig(), red=[5], blue=[5], shootout_first=first)
    play(m, 5, 5)
    events = shot(m, "left", "left")
    assert names(events)[-2:] == ["shootout", "shot"]
    return m


def test_C_END_2_tie_goes_to_shootout():
    m = _level_after_last_card_shot()
    assert m.view("red").shootout == {"red": 0, "blue": 0} and not m.is_over


def test_C_PEN_1_shootout_alternates_three_ways_first_as_tossed():
    m = _level_after_last_card_shot("blue")
    assert m.view("red").shot.shooter == "blue" and m.view("red").shot.sides == 3
    shot(m, "centre", "left")
    assert m.view("red").shot.shooter == "red"


def test_C_PEN_1_early_decision_when_one_team_cannot_catch_up():
    m = _level_after_last_card_shot("red")
    for _ in range(3):
        shot(m, "left", "right")   # red scores
        shot(m, "left", "left")    # blue misses
    assert m.is_over and m.winner == "red"
    assert m.view("red").kicks == {"red": (True,) * 3, "blue": (False,) * 3}


def test_C_PEN_1_sudden_death_in_pairs():
    m = _level_after_last_card_shot("red")
    for _ in range(5):
        shot(m, "left", "right")
        shot(m, "left", "right")
    assert not m.is_over
    shot(m, "left", "left")        # red misses the 6th
    assert not m.is_over           # blue still kicks in the pair
    shot(m, "right", "left")       # blue scores
    assert m.is_over and m.winner == "blue"
    assert m.view("blue").shootout == {"red": 5, "blue": 6}


def test_C_PEN_1_ball_stays_with_the_keeper_team_through_shootout():
    m = _level_after_last_card_shot("red")
    ball = m.view("red").ball
    shot(m, "left", "right")
    shot(m, "left", "right")
    assert m.view("red").ball == ball


# ----- Pro+ options ---------------------------------------------------------------------------
def test_C_PLUS_OFF_flag_in_time_gives_defender_the_ball():
    m = match(red=[9, 1, 2, 3], blue=[2, 4, 5, 6], offside=True)
    events = play(m, 9, 2)
    assert names(events)[-1] == "offside_chance" and m.to_act() == ("blue",)
    events = m.apply({"blue": FLAG_RAISED})
    assert names(events)[0] == "offside" and m.view("red").ball == "blue"


def test_C_PLUS_OFF_no_flag_keep_counts():
    m = match(red=[9, 1, 2, 3], blue=[2, 4, 5, 6], offside=True)
    play(m, 9, 2)
    events = m.apply({"blue": FLAG_DOWN})
    assert names(events)[:2] == ["play_on", "ball_kept"] and m.view("red").retention == 1


def test_C_PLUS_OFF_margin_below_seven_is_no_offside_chance():
    m = match(red=[9, 1, 2, 3], blue=[3, 4, 5, 6], offside=True)
    assert "offside_chance" not in names(play(m, 9, 3))


def test_C_PLUS_OFF_flag_outside_window_is_refused():
    m = match(red=[9, 1, 2, 3], blue=[3, 4, 5, 6], offside=True)
    with pytest.raises(IllegalChoice):
        m.apply({"blue": FLAG_RAISED})


def test_C_PLUS_OFF_window_settled_before_the_shot():
    m = match(red=[10, 11, 1, 2], blue=[1, 3, 4, 5], offside=True)
    play(m, 10, 1)
    m.apply({"blue": FLAG_DOWN})
    draw(m)
    events = play(m, 11, 3)
    assert names(events)[-1] == "offside_chance"
    events = m.apply({"blue": FLAG_DOWN})
    assert names(events)[-1] == "shot"


def test_C_PLUS_OFF_flag_in_last_round_gives_the_last_card_shot():
    m = position(MatchConfig(options=Options(offside=True)), red=[9], blue=[1])
    play(m, 9, 1)
    events = m.apply({"blue": FLAG_RAISED})
    assert (events[-1].name, events[-1].kind, events[-1].shooter) == ("shot", "last_card", "blue")


def test_C_PLUS_12_worked_example_kept_with_10_then_9_against_10():
    m = match(red=[10, 9, 1, 2], blue=[1, 10, 3, 4], one_two=True)
    play(m, 10, 1)
    draw(m)
    events = play(m, 9, 10)
    assert names(events)[1] == "one_two" and events[1].value == 10
    assert "ball_kept" in names(events) and m.view("red").ball == "red"


def test_C_PLUS_12_only_when_it_changes_the_outcome():
    m = match(red=[10, 9, 1, 2], blue=[1, 8, 3, 4], one_two=True)
    play(m, 10, 1)
    draw(m)
    assert "one_two" not in names(play(m, 9, 8))


def test_C_PLUS_12_off_means_defender_wins():
    m = match(red=[10, 9, 1, 2], blue=[1, 10, 3, 4])
    play(m, 10, 1)
    draw(m)
    assert "ball_won" in names(play(m, 9, 10))


def test_C_PLUS_CA_tackle_winner_needs_one_keep():
    m = match(AMATEUR, red=[DT, 1, 2, 3], blue=[DT, 11, 4, 5], counter_attack=True)
    events = play(m, DT, DT)
    assert [e.counter_attack for e in events if e.name == "ball_won"] == [True]
    assert m.view("red").retention_needed == 1
    draw(m)
    events = play(m, 1, 11)
    assert names(events)[-1] == "shot" and events[-1].shooter == "blue"


def test_C_PLUS_CA_off_needs_two_keeps():
    m = match(AMATEUR, red=[DT, 1, 2, 3], blue=[DT, 11, 4, 5])
    play(m, DT, DT)
    assert m.view("red").retention_needed == 2


def test_C_PLUS_CA_in_pro_shooting_phase():
    m = _pro_shooting_phase(counter_attack=True)
    play(m, DT, DT)
    assert m.view("blue").retention_needed == 1 and m.view("blue").ball == "blue"


# ----- device rules ----------------------------------------------------------------------
def test_C_DEV_1_views_do_not_depend_on_locked_choice():
    """The engine has no half-applied joint decision: a view is the same whatever the
    other seat is about to choose (the lock-in mark is drawn by the firmware)."""
    m = match(red=[7, 1, 2, 3], blue=[3, 1, 2, 4])
    assert m.view("blue") == m.clone().view("blue")


def test_C_DEV_3_same_seed_and_choices_replay_identically():
    def run(seed):
        m = new_match(MatchConfig(PRO, Options(True, True, True)), seed)
        log = []
        i = 0
        while m.to_act():
            joint = {s: m.legal_choices(s)[i % len(m.legal_choices(s))] for s in m.to_act()}
            log.extend(e.to_json() for e in m.apply(joint))
            i += 1
        return m, log
    (a, log_a), (b, log_b) = run(77), run(77)
    assert a == b and log_a == log_b


def test_deal_order_matches_script_format():
    """Active first, then pile 1 top first, then pile 2 top first (match-script.md)."""
    m = new_match(MatchConfig(BEGINNER), 1, Deal(deck([1, 2, 3, 4, 5, 6, 7, 8]),
                                                   deck([1, 2, 3, 4]), "red", "red"))
    assert m.pile1[0][-1] == 5 and m.pile2[0][-1] == 8
