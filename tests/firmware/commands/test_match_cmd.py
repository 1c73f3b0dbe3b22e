"""``pitchpad match`` as stdio-seat.md says, driven by a scripted player in a subprocess."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.chifootmi.bots import make_bot, play_match
from engine.bots.seeds import match_seeds
from engine.chifootmi import Level, MatchConfig, Options
from firmware.commands.match import parse_seat
from firmware.games.registry import game_named

ROOT = Path(__file__).resolve().parents[3]


def pitchpad_match(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "match", *args], cwd=ROOT, text=True,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def converse(proc: subprocess.Popen, answer) -> tuple[list[dict], str]:
    """Answer every decision line with ``answer(line)`` (None: close stdin); return all lines."""
    lines = []
    while True:
        text = proc.stdout.readline()
        assert text, proc.stderr.read()
        line = json.loads(text)
        lines.append(line)
        if line.get("done"):
            break
        if "legal" in line:
            reply = answer(line)
            if reply is None:
                proc.stdin.close()
            else:
                proc.stdin.write(reply + "\n")
                proc.stdin.flush()
    err = proc.stderr.read()
    assert proc.wait(timeout=30) == 0, err
    return lines, err


def test_a_legal_stdio_player_plays_whole_matches():
    proc = pitchpad_match("--level", "pro", "--option", "offside", "--option", "one_two",
                          "--seed", "5", "--red", "stdio", "--blue", "bot:simple", "--matches", "3",
                          "--swap")
    lines, err = converse(proc, lambda line: json.dumps(line["legal"][-1]))
    results = [line for line in lines if "result" in line]
    assert [r["seed"] for r in results] == [match_seeds(5, i).deal for i in range(3)]
    assert len({r["seed"] for r in results} | {5, 6, 7}) == 6  # keyed hashes, not S + i
    assert all(r["result"]["over"] and "forfeit" not in r["result"] for r in results)
    asks = [line for line in lines if "legal" in line]
    assert {line["seat"] for line in asks if line["match"] == 1} == {"blue"}  # swapped
    view = asks[0]["view"]
    for key in ("you", "opponent", "ball", "retention", "retention_needed", "phase", "round",
                "score", "played", "decision"):
        assert key in view
    assert all(slot["card"] is not None for slot in view["you"]["active"])
    done = lines[-1]
    assert done["done"] is True and sum(done["wins"].values()) == 3
    assert err == ""


@pytest.mark.parametrize("bad", ['{"play": 99}', "not json", '{"flag": 1}', '[{"play": 3}]',
                                 '{"shoot": "up"}'])
def test_anything_but_a_legal_object_forfeits_that_match_and_play_goes_on(bad):
    answers = iter([bad])

    def answer(line):
        return next(answers, json.dumps(line["legal"][0]))

    proc = pitchpad_match("--seed", "1", "--red", "bot:random", "--blue", "stdio", "--matches", "2")
    lines, err = converse(proc, answer)
    results = [line["result"] for line in lines if "result" in line]
    assert results[0]["forfeit"] == "blue" and results[0]["winner"] == "red"
    assert results[0]["over"] is True and results[0]["to_act"] == []
    assert "forfeit" not in results[1] and results[1]["over"]
    assert "match 0: blue forfeits" in err
    assert lines[-1]["wins"]["red"] >= 1


def test_a_card_not_in_hand_forfeits_C_RND_1():
    def answer(line):
        held = {json.dumps(c) for c in line["legal"]}
        missing = next(json.dumps({"play": n}) for n in range(1, 12)
                       if json.dumps({"play": n}) not in held)
        return missing

    proc = pitchpad_match("--seed", "2", "--red", "stdio", "--blue", "bot:simple")
    lines, err = converse(proc, answer)
    assert lines[-2]["result"]["forfeit"] == "red"
    assert "not one of the legal choices" in err


def test_end_of_input_forfeits_every_remaining_match():
    proc = pitchpad_match("--seed", "3", "--red", "stdio", "--blue", "bot:random", "--matches", "3")
    lines, err = converse(proc, lambda line: None)
    results = [line["result"] for line in lines if "result" in line]
    assert [r["forfeit"] for r in results] == ["red"] * 3
    assert lines[-1]["wins"] == {"red": 0, "blue": 3}
    assert err.count("end of input") == 3


@pytest.mark.parametrize("first, second, options", [
    ("simple", "random", {}), ("strong", "simple", {"samples": 2})])
def test_a_round_through_pitchpad_match_gives_the_benchmark_results(first, second, options):
    """The benchmark's loop (play_match, one secret, seats swapped) and the command agree."""
    config = MatchConfig(Level.AMATEUR, Options(counter_attack=True))
    spec = "".join(f":{key}={value}" for key, value in options.items())
    proc = pitchpad_match("--level", "amateur", "--option", "counter_attack", "--seed", "40",
                          "--red", f"bot:{first}{spec if first == 'strong' else ''}",
                          "--blue", f"bot:{second}", "--matches", "6", "--swap")
    out, err = proc.communicate(timeout=60)
    lines = [json.loads(text) for text in out.splitlines()]
    wins = 0
    for index in range(6):
        names = (first, second) if index % 2 == 0 else (second, first)
        match = play_match(config, 40, {
            seat: make_bot(name, **(options if name == "strong" else {}))
            for seat, name in zip(("red", "blue"), names)}, index)
        assert lines[index]["result"]["winner"] == match.winner
        assert lines[index]["result"]["score"] == {"red": match.score[0], "blue": match.score[1]}
        wins += match.winner == ("red" if index % 2 == 0 else "blue")
    assert lines[-1]["wins"]["red"] == wins


def test_seats_are_parsed_as_the_format_says():
    chifootmi = game_named("chifootmi")
    assert parse_seat("stdio", chifootmi) == ("stdio", {})
    assert parse_seat("bot:strong:ms=40", chifootmi) == ("strong", {"ms": 40})
    for bad in ("human", "bot:", "bot:nobody", "bot:simple:fast"):
        with pytest.raises(ValueError):
            parse_seat(bad, chifootmi)


def test_two_stdio_seats_are_refused():
    proc = pitchpad_match("--red", "stdio", "--blue", "stdio")
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 2 and "at most one seat is stdio" in err and out == ""
