"""``pitchpad replay`` run as a user runs it: a real subprocess, real files and stdin."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

SCRIPTS = pathlib.Path(__file__).parent / "scripts" / "chifootmi"
DEAL = {"red": [11, 10, 9, 8, 1, 2, 3, 4, 5, 6, 7], "blue": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        "kickoff": "red", "shootout_first": "blue"}


def replay(doc, *args, raw: str | None = None):
    text = raw if raw is not None else json.dumps(doc)
    proc = subprocess.run([sys.executable, "-m", "firmware.cli", "replay", "-", *args],
                          input=text, capture_output=True, text=True, timeout=60)
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    return proc.returncode, lines, proc.stderr


def script(turns, level="beginner", **extra):
    return {"game": "chifootmi", "level": level, "seed": 42, "deal": DEAL, "turns": turns, **extra}


@pytest.mark.parametrize("name", ["beginner", "amateur", "pro", "pro-plus"])
def test_full_scripted_match_ends_in_a_shootout(name):
    doc = json.loads((SCRIPTS / f"{name}-shootout.json").read_text())
    code, lines, err = replay(doc)
    assert code == 0, err
    summary = lines[-1]
    assert summary["over"] and summary["to_act"] == []
    assert summary["score"]["red"] == summary["score"]["blue"]
    shootout = summary["shootout"]
    assert shootout["red"] != shootout["blue"]
    assert summary["winner"] == max(shootout, key=shootout.get)
    events = [line["event"] for line in lines[:-1]]
    assert events[0] == "kickoff" and events[-1] == "match_over"
    assert events.count("reveal") == (11 if name == "beginner" else 14)
    assert "shootout" in events and events.index("shootout") > max(
        i for i, e in enumerate(events) if e == "reveal")


def test_pro_plus_script_exercises_every_option():
    doc = json.loads((SCRIPTS / "pro-plus-shootout.json").read_text())
    _, lines, _ = replay(doc)
    events = {line.get("event") for line in lines}
    assert {"offside_chance", "offside", "one_two", "shooting_phase"} <= events
    assert any(line.get("event") == "ball_won" and line["counter_attack"] for line in lines)
    assert any(line.get("event") == "shot" and line["kind"] == "penalty" for line in lines)


def test_events_then_summary_for_a_partial_script():
    code, lines, _ = replay(script([{"red": {"play": 11}, "blue": {"play": 1}},
                                    {"red": {"draw": "pile2"}, "blue": {"draw": "pile1"}}]))
    assert code == 0
    assert [line.get("event") for line in lines[:-1]] == [
        "kickoff", "reveal", "ball_kept", "draw", "draw"]
    assert lines[3] == {"event": "draw", "seat": "red", "pile": "pile2", "card": 4,
                        "forced": False}
    assert lines[4]["card"] is None
    assert lines[-1] == {"over": False, "score": {"red": 0, "blue": 0}, "shootout": None,
                         "winner": None, "ball": "red", "to_act": ["blue", "red"]}


def test_view_hides_the_opponents_face_down_card():
    turns = [{"red": {"play": 11}, "blue": {"play": 1}},
             {"red": {"draw": "pile2"}, "blue": {"draw": "pile1"}}]
    _, red_lines, _ = replay(script(turns), "--view", "red")
    _, blue_lines, _ = replay(script(turns), "--view", "blue")
    red, blue = red_lines[-1], blue_lines[-1]
    assert [c["card"] for c in red["opponent"]["active"]] == [2, 3, 4, None]
    assert [c["card"] for c in blue["you"]["active"]] == [2, 3, 4, 5]
    assert blue["you"]["active"][3]["hidden"] is True
    for key in ("ball", "retention", "retention_needed", "phase", "round", "score", "played",
                "decision"):
        assert key in red
    assert red["played"] == {"red": [11], "blue": [1]} and red["decision"] == "play"
    assert red["you"]["pile2_top"] == 5 and red["opponent"]["pile1"] == 2


def test_seed_without_deal_replays_identically():
    doc = {"game": "chifootmi", "level": "pro", "seed": 9, "turns": []}
    assert replay(doc)[1] == replay(doc)[1]


@pytest.mark.parametrize("turns,index,reason", [
    ([{"red": {"play": 5}, "blue": {"play": 1}}], 0, "red has no 5"),
    ([{"red": {"play": 11}}], 0, "waiting for blue"),
    ([{"red": {"play": 11}, "blue": {"play": 1}, "green": {"play": 2}}], 0, "unknown seat"),
    ([{"red": {"play": 11}, "blue": {"play": 1}}, {"red": {"draw": "pile3"}, "blue": {"draw": "pile1"}}],
     1, "pile1"),
    ([{"red": {"play": 11}, "blue": {"play": 1}}, {"red": {"draw": "pile2"}, "blue": {"draw": "pile1"}},
      {"red": {"play": 10}, "blue": {"play": 2}}, {"red": {"shoot": "centre"}, "blue": {"dive": "left"}}],
     3, "no centre"),
    ([{"red": {"play": "DT"}, "blue": {"play": 1}}], 0, "no D/T"),
])
def test_illegal_turn_stops_with_exit_2_naming_the_turn(turns, index, reason):
    code, lines, err = replay(script(turns))
    assert code == 2
    assert err.count("\n") == 1 and f"turn {index}:" in err and reason in err
    assert "Traceback" not in err
    plays_before = sum(1 for turn in turns[:index] if "play" in turn.get("red", {}))
    assert sum(1 for line in lines if line.get("event") == "reveal") == plays_before
    assert not any("over" in line for line in lines), "no summary after an error"


def test_turn_after_the_match_is_over_is_an_error():
    doc = json.loads((SCRIPTS / "beginner-shootout.json").read_text())
    doc["turns"].append({"red": {"play": 1}, "blue": {"play": 1}})
    code, _, err = replay(doc)
    assert code == 2 and f"turn {len(doc['turns']) - 1}: the match is already over" in err


@pytest.mark.parametrize("doc,reason", [
    ({"game": "chess", "level": "pro"}, "game must be one of"),
    ({"game": "chifootmi", "level": "expert"}, "level must be"),
    ({"game": "chifootmi", "level": "pro", "options": {"var": True}}, "unknown option"),
    ({"game": "chifootmi", "level": "pro", "seed": "x"}, "seed must be"),
    ({"game": "chifootmi", "level": "pro", "deal": {"red": [1], "blue": [2]}}, "C-COMP-1"),
    ({"game": "chifootmi", "level": "beginner", "deal": {**DEAL, "red": ["DT"] + DEAL["red"][1:]}},
     "C-COMP-1"),
    ({"game": "chifootmi", "level": "pro", "turns": {}}, "turns must be a list"),
    ([1, 2], "JSON object"),
])
def test_malformed_document_exit_2_one_line(doc, reason):
    code, lines, err = replay(doc)
    assert code == 2 and reason in err and err.count("\n") == 1 and lines == []


def test_not_json_and_missing_file():
    code, _, err = replay(None, raw="{nope")
    assert code == 2 and "not JSON" in err and "Traceback" not in err
    proc = subprocess.run([sys.executable, "-m", "firmware.cli", "replay", "/nonexistent.json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "cannot read" in proc.stderr


def test_script_ending_before_the_match_is_not_an_error():
    code, lines, _ = replay(script([]))
    assert code == 0 and lines[-1]["over"] is False


def test_view_of_an_unknown_seat_is_an_error():
    code, _, err = replay(script([]), "--view", "green")
    assert code == 2 and "no seat 'green'" in err
