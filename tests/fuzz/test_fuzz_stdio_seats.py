"""Issue 33: a stdio seat of ``pitchpad match`` in every registered game (docs/formats/stdio-seat.md).

- Hypothesis answers a seat of every game at a position of one of its matches with anything:
  a legal choice as the question wrote it, one changed a little, any JSON value, any bytes,
  deep nesting. Property: the seat's choice is one of the legal ones, or a forfeit, never
  another exception; an answer that is a legal object as written is that choice.
- The 64 KiB cap at its boundary: a line of 65,536 bytes, newline included, is read; one of
  65,537 is refused, over a pipe (the command's standard input) and over a stream.
- A ``--seat-time`` other than the default, in every game, through the real command: a silent
  seat forfeits within that time, and play goes on with the next match.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fuzz_rig import DEEP, FUZZ, JSON, VALID, mutated
from hypothesis import event, given
from hypothesis import strategies as st

from firmware.commands.answer_lines import MAX_LINE
from firmware.commands.match import Forfeit, StdioSeat
from firmware.games.registry import GAMES, game_named

ROOT = Path(__file__).resolve().parents[2]
NAMES = list(GAMES)


def position(name: str, turns: int) -> tuple[Any, str, list[Any]]:
    """A match of ``name`` after ``turns`` of its valid script's decisions: the match, a seat
    asked to decide, and that seat's legal choices."""
    doc = VALID[(name, 1)]
    rules = game_named(name).rules
    kept = doc["turns"][:max(0, min(turns, len(doc["turns"]) - 1))]
    match = rules.parse_script({**doc, "turns": kept}).start()
    for index, turn in enumerate(kept):
        match.apply(rules.parse_turn(turn, index))
    seat = match.to_act()[0]
    return match, seat, list(match.legal_choices(seat))


class Questions(io.StringIO):
    """The seat's standard output: says when a question line has been written, so an answer
    is only written after it (as a program on the other end of the pipes does; an earlier line
    is a late answer to a question given up on, which the seat drops)."""

    def __init__(self) -> None:
        super().__init__()
        self.written = threading.Event()

    def write(self, text: str) -> int:
        count = super().write(text)
        if text.endswith("\n"):
            self.written.set()
        return count


def asked(name: str, answer: bytes, turns: int = 0, stdin: Any = None, out: Questions | None = None,
          seat_time: float | None = 1.0) -> tuple[Any, list[Any], str]:
    """The choice a stdio seat makes (or its ``Forfeit``) with ``answer`` on its input; the
    legal choices, and the question line it wrote."""
    match, seat, legal = position(name, turns)
    out = out or Questions()
    player = StdioSeat(out, stdin or io.BytesIO(answer), game_named(name), seat_time=seat_time)
    try:
        choice = player.choose(match.view(seat), legal, None)
    except Forfeit as forfeit:
        choice = forfeit
    return choice, legal, out.getvalue()


@st.composite
def answers(draw: Any, legal_json: list[Any]) -> bytes:
    kind = draw(st.sampled_from(["legal", "changed", "json", "bytes"]))
    if kind == "legal":
        return json.dumps(draw(st.sampled_from(legal_json))).encode()
    if kind == "changed":
        return json.dumps(draw(mutated(draw(st.sampled_from(legal_json))))).encode()
    if kind == "json":
        return json.dumps(draw(JSON)).encode()
    return draw(st.binary(max_size=120) | DEEP)


@FUZZ
@given(st.data())
def test_a_stdio_seat_of_every_game_takes_a_legal_choice_or_forfeits(data):
    name = data.draw(st.sampled_from(NAMES))
    turns = data.draw(st.integers(0, 29))
    _, seat, legal = position(name, turns)
    legal_json = [choice.to_json() for choice in legal]
    answer = data.draw(answers(legal_json))
    choice, legal, question = asked(name, answer + b"\n", turns)
    line = json.loads(question)
    assert question.count("\n") == 1 and line["seat"] == seat and "legal" in line
    if isinstance(choice, Forfeit):
        event(f"{name}: forfeit")
        assert choice.seat == seat and "\n" not in str(choice)
        return
    event(f"{name}: a choice")
    assert choice in legal
    if answer in {json.dumps(item).encode() for item in legal_json}:
        assert choice.to_json() == json.loads(answer)


# ----- the 64 KiB cap, at its boundary ---------------------------------------------------------
def padded(name: str, size: int) -> bytes:
    """A legal answer of game ``name`` (its first choice), spaces after it, so the line is
    ``size`` bytes, newline included."""
    _, _, legal = position(name, 0)
    text = json.dumps(legal[0].to_json()).encode()
    return text + b" " * (size - len(text) - 1) + b"\n"


def through_a_pipe(name: str, line: bytes) -> Any:
    """The seat's choice (or forfeit) with ``line`` written to a real pipe, as the command's
    standard input is, once the question is out (a writer thread: a pipe holds less than the
    line)."""
    read_end, write_end = os.pipe()
    out = Questions()

    def write() -> None:
        try:
            if out.written.wait(30):
                view = memoryview(line)
                while view:
                    view = view[os.write(write_end, view):]
        except BrokenPipeError:                      # a refused line: the seat stopped reading
            pass
        finally:
            os.close(write_end)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    with os.fdopen(read_end, "rb", buffering=0) as stdin:
        choice, _, _ = asked(name, b"", stdin=stdin, out=out, seat_time=30.0)
    writer.join(5)
    return choice


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("size", [MAX_LINE - 1, MAX_LINE, MAX_LINE + 1])
@pytest.mark.parametrize("channel", ["pipe", "stream"])
def test_an_answer_line_of_65536_bytes_is_read_and_one_byte_more_is_refused(name, size, channel):
    assert MAX_LINE == 65_536
    line = padded(name, size)
    assert len(line) == size
    if channel == "pipe":
        choice = through_a_pipe(name, line)
    else:
        choice, _, _ = asked(name, line)
    if size <= MAX_LINE:
        assert not isinstance(choice, Forfeit), choice
        assert choice == position(name, 0)[2][0]
    else:
        assert isinstance(choice, Forfeit) and "longer than 65536 bytes" in str(choice)


# ----- a --seat-time of its own, in every game ---------------------------------------------------
def seat_flags(name: str) -> list[str]:
    """Every seat of a two-player match of ``name``: the first a bot, the last the stdio seat."""
    match, _, _ = position(name, 0)
    seats = list(match.seats)
    bot = next(iter(game_named(name).cpu.named))
    flags = [arg for seat in seats[:-1] for arg in (f"--{seat}", f"bot:{bot}")]
    return flags + [f"--{seats[-1]}", "stdio"]


@pytest.mark.parametrize("name", NAMES)
def test_a_silent_stdio_seat_forfeits_within_its_own_seat_time_in_every_game(name):
    """Match 0: a wrong answer (forfeit, not a choice); match 1: silence, a forfeit as soon as
    the 0.4 s given run out (not the default 10 s); then the run's last line."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "match", "--game", name, "--seed", "4",
         "--matches", "2", "--seat-time", "0.4", *seat_flags(name)], cwd=ROOT,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines, asked_at, waited = [], None, []
    assert proc.stdout is not None and proc.stdin is not None
    for text in proc.stdout:
        line = json.loads(text)
        lines.append(line)
        if "legal" in line and line["match"] == 0:
            proc.stdin.write(b'{"nothing": "legal"}\n')
            proc.stdin.flush()
        elif "legal" in line:
            asked_at = time.monotonic()
        elif "result" in line and line["match"] == 1 and asked_at is not None:
            waited.append(time.monotonic() - asked_at)
    status = proc.wait(timeout=60)
    err = proc.stderr.read().decode() if proc.stderr else ""
    assert status == 0, err
    forfeits = [line["result"].get("forfeit") for line in lines if "result" in line]
    stdio = seat_flags(name)[-2][2:]
    assert forfeits == [stdio, stdio], err
    assert "not a choice" in err and "no answer within 0.4 s" in err and "Traceback" not in err
    assert waited and 0.35 <= waited[0] < 5.0, waited      # the 0.4 s, not the default 10 s
    assert lines[-1]["done"] is True
