"""``pitchpad replay`` on Fotboll scripts, run as outside tools run it: a subprocess."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

from engine.fotboll.script import parse_script, parse_turn, summary
from fotboll_setups import HIGH, LOW, deck

SCRIPTS = pathlib.Path(__file__).parent / "scripts" / "fotboll"


def replay(doc, *args):
    proc = subprocess.run([sys.executable, "-m", "firmware.cli", "replay", "-", *args],
                          input=json.dumps(doc), capture_output=True, text=True, timeout=60)
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()], proc.stderr


def opening(turns, **options):
    """Red's deck starts with HIGH then 5C, 2C; blue's with LOW then AD; red kicks off."""
    def labels(top):
        return [c.label for c in deck(top)]

    return {"game": "fotboll", "options": options, "seed": 3,
            "deal": {"halves": [{"red": labels(HIGH + ["5C", "2C"]), "blue": labels(LOW + ["AD"])}],
                     "first": "red", "shootout_first": "blue"},
            "turns": turns}


FORMATIONS = {"red": {"formation": "4-4-2"}, "blue": {"formation": "3-5-2"}}
NOTHING = {"prepare": {"refill": [], "replace": [], "sub": []}}


def test_a_whole_match_with_jokers_ends_in_a_shootout_and_matches_the_engine():
    doc = json.loads((SCRIPTS / "jokers-shootout.json").read_text())
    code, lines, err = replay(doc)
    assert code == 0, err
    names = {line.get("event") for line in lines[:-1]}
    assert {"penalty", "yellow", "keeper_in", "shootout_start", "match_over"} <= names
    script = parse_script(doc)
    match = script.start()
    for index, turn in enumerate(script.turns):
        match.apply(parse_turn(turn, index))
    assert lines[-1] == json.loads(json.dumps(summary(match)))
    assert lines[-1]["over"] and lines[-1]["half"] == 2 and lines[-1]["shootout"] is not None
    assert set(lines[-1]) == {"over", "half", "score", "shootout", "winner", "to_act", "yellow",
                              "red_cards"}


def test_an_opening_prints_its_duels_and_the_summary():
    code, lines, err = replay(opening([FORMATIONS, {"red": NOTHING}, {"red": {"attack": "F1"}}]))
    assert code == 0, err
    duel = [line for line in lines if line.get("event") == "duel"][0]
    assert duel == {"event": "duel", "seat": "red", "position": "F1", "attack": "5C",
                    "defence": "4D", "won": True}
    assert lines[0] == {"event": "kickoff", "half": 1, "seat": "red"}
    assert lines[-1]["to_act"] == ["red"] and not lines[-1]["over"]


def test_view_hides_what_the_seat_may_not_know():
    turns = [FORMATIONS, {"red": NOTHING}, {"red": {"attack": "F1"}}, {"red": {"attack": "F2"}}]
    code, lines, err = replay(opening(turns), "--view", "red")
    assert code == 0, err
    view = lines[-1]
    assert view["you"]["field"]["GK"]["card"] == "AC"
    opponent = view["opponent"]["field"]
    assert opponent["F1"]["empty"] and opponent["F1"]["card"] is None
    assert opponent["F2"]["card"] == "4H"               # shown in the duel red lost
    assert all(opponent[p]["card"] is None for p in ("GK", "D1", "M5"))
    code, lines, _ = replay(opening(turns), "--view", "blue")
    assert lines[-1]["opponent"]["field"]["GK"]["card"] is None


def test_an_illegal_turn_stops_the_replay_naming_its_index():
    code, lines, err = replay(opening([FORMATIONS, {"red": NOTHING}, {"red": {"attack": "GK"}}]))
    assert code == 2 and "turn 2" in err and "F-TURN-4" in err
    assert not [line for line in lines if line.get("event") == "duel"]
    code, _, err = replay(opening([FORMATIONS, {"blue": NOTHING}]))
    assert code == 2 and "turn 1" in err


def test_a_bad_document_is_refused_with_exit_status_2():
    doc = opening([])
    doc["deal"]["halves"][0]["red"] = doc["deal"]["halves"][0]["red"][:-1]
    code, lines, err = replay(doc)
    assert code == 2 and "document" in err and "F-COMP-1" in err and lines == []
    code, _, err = replay({**opening([]), "options": {"jokers": "yes"}})
    assert code == 2 and "jokers" in err
    code, _, err = replay(opening([{"red": {"formation": "2-2-6"}, "blue": {"formation": "4-4-2"}}]))
    assert code == 2 and "turn 0" in err


def test_a_turn_after_the_end_is_an_error():
    doc = json.loads((SCRIPTS / "jokers-shootout.json").read_text())
    doc["turns"].append({"red": NOTHING})
    code, _, err = replay(doc)
    assert code == 2 and f"turn {len(doc['turns']) - 1}" in err and "over" in err
