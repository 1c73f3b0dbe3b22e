"""``pitchpad match --game simulator-soccer``: CPU seats, a stdio seat (stdio-seat.md)."""
from __future__ import annotations

import json
import subprocess
import sys


def match_cmd(*args):
    return [sys.executable, "-m", "firmware.cli", "match", "--game", "simulator-soccer",
            "--half-steps", "1", "--seed", "5", *args]


def test_bots_play_a_round_and_report_each_result():
    proc = subprocess.run(match_cmd("--red", "bot:simple", "--blue", "bot:random",
                                    "--matches", "2"), capture_output=True, text=True,
                          check=False, timeout=600)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [line.get("match") for line in lines[:2]] == [0, 1]
    assert all(line["result"]["over"] for line in lines[:2])
    assert lines[-1]["done"] is True


def test_a_stdio_seat_reads_its_view_and_legal_choices_and_plays_to_the_end():
    proc = subprocess.Popen(match_cmd("--red", "stdio", "--blue", "bot:simple"),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdin and proc.stdout
    asked = set()
    while True:
        line = json.loads(proc.stdout.readline())
        if "result" in line:
            break
        assert line["seat"] == "red" and line["view"]["seat"] == "red"
        assert "seed" not in json.dumps(line["view"])
        asked.add(line["view"]["decision"])
        if "moves" in line:
            assert all(isinstance(cells, list) for cells in line["moves"].values())
        proc.stdin.write(json.dumps(line["legal"][0]) + "\n")
        proc.stdin.flush()
    assert line["result"]["over"] is True and "forfeit" not in line["result"]
    assert {"formation", "place"} <= asked
    assert json.loads(proc.stdout.readline())["done"] is True
    proc.wait(timeout=60)


def test_a_stdio_seat_answering_nonsense_forfeits():
    proc = subprocess.run(match_cmd("--red", "stdio", "--blue", "bot:random"),
                          input='{"kick": "bicycle"}\n', capture_output=True, text=True,
                          check=False, timeout=600)
    result = json.loads(proc.stdout.splitlines()[-2])["result"]
    assert result["forfeit"] == "red" and result["winner"] == "blue"
    assert "forfeits" in proc.stderr
