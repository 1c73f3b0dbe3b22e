"""Simulator Soccer benchmarks: random legal matches per second, bot against bot with 95 %
Wilson intervals, and CPU decision times. Prints figures; never asserts.

    .venv/bin/python bench/bench_soccer.py throughput [MATCHES] [HALF_STEPS]
    .venv/bin/python bench/bench_soccer.py duel A B [MATCHES] [HALF_STEPS] [JOBS] [LOG]
    .venv/bin/python bench/bench_soccer.py summary A B LOG

``throughput`` plays Random against Random from seeds 0.. and says how each match ended: the
full length (the second half's time up), or early, and why (a team left with 6 players loses,
S-FOUL-2's ruling); the rate is given for all matches and for the full-length ones alone.

``duel`` seats A and B in turn on red and blue (match i: A is red when i is even), each
match from its own seed 1000 + i, with JOBS worker processes (default 1; the matches and
their seeds do not depend on it). A draw stands (S-END-1, no tie-break): the interval is on
A's share of the decided matches, and A's score counting a draw as half a win is given
beside it. Decision times are per call of the bot's ``choose`` (view to choice), over every
decision of the run, in CPU time of the thread (``time.thread_time``): on a machine shared
with other work the wall clock measures the neighbours, not the bot. With LOG, each worker
appends one JSON line a match to LOG.<worker> as it ends (after a first line recording the
machine, the commit and the load average, ``run_record.py``), so a long run on a busy machine
shows its progress and ``summary`` gives the figures of the matches played so far.
"""
from __future__ import annotations

import json
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import run_record
from intervals import wilson
from engine.simulator_soccer import MatchConfig, Options, new_match
from engine.simulator_soccer.bots import SoccerBot


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def throughput(matches: int, half: int) -> None:
    bot = SoccerBot("random")
    ends: Counter[str] = Counter()
    full_cpu = 0.0
    decisions = 0
    start = time.process_time()
    for seed in range(matches):
        t0 = time.process_time()
        match = new_match(MatchConfig(Options(half_steps=half)), seed)
        rngs = {"red": random.Random(seed), "blue": random.Random(~seed)}
        reds = 0
        while match.to_act():
            joint = {s: bot.choose(match.view(s), match.legal_choices(s), rngs[s]) for s in match.to_act()}
            reds += sum(1 for e in match.apply(joint) if e.name == "card" and e.card == "red")
            decisions += 1
        if match.half == 2 and match.time_up():
            ends["full length"] += 1
            full_cpu += time.process_time() - t0
        else:
            short = min(len(t.on_pitch()) for t in match.teams)
            ends[f"early: half {match.half} step {match.clock}, a team down to {short} "
                 f"({reds} red cards)"] += 1
    cpu = time.process_time() - start
    full = ends["full length"]
    print(f"random legal matches, half {half} steps, one core (CPU time): {matches} in {cpu:.1f} s "
          f"= {matches / cpu:.2f} matches/s, {decisions / cpu:.0f} decisions/s; load {load()}")
    print(f"  full length: {full} of {matches}"
          + (f", {full / full_cpu:.2f} matches/s counting those alone" if full else ""))
    for why, n in sorted(ends.items()):
        if why != "full length":
            print(f"  {why}: {n}")


def _duel_shard(a: str, b: str, indices: list[int], half: int, log: str | None = None
                ) -> tuple[dict[str, float], int, dict[str, list[float]]]:
    bots = {a: SoccerBot(a), b: SoccerBot(b)}
    score = {a: 0.0, b: 0.0}
    draws = 0
    times: dict[str, list[float]] = {a: [], b: []}
    mark = {a: 0, b: 0}
    if log is not None and indices:
        with open(f"{log}.{indices[0]}", "a") as out:
            out.write(json.dumps({"run": run_record.Run.begin().record()}) + "\n")
    for i in indices:
        seats = {"red": a, "blue": b} if i % 2 == 0 else {"red": b, "blue": a}
        match = new_match(MatchConfig(Options(half_steps=half)), 1000 + i)
        rngs = {s: random.Random(f"{i}-{s}-{seats[s]}") for s in seats}
        while match.to_act():
            joint = {}
            for seat in match.to_act():
                view, legal = match.view(seat), match.legal_choices(seat)
                t0 = time.thread_time()
                joint[seat] = bots[seats[seat]].choose(view, legal, rngs[seat])
                times[seats[seat]].append(time.thread_time() - t0)
            match.apply(joint)
        if match.winner is None:
            draws += 1
        else:
            score[seats[match.winner]] += 1
        if log is not None:
            with open(f"{log}.{indices[0]}", "a") as out:
                out.write(json.dumps({"match": i, "winner": None if match.winner is None else
                                      seats[match.winner], "score": match.score,
                                      "times": {name: times[name][mark[name]:] for name in times}})
                          + "\n")
            mark = {name: len(times[name]) for name in times}
    return score, draws, times


def duel(a: str, b: str, matches: int, half: int, jobs: int, log: str | None = None) -> None:
    shards = [list(range(j, matches, jobs)) for j in range(jobs)]
    started = time.time()
    if jobs == 1:
        results = [_duel_shard(a, b, shards[0], half, log)]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_duel_shard, [a] * jobs, [b] * jobs, shards, [half] * jobs,
                                    [log] * jobs))
    score = {a: sum(r[0][a] for r in results), b: sum(r[0][b] for r in results)}
    draws = sum(r[1] for r in results)
    times = {name: [t for r in results for t in r[2][name]] for name in (a, b)}
    report(a, b, score, draws, times, half, f"{jobs} jobs, {time.time() - started:.0f} s wall")


def summary(a: str, b: str, log: str) -> None:
    """The figures of the matches a logged run has played so far."""
    import glob

    score = {a: 0.0, b: 0.0}
    draws = 0
    times: dict[str, list[float]] = {a: [], b: []}
    seen: set[int] = set()
    for path in sorted(glob.glob(f"{log}.*")):
        with open(path) as lines:
            for line in lines:
                row = json.loads(line)
                if "run" in row:  # a worker's first line: the machine, commit and load
                    continue
                if row["match"] in seen:  # played twice (workers from both ends met)
                    continue
                seen.add(row["match"])
                if row["winner"] is None:
                    draws += 1
                else:
                    score[row["winner"]] += 1
                for name in times:
                    times[name] += row["times"][name]
    report(a, b, score, draws, times, None, f"from {log}.*, the matches played so far")


def report(a: str, b: str, score: dict[str, float], draws: int, times: dict[str, list[float]],
           half: int | None, how: str) -> None:
    matches = int(score[a] + score[b]) + draws
    decided = int(score[a] + score[b])
    low, high = wilson(score[a], decided)
    half_low, half_high = wilson(score[a] + draws / 2, max(1, matches))
    print(f"{a} vs {b}, half {half or 'as run'} steps, {matches} matches (colours alternate, "
          f"seeds 1000 + match): {a} {score[a]:.0f}, {b} {score[b]:.0f}, draws {draws}; "
          f"load {load()} ({how})")
    print(f"  {a}'s share of the decided matches {score[a] / max(1, decided):.3f}, "
          f"95 % Wilson [{low:.3f}, {high:.3f}]")
    print(f"  {a}'s score, a draw counting half: {(score[a] + draws / 2) / max(1, matches):.3f}, "
          f"95 % Wilson [{half_low:.3f}, {half_high:.3f}]")
    for name, samples in times.items():
        if samples:
            print(f"  {name} decision CPU time: p50 {percentile(samples, 0.5) * 1000:.1f} ms, "
                  f"p99 {percentile(samples, 0.99) * 1000:.1f} ms, max {max(samples) * 1000:.1f} ms "
                  f"over {len(samples)} decisions")


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else "throughput"
    if mode == "throughput":
        throughput(int(sys.argv[2]) if len(sys.argv) > 2 else 20,
                   int(sys.argv[3]) if len(sys.argv) > 3 else 33)
    elif mode == "summary":
        summary(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        duel(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 400,
             int(sys.argv[5]) if len(sys.argv) > 5 else 33,
             int(sys.argv[6]) if len(sys.argv) > 6 else 1,
             sys.argv[7] if len(sys.argv) > 7 else None)
