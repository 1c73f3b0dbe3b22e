"""Fotboll CPUs: win rates with Wilson 95% intervals, and decision times.

Each pairing plays ``--matches`` matches, seeds ``seed, seed+1, ...``, the bots changing
colours every other match; a draw counts half a win. Decision times are measured around
each ``choose`` call (this script's clocks, never the engine's): process CPU time, what one
free core would take on a busy machine, and wall time. The load average is printed with
them: the figures are only comparable at a similar load.
Usage: python bench/bench_fotboll_bots.py [--matches N] [--seed S] [--jokers] [--tiebreak]
    [--only search-sensible] [--option name=value ...] [--best-reply GAMES]

``--best-reply GAMES``: the best-reply check of issue 15 where the CPU plays a mixed
strategy (the shoot-out's sides, uniform): CPU-vs-CPU matches on the console's generators
(keyed by a secret), an agent with the CPU's code and the seed predicting every side
(``bench/best_reply.py``, ``mixed_choice_check``).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from best_reply import mixed_choice_check  # noqa: E402
from engine.fotboll.bots import make_bot, make_difficulty, play_match  # noqa: E402
from engine.fotboll import MatchConfig, new_match  # noqa: E402
from intervals import wilson  # noqa: E402

PAIRINGS = [("sensible", "random"), ("search", "sensible")]


class Timed:
    def __init__(self, name: str, times: list[tuple[float, float]],
                 options: dict[str, float] | None = None) -> None:
        self.bot = make_bot(name, **(options or {}))
        self.times = times

    def choose(self, view, legal, rng):
        cpu, wall = time.process_time(), time.perf_counter()
        choice = self.bot.choose(view, legal, rng)
        self.times.append((time.process_time() - cpu, time.perf_counter() - wall))
        return choice


def pairing(a: str, b: str, config: MatchConfig, matches: int, seed: int,
            options: dict[str, float] | None = None) -> None:
    times: dict[str, list[tuple[float, float]]] = {a: [], b: []}
    wins = draws = losses = 0
    for i in range(matches):
        seats = ("red", "blue") if i % 2 == 0 else ("blue", "red")
        players = {seats[0]: Timed(a, times[a], options if a == "search" else None),
                   seats[1]: Timed(b, times[b], options if b == "search" else None)}
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
            def at(xs: list[float], q: float) -> float:
                return 1000 * xs[int(q * (len(xs) - 1))]
            print(f"  {name}: {len(cpu)} decisions, CPU mean {1000 * sum(cpu) / len(cpu):.2f} ms "
                  f"p50 {at(cpu, 0.5):.2f} p95 {at(cpu, 0.95):.2f} p99 {at(cpu, 0.99):.2f} ms "
                  f"max {1000 * cpu[-1]:.1f} ms, wall p99 {at(wall, 0.99):.2f} ms")


def best_reply(config: MatchConfig, games: int, seed: int) -> None:
    from firmware.fotboll.session import CPU

    cpu_rng = CPU.rng  # the console's CPU generators (firmware/games/cpu.py)

    print(f"best-reply check, {games} medium-vs-medium matches (every Fotboll CPU shoots and "
          f"dives by the same uniform rule), load average {os.getloadavg()[0]:.2f}")
    got = mixed_choice_check(lambda g: (new_match(config, seed + g), seed + g),
                             make_difficulty("medium"),
                             lambda match, seat, legal: match.decision(seat) in ("shoot", "dive"),
                             cpu_rng, games)
    n = int(got["choices"])
    if not n:
        print("no shoot-out kick in these matches")
        return
    low, high = wilson(got["predicted"], n)
    print(f"shoot-out sides predicted by an agent with the code and the seed: "
          f"{got['predicted']}/{n} = {got['predicted'] / n:.3f} [95% {low:.3f}, {high:.3f}], "
          f"chance {got['chance'] / n:.3f}; before issue 15 (generator from the seed): "
          f"{got['old_predicted']}/{n}")
    print(f"load average at end {os.getloadavg()[0]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jokers", action="store_true")
    parser.add_argument("--tiebreak", action="store_true")
    parser.add_argument("--only", help="one pairing, like search-sensible")
    parser.add_argument("--option", action="append", default=[],
                        help="a search bot option, like samples=48 (repeatable)")
    parser.add_argument("--best-reply", type=int, default=0, metavar="GAMES",
                        help="the best-reply check on the shoot-out's sides (0: skip)")
    args = parser.parse_args()
    if args.best_reply:
        best_reply(MatchConfig(args.jokers, True), args.best_reply, args.seed)
        return
    options = {k: float(v) if "." in v else int(v)
               for k, v in (o.split("=", 1) for o in args.option)}
    config = MatchConfig(args.jokers, args.tiebreak)
    print(f"options {config.to_json()}, load average at start {os.getloadavg()[0]:.2f}")
    for a, b in PAIRINGS:
        if args.only in (None, f"{a}-{b}"):
            pairing(a, b, config, args.matches, args.seed, options)
    print(f"load average at end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
