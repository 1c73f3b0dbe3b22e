"""Power cuts, for real: matches run in separate processes that are killed with SIGKILL,
restarted on the same state directory, and resumed from the journal; each must end exactly as
an uninterrupted run of the same presses (turns, score, final screens), and every resumed
screen must be the one the uninterrupted run showed at that decision.

Where the kills land is chosen, not left to the wall clock: the process kills itself at a
chosen journal operation (a write, an fsync, the rename; before it, halfway through a write, or
just after it: ``driver.JournalOps``), spread over the whole match, so every run kills at the
same places on any machine. One case still kills at random wall-clock moments, for whatever
the chosen points do not think of.

The crashing processes are forked from one already-imported driver process (``driver.py
--zygote``), so hundreds of kills take seconds; every kill is a real ``kill -9`` of a real
process in the middle of whatever it was doing.
"""
from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from firmware.storage import journal

from journal_driver import MOMENTS, OUTCOME, JournalOps, Player, settings_for

DRIVER = Path(__file__).resolve().parents[2] / "rigs" / "journal_driver.py"
CASES = [  # seed, level, players, CPU difficulty
    (11, "beginner", "two", "easy"),
    (12, "amateur", "two", "easy"),
    (13, "pro", "two", "easy"),
    (14, "pro_plus", "two", "easy"),
    (15, "pro_plus", "two", "easy"),
    (16, "beginner", "cpu", "easy"),
    (17, "amateur", "cpu", "medium"),
    (18, "pro", "cpu", "medium"),
    (19, "pro_plus", "cpu", "easy"),
    (20, "pro_plus", "cpu", "medium"),
]
KILLS_PER_CASE = 30
WALL_CLOCK_CASE = CASES[-1]


@pytest.fixture(scope="module")
def zygote():
    process = subprocess.Popen([sys.executable, str(DRIVER), "--zygote"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, bufsize=1)
    yield process
    process.stdin.close()
    process.wait(timeout=30)


def request(zygote, when: float | str, state_dir: Path, case: tuple) -> str:
    """Play (or resume) ``case`` in a child process killed ``when`` (seconds, or ``op:K:MOMENT``)."""
    seed, level, players, difficulty = case
    when = f"{when:.4f}" if isinstance(when, float) else when
    zygote.stdin.write(f"{when} {state_dir} {seed} {level} {players} {difficulty}\n")
    answer = zygote.stdout.readline().strip()
    assert answer in ("killed", "exit 0"), f"the match process failed: {answer!r}"
    return answer


def check_round(state_dir: Path, reference: dict, starts: dict) -> int:
    """Compare a finished round with the reference; the number of resumes it went through."""
    outcome = json.loads((state_dir / OUTCOME).read_text())
    assert outcome["turns"] == reference["turns"]
    assert outcome["summary"] == reference["summary"]
    assert outcome["final"] == reference["final"], "the result screens differ"
    resumes = sorted(state_dir.glob("resume-*.json"))
    for path in resumes:
        resumed = json.loads(path.read_text())
        assert resumed["screens"] == starts[resumed["at"]], (
            f"{path.name}: the screens after resuming at decision {resumed['at']} differ")
    assert not (state_dir / "match.journal").exists(), "a finished match leaves no journal"
    assert not list(state_dir.glob("match.journal.corrupt-*")), "a kill corrupted the journal"
    return len(resumes)


@pytest.mark.parametrize("case", CASES, ids=[f"{c[1]}-{c[2]}-{c[0]}" for c in CASES])
def test_kill_9_at_chosen_journal_writes_then_resume_gives_the_uninterrupted_match(
        zygote, tmp_path, monkeypatch, case):
    seed, level, players, difficulty = case
    ops = JournalOps()                                   # the reference run only counts them
    monkeypatch.setattr(journal, "os", ops)
    reference_player = Player(tmp_path / "reference", seed, settings_for(level, players, difficulty))
    reference = reference_player.play()
    monkeypatch.undo()
    assert reference["summary"]["over"] and ops.count > KILLS_PER_CASE
    points = sorted({1 + round(i * (ops.count - 1) / (KILLS_PER_CASE - 1))
                     for i in range(KILLS_PER_CASE)})
    resumes = 0
    for index, point in enumerate(points):
        state_dir = tmp_path / f"op{point}"
        when = f"op:{point}:{MOMENTS[index % len(MOMENTS)]}"
        assert request(zygote, when, state_dir, case) == "killed", when
        assert request(zygote, -1.0, state_dir, case) == "exit 0"
        resumes += check_round(state_dir, reference, reference_player.starts)
    print(f"{case}: {len(points)} kills at journal operations 1..{ops.count}, {resumes} resumed")
    # Every kill after the journal's first rename leaves a match to resume.
    assert resumes >= len(points) - 3, (len(points), resumes)


def test_kill_9_at_random_moments_then_resume_gives_the_uninterrupted_match(zygote, tmp_path):
    case = WALL_CLOCK_CASE
    seed, level, players, difficulty = case
    started = time.perf_counter()
    reference_player = Player(tmp_path / "reference", seed, settings_for(level, players, difficulty))
    reference = reference_player.play()
    duration = time.perf_counter() - started
    starts = reference_player.starts
    assert reference["summary"]["over"] and reference["resumed_at"] is None

    rng = random.Random(seed)
    kills = resumes = rounds = 0
    state_dir = tmp_path / "round0"
    while kills < KILLS_PER_CASE:
        if request(zygote, rng.uniform(0.0, duration * 1.3), state_dir, case) == "killed":
            kills += 1
            continue
        resumes += check_round(state_dir, reference, starts)
        rounds += 1
        shutil.rmtree(state_dir)
        state_dir = tmp_path / f"round{rounds}"
    request(zygote, -1.0, state_dir, case)
    resumes += check_round(state_dir, reference, starts)
    print(f"{case}: {kills} kills, {resumes} resumed, {rounds + 1} matches")
    # Most kills must land inside the match (not before the first record or after the end).
    assert resumes >= KILLS_PER_CASE // 3, (kills, resumes)
