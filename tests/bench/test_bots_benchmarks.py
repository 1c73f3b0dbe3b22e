"""The bot benchmarks still run: their figures are docs/performance.md's, and a moved module once
broke the Fotboll and Chifoumi best-reply checks without any test noticing (the console's
CPU generators moved from firmware/<game>/cpu.py to firmware/games/cpu.py)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def bench(*args: str) -> str:
    result = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.parametrize("script", ["bench/bench_fotboll_bots.py", "bench/bench_chifoumi_bots.py"],
                         ids=["fotboll", "chifoumi"])
def test_best_reply_check_runs_and_the_seed_no_longer_predicts_the_cpu(script):
    out = bench(script, "--best-reply", "4")
    got = re.search(r"predicted .*?: (\d+)/(\d+) = .*before issue 15 .*?: (\d+)/(\d+)", out)
    assert got, out
    predicted, choices, old, old_choices = map(int, got.groups())
    assert choices == old_choices > 5
    assert old == old_choices            # the seed alone gave every side away
    assert predicted < choices           # the secret-keyed generator does not


def test_chifootmi_bench_and_diagnosis_print_their_tables():
    """The best reply against Strong, its tally of predicted cards, and the diagnosis of
    where it gains (bench/diagnose_reply.py), on a couple of matches."""
    out = bench("bench/bench_bots.py", "--matches", "2", "--pairings", "strong-simple",
                "--reply-matches", "2", "--reply-samples", "1", "--levels", "beginner")
    assert re.search(r"\| beginner \| strong vs simple \| \d/2 \|", out), out
    assert re.search(r"\| beginner \| \d/2 \| .* \| \d+/\d+ = [01]\.\d\d \|", out), out
    out = bench("bench/diagnose_reply.py", "--matches", "2", "--level", "pro+",
                "--reply-samples", "1", "--probe-samples", "2")
    assert re.search(r"reply wins \d/2", out) and "W - G" in out, out
