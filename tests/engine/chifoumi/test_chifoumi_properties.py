"""Hypothesis properties of Chifoumi over random games: pieces are conserved, only top pieces
move, captured stacks leave whole, closed stacks stay closed, bots pick legal choices."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chifoumi import GameConfig, Move, Options, determinize, new_match
from engine.chifoumi import events as ev
from engine.chifoumi.bots import make_bot
from engine.chifoumi.pieces import army_pieces

games = st.tuples(st.sampled_from([2, 3, 4]), st.booleans(), st.booleans(),
                  st.integers(0, 2**32 - 1))


def start(players, placement, closed):
    return new_match(GameConfig(players, Options(placement and players < 4, closed)), "white")


def pieces(game):
    return Counter(p for stack in game.board for p in stack) + Counter(
        {a * 4 + k: n for s, a in enumerate(game.armies) for k, n in enumerate(game.reserve[s])})


@settings(max_examples=25, deadline=None)
@given(games)
def test_pieces_are_conserved_top_pieces_move_and_stacks_leave_whole(params):
    players, placement, closed, seed = params
    rng = random.Random(seed)
    game = start(players, placement, closed)
    total = Counter({a * 4 + k: n for a in game.armies for k in set(army_pieces(players))
                     for n in [army_pieces(players).count(k)]})
    gone: Counter = Counter()
    for _ in range(300):
        if game.is_over:
            break
        (seat,) = game.to_act()
        choice = rng.choice(game.legal_choices(seat))
        before = list(game.board)
        events = game.apply({seat: choice})
        for event in events:
            if isinstance(event, ev.Captured):
                assert event.pieces == before[event.square]          # the whole stack
                gone.update(event.pieces)
        if isinstance(choice, Move):
            assert game.board[choice.origin] == before[choice.origin][:-1]   # only the top left
            assert before[choice.origin][-1] >> 2 == game.armies[game.seats.index(seat)]
        assert pieces(game) + gone == total


@settings(max_examples=20, deadline=None)
@given(games)
def test_closed_stacks_views_do_not_depend_on_hidden_layers(params):
    players, placement, closed, seed = params
    rng = random.Random(seed)
    game = new_match(GameConfig(players, Options(placement and players < 4, True)), "white")
    for _ in range(rng.randrange(10, 120)):
        if game.is_over:
            break
        (seat,) = game.to_act()
        game.apply({seat: rng.choice(game.legal_choices(seat))})
    for seat in game.seats:
        view = game.view(seat)
        other = determinize(view, random.Random(seed + 1))
        assert other.view(seat) == view                    # a reshuffle of hidden layers
        own = game.armies[game.seats.index(seat)]
        for stack, layers in zip(game.board, view.board):
            for depth, (p, layer) in enumerate(zip(stack, layers)):
                visible = depth == len(stack) - 1 or p >> 2 == own
                assert (layer.kind is not None) == visible


@settings(max_examples=6, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 1000))
def test_bots_choose_legal_choices(players, seed):
    rng = random.Random(seed)
    game = new_match(GameConfig(players))
    bots = [make_bot("random"), make_bot("greedy"), make_bot("search", nodes=60)]
    for turn in range(40):
        if game.is_over:
            break
        joint = {}
        for seat in game.to_act():
            legal = game.legal_choices(seat)
            choice = bots[turn % 3].choose(game.view(seat), legal, rng)
            assert choice in legal
            joint[seat] = choice
        game.apply(joint)
