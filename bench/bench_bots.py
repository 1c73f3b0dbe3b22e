"""CPU bots: win rates with 95% intervals, a best reply that knows Strong's code, the
difficulty ladder, decision times and Strong's search per decision.

Each pairing plays ``--matches`` matches per level from one run secret (``--seed``), match
i's deal and the bots' generators derived from it as ``pitchpad match`` does, the bots
changing colours every other match: exactly what
``pitchpad match --level L --red bot:A --blue bot:B --seed S --matches N --swap`` plays,
so its ``wins`` line reproduces every bot-vs-bot figure here.

The best reply (``bench/best_reply.py``) plays ``--reply-matches`` matches against Strong per
level: it predicts Strong's mixed strategy with Strong's own code over the deals it cannot
rule out, and plays the best reply to it, judging its own cards as deep as Strong searches
(one round, two at Pro; ``--reply-depth``); the table gives its win rate and
how often the card it thought most likely was the card Strong played.

Decision times are measured around each ``choose`` call (this script's clocks, not the
engine's): CPU time of this process, which is what one free core would take even on a busy
machine, and wall time; the load average is printed with them. Strong's shot and dive sides
are tested against the uniform equilibrium with a chi-square test.
Usage: python bench/bench_bots.py [--matches N] [--reply-matches N] [--levels beginner,pro]
    [--json FILE]
"""
from __future__ import annotations

import argparse
import itertools
import math
import os
import platform
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from best_reply import BestReply  # noqa: E402
from intervals import wilson  # noqa: E402
from engine.chifootmi.bots import StrongBot, make_bot, make_difficulty, play_match  # noqa: E402
from engine.chifootmi.bots.round_game import slot_columns  # noqa: E402
from engine.chifootmi import Level, MatchConfig, Options  # noqa: E402
import run_record  # noqa: E402

LEVELS = {
    "beginner": MatchConfig(Level.BEGINNER),
    "amateur": MatchConfig(Level.AMATEUR),
    "pro": MatchConfig(Level.PRO),
    "pro+": MatchConfig(Level.PRO, Options(offside=True, one_two=True, counter_attack=True)),
}
PAIRINGS = [("strong", "simple"), ("simple", "random"), ("strong", "random"),
            ("medium", "easy")]
"""Bots by name; ``easy``/``medium``/``hard`` are the menu's difficulties (hard = strong)."""
REPLY_DEEP: bool | None = None
"""``--reply-depth``: how deep the best reply judges its own cards (default: as Strong)."""
STRONG_OPTIONS: dict[str, float] = {}
"""``--strong key=value,...``: options of every Strong (and of the best reply's model of it)."""


class Timed:
    """A bot with a stopwatch; for Strong also a tally of its shot and dive sides, its card
    in each round (``cards``) and the deals and search nodes of each card decision."""

    def __init__(self, name: str, times: list[tuple[float, float]], sides: Counter,
                 search: list[tuple[int, int]] | None = None) -> None:
        self.bot = (make_difficulty(name) if name in ("easy", "medium")
                    else make_bot(name, **STRONG_OPTIONS) if name == "strong" else make_bot(name))
        self.times = times
        self.sides = sides
        self.search = search
        self.cards: dict[int, int] = {}

    def choose(self, view, legal, rng):
        cpu, wall = time.process_time(), time.perf_counter()
        choice = self.bot.choose(view, legal, rng)
        self.times.append((time.process_time() - cpu, time.perf_counter() - wall))
        if view.decision in ("shoot", "dive"):
            self.sides[(view.decision, len(legal), choice.side.value)] += 1
        if view.decision == "play":
            self.cards[view.round] = choice.card
            if self.search is not None and len(legal) > 1 and isinstance(self.bot, StrongBot):
                deals = self.bot.deals(view)
                self.search.append((deals, deals * len(legal) * len(slot_columns(view))))
        return choice


def use_weights(path: str) -> None:
    """Every Strong (and the best reply's model of it) judges positions with the weights of
    the module at ``path``: candidates of a refit are measured before one is kept."""
    from engine.chifootmi.bots import leaf_value
    scope: dict = {}
    exec(Path(path).read_text(encoding="utf-8"), scope)
    if tuple(scope["FEATURES"]) != leaf_value.FEATURES:
        raise SystemExit(f"{path}: its features are not the model's")
    leaf_value.WEIGHTS = scope["WEIGHTS"]


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
                 times: dict, sides: Counter, search: dict) -> int:
    wins = 0
    for index in range(matches):
        names = (first, second) if index % 2 == 0 else (second, first)
        players = {seat: Timed(name, times.setdefault((name, level), []),
                               sides if name == "strong" else Counter(),
                               search.setdefault(level, []) if name == "strong" else None)
                   for seat, name in zip(("red", "blue"), names)}
        match = play_match(LEVELS[level], seed, players, index)
        wins += match.winner == ("red" if index % 2 == 0 else "blue")
    return wins


def play_best_reply(level: str, matches: int, seed: int, samples: int,
                    times: dict) -> dict:
    """The best reply against Strong: its wins, and how often it named Strong's card."""
    wins = predicted = rounds = certain = 0
    for index in range(matches):
        reply = BestReply(StrongBot(**STRONG_OPTIONS), samples, REPLY_DEEP)
        strong = Timed("strong", times.setdefault(("strong", level), []), Counter())
        players = {"red": reply, "blue": strong} if index % 2 == 0 else {"red": strong,
                                                                         "blue": reply}
        match = play_match(LEVELS[level], seed, players, index)
        wins += match.winner == ("red" if index % 2 == 0 else "blue")
        for round_number, (card, _share) in reply.predictions.items():
            if round_number in strong.cards:
                rounds += 1
                predicted += strong.cards[round_number] == card
        certain += reply.certain
    return {"wins": wins, "matches": matches, "predicted": predicted, "rounds": rounds,
            "certain": certain}


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400, help="matches per pairing and level")
    parser.add_argument("--reply-matches", type=int, default=400,
                        help="best reply vs Strong: matches per level (0: skip)")
    parser.add_argument("--reply-samples", type=int, default=4,
                        help="deals the best reply predicts Strong's strategy on")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS),
                        help="comma-separated first-second pairs")
    parser.add_argument("--seed", type=int, default=1000, help="the run's secret")
    parser.add_argument("--reply-depth", type=int, choices=(1, 2), default=None,
                        help="rounds the best reply judges its own cards on (default: "
                             "Strong's depth)")
    parser.add_argument("--strong", default="",
                        help="options of Strong and of the best reply's model of it, "
                             "e.g. samples=16")
    parser.add_argument("--weights", help="a module of leaf weights to measure instead of "
                        "engine/chifootmi/bots/leaf_weights.py (as bench/fit_leaf_values.py --out writes)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    if args.weights:
        use_weights(args.weights)
    if args.reply_depth:
        global REPLY_DEEP
        REPLY_DEEP = args.reply_depth == 2
    for option in filter(None, args.strong.split(",")):
        key, value = option.split("=")
        STRONG_OPTIONS[key] = float(value) if "." in value else int(value)
    times: dict = {}
    sides: Counter = Counter()
    search: dict = {}
    rows = []
    levels = args.levels.split(",")
    pairings = [tuple(p.split("-")) for p in args.pairings.split(",") if p]
    run = run_record.Run.begin()
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"{args.matches} matches per pairing and level, secret {args.seed}, seats swapped, "
          f"Strong {STRONG_OPTIONS or 'as built'}"
          f"{', weights ' + args.weights if args.weights else ''}; "
          f"load average at start {load()}")
    print("| level | pairing | wins | win rate | 95% CI | seconds | load at end |")
    print("|---|---|---|---|---|---|---|")
    for level, (first, second) in itertools.product(levels, pairings):
        start = time.perf_counter()
        wins = play_pairing(level, first, second, args.matches, args.seed, times, sides, search)
        low, high = wilson(wins, args.matches)
        rows.append({"level": level, "first": first, "second": second, "wins": wins,
                     "matches": args.matches, "rate": wins / args.matches, "low": low,
                     "high": high, "load": load()})
        print(f"| {level} | {first} vs {second} | {wins}/{args.matches} | "
              f"{wins / args.matches:.3f} | {low:.3f}–{high:.3f} | "
              f"{time.perf_counter() - start:.0f} | {load()} |", flush=True)
    replies = []
    if args.reply_matches:
        print("\n| level | best reply vs Strong | win rate | 95% CI | Strong's card predicted "
              "| rounds Strong was certain | seconds | load at end |")
        print("|---|---|---|---|---|---|---|---|")
        for level in levels:
            start = time.perf_counter()
            got = play_best_reply(level, args.reply_matches, args.seed, args.reply_samples, times)
            low, high = wilson(got["wins"], got["matches"])
            got.update(level=level, rate=got["wins"] / got["matches"], low=low, high=high,
                       load=load())
            replies.append(got)
            share = got["predicted"] / max(1, got["rounds"])
            print(f"| {level} | {got['wins']}/{got['matches']} | {got['rate']:.3f} | "
                  f"{low:.3f}–{high:.3f} | {got['predicted']}/{got['rounds']} = {share:.2f} | "
                  f"{got['certain'] / max(1, got['rounds']):.2f} | "
                  f"{time.perf_counter() - start:.0f} | {load()} |", flush=True)
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
    print("\n| level | Strong's card decisions searched | deals each | positions one round on each "
          "(mean, max) |")
    print("|---|---|---|---|")
    for level, nodes in sorted(search.items()):
        if nodes:
            print(f"| {level} | {len(nodes)} | {nodes[0][0]} | "
                  f"{sum(n for _, n in nodes) / len(nodes):.1f}, {max(n for _, n in nodes)} |")
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
    print(f"\nload average at end {load()}")
    if args.json:
        run_record.write(args.json, {"matches": args.matches, "seed": args.seed, "results": rows,
                                     "best_reply": replies, "timing": timing,
                                     "uniformity": uniformity}, run)


if __name__ == "__main__":
    main()
