"""Issue 16, point 11: every parser a user or a file can reach, fuzzed with hypothesis, over raw
bytes and over structured mutations of valid inputs (a value swapped for any JSON value, a key
dropped, deep nesting, huge integers, a TOML value replaced).

Property: the documented refusal (one line, or a logged move-aside), never another exception,
never a hang. Parsers: match scripts of every registered game (``pitchpad replay``), the match
journal (parse, and the console's load with its rebuild check), the results history, the
settings, hardware configs, and stdio answer lines (``pitchpad match``; a stdio seat of every
game is in ``test_fuzz_stdio_seats.py``). Budget: 100 examples per property, derandomized (the
same inputs every run): about 40 s on 2 busy cores.
"""
from __future__ import annotations

import io
import json
import tempfile
from pathlib import Path

import pytest
from fuzz_rig import DEEP, FUZZ, JSON, VALID, assert_replay_clean, journal_bytes, mutated
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import EngineError
from firmware.games.registry import GAMES, game_named, rules
from firmware.console import recovery
from firmware.storage import history
from firmware.storage import journal as mj
from firmware.storage import settings as settings_file
from firmware.commands.answer_lines import AnswerReader, NoAnswer
from firmware.chifootmi.session import Timing
from firmware.storage.json_input import read_json
from hal import ConfigError, parse_config
from hal.config import load_config

ROOT = Path(__file__).resolve().parents[2]


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
                               "nan", '"i2c"', '"spi"', "0x3C", "[[[[[]]]]]", "", '"ssd1306"',
                               "[" * 100_000, "{a = " * 5_000])


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
        # Every refusal names its line (docs/hardware.md), nested too deeply too; a key that
        # is missing has none to name.
        assert exc.line is not None or str(exc).endswith("missing key"), str(exc)


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
