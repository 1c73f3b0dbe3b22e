"""Engine speed: full random legal matches per second of every game, on one core.

Each match starts from its own seed (shuffles and tosses included) and every seat picks
uniformly among its legal choices until the match is over (shoot-outs included); Simulator
Soccer's seats are its Random bot, which walks move lists instead of listing them (its own
``bench/bench_soccer.py throughput`` gives more). The rate is in CPU time of the process
(``time.process_time``), so a busy machine slows the run down without changing the figure much.

Usage: python bench/bench_engine.py [--seconds S | --matches N] [--games chifootmi,fotboll,...] [--json FILE]

``--matches N`` plays exactly N matches of each row, the same ones every time: under
``valgrind --tool=callgrind`` the instruction count compares two versions of the engine whatever
else the machine is doing (subtract a run with ``--matches 0``: the start-up and the imports).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import run_record  # noqa: E402

from engine import chifootmi, chifoumi, fotboll, simulator_soccer  # noqa: E402


def _uniform(match: Any, seat: str, pick: Callable[[], float]) -> Any:
    legal = match.legal_choices(seat)
    return legal[int(pick() * len(legal))]


def _soccer_random() -> Callable[[Any, str, Callable[[], float]], Any]:
    from engine.simulator_soccer.bots import SoccerBot
    bot, rng = SoccerBot("random"), random.Random(7)
    try:
        bot.choose(simulator_soccer.new_match(simulator_soccer.MatchConfig(), 0).view("red"), (), rng)
        return lambda match, seat, pick: bot.choose(match.view(seat), match.legal_choices(seat), rng)
    except TypeError:                                   # the older choose(view, rng)
        return lambda match, seat, pick: bot.choose(match.view(seat), rng)


CONFIGS: dict[str, tuple[Callable[[int], Any], str]] = {
    "chifootmi Beginner": (lambda s: chifootmi.new_match(chifootmi.MatchConfig(chifootmi.Level.BEGINNER), s),
                           "uniform"),
    "chifootmi Pro": (lambda s: chifootmi.new_match(chifootmi.MatchConfig(chifootmi.Level.PRO), s), "uniform"),
    "chifootmi Pro+": (lambda s: chifootmi.new_match(chifootmi.MatchConfig(
        chifootmi.Level.PRO, chifootmi.Options(offside=True, one_two=True, counter_attack=True)), s), "uniform"),
    "fotboll": (lambda s: fotboll.new_match(fotboll.MatchConfig(), s), "uniform"),
    "chifoumi 2 players": (lambda s: chifoumi.GAME.new_match(chifoumi.GameConfig(players=2), s), "uniform"),
    "chifoumi 4 players": (lambda s: chifoumi.GAME.new_match(chifoumi.GameConfig(players=4), s), "uniform"),
    "simulator-soccer (10-step halves)": (lambda s: simulator_soccer.new_match(simulator_soccer.MatchConfig(
        simulator_soccer.Options(half_steps=10)), s), "soccer"),
}


def random_match(start: Callable[[int], Any], seed: int, rng: random.Random,
                 choose: Callable[[Any, str, Callable[[], float]], Any]) -> int:
    """Play one random legal match; return how many joint decisions it took."""
    match = start(seed)
    decisions = 0
    pick = rng.random
    while True:
        seats = match.to_act()
        if not seats:
            return decisions
        match.apply({seat: choose(match, seat, pick) for seat in seats})
        decisions += 1


def measure(start: Callable[[int], Any], choose: Any, seconds: float,
            count: int | None = None) -> tuple[float, float, int]:
    """Matches per CPU second, mean decisions per match, matches played, over about ``seconds``
    (or exactly ``count`` matches)."""
    rng = random.Random(2026)
    matches = decisions = 0
    begin = time.process_time()
    while (matches < count) if count is not None else (time.process_time() < begin + seconds or matches < 3):
        decisions += random_match(start, matches, rng, choose)
        matches += 1
    elapsed = max(time.process_time() - begin, 1e-9)
    return matches / elapsed, decisions / max(matches, 1), matches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per game")
    parser.add_argument("--matches", type=int, help="play exactly this many matches of each row instead")
    parser.add_argument("--games", default="", help="comma-separated prefixes of the rows to run")
    parser.add_argument("--json", help="also write the figures, machine, load and commit to this file")
    args = parser.parse_args()
    run = run_record.Run.begin()
    wanted = [g for g in args.games.split(",") if g]
    figures: dict[str, dict[str, float]] = {}
    print("Random legal matches per CPU second, one core")
    for name, (start, kind) in CONFIGS.items():
        if wanted and not any(name.startswith(w) for w in wanted):
            continue
        choose = _uniform if kind == "uniform" else _soccer_random()
        rate, per_match, played = measure(start, choose, args.seconds, args.matches)
        figures[name] = {"matches_per_cpu_s": round(rate, 1), "decisions_per_match": round(per_match, 1),
                         "matches": played}
        print(f"  {name:<36} {rate:>9,.1f} matches/s  ({per_match:.1f} decisions per match, {played} played)")
    if args.json:
        run_record.write(args.json, {"settings": vars(args), "engine": figures}, run)


if __name__ == "__main__":
    main()
