"""Whole matches as match scripts (recorded from seeded random play with
``record_matches.py``, committed), replayed through ``pitchpad replay``'s code: between them
they reach every restart, a red card with a stand-in keeper, a penalty, offside, a header, a
rounded keeper and a shoot-out, and each replays to the same lines every time."""
from __future__ import annotations

import io
import json
import pathlib

import pytest

from firmware.commands.replay import replay

SCRIPTS = sorted((pathlib.Path(__file__).parent / "scripts").glob("full_*.json"))
NEEDED = {("out", "throw_in"), ("out", "corner"), ("out", "goal_kick"), ("foul", "free_kick"),
          ("foul", "penalty"), ("goal", None), ("sub", "stand_in"), ("card", "red"),
          ("offside", None), ("ball", "header"), ("duel", "round"), ("toss", "shootout")}


def lines(path):
    out = io.StringIO()
    replay(path.read_text(), None, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def features(events):
    found = set()
    for e in events:
        name = e.get("event")
        if name == "out":
            found.add(("out", e["restart"]))
        elif name == "foul":
            found.add(("foul", e["award"]))
        elif name == "goal" and "score" in e:
            found.add(("goal", None))
        elif name == "sub" and e.get("stand_in"):
            found.add(("sub", "stand_in"))
        elif name == "card" and e["card"] == "red":
            found.add(("card", "red"))
        elif name == "offside":
            found.add(("offside", None))
        elif name == "ball" and e["how"] == "header":
            found.add(("ball", "header"))
        elif name == "duel" and e["kind"] == "round" and e.get("won"):
            found.add(("duel", "round"))
        elif name == "toss" and "shootout_first" in e:
            found.add(("toss", "shootout"))
    return found


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_a_recorded_match_replays_to_its_end_the_same_every_time(path):
    first = lines(path)
    assert first[-1]["over"] is True and first[-1]["to_act"] == []
    assert lines(path) == first


def test_the_recorded_matches_reach_every_restart_and_the_rare_moments():
    found = set()
    for path in SCRIPTS:
        found |= features(lines(path))
    assert NEEDED <= found, sorted(NEEDED - found)
