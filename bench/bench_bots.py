"""CPU bots: round-robin win rates with 95% intervals, decision times, shot uniformity.

Each pairing plays ``--matches`` matches per level, seeds ``seed, seed+1, ...``, the bots
changing colours every other match: exactly what
``pitchpad match --level L --red bot:A --blue bot:B --seed S --matches N --swap`` plays,
so its ``wins`` line reproduces every figure here. Decision times are measured around each
``choose`` call (this script's clocks, not the engine's): CPU time of this process, which
is what one free core would take even on a busy machine, and wall time. Strong's shot and dive sides are
tested against the uniform equilibrium with a chi-square test.
Usage: python bench/bench_bots.py [--matches N] [--levels beginner,pro] [--json FILE]
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import platform
import time
from collections import Counter

from engine.bots import make_bot, play_match
from engine.chifootmi import Level, MatchConfig, Options

LEVELS = {
    "beginner": MatchConfig(Level.BEGINNER),
    "amateur": MatchConfig(Level.AMATEUR),
    "pro": MatchConfig(Level.PRO),
    "pro+": MatchConfig(Level.PRO, Options(offside=True, one_two=True, counter_attack=True)),
}
PAIRINGS = [("strong", "simple"), ("simple", "random"), ("strong", "random")]


class Timed:
    """A bot with a stopwatch; for Strong also a tally of its shot and dive sides."""

    def __init__(self, name: str, times: list[tuple[float, float]], sides: Counter) -> None:
        self.bot = make_bot(name)
        self.times = times
        self.sides = sides

    def choose(self, view, legal, rng):
        cpu, wall = time.process_time(), time.perf_counter()
        choice = self.bot.choose(view, legal, rng)
        self.times.append((time.process_time() - cpu, time.perf_counter() - wall))
        if view.decision in ("shoot", "dive"):
            self.sides[(view.decision, len(legal), choice.side.value)] += 1
        return choice


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a win rate."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def chi_square_p(counts: list[int]) -> float:
    """p-value of a chi-square test of uniformity, for 2 or 3 categories (closed forms)."""
    n = sum(counts)
    expected = n / len(counts)
    x = sum((c - expected) ** 2 / expected for c in counts)
    if len(counts) == 2:
        return math.erfc(math.sqrt(x / 2))
    return math.exp(-x / 2)


def percentile(sorted_times: list[float], q: float) -> float:
    return sorted_times[min(len(sorted_times) - 1, int(q * len(sorted_times)))]


def play_pairing(level: str, first: str, second: str, matches: int, seed: int,
                 times: dict, sides: Counter) -> int:
    wins = 0
    for index in range(matches):
        names = (first, second) if index % 2 == 0 else (second, first)
        players = {seat: Timed(name, times.setdefault((name, level), []),
                               sides if name == "strong" else Counter())
                   for seat, name in zip(("red", "blue"), names)}
        match = play_match(LEVELS[level], seed, players, index)
        wins += match.winner == ("red" if index % 2 == 0 else "blue")
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000, help="matches per pairing and level")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    times: dict = {}
    sides: Counter = Counter()
    rows = []
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"{args.matches} matches per pairing and level, seeds from {args.seed}, seats swapped")
    print("| level | pairing | wins | win rate | 95% CI | seconds |")
    print("|---|---|---|---|---|---|")
    for level, (first, second) in itertools.product(args.levels.split(","), PAIRINGS):
        start = time.perf_counter()
        wins = play_pairing(level, first, second, args.matches, args.seed, times, sides)
        low, high = wilson(wins, args.matches)
        rows.append({"level": level, "first": first, "second": second, "wins": wins,
                     "matches": args.matches, "rate": wins / args.matches, "low": low,
                     "high": high})
        print(f"| {level} | {first} vs {second} | {wins}/{args.matches} | "
              f"{wins / args.matches:.3f} | {low:.3f}–{high:.3f} | "
              f"{time.perf_counter() - start:.0f} |", flush=True)
    print("\n| bot | level | decisions | CPU p50 ms | CPU p99 ms | CPU max ms | wall p50 ms "
          "| wall p99 ms |")
    print("|---|---|---|---|---|---|---|---|")
    timing = []
    for (name, level), samples in sorted(times.items()):
        cpu = sorted(c for c, _ in samples)
        wall = sorted(w for _, w in samples)
        entry = {"bot": name, "level": level, "decisions": len(samples),
                 "cpu_p50_ms": percentile(cpu, 0.5) * 1e3, "cpu_p99_ms": percentile(cpu, 0.99) * 1e3,
                 "cpu_max_ms": cpu[-1] * 1e3, "wall_p50_ms": percentile(wall, 0.5) * 1e3,
                 "wall_p99_ms": percentile(wall, 0.99) * 1e3}
        timing.append(entry)
        print(f"| {name} | {level} | {entry['decisions']} | {entry['cpu_p50_ms']:.2f} | "
              f"{entry['cpu_p99_ms']:.2f} | {entry['cpu_max_ms']:.1f} | "
              f"{entry['wall_p50_ms']:.2f} | {entry['wall_p99_ms']:.2f} |")
    print("\n| Strong's sides | counts | chi-square p |")
    print("|---|---|---|")
    uniformity = []
    for decision, ways in sorted({(d, w) for d, w, _ in sides}):
        order = ["left", "centre", "right"] if ways == 3 else ["left", "right"]
        counts = [sides[(decision, ways, side)] for side in order]
        p = chi_square_p(counts)
        uniformity.append({"decision": decision, "ways": ways, "counts": dict(zip(order, counts)),
                           "p": p})
        print(f"| {decision} {ways}-way | {dict(zip(order, counts))} | {p:.3f} |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"matches": args.matches, "seed": args.seed, "results": rows,
                       "timing": timing, "uniformity": uniformity}, out, indent=1)


if __name__ == "__main__":
    main()
