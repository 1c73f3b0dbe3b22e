"""What the fuzz tests share (tests/fuzz): hypothesis's budget, any JSON value, deep nesting,
valid match scripts of every registered game, and structured mutations of a document."""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from engine.scripting import joint_to_json
from firmware.commands import replay
from firmware.games.registry import GAMES, game_named

FUZZ = settings(max_examples=100, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=10 ** 40) |
    st.floats(allow_nan=True) | st.text(max_size=8) |
    st.sampled_from(["red", "blue", "white", "black", "c1c2", "4-4-2", "F1", "DT", "pile1",
                     "left", "beginner", "pro", "chifootmi", "fotboll", "chifoumi"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["game", "level", "seed", "deal", "turns", "options", "players", "red",
                         "blue", "white", "black", "play", "draw", "move", "capture", "formation",
                         "console", "cpus", "names", "pads", "move_clock", "first", "halves"]) |
        st.text(max_size=6), inner, max_size=4),
    max_leaves=12)
DEEP = st.sampled_from([b"[" * 100000, b'{"a":' * 5000, b"9" * 5000, b"\xff\xfe\x00", b""])


def valid_doc(name: str, seed: int) -> dict[str, Any]:
    """A valid script of game ``name``: its first example set-up, 30 random legal turns."""
    game = game_named(name).rules
    base = {"game": name, "seed": seed}
    if name == "chifootmi":
        base["level"] = "amateur"
    script = game.parse_script({**base, "turns": []})
    match = script.start()
    rng = random.Random(seed)
    turns = []
    while match.to_act() and len(turns) < 30:
        joint = {seat: rng.choice(list(match.legal_choices(seat))) for seat in match.to_act()}
        turns.append(joint_to_json(joint))
        match.apply(joint)
    return {**script.to_json(), "turns": turns}


VALID = {(name, seed): valid_doc(name, seed) for name in GAMES for seed in (1, 2)}


def paths(value: Any, at: tuple = ()) -> list[tuple]:
    found = [at]
    if isinstance(value, dict):
        for key, child in value.items():
            found += paths(child, (*at, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += paths(child, (*at, index))
    return found


@st.composite
def mutated(draw: Any, doc: Any, values: Any = None) -> Any:
    """``doc`` with one to three changes at places hypothesis picks, each value drawn from
    ``values`` (any JSON value, or a deep one, when None)."""
    doc = json.loads(json.dumps(doc))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(doc)))
        replacement = draw(values if values is not None else JSON | st.just([[[[[[]]]]]] * 2))
        if not where:
            return replacement
        parent = doc
        for step in where[:-1]:
            parent = parent[step]
        if isinstance(parent, dict) and draw(st.booleans()):
            parent.pop(where[-1], None)
        else:
            parent[where[-1]] = replacement
    return doc


def journal_bytes(doc: dict[str, Any], console: Any) -> bytes:
    header = {k: v for k, v in doc.items() if k != "turns"}
    lines = [{**header, "console": console, "started": "x"}, *doc["turns"]]
    return b"".join(json.dumps(line).encode() + b"\n" for line in lines)


def run_replay(raw: bytes) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "script.json"
        path.write_bytes(raw)
        err, out = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            status = replay.run(argparse.Namespace(file=str(path), view=None))
    return status, err.getvalue()


def assert_replay_clean(raw: bytes) -> None:
    status, err = run_replay(raw)
    assert status in (0, 2), err
    assert status == 0 or (err.count("\n") == 1 and err.startswith("pitchpad replay: ")), err
    assert "a value of the wrong type" not in err, err      # the guard was not needed
