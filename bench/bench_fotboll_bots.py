"""Fotboll CPUs: win rates with Wilson 95% intervals, and decision times.

Each pairing plays ``--matches`` matches, seeds ``seed, seed+1, ...``, the bots changing
colours every other match; a draw counts half a win. Decision times are measured around
each ``choose`` call (this script's clocks, never the engine's): process CPU time, what one
free core would take on a busy machine, and wall time. The load average is printed with
them: the figures are only comparable at a similar load.
Usage: python bench/bench_fotboll_bots.py [--matches N] [--seed S] [--jokers] [--tiebreak]
"""
from __future__ import annotations

import argparse
import math
import os
import time

from engine.bots.fotboll import make_bot, play_match
from engine.fotboll import MatchConfig

PAIRINGS = [("sensible", "random"), ("search", "sensible")]


class Timed:
    def __init__(self, name: str, times: list[tuple[float, float]]) -> None:
        self.bot = make_bot(name)
        self.times = times

    def choose(self, view, legal, rng):
        cpu, wall = time.process_time(), time.perf_counter()
        choice = self.bot.choose(view, legal, rng)
        self.times.append((time.process_time() - cpu, time.perf_counter() - wall))
        return choice


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / n``."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def pairing(a: str, b: str, config: MatchConfig, matches: int, seed: int) -> None:
    times: dict[str, list[tuple[float, float]]] = {a: [], b: []}
    wins = draws = losses = 0
    for i in range(matches):
        seats = ("red", "blue") if i % 2 == 0 else ("blue", "red")
        players = {seats[0]: Timed(a, times[a]), seats[1]: Timed(b, times[b])}
        match = play_match(config, seed + i, players)
        if match.winner is None:
            draws += 1
        elif match.winner == seats[0]:
            wins += 1
        else:
            losses += 1
    score = wins + draws / 2
    low, high = wilson(score, matches)
    print(f"{a} vs {b}: {wins} wins {draws} draws {losses} losses in {matches}: "
          f"score {score / matches:.3f} [95% {low:.3f}, {high:.3f}]")
    for name in (a, b):
        cpu = sorted(t[0] for t in times[name])
        wall = sorted(t[1] for t in times[name])
        if cpu:
            print(f"  {name}: {len(cpu)} decisions, CPU mean {1000 * sum(cpu) / len(cpu):.2f} ms "
                  f"p95 {1000 * cpu[int(0.95 * (len(cpu) - 1))]:.2f} ms max {1000 * cpu[-1]:.1f} ms, "
                  f"wall p95 {1000 * wall[int(0.95 * (len(wall) - 1))]:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jokers", action="store_true")
    parser.add_argument("--tiebreak", action="store_true")
    args = parser.parse_args()
    config = MatchConfig(args.jokers, args.tiebreak)
    print(f"options {config.to_json()}, load average at start {os.getloadavg()[0]:.2f}")
    for a, b in PAIRINGS:
        pairing(a, b, config, args.matches, args.seed)
    print(f"load average at end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
