"""``pitchpad replay`` for Simulator Soccer: the worked example to the digit, --view, errors."""
from __future__ import annotations

import io
import json
import pathlib
import subprocess
import sys

import pytest

from engine.scripting import ScriptError
from firmware.commands.replay import replay

HERE = pathlib.Path(__file__).parents[2] / "engine" / "simulator_soccer" / "scripts"
EXAMPLE = json.loads((HERE / "worked_example.json").read_text())


def run(doc, view=None):
    out = io.StringIO()
    replay(json.dumps(doc), view, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_worked_example_replays_to_the_digit():
    out = io.StringIO()
    replay((HERE / "worked_example.json").read_text(), None, out)
    assert out.getvalue() == (HERE / "worked_example.out").read_text()


def test_worked_example_through_the_command_line():
    proc = subprocess.run([sys.executable, "-m", "firmware.cli", "replay",
                           str(HERE / "worked_example.json")], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (HERE / "worked_example.out").read_text()


def test_view_blue_after_the_first_turn_is_the_rules_files_example():
    doc = dict(EXAMPLE, turns=EXAMPLE["turns"][:1])
    (view,) = run(doc, "blue")
    assert view["seat"] == "blue" and view["turn"] == 1 and view["to_act"] == ["red"]
    assert view["you"]["attacks"] == "west" and view["you"]["formation"] == "4-3-3"
    assert view["you"]["players"][0] == {"num": 1, "cell": [20, 4], "lying": False,
                                         "duel": [1, 4, 3, 3], "dots": "XX", "yellow": 0}
    assert view["you"]["bench"][0] == {"num": 12, "duel": [1, 4, 3, 3], "dots": "XX"}
    assert view["opponent"]["players"][0]["cell"] == [0, 4]
    assert view["opponent"]["formation"] == "4-4-2"
    assert {k: view[k] for k in ("ball", "clock", "score", "phase", "decision", "locked")} == {
        "ball": {"seat": "red", "cell": [10, 4], "carrier": None},
        "clock": {"half": 1, "clock": 0, "stoppage": 0, "minute": 0},
        "score": {"red": 0, "blue": 0}, "phase": "reposition", "decision": "place",
        "locked": None}
    assert list(view) == ["seat", "you", "opponent", "ball", "clock", "score", "phase",
                          "decision", "turn", "to_act", "locked"]


def test_S_VIS_1_formation_is_null_while_both_choose():
    (view,) = run(dict(EXAMPLE, turns=[]), "red")
    assert view["you"]["formation"] is None and view["opponent"]["formation"] is None
    assert view["to_act"] == ["blue", "red"] and view["decision"] == "formation"


@pytest.mark.parametrize("turns, index, reason", [
    ([{"red": {"formation": "4-4-2"}}], 0, "must decide"),
    ([{"red": {"formation": "4-4-2"}, "blue": {"formation": "5-5-0"}}], 0, "formation"),
    ([{"red": {"formation": "4-4-2"}, "blue": {"formation": "4-3-3"}},
      {"red": {"place": [[9, [12, 4]]]}}], 1, "S-KO-2"),
])
def test_errors_name_the_turn(turns, index, reason):
    with pytest.raises(ScriptError) as err:
        run(dict(EXAMPLE, turns=turns))
    assert err.value.turn == index and reason in str(err.value)


def test_a_turn_after_the_end_is_an_error():
    with pytest.raises(ScriptError) as err:
        run(dict(EXAMPLE, turns=EXAMPLE["turns"] + [{"red": {"move": []}}]))
    assert err.value.turn == len(EXAMPLE["turns"])


def test_S_RNG_2_a_bad_dice_value_names_the_turn_that_draws_it():
    doc = dict(EXAMPLE, deal={"kickoff": "red", "dice": [40, 900, 2]})
    with pytest.raises(ScriptError) as err:
        run(doc)
    assert err.value.turn == 12 and "S-RNG-2" in str(err.value)


def test_set_up_errors_name_turn_0():
    for doc in (dict(EXAMPLE, options={"half_steps": 40}),
                dict(EXAMPLE, options={"pro": ["jetpack"]}),
                dict(EXAMPLE, teams={"red": {"name": "X", "player": []}})):
        with pytest.raises(ScriptError) as err:
            run(doc)
        assert err.value.turn == 0


def test_exit_status_2_and_one_line_on_stderr(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(dict(EXAMPLE, turns=[{"blue": {"kick": "end"}}])))
    proc = subprocess.run([sys.executable, "-m", "firmware.cli", "replay", str(path)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "turn 0" in proc.stderr
