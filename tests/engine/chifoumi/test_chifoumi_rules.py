"""Chifoumi rules, one or more tests per rule id of ``docs/rules/chifoumi.md``."""
from __future__ import annotations

import doctest

import pytest

import engine.chifoumi
import engine.chifoumi.match
from chifoumi_positions import play, position, stack
from engine.chifoumi.position import layout_of
from engine.chifoumi import (
    MOVE, MOVE_LIMIT, STOP, THROW, GameConfig, Hand, Options, Series, choice_from_json,
    new_match, square,
)
from engine.chifoumi.match import PLACE_PHASE
from engine.chifoumi.pieces import CENTRE, NEIGHBOURS, START, TAKES, Kind, army_pieces
from engine.errors import BadSetup, IllegalChoice

R, P, S, W = Kind.R, Kind.P, Kind.S, Kind.W


def test_doctests():
    for module in (engine.chifoumi, engine.chifoumi.match):
        assert doctest.testmod(module).failed == 0


def refused(match, obj, rule):
    before = (list(match.board), match.current, match.chain, match.phase)
    (seat,) = match.to_act()
    with pytest.raises(IllegalChoice) as caught:
        match.apply({seat: choice_from_json(obj)})
    assert caught.value.rule == rule, caught.value
    assert (list(match.board), match.current, match.chain, match.phase) == before


# ----- pieces and board ----------------------------------------------------------------
def test_K_PCS_1_and_K_CAP_1_who_takes_whom():
    assert TAKES[R] == {S} and TAKES[S] == {P} and TAKES[P] == {R, W} and TAKES[W] == {R, S}
    assert all(k not in TAKES[k] for k in Kind)


def test_K_PCS_2_armies_for_2_3_and_4_players():
    assert sorted(army_pieces(2)) == [R, R, P, P, S, S, W, W]
    assert sorted(army_pieces(4)) == [R, R, P, P, S, S]
    for players in (2, 3, 4):
        game = new_match(GameConfig(players), "white")
        assert set(game.pieces_on_board().values()) == {6 if players == 4 else 8}
        for layout in START[players].values():
            assert sorted(k for _, k in layout) == sorted(army_pieces(players))


def test_K_BRD_1_squares_and_centre():
    assert square("a1") == 0 and square("g7") == 48 and CENTRE == square("d4")
    assert len(NEIGHBOURS[CENTRE]) == 8 and len(NEIGHBOURS[0]) == 3
    with pytest.raises(ValueError):
        square("h1")


# ----- moving -------------------------------------------------------------------------
def test_K_MOV_1_only_the_top_piece_moves_one_square():
    game = position({"c3": "wR bS", "e5": "bP wS", "a1": "bR"})
    origins = {m.origin for m in game.legal_choices("white")}
    assert origins == {square("e5")}          # c3's top is Black's; a1 is Black's
    play(game, {"move": "e5e4"})
    assert stack(game, "e5") == "bP" and stack(game, "e4") == "wS"
    with pytest.raises(ValueError):
        choice_from_json({"move": "c3c5"})     # two squares: not a step
    refused(position({"c3": "wR bS", "a7": "bR", "g1": "wS"}), {"move": "c3c4"}, "K-MOV-1")


def test_K_MOV_2_empty_stack_on_own_never_on_an_enemy_it_cannot_take():
    game = position({"c3": "wR", "c4": "wP", "d4": "bP", "b4": "bS", "a7": "bR"})
    legal = {str(m) for m in game.legal_choices("white")}
    assert {"c3c2", "c3c4", "c3b4"} <= legal           # empty, own paper (rock can't take it), capture S
    assert "c3d4" not in legal                         # rock does not take Black's paper
    refused(game, {"move": "c3d4"}, "K-CAP-1")
    play(game, {"move": "c3c4"})
    assert stack(game, "c4") == "wP wR"


def test_K_MOV_2_a_capture_takes_the_whole_stack():
    game = position({"c3": "wP", "c4": "wS bW bR", "a7": "bR", "g7": "bS"})
    events = play(game, {"move": "c3c4"})
    assert stack(game, "c4") == "wP"
    assert [e.name for e in events] == ["moved", "captured"]
    assert events[1].pieces == (2, 11, 8)               # wS, bW, bR bottom to top, shown to all
    assert game.captured == [2, 0]                      # own pieces do not count as enemy


def test_K_MOV_2_onto_own_piece_it_takes_the_mover_chooses():
    game = position({"c3": "wR", "c4": "wS", "a7": "bR", "g7": "bP"})
    legal = game.legal_choices("white")
    assert MOVE[(square("c3"), square("c4"), True)] in legal
    assert MOVE[(square("c3"), square("c4"), False)] in legal
    refused(game, {"move": "c3c4"}, "K-MOV-2")          # which one? must say
    refused(game, {"move": "c3c2", "capture": False}, "K-MOV-2")  # refused where no choice
    stacked = game.clone()
    play(stacked, {"move": "c3c4", "capture": False})
    assert stack(stacked, "c4") == "wS wR"
    play(game, {"move": "c3c4", "capture": True})
    assert stack(game, "c4") == "wR" and game.to_act() == ("white",)


def test_K_MOV_3_a_capture_gives_a_replay_of_that_piece_only():
    game = position({"c3": "wS", "c4": "bP", "c5": "bP", "a1": "wR", "g7": "bR"})
    play(game, {"move": "c3c4"})
    assert game.to_act() == ("white",) and STOP in game.legal_choices("white")
    assert {m.origin for m in game.legal_choices("white") if m is not STOP} == {square("c4")}
    refused(game, {"move": "a1a2"}, "K-MOV-3")
    play(game, {"move": "c4c5"})                          # a further capture: a further move
    assert game.to_act() == ("white",)
    play(game, {"move": "c5c6"})                          # no capture: the turn ends
    assert game.to_act() == ("black",)
    refused(game, {"stop": True}, "K-MOV-3")


def test_K_MOV_3_stop_ends_the_turn():
    game = position({"c3": "wS", "c4": "bP", "g7": "bR", "a1": "wR"})
    play(game, {"move": "c3c4"}, {"stop": True})
    assert game.to_act() == ("black",)


def test_K_MOV_4_a_boxed_in_player_passes():
    # White's only top piece, a rock in the corner, faces two papers and a well it cannot take
    # (an army has two papers: the position constructor refuses a third).
    game = position({"a1": "wR", "a2": "bP", "b1": "bW", "b2": "bP", "g7": "bS", "f7": "wS bS"},
                    players=2, to_move="black")          # White's scissors under Black's
    events = play(game, {"move": "g7g6"})
    assert [e.name for e in events] == ["moved", "passed"] and game.to_act() == ("black",)


def test_K_MOV_4_nobody_can_move_ends_the_game():
    # Unreachable from a real start (every top piece boxed in needs a board full of tops), so
    # the rule is checked where a turn begins: a position with nobody able to move is over.
    game = position({})
    assert game.is_over and game.reason == "no_moves" and game.to_act() == ()


def test_K_MOV_4_a_position_whose_seat_to_move_is_boxed_in_begins_with_the_next():
    game = position({"a1": "wR", "a2": "bP", "b1": "bW", "b2": "bP", "g7": "bS"})
    assert game.to_act() == ("black",) and not game.is_over


def test_K_MOV_5_closed_stacks_hide_other_layers_but_not_tops_or_own():
    game = position({"c3": "bR wS bP", "d3": "wP bS", "a1": "wR"}, closed=True)
    layers = {seat: [layer.kind for layer in game.view(seat).board[square("c3")]] for seat in game.seats}
    assert layers["white"] == [None, "S", "P"] and layers["black"] == ["R", None, "P"]
    assert [layer.army for layer in game.view("white").board[square("c3")]] == ["black", "white", "black"]
    assert [layer.kind for layer in position({"c3": "bR wS bP"}).view("white").board[square("c3")]] == [
        "R", "S", "P"]


def test_K_MOV_5_a_captured_stack_is_shown_as_it_leaves():
    game = position({"c3": "bR wS bP", "c4": "wS", "a1": "wR", "g7": "bS"}, closed=True)
    before = game.view("white").gone["black"]          # the pieces not on the board are gone
    events = play(game, {"move": "c4c3"})
    assert events[1].to_json()["pieces"] == [{"army": "black", "kind": "R"},
                                            {"army": "white", "kind": "S"},
                                            {"army": "black", "kind": "P"}]
    after = game.view("white").gone["black"]
    assert {kind: after[kind] - before.get(kind, 0) for kind in after} == {"R": 1, "P": 1, "S": 0, "W": 0}


# ----- the end ------------------------------------------------------------------------
def test_K_END_1_no_capture_possible_ends_the_game():
    game = position({"a1": "wR", "a3": "wR", "g7": "bR", "g5": "bR"})
    events = play(game, {"move": "a1a2"})
    assert game.is_over and events[-1].reason == "no_capture"


def test_K_END_1_a_hidden_layer_that_could_take_keeps_the_game_going():
    game = position({"a1": "wR", "a3": "wR", "g7": "bW bR", "g5": "bR"})
    play(game, {"move": "a1a2"})
    assert not game.is_over                       # Black's well (under a rock) takes rocks


def test_K_END_1_partners_taking_each_other_is_no_capture():
    game = position({"a1": "wR", "a3": "bS"}, players=4)     # Red and Orange are gone
    play(game, {"move": "a1a2"})
    assert game.is_over and game.reason == "no_capture"


def test_K_END_2_forty_turns_without_capture():
    game = position({"a1": "wR", "g7": "bS"})
    for turn in range(MOVE_LIMIT):
        assert not game.is_over
        mine = ("a1a2", "a2a1")[turn // 2 % 2] if turn % 2 == 0 else ("g7g6", "g6g7")[turn // 2 % 2]
        play(game, {"move": mine})
    assert game.is_over and game.reason == "move_limit" and game.quiet == MOVE_LIMIT


def test_K_END_2_taking_an_own_piece_resets_the_count():
    game = position({"a1": "wR", "a2": "wS", "g7": "bS", "e7": "bR"}, quiet=MOVE_LIMIT - 1)
    play(game, {"move": "a1a2", "capture": True}, {"stop": True})
    assert not game.is_over and game.quiet == 0


# ----- two players ---------------------------------------------------------------------
def test_K_2P_1_start_layout_and_the_who_starts_chifoumi():
    game = new_match(GameConfig(2))
    assert stack(game, "d2") == "wW" and stack(game, "d6") == "bW" and stack(game, "a7") == "bR"
    assert game.to_act() == ("black", "white")
    events = game.apply({"white": THROW[Hand.LEFT], "black": THROW[Hand.LEFT]})
    assert events[0].winner is None and game.to_act() == ("black", "white")   # a tie: again
    events = game.apply({"white": THROW[Hand.LEFT], "black": THROW[Hand.CENTRE]})
    assert events[0].winner == "black" and game.to_act() == ("black",)          # paper wraps rock
    assert not any(game.board[m.target] for m in game.legal_choices("black")
                   if game.board[m.target] and game.board[m.target][-1] >> 2 == 0)


def test_K_2P_2_a_player_without_pieces_ends_the_game():
    game = position({"c3": "wP", "c4": "bR"})
    events = play(game, {"move": "c3c4"})
    assert not game.is_over                     # the turn is not over: it may move again
    events = play(game, {"stop": True})
    assert game.is_over and events[-1].reason == "no_pieces" and game.winner == "white"


def test_K_2P_3_points_with_the_half_and_the_series_to_15():
    game = position({"c3": "wP", "c4": "bR", "e5": "bS wR"}, first="white")
    play(game, {"move": "c3c4"})
    assert game.points() == {"white": 2.0, "black": 1.5}   # e5's scissors + ½
    even = position({"a1": "wR", "g7": "bR"}, first="white")
    assert even.points() == {"white": 1.0, "black": 1.5} and even.result() == "black"
    series = Series().add({"white": 8.0, "black": 7.5})
    assert series.winner is None and series.next_first == "black"
    series = series.add({"white": 7.0, "black": 7.5})
    assert series.totals == {"white": 15.0, "black": 15.0} and series.winner is None  # one more
    assert series.add({"white": 1.0, "black": 0.5}).winner == "white"


def test_K_2P_4_placement_variant():
    game = new_match(GameConfig(2, Options(placement=True)), "black")
    assert game.phase == PLACE_PHASE and game.to_act() == ("black",)
    assert all(stack_ == () for stack_ in game.board)
    refused(game, {"place": "d4", "kind": "R"}, "K-2P-4")
    play(game, {"place": "c4", "kind": "R"})
    refused(game, {"place": "c5", "kind": "R"}, "K-2P-4")   # next to Black's rock
    refused(game, {"place": "c4", "kind": "R"}, "K-2P-4")   # on it
    play(game, {"place": "f4", "kind": "R"}, {"place": "c4", "kind": "W"})  # Black stacks on own
    assert stack(game, "c4") == "bR bW"
    while game.phase == PLACE_PHASE:
        (seat,) = game.to_act()
        game.apply({seat: game.legal_choices(seat)[0]})
    assert game.is_over or game.to_act() == ("black",)     # who placed first moves first
    assert sum(game.pieces_on_board().values()) == 16 or game.is_over


# ----- three and four players ----------------------------------------------------------------
def enemy_captures(game, s):
    """The enemy pieces seat ``s`` could take if its turn began now (the same board)."""
    seat = game.seats[s]
    turn = position(layout_of(game), players=len(game.seats), to_move=seat)
    army = game.armies[s]
    return [m for m in turn.legal_choices(seat)
            if game.board[m.target] and game.teams[game.board[m.target][-1] >> 2] != game.teams[army]]


def test_K_3P_1_start_order_and_no_capture_on_first_turns():
    game = new_match(GameConfig(3))
    assert game.seats == ("white", "red", "black") and game.to_act() == ("white",)
    assert stack(game, "a7") == "rW" and stack(game, "f4") == "bR"
    for s in range(3):
        assert enemy_captures(game, s) == []


def test_K_3P_2_score_is_the_other_players_pieces_captured():
    game = position({"c3": "wP", "c4": "rR wS bR", "a1": "bS", "g7": "rS", "g1": "wR"}, players=3)
    play(game, {"move": "c3c4"})
    assert game.captured == [2, 0, 0]
    tied = position({"a1": "wR", "g7": "bR", "d7": "rR"}, players=3)
    assert tied.result() == "shared" and tied.returns() == {s: 0.5 for s in tied.seats}


def test_K_4P_1_four_armies_no_wells_no_placement():
    game = new_match(GameConfig(4))
    assert game.seats == ("white", "red", "black", "orange")
    assert stack(game, "a1") == "wP" and stack(game, "g3") == "oR" and stack(game, "e7") == "bR"
    assert all(p & 3 != W for st in game.board for p in st)
    for s in range(4):
        assert enemy_captures(game, s) == []
    with pytest.raises(BadSetup):
        new_match(GameConfig(4, Options(placement=True)))


def test_K_4P_2_partners_stack_and_take_each_other():
    game = position({"c3": "wR", "c4": "bP", "c2": "bS", "g7": "rS", "a7": "oS"}, players=4)
    legal = {str(m) for m in game.legal_choices("white")}
    assert "c3c4" in legal                      # stacking on the partner's paper
    assert {"c3c2x", "c3c2+"} <= legal          # the partner's scissors: take or stack
    refused(game, {"move": "c3c4", "capture": True}, "K-MOV-2")


def test_K_4P_3_the_team_with_more_pieces_wins():
    game = position({"a1": "wR", "a3": "bR", "g7": "rR", "g5": "oR"}, players=4)
    assert game.result() == "draw"
    game = position({"a1": "wR", "a3": "bR wR", "g7": "rR", "g5": "oR"}, players=4)
    play(game, {"move": "a1a2"})
    assert game.is_over and game.winner == "white+black"


def test_an_illegal_choice_names_the_rule_and_changes_nothing():
    game = new_match(GameConfig(3))
    with pytest.raises(IllegalChoice) as caught:
        game.apply({"red": MOVE[(square("a6"), square("a5"), None)]})
    assert caught.value.rule == "K-MOV-1"
    refused(game, {"move": "d2d3", "capture": True}, "K-MOV-2")
    over = position({})                                 # nobody can move: over (K-MOV-4)
    with pytest.raises(IllegalChoice):
        over.apply({"white": STOP})
