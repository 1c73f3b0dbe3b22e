"""Simulator Soccer benchmarks: random legal matches per second, bot against bot with 95 %
Wilson intervals, and CPU decision times. Prints figures; never asserts.

    .venv/bin/python bench/bench_soccer.py throughput [MATCHES] [HALF_STEPS]
    .venv/bin/python bench/bench_soccer.py duel A B [MATCHES] [HALF_STEPS]

``duel`` seats A and B in turn on red and blue (match i: A is red when i is even), each
match from its own seed; a draw stands (S-END-1, no tie-break): the interval is on A's share
of the decided matches, draws reported beside it. Decision times are per call of the
bot's ``choose`` (view to choice), over every decision of the run, in CPU time of the
thread (``time.thread_time``): on a machine shared with other work the wall clock measures
the neighbours, not the bot.
"""
from __future__ import annotations

import math
import os
import random
import sys
import time

from engine.simulator_soccer import MatchConfig, Options, new_match
from engine.simulator_soccer.bots import SoccerBot


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def load() -> str:
    return " ".join(os.getloadavg().__repr__().strip("()").split(", ")[:3])


def throughput(matches: int, half: int) -> None:
    bot = SoccerBot("random")
    start = time.process_time()
    decisions = 0
    for seed in range(matches):
        match = new_match(MatchConfig(Options(half_steps=half)), seed)
        rngs = {"red": random.Random(seed), "blue": random.Random(~seed)}
        while match.to_act():
            match.apply({s: bot.choose(match.view(s), rngs[s]) for s in match.to_act()})
            decisions += 1
    cpu = time.process_time() - start
    print(f"random legal matches, half {half}: {matches} in {cpu:.1f} s CPU = "
          f"{matches / cpu:.2f} matches/s ({decisions / cpu:.0f} decisions/s); load {load()}")


def duel(a: str, b: str, matches: int, half: int) -> None:
    bots = {a: SoccerBot(a), b: SoccerBot(b)}
    score = {a: 0, b: 0}
    draws = 0
    times: dict[str, list[float]] = {a: [], b: []}
    for i in range(matches):
        seats = {"red": a, "blue": b} if i % 2 == 0 else {"red": b, "blue": a}
        match = new_match(MatchConfig(Options(half_steps=half)), 1000 + i)
        rngs = {s: random.Random(f"{i}-{s}-{seats[s]}") for s in seats}
        while match.to_act():
            joint = {}
            for seat in match.to_act():
                view = match.view(seat)
                t0 = time.thread_time()
                joint[seat] = bots[seats[seat]].choose(view, rngs[seat])
                times[seats[seat]].append(time.thread_time() - t0)
            match.apply(joint)
        if match.winner is None:
            draws += 1
        else:
            score[seats[match.winner]] += 1
        if (i + 1) % 50 == 0:
            print(f"  {i + 1} matches: {score} draws {draws}", flush=True)
    decided = score[a] + score[b]
    low, high = wilson(score[a], decided)
    print(f"{a} vs {b}, half {half}, {matches} matches (colours alternate): {a} {score[a]}, "
          f"{b} {score[b]}, draws {draws}; {a}'s share of decided matches "
          f"{score[a] / max(1, decided):.3f}, 95 % Wilson [{low:.3f}, {high:.3f}]; load {load()}")
    for name, samples in times.items():
        samples.sort()
        if samples:
            p50 = samples[len(samples) // 2] * 1000
            p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))] * 1000
            print(f"  {name} decision CPU time: p50 {p50:.1f} ms, p99 {p99:.1f} ms over "
                  f"{len(samples)} decisions")


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else "throughput"
    if mode == "throughput":
        throughput(int(sys.argv[2]) if len(sys.argv) > 2 else 20,
                   int(sys.argv[3]) if len(sys.argv) > 3 else 33)
    else:
        duel(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 400,
             int(sys.argv[5]) if len(sys.argv) > 5 else 10)
