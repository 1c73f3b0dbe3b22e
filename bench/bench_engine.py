"""Engine speed: full random legal Chifootmi matches per second, per level, on one core.

Each match starts from its own seed (shuffles and tosses included) and every seat picks
uniformly among its legal choices until the match is over (shoot-outs included).
Usage: python bench/bench_engine.py [--seconds S] [--json]
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import time

import run_record

from engine.chifootmi import Level, MatchConfig, Options, new_match

CONFIGS = {
    "Beginner": MatchConfig(Level.BEGINNER),
    "Amateur": MatchConfig(Level.AMATEUR),
    "Pro": MatchConfig(Level.PRO),
    "Pro+ (all options)": MatchConfig(Level.PRO, Options(offside=True, one_two=True,
                                                         counter_attack=True)),
}


def random_match(config: MatchConfig, seed: int, rng: random.Random) -> int:
    """Play one random legal match; return how many joint decisions it took."""
    match = new_match(config, seed)
    decisions = 0
    pick = rng.random
    while True:
        seats = match.to_act()
        if not seats:
            return decisions
        joint = {}
        for seat in seats:
            legal = match.legal_choices(seat)
            joint[seat] = legal[int(pick() * len(legal))]
        match.apply(joint)
        decisions += 1


def measure(config: MatchConfig, seconds: float) -> tuple[float, float]:
    """Matches per second and mean decisions per match, over about ``seconds``."""
    rng = random.Random(2026)
    matches = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(200):
            decisions += random_match(config, matches, rng)
            matches += 1
    elapsed = time.perf_counter() - start
    return matches / elapsed, decisions / matches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per level")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    run = run_record.Run.begin()
    figures = {}
    for name, config in CONFIGS.items():
        rate, per_match = measure(config, args.seconds)
        figures[name] = {"matches_per_s": round(rate), "decisions_per_match": round(per_match, 1)}
    if args.json:
        print(json.dumps(run_record.with_run({"engine": figures}, run)))
        return
    print(f"Random legal Chifootmi matches, one core, Python {platform.python_version()}")
    for name, row in figures.items():
        print(f"  {name:<20} {row['matches_per_s']:>7,} matches/s"
              f"  ({row['decisions_per_match']} decisions per match)")


if __name__ == "__main__":
    main()
