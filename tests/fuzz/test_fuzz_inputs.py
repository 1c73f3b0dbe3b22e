"""Issue 16, point 11: every parser a user or a file can reach, fuzzed with hypothesis, over raw
bytes and over structured mutations of valid inputs (a value swapped for any JSON value, a key
dropped, deep nesting, huge integers, a TOML value replaced).

Property: the documented refusal (one line, or a logged move-aside), never another exception,
never a hang. Parsers: match scripts of every registered game (``pitchpad replay``), the match
journal (parse, and the console's load with its rebuild check), the results history, the
settings, hardware configs, and stdio answers (``pitchpad match``). Budget: 100 examples
per property, derandomized (the same inputs every run): about 40 s on 2 busy cores.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import EngineError
from firmware.games.registry import GAMES, game_named, rules
from engine.scripting import joint_to_json
from firmware.console import recovery
from firmware.storage import history
from firmware.commands import replay
from firmware.storage import journal as mj
from firmware.storage import settings as settings_file
from firmware.commands.answer_lines import AnswerReader, NoAnswer
from firmware.chifootmi.session import Timing
from firmware.storage.json_input import read_json
from firmware.commands.match import Forfeit, StdioSeat
from hal import ConfigError, parse_config
from hal.config import load_config

ROOT = Path(__file__).resolve().parents[2]
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
def mutated(draw: Any, doc: Any) -> Any:
    """``doc`` with one to three changes at places hypothesis picks."""
    doc = json.loads(json.dumps(doc))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(doc)))
        replacement = draw(JSON | st.just([[[[[[]]]]]] * 2))
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


# ----- match scripts ------------------------------------------------------------------------------
@FUZZ
@given(st.binary(max_size=300) | DEEP)
def test_replay_any_bytes(raw):
    assert_replay_clean(raw)


@FUZZ
@given(st.data())
def test_replay_mutated_scripts_of_every_game(data):
    key = data.draw(st.sampled_from(sorted(VALID)))
    doc = data.draw(mutated(VALID[key]))
    assert_replay_clean(json.dumps(doc).encode())


# ----- the match journal ----------------------------------------------------------------------------
def journal_bytes(doc: dict[str, Any], console: Any) -> bytes:
    header = {k: v for k, v in doc.items() if k != "turns"}
    lines = [{**header, "console": console, "started": "x"}, *doc["turns"]]
    return b"".join(json.dumps(line).encode() + b"\n" for line in lines)


CONSOLES = {"chifootmi": {"cpus": {"blue": "easy"}, "names": {"red": "cpu", "blue": "team.red"},
                          "move_clock": 0, "level": "amateur"},
            "fotboll": {"cpus": {"blue": "easy"}, "names": {"red": "cpu", "blue": "team.red"},
                        "difficulty": "easy"},
            "chifoumi": {"cpus": {"black": "easy"}, "pads": ["white"], "difficulty": "easy"}}


def load_never_raises(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / mj.FILE_NAME).write_bytes(raw)
        try:
            mj.parse(raw, rules())
        except mj.JournalCorrupt:
            pass
        match = mj.load(folder, rules(), recovery.rebuild_check(2, Timing()))
        if match is None:
            return
        assert (Path(folder) / mj.FILE_NAME).exists()


@FUZZ
@given(st.binary(max_size=300) | DEEP)
def test_journal_any_bytes(raw):
    load_never_raises(raw)


@FUZZ
@given(st.data())
def test_journal_mutated(data):
    name = data.draw(st.sampled_from(sorted(CONSOLES)))
    doc = VALID[(name, 1)]
    whole = data.draw(mutated({"doc": doc, "console": CONSOLES[name]}))
    if not isinstance(whole, dict) or not isinstance(whole.get("doc"), dict):
        return
    doc = whole["doc"]
    turns = doc.get("turns") if isinstance(doc.get("turns"), list) else []
    raw = journal_bytes({**doc, "turns": turns}, whole.get("console"))
    load_never_raises(raw)


# ----- results and settings -------------------------------------------------------------------
@FUZZ
@given(st.lists(st.binary(max_size=80) | DEEP | JSON.map(lambda v: json.dumps(v).encode()),
                max_size=5))
def test_results_and_settings_any_content(chunks):
    raw = b"\n".join(chunks)
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / history.FILE_NAME).write_bytes(raw)
        (Path(folder) / settings_file.FILE_NAME).write_bytes(raw)
        history.stats(folder)
        assert isinstance(settings_file.load(folder), settings_file.Settings)


# ----- hardware configs -----------------------------------------------------------------------
HANDHELD = (ROOT / "deploy" / "config" / "handheld.toml").read_text()
TOML_VALUES = st.sampled_from(["-1", str(2 ** 70), '"x"', "[1, 2]", "{a = 1}", "true", "1.5e999",
                               "nan", '"i2c"', '"spi"', "0x3C", "[[[[[]]]]]", "", '"ssd1306"'])


@FUZZ
@given(st.binary(max_size=300) | DEEP)
def test_hardware_config_any_bytes(raw):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hardware.toml"
        path.write_bytes(raw)
        with pytest.raises(ConfigError):
            load_config(path)


@FUZZ
@given(st.lists(st.tuples(st.integers(0, 200), TOML_VALUES), min_size=1, max_size=3),
       st.booleans())
def test_hardware_config_mutated(changes, drop):
    lines = HANDHELD.splitlines()
    for index, value in changes:
        index %= len(lines)
        key, eq, _ = lines[index].partition("=")
        if drop:
            lines[index] = ""
        elif eq:
            lines[index] = f"{key}= {value}"
    try:
        parse_config("\n".join(lines), source="hardware.toml")
    except ConfigError as exc:
        assert "\n" not in str(exc)


# ----- stdio answers ----------------------------------------------------------------------------
@FUZZ
@given(st.binary(max_size=200) | DEEP | JSON.map(lambda v: json.dumps(v).encode()),
       st.sampled_from(sorted(GAMES)))
def test_stdio_answers(raw, name):
    game = game_named(name).rules
    reader = AnswerReader(io.BytesIO(raw + b"\n"))
    try:
        line = reader.readline(1.0)
    except NoAnswer:
        return
    try:
        game.choice_from_json(read_json(line))
    except (ValueError, EngineError):
        pass


@FUZZ
@given(JSON)
def test_a_stdio_seat_answer_is_a_choice_or_a_forfeit(answer):
    match = game_named("chifootmi").rules.parse_script(VALID[("chifootmi", 1)] | {"turns": []}).start()
    seat = match.to_act()[0]
    stdin = io.BytesIO(json.dumps(answer).encode() + b"\n")
    player = StdioSeat(io.StringIO(), stdin, game_named("chifootmi"), seat_time=1.0)
    legal = list(match.legal_choices(seat))
    try:
        assert player.choose(match.view(seat), legal, None) in legal
    except Forfeit:
        pass
