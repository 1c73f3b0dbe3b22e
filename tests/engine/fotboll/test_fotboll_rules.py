"""One or more tests per rule id of ``docs/rules/fotboll.md`` (F-…)."""
from __future__ import annotations

import pytest

from engine.errors import BadSetup, IllegalChoice
from engine.fotboll import (
    DIVE, FORMATIONS, JOKER, NOTHING, SHOOT, Attack, Card, Keeper, LineUp, MatchConfig,
    Prepare, SendOff, Side, beats, full_deck, new_match,
)
from engine.fotboll.match import Deal
from engine.fotboll.position import Team, position
from fotboll_setups import HIGH, LOW, act, attack, beaten, deal, deck, names, start

C = Card.parse


# ----- components -----------------------------------------------------------------------
def test_F_COMP_1_each_deck_is_52_cards_or_54_with_jokers():
    assert len(set(full_deck(False))) == 52
    jokered = full_deck(True)
    assert len(jokered) == 54 and jokered.count(JOKER) == 2
    match = start()
    field_and_library = len(match.field[0]) + len(match.library[0])
    assert field_and_library == 52


def test_F_COMP_1_a_deal_that_is_not_one_deck_is_refused():
    bad = deck([])[:-1] + (C("2C"),)
    good = deck([])
    with pytest.raises(BadSetup, match="F-COMP-1"):
        new_match(MatchConfig(), 0, Deal(((bad, good), (good, good)), "red", "blue"))
    with pytest.raises(BadSetup, match="F-COMP-1"):
        new_match(MatchConfig(jokers=True), 0, Deal(((good, good), (good, good)), "red", "blue"))


def test_F_COMP_2_ranks_order_and_suits_do_not_matter():
    order = ["2S", "3C", "10H", "JD", "QC", "KS", "AH", "JK"]
    for low, high in zip(order, order[1:]):
        assert beats(C(high), C(low)) and not beats(C(low), C(high))
    assert beats(C("7C"), C("7D")) and beats(C("7D"), C("7C"))


# ----- set-up -----------------------------------------------------------------------------
def test_F_SET_1_top_eleven_laid_goalkeeper_first_then_lines():
    match = start(HIGH + ["5C"], formations=("3-5-2", "4-4-2"))
    field = match.field[0]
    assert list(field) == list(FORMATIONS["3-5-2"].positions)
    assert [c.label for c in field.values()] == HIGH
    assert match.library[0][-1] == C("5C") and len(match.library[0]) == 41


def test_F_SET_1_every_formation_is_offered_and_each_seat_chooses_secretly():
    match = new_match(MatchConfig(), 1)
    assert match.to_act() == ("blue", "red")
    offered = {c.formation for c in match.legal_choices("red")}
    assert offered == {"4-4-2", "4-3-3", "3-5-2", "5-3-2", "4-5-1", "3-4-3"}
    assert match.view("red").you.field == ()
    with pytest.raises(IllegalChoice, match="waiting for blue"):
        match.apply({"red": LineUp("4-4-2")})


def test_F_SET_1_the_owner_sees_own_cards_the_opponent_does_not():
    match = start(HIGH)
    mine = match.view("red").you.field
    theirs = match.view("blue").opponent.field
    assert [s.card.label for s in mine] == HIGH
    assert all(s.card is None and not s.empty for s in theirs)


def test_F_SET_2_the_toss_starts_the_first_half_the_other_seat_the_second():
    match = start(first="blue")
    assert match.turn == 1
    match2 = new_match(MatchConfig(), 0, deal(first="blue"))
    assert match2.opening_events()[0].seat == "blue"


# ----- a turn --------------------------------------------------------------------------------
def test_F_TURN_1_refill_puts_the_top_library_card_on_an_empty_position():
    match = start(HIGH + ["5C", "2C"], LOW + ["AD", "KC"])
    events = attack(match, "F1")            # 5C beats blue's F1 (4D): red attacks again
    assert names(events)[-2:] == ["duel", "draw"] and match.field[1]["F1"] is None
    act(match, Attack("F2"))                # 2C loses to F2 (4H): blue's turn
    assert match.turn == 1 and match.stage == "prepare"
    top = match.library[1][-1]
    events = act(match, Prepare(refill=("F1",)))
    assert match.field[1]["F1"] == top and names(events)[0] == "refill"
    assert match.view("red").opponent.slot("F1").card is None


def test_F_TURN_1_only_empty_positions_refill_and_only_survivors_are_replaced():
    match = start(HIGH + ["2C"], LOW + ["AD"])
    attack(match, "F1")                     # red's 2C loses to 4D: F1 survived an attack
    assert match.turn == 1
    view = match.view("blue")
    assert view.you.replaceable == ("F1",)
    with pytest.raises(IllegalChoice, match="F-TURN-1"):
        act(match, Prepare(refill=("F1",)))
    with pytest.raises(IllegalChoice, match="F-TURN-1"):
        act(match, Prepare(replace=("F2",)))
    top = match.library[1][-1]
    events = act(match, Prepare(replace=("F1",)))
    assert events[0].card == C("4D") and C("4D") in match.discard[1]
    assert match.field[1]["F1"] == top and "F1" not in match.shown[1]


def test_F_TURN_2_substitution_shows_the_card_off_and_counts_to_three():
    match = start(HIGH, LOW)
    events = act(match, Prepare(sub=("M1", "GK")))
    subs = [e for e in events if e.name == "substitution"]
    assert [e.card for e in subs] == [C("KD"), C("AC")] and match.subs_used[0] == 2
    assert match.view("blue").opponent.slot("M1").card is None
    assert C("KD") in match.view("blue").opponent.discard


def test_F_TURN_2_substitution_limits():
    match = start(HIGH, LOW)
    with pytest.raises(IllegalChoice, match="same position twice"):
        act(match, Prepare(sub=("M1", "M1")))
    with pytest.raises(IllegalChoice, match="at most 3"):
        act(match, Prepare(sub=("M1", "M2", "M3", "M4")))
    legal = match.legal_choices("red")
    assert max(len(c.sub) for c in legal) == 3
    act(match, Prepare(sub=("M1", "M2", "M3")))
    assert match.subs_used[0] == 3


def test_F_TURN_2_no_substitution_while_a_position_is_empty():
    match = start(HIGH + ["5C", "2C"], LOW + ["AD"])
    attack(match, "F1")
    act(match, Attack("F2"))                # 2C against 4H: lost
    with pytest.raises(IllegalChoice, match="F-TURN-2"):
        act(match, Prepare(sub=("M1",)))
    act(match, Prepare(refill=("F1",), sub=("M1",)))
    assert match.subs_used[1] == 1


def test_F_TURN_3_a_win_discards_the_target_and_attacks_again_a_loss_ends_the_turn():
    match = start(HIGH + ["4D", "3C"], LOW)
    events = attack(match, "F1")            # 4D >= 4D: ties go to the attacker
    duel = events[-2]
    assert duel.won and duel.attack == C("4D") and match.turn == 0 and match.stage == "attack"
    assert C("4D") in match.discard[1] and C("4D") in match.discard[0]
    assert match.view("red").drawn == C("3C") and match.view("blue").drawn is None
    events = act(match, Attack("F2"))       # 3C < 4H
    assert not events[0].won and match.turn == 1
    assert match.view("red").opponent.slot("F2").card == C("4H")
    assert match.view("red").opponent.slot("F2").shown


def test_F_TURN_4_lines_open_from_the_forwards_to_the_goalkeeper():
    match = start(HIGH, LOW)
    view = match.view("red")                # preparing: nothing to target yet
    act(match, NOTHING)
    assert match.legal_choices("red") == (Attack("F1"), Attack("F2"))
    with pytest.raises(IllegalChoice, match="F-TURN-4"):
        act(match, Attack("M1"))
    assert view.targets == ()

    def targets_with(*empty):
        match = position(red=Team(HIGH), blue=beaten(LOW, *empty), drawn="2C")
        return [c.target for c in match.legal_choices("red")]
    assert targets_with("F1") == ["M1", "M2", "M3", "M4", "F2"]
    assert "D1" in targets_with("F1", "M3")
    assert "GK" in targets_with("F1", "M3", "D4")


def test_F_TURN_5_beating_the_goalkeeper_scores_and_the_keeper_stays_known():
    match = position(red=Team(HIGH), blue=beaten(LOW, "F1", "M1", "D1"), drawn="QS")
    events = act(match, Attack("GK"))
    assert "goal" in names(events) and match.score == [1, 0]
    assert match.field[1]["GK"] == C("2C") and match.turn == 1
    assert match.view("red").opponent.slot("GK").card == C("2C")


def test_F_TURN_6_the_other_seat_keeps_playing_turns():
    # red's 2D lost to blue's F1: blue's turn; red has nothing left, blue 5S then 6S
    # (the old set-up gave blue a second 2S: the position constructor refuses it, F-COMP-1)
    match = position(red=Team(HIGH, library=[], discard=["2D"]),
                     blue=Team(LOW, library=["5S", "6S"], shown=["F1"], replaceable=["F1"]),
                     turn="blue")
    events = attack(match, "F1")            # 5S vs red's F1 (QD): lost
    assert "pass" in names(events) and match.turn == 1
    events = attack(match, "F1")            # 6S loses too: both libraries empty
    assert names(events)[-3:] == ["duel", "half_time", "kickoff"]
    assert match.half == 2 and match.stage == "formation"


# ----- halves and result ----------------------------------------------------------------------
def test_F_HALF_1_all_cards_return_new_line_ups_score_carries_sight_forgotten():
    match = position(red=Team(HIGH, library=[]), blue=beaten(LOW, "F1", "M1", "D1", library=[]),
                     drawn="QS", second=(LOW, HIGH))
    events = act(match, Attack("GK"))       # a goal; both libraries are empty: half time
    assert names(events)[-3:] == ["goal", "half_time", "kickoff"] and events[-1].seat == "blue"
    match.apply({"red": LineUp("4-3-3"), "blue": LineUp("5-3-2")})
    assert match.score == [1, 0] and match.shown == [set(), set()]
    assert [c.label for c in match.field[0].values()] == LOW
    assert len(match.library[0]) == 41 and match.discard == [[], []] and match.turn == 1


def test_F_HALF_1_red_cards_lay_out_one_card_fewer_each():
    match = position(MatchConfig(jokers=True), red=Team(formation=None, yellow=2),
                     blue=Team(formation=None), half=2)
    with pytest.raises(IllegalChoice, match="F-HALF-1"):
        match.apply({"red": LineUp("4-4-2"), "blue": LineUp("4-4-2")})
    assert all(len(c.removed) == 1 for c in match.legal_choices("red"))
    match.apply({"red": LineUp("4-4-2", ("M2",)), "blue": LineUp("4-4-2")})
    assert "M2" not in match.field[0] and len(match.field[0]) == 10
    assert len(match.library[0]) == 44 and match.view("blue").opponent.removed == ("M2",)


def _end_second_half(score, tiebreak=False):
    """The last card of the second half loses its duel: the match ends at ``score``."""
    match = position(MatchConfig(tiebreak=tiebreak), red=Team(HIGH, library=[]),
                     blue=Team(LOW, library=[]), drawn="2S", half=2, score=score)
    return match, act(match, Attack("F1"))


def test_F_END_1_most_goals_wins_a_draw_is_a_draw():
    match, events = _end_second_half((2, 1))
    assert events[-1].winner == "red" and match.winner == "red"
    match, events = _end_second_half((1, 1))
    assert match.is_over and match.winner is None and events[-1].winner is None
    assert match.to_act() == ()


def test_F_END_1_tie_break_shootout_as_chifootmi():
    match, events = _end_second_half((0, 0), tiebreak=True)
    assert names(events)[-1] == "shootout_start" and match.to_act() == ("blue", "red")
    assert match.decision("blue") == "shoot" and len(match.legal_choices("blue")) == 3
    for _ in range(3):                      # blue scores 3, red misses 3: 3-0 after 6 kicks
        shooter = match.decision("blue") == "shoot"
        blue, red = (SHOOT[Side.LEFT], DIVE[Side.RIGHT])
        if shooter:
            match.apply({"blue": blue, "red": red})
        match.apply({"red": SHOOT[Side.LEFT], "blue": DIVE[Side.LEFT]})
    assert match.is_over and match.winner == "blue" and match.shootout_score == (0, 3)


# ----- Jokers -----------------------------------------------------------------------------------
def test_F_JOK_1_a_joker_beats_all_and_leaves_after_its_first_duel():
    match = start(HIGH + ["JK"], LOW[:9] + ["JK", "4H"], jokers=True)
    events = attack(match, "F1")            # Joker against Joker: the attacker's
    assert events[-3].won and "joker_off" in names(events) and match.field[1]["F1"] is None
    match = start(HIGH + ["QS"], LOW[:9] + ["JK", "4H"], jokers=True)
    events = attack(match, "F1")            # a Queen loses to the Joker, which leaves anyway
    assert names(events)[-2:] == ["duel", "joker_off"] and not events[-2].won
    assert match.field[1]["F1"] is None and JOKER in match.discard[1] and match.turn == 1
    assert "F1" not in match.replaceable[1]


def test_F_JOK_1_a_discarded_joker_keeper_is_replaced_from_the_library():
    match = position(MatchConfig(jokers=True), red=Team(HIGH),
                     blue=beaten(["JK"] + LOW[1:], "F1", "M1", "D1", library=["9C"]), drawn="QS")
    events = act(match, Attack("GK"))       # QS loses to the Joker keeper
    assert match.field[1]["GK"] == C("9C") and ("keeper_in") in names(events)
    assert match.score == [0, 0]


def test_F_JOK_1_with_an_empty_library_an_outfield_card_goes_in_goal():
    match = position(MatchConfig(jokers=True), red=Team(HIGH),
                     blue=beaten(["JK"] + LOW[1:], "F1", "M1", "D1", library=[]), drawn="QS")
    act(match, Attack("GK"))
    assert match.to_act() == ("blue",) and match.decision("blue") == "keeper"
    assert Keeper("F1") not in match.legal_choices("blue")
    act(match, Keeper("D2"))
    assert match.field[1]["GK"] == C("2H") and match.field[1]["D2"] is None


def test_F_JOK_2_diamond_against_joker_keeper_is_a_goal_and_still_loses():
    match = position(MatchConfig(jokers=True), red=Team(HIGH),
                     blue=beaten(["JK"] + LOW[1:], "F1", "M1", "D1"), drawn="2D")
    events = act(match, Attack("GK"))
    assert "goal" in names(events) and match.score == [1, 0] and match.turn == 1
    assert not [e for e in events if e.name == "duel"][0].won


def test_F_JOK_2_diamond_against_joker_defender_is_a_penalty():
    # red's 5D against blue's Joker D1; the penalty draws QS (12) + 2S (2) > blue's keeper 9C
    match = position(MatchConfig(jokers=True), red=Team(HIGH, library=["QS", "2S"]),
                     blue=beaten(["9C", "JK"] + LOW[2:], "F1", "M1"), drawn="5D")
    events = act(match, Attack("D1"))
    penalty = [e for e in events if e.name == "penalty"][0]
    assert penalty.total == 12 + 2 and penalty.scored and match.score == [1, 0]
    assert set(penalty.cards) <= set(match.discard[0]) and match.field[1]["D1"] is None
    assert match.view("red").opponent.slot("GK").card == C("9C")


def test_F_JOK_2_penalty_aces_count_one_and_beat_no_ace_keeper():
    assert C("AS").penalty_points == 1 and JOKER.penalty_points == 0
    assert C("AS").keeper_points == 15 and JOKER.keeper_points == 15 and C("JC").keeper_points == 11


def test_F_JOK_2_diamond_against_joker_midfielder_books_its_owner():
    match = position(MatchConfig(jokers=True), red=Team(HIGH),
                     blue=beaten(LOW[:8] + ["JK"] + LOW[9:], "F1"), drawn="7D")
    events = act(match, Attack("M4"))
    booked = [e for e in events if e.name == "yellow"][0]
    assert booked.seat == "blue" and booked.yellow == 1 and not booked.red_card
    assert match.turn == 1 and match.field[1]["M4"] is None


def test_F_JOK_3_a_second_yellow_is_red_and_its_owner_removes_a_position():
    match = position(MatchConfig(jokers=True), red=Team(HIGH),
                     blue=beaten(LOW[:8] + ["JK"] + LOW[9:], "F1", yellow=1), drawn="7D")
    events = act(match, Attack("M4"))
    assert [e for e in events if e.name == "yellow"][0].red_card
    assert match.to_act() == ("blue",) and match.decision("blue") == "send_off"
    assert SendOff("GK") not in match.legal_choices("blue")
    events = act(match, SendOff("D2"))
    assert events[0].card == C("2H") and "D2" not in match.field[1]
    assert match.removed[1] == ("D2",) and match.reds[1] == 1 and match.turn == 1
    view = match.view("red")
    assert view.opponent.removed == ("D2",) and view.opponent.slot("D2") is None


def test_F_JOK_3_a_removed_position_keeps_its_line_open():
    from engine.fotboll import targets
    match = position(MatchConfig(jokers=True), red=Team(HIGH),
                     blue=Team(LOW[:10], removed=("F2",), yellow=2), drawn="2C")
    assert "M1" in targets(match.field[1], match.formation[1])
    assert [c.target for c in match.legal_choices("red")][:2] == ["M1", "M2"]


# ----- visibility and illegal choices -------------------------------------------------------------
def test_F_VIS_1_public_discards_and_counts_hidden_library_and_unshown_cards():
    match = start(HIGH + ["2C"], LOW + ["AD"])
    attack(match, "F1")
    view = match.view("blue")
    assert view.opponent.discard == (C("2C"),) and view.opponent.library == 40
    assert view.you.slot("F1").shown and view.you.slot("F1").card == C("4D")
    red = match.view("red")
    assert red.opponent.slot("F1").card == C("4D") and red.opponent.slot("F2").card is None
    assert "library" not in str(red.to_json()["you"]["field"])


def test_illegal_choices_name_the_rule_and_leave_the_state_unchanged():
    match = start(HIGH, LOW)
    before = match.clone()
    for choice in (Attack("F1"), Prepare(refill=("M1",)), SendOff("M1"), LineUp("4-4-2")):
        with pytest.raises(IllegalChoice) as raised:
            act(match, choice)
        assert raised.value.rule.startswith("F-") and match == before
    assert not match.is_legal("red", Prepare(sub=("M1", "M1")))
    assert match.is_legal("red", Prepare(sub=("M2", "M1")))
    with pytest.raises(IllegalChoice, match="nothing to decide"):
        match.apply({"blue": NOTHING, "red": NOTHING})
