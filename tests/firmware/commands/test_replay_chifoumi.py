"""``pitchpad replay`` for Chifoumi, run as a user runs it: a real subprocess and stdin."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from engine.chifoumi import GameConfig, Options, new_match
from engine.chifoumi.script import joint_to_json, summary

EXAMPLE = {"game": "chifoumi", "players": 2, "options": {"placement": False, "closed_stacks": False},
           "seed": 5, "deal": {"first": "white"},
           "turns": [{"white": {"move": "c1c2"}}, {"black": {"move": "d6d5"}}]}


def replay(doc, *args):
    proc = subprocess.run([sys.executable, "-m", "firmware.cli", "replay", "-", *args],
                          input=json.dumps(doc), capture_output=True, text=True, timeout=60)
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()], proc.stderr


def random_game(players: int, seed: int, placement: bool = False, closed: bool = False):
    """A whole game by random choices: the script and the game it should give."""
    rng = random.Random(seed)
    game = new_match(GameConfig(players, Options(placement, closed)))
    turns = []
    while not game.is_over:
        joint = {seat: rng.choice(game.legal_choices(seat)) for seat in game.to_act()}
        game.apply(joint)
        turns.append(joint_to_json(joint))
    doc = {"game": "chifoumi", "players": players,
           "options": {"placement": placement, "closed_stacks": closed}, "seed": seed,
           "turns": turns}
    return doc, game


def test_the_format_example_plays():
    code, lines, err = replay(EXAMPLE)
    assert code == 0, err
    assert lines[0] == {"event": "first", "seat": "white"}
    assert lines[1]["event"] == "moved" and lines[1]["from"] == "c1" and lines[1]["kind"] == "P"
    assert lines[-1] == {"over": False, "to_act": ["white"], "pieces": {"white": 8, "black": 8},
                         "captured": {"white": 0, "black": 0},
                         "points": {"white": 8, "black": 8.5}, "winner": None}


@pytest.mark.parametrize("players, placement", [(2, True), (3, False), (4, False)])
def test_whole_games_replay_to_the_same_end(players, placement):
    doc, game = random_game(players, seed=players, placement=placement)
    code, lines, err = replay(doc)
    assert code == 0, err
    assert lines[-1] == json.loads(json.dumps(summary(game)))
    assert lines[-1]["over"] and lines[-2]["event"] == "game_over"


def test_closed_stacks_view_hides_other_layers():
    doc, game = random_game(2, seed=11, closed=True)
    doc["turns"] = doc["turns"][:60]
    code, lines, err = replay(doc, "--view", "white")
    assert code == 0, err
    board = lines[-1]["board"]
    for name, layers in board.items():
        for depth, layer in enumerate(layers):
            hidden = layer["kind"] is None
            assert hidden == (depth < len(layers) - 1 and layer["army"] != "white"), name


@pytest.mark.parametrize("turns, index, words", [
    ([{"white": {"move": "c1c2"}}, {"white": {"move": "c2c3"}}], 1, "not white's turn"),
    ([{"white": {"move": "a1b1"}}], 0, "K-MOV-2"),
    ([{"white": {"move": "c1c3"}}], 0, "neighbouring"),
    ([{"orange": {"move": "c1c2"}}], 0, "no seat called 'orange'"),
])
def test_bad_turns_stop_with_the_turn_index(turns, index, words):
    code, lines, err = replay(dict(EXAMPLE, turns=turns))
    assert code == 2 and f"turn {index}" in err and words in err, err
    assert len(lines) == 1 + index * 1                    # the first event, then good turns only


def test_a_turn_after_the_end_is_refused():
    doc, game = random_game(3, seed=5)
    doc["turns"].append({"white": {"stop": True}})
    code, _, err = replay(doc)
    assert code == 2 and f"turn {len(doc['turns']) - 1}" in err and "over" in err
