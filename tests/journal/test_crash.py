"""Power cuts, for real: matches run in separate processes that are killed with SIGKILL at random
moments, restarted on the same state directory, and resumed from the journal; each must end
exactly as an uninterrupted run of the same presses (turns, score, final screens), and every
resumed screen must be the one the uninterrupted run showed at that decision.

The crashing processes are forked from one already-imported driver process (``driver.py
--zygote``), so hundreds of kills take seconds; every kill is a real ``kill -9`` of a real
process in the middle of whatever it was doing, fsync included.
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

from .driver import OUTCOME, Player, settings_for

DRIVER = Path(__file__).with_name("driver.py")
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


@pytest.fixture(scope="module")
def zygote():
    process = subprocess.Popen([sys.executable, str(DRIVER), "--zygote"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, bufsize=1)
    yield process
    process.stdin.close()
    process.wait(timeout=30)


def request(zygote, delay: float, state_dir: Path, case: tuple) -> str:
    seed, level, players, difficulty = case
    zygote.stdin.write(f"{delay:.4f} {state_dir} {seed} {level} {players} {difficulty}\n")
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
def test_kill_9_at_random_moments_then_resume_gives_the_uninterrupted_match(zygote, tmp_path, case):
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
    request(zygote, -1, state_dir, case)
    resumes += check_round(state_dir, reference, starts)
    print(f"{case}: {kills} kills, {resumes} resumed, {rounds + 1} matches")
    # Most kills must land inside the match (not before the first record or after the end).
    assert resumes >= KILLS_PER_CASE // 3, (kills, resumes)
