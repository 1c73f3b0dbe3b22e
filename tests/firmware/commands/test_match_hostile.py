"""Issue 16, point 7: ``pitchpad match`` against a hostile stdio seat, and bad seat options.

A real ``pitchpad match`` process; the stdio seat is this test on the other end of its pipes.
stdio-seat.md: a seat that has not answered within ``--seat-time`` seconds, or writes a line
over 64 KiB, forfeits that match and play goes on; every bad option is one line, exit 2.
"""
from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def start(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "match", "--seed", "3", *args], cwd=ROOT,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def play(proc: subprocess.Popen, answer, limit: float = 60) -> tuple[list[dict], str, int]:
    """Answer each decision with ``answer(n)`` (bytes to write; None: write nothing); return
    the lines, stderr and exit status. A run that hangs fails the test after ``limit`` s."""
    lines: list[dict] = []
    done = threading.Event()

    def converse() -> None:
        decisions = 0
        for text in proc.stdout:
            line = json.loads(text)
            lines.append(line)
            if "legal" in line:
                reply = answer(decisions, line)
                decisions += 1
                if reply is not None:
                    try:
                        proc.stdin.write(reply)
                        proc.stdin.flush()
                    except BrokenPipeError:
                        pass
        done.set()

    thread = threading.Thread(target=converse, daemon=True)
    thread.start()
    finished = done.wait(limit)
    if not finished:
        proc.kill()
    assert finished, "pitchpad match hung on a silent stdio seat"
    err = proc.stderr.read().decode()
    return lines, err, proc.wait(timeout=10)


def results(lines: list[dict]) -> list[dict]:
    return [line["result"] for line in lines if "result" in line]


def test_a_seat_that_stops_answering_forfeits_each_match_within_the_time_limit():
    proc = start("--red", "bot:simple", "--blue", "stdio", "--matches", "2", "--seat-time", "0.5")
    lines, err, status = play(proc, lambda n, line: None)
    assert status == 0 and lines[-1] == {"done": True, "wins": {"red": 2, "blue": 0}}
    assert [r["forfeit"] for r in results(lines)] == ["blue", "blue"]
    assert err.count("no answer within 0.5 s") == 2 and "Traceback" not in err


def test_half_a_line_is_no_answer_and_a_late_answer_is_not_taken_for_the_next():
    def answer(n, line):
        if n == 0:
            return b'{"pl'                                   # and never the rest
        return (json.dumps(line["legal"][0]) + "\n").encode()
    proc = start("--red", "bot:simple", "--blue", "stdio", "--matches", "2", "--seat-time", "0.5")
    lines, err, status = play(proc, answer)
    assert status == 0
    forfeits = [r.get("forfeit") for r in results(lines)]
    assert forfeits == ["blue", None], err                  # the second match is played out


def test_a_deeply_nested_answer_forfeits_that_match_only():
    def answer(n, line):
        return b"[" * 100000 + b"\n" if n == 0 else (json.dumps(line["legal"][0]) + "\n").encode()
    proc = start("--red", "bot:simple", "--blue", "stdio", "--matches", "2")
    lines, err, status = play(proc, answer)
    assert status == 0 and "Traceback" not in err
    assert [r.get("forfeit") for r in results(lines)] == ["blue", None]


def test_a_line_over_64_kib_is_not_read_whole_and_forfeits():
    def answer(n, line):
        if n == 0:
            return b'{"play": "' + b"x" * (8 * 1024 * 1024) + b'"}\n'
        return (json.dumps(line["legal"][0]) + "\n").encode()
    proc = start("--red", "bot:simple", "--blue", "stdio", "--matches", "2")
    lines, err, status = play(proc, answer)
    assert status == 0 and "longer than 65536 bytes" in err
    assert [r.get("forfeit") for r in results(lines)] == ["blue", None]


@pytest.mark.parametrize("seat,named", [
    ("bot:strong:ms=1e999", "ms"), ("bot:strong:ms=abc", "ms"), ("bot:strong:ms=-5", "ms"),
    ("bot:strong:ms=nan", "ms"), ("bot:strong:ms=0", "ms"), ("bot:strong:depth=1e999", "depth"),
    ("bot:strong:=3", "=3"), ("bot:nobody", "nobody"),
])
def test_every_bad_seat_option_is_one_line_naming_it(seat, named):
    done = subprocess.run([sys.executable, "-m", "firmware.cli", "match", "--red", seat,
                           "--blue", "bot:random", "--seed", "1"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and named in done.stderr, done.stderr


@pytest.mark.parametrize("value", ["0", "-1", "abc", "inf"])
def test_a_bad_seat_time_is_refused(value):
    done = subprocess.run([sys.executable, "-m", "firmware.cli", "match", "--red", "bot:random",
                           "--blue", "stdio", "--seat-time", value], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--seat-time" in done.stderr
    assert "time limit per decision" in subprocess.run(
        [sys.executable, "-m", "firmware.cli", "match", "--help"], cwd=ROOT, capture_output=True,
        text=True).stdout
