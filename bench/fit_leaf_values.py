"""Fit the strong CPU's leaf values (engine/chifootmi/bots/leaf_weights.py) from whole matches.

Plays ``--matches`` matches per level between two simple CPUs (half of them with some
noise, so that positions off the simple CPU's own path are seen too), records every card
play's features (engine/chifootmi/bots/leaf_value.py) from red's side with whether red won the match,
and fits one logistic regression (no intercept, a little L2, Newton's method) per level and
per number of rounds played. Writes the weights as a Python module: the CPU needs no numpy.

Usage: python bench/fit_leaf_values.py [--matches 12000] [--seed 1] [--out engine/chifootmi/bots/leaf_weights.py]
Deterministic from ``--seed``; about a minute of CPU per level on the reference machine.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from math import exp
from operator import mul, sub
from typing import Any
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.chifootmi.bots import make_bot  # noqa: E402
from engine.chifootmi.bots.leaf_value import FEATURES, features, weights_key  # noqa: E402
from engine.chifootmi.bots.leaf_weights import WEIGHTS as CURRENT  # noqa: E402
from engine.chifootmi import Level, MatchConfig, Options, new_match  # noqa: E402

CONFIGS = {
    "beginner": MatchConfig(Level.BEGINNER),
    "amateur": MatchConfig(Level.AMATEUR),
    "pro": MatchConfig(Level.PRO),
    "pro+": MatchConfig(Level.PRO, Options(offside=True, one_two=True, counter_attack=True)),
}
NOISES = (0.0, 0.0, 0.1, 0.25)
"""The simple CPUs' noise, one pair per match in turn."""
L2 = 1.0
"""Ridge penalty (in samples' worth): keeps rare features' weights finite."""


def _players(players: str, index: int, strong_samples: int) -> dict[str, Any]:
    """The two CPUs of match ``index``: ``simple`` (two simple CPUs, each with some noise in
    turn), ``strong`` (two strong CPUs) or ``strong-simple`` (seats swapped every match)."""
    noise = NOISES[index % len(NOISES)], NOISES[(index // len(NOISES)) % len(NOISES)]
    if players == "simple":
        return {"red": make_bot("simple", noise=noise[0]),
                "blue": make_bot("simple", noise=noise[1])}
    if players == "strong":
        return {"red": make_bot("strong", samples=strong_samples),
                "blue": make_bot("strong", samples=strong_samples)}
    if players == "strong-simple":
        pair = [make_bot("strong", samples=strong_samples), make_bot("simple", noise=noise[0])]
        if index % 2:
            pair.reverse()
        return dict(zip(("red", "blue"), pair))
    raise ValueError(f"no players {players!r} (simple, strong, strong-simple)")


def record(config: MatchConfig, matches: int, seed: int, players: str = "simple",
           strong_samples: int = 4) -> dict[int, list[tuple[list[float], int]]]:
    """Rounds played -> (red's features, red won) at every card play of ``matches`` matches."""
    rng = random.Random(seed)
    rows: dict[int, list[tuple[list[float], int]]] = {}
    for index in range(matches):
        bots = _players(players, index, strong_samples)
        match = new_match(config, rng.getrandbits(63))
        seen: list[tuple[int, list[float]]] = []
        while match.to_act():
            if match.stage == 0:
                seen.append((match.rounds_played, features(match, 0)))
            match.apply({seat: bots[seat].choose(match.view(seat), match.legal_choices(seat), rng)
                         for seat in match.to_act()})
        won = int(match.winner == "red")
        for rounds, row in seen:
            rows.setdefault(rounds, []).append((row, won))
    return rows


def cached(folder: str | None, level: str, players: str, matches: int, seed: int,
           strong_samples: int) -> dict[int, list[tuple[list[float], int]]]:
    """:func:`record`, kept in ``folder`` as JSON when given (fitting again on the same
    matches, e.g. with other players mixed in, then costs no play)."""
    if folder is None:
        return record(CONFIGS[level], matches, seed, players, strong_samples)
    path = Path(folder) / f"{level}-{players}-s{strong_samples}-{matches}-{seed}.json"
    if path.exists():
        return {int(k): [(row, won) for row, won in v]
                for k, v in json.loads(path.read_text(encoding="utf-8")).items()}
    rows = record(CONFIGS[level], matches, seed, players, strong_samples)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(rows), encoding="utf-8")
    return rows


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrices are small and definite)."""
    n = len(vector)
    a = [row[:] + [v] for row, v in zip(matrix, vector)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(rows: list[tuple[list[float], int]], steps: int = 8) -> list[float]:
    """Logistic regression without intercept by Newton's method, ridge ``L2``. The sums run
    column by column in C (``map``), so 100,000 positions take seconds, not minutes."""
    n = len(FEATURES)
    columns = [[x[i] for x, _ in rows] for i in range(n)]
    ys = [float(y) for _, y in rows]
    used = [i for i in range(n) if any(columns[i])]
    weights = [0.0] * n
    for _ in range(steps):
        z = [0.0] * len(rows)
        for i in used:
            if weights[i]:
                w = weights[i]
                z = [a + w * b for a, b in zip(z, columns[i])]
        p = [1 / (1 + exp(-v)) if v > -30 else 0.0 for v in z]
        g = list(map(sub, ys, p))
        h = [q * (1 - q) for q in p]
        grad = [sum(map(mul, g, columns[i])) - L2 * weights[i] for i in used]
        weighted = [list(map(mul, h, columns[i])) for i in used]
        hess = [[sum(map(mul, weighted[a], columns[used[b]])) + (L2 if a == b else 0.0)
                 for b in range(len(used))] for a in range(len(used))]
        step = _solve(hess, grad)
        for k, i in enumerate(used):
            weights[i] += step[k]
    return weights


def log_loss(rows: list[tuple[list[float], int]], weights: list[float]) -> float:
    from math import log
    total = 0.0
    for x, y in rows:
        z = sum(w * f for w, f in zip(weights, x))
        p = min(1 - 1e-9, max(1e-9, 1 / (1 + exp(-max(-30.0, min(30.0, z))))))
        total -= log(p) if y else log(1 - p)
    return total / len(rows)


def _load(path: str) -> dict[str, list[list[float]]]:
    scope: dict = {}
    exec(Path(path).read_text(encoding="utf-8"), scope)
    return dict(scope["WEIGHTS"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=12000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(CONFIGS))
    parser.add_argument("--players", default="simple",
                        help="who plays the matches fitted on: simple, strong, strong-simple")
    parser.add_argument("--strong-samples", type=int, default=4,
                        help="deals per decision of the strong CPUs that play them")
    parser.add_argument("--cache", help="a folder where the recorded positions are kept and "
                        "read back (the same level, players, matches, seed)")
    parser.add_argument("--merge", help="keep the other levels' weights of this module")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent
                                             / "engine" / "bots" / "leaf_weights.py"))
    args = parser.parse_args()
    tables: dict[str, list[list[float]]] = {}
    if args.merge:
        tables.update(_load(args.merge))
    for level in args.levels.split(","):
        config = CONFIGS[level]
        start = time.process_time()
        key = weights_key(new_match(config, 0))
        rows: dict[int, list[tuple[list[float], int]]] = {}
        kinds = args.players.split(",")
        for kind in kinds:
            players, _, count = kind.partition("=")
            matches = int(count) if count else args.matches // len(kinds)
            got = cached(args.cache, level, players, matches, args.seed, args.strong_samples)
            for rounds, data in got.items():
                rows.setdefault(rounds, []).extend(data)
        table = []
        before = CURRENT.get(key, [])
        for rounds in sorted(rows):
            data = rows[rounds]
            held_out, train = data[::5], [r for k, r in enumerate(data) if k % 5]
            weights = fit(train)
            old = (f", the weights it replaces {log_loss(held_out, before[rounds]):.3f}"
                   if rounds < len(before) else "")
            print(f"{level} round {rounds + 1}: {len(data)} positions, held-out log loss "
                  f"{log_loss(held_out, weights):.3f}{old} (coin 0.693)", file=sys.stderr)
            table.append(weights)
        tables[key] = table
        print(f"{level}: {time.process_time() - start:.0f} s CPU", file=sys.stderr)
    command = " ".join(["python bench/fit_leaf_values.py"] + sys.argv[1:])
    Path(args.out).write_text(render(tables, command), encoding="utf-8")


def render(tables: dict[str, list[list[float]]], command: str) -> str:
    """The weights module's source."""
    lines = ['"""Weights of the strong CPU\'s leaf values (engine/chifootmi/bots/leaf_value.py), one list per',
             "round played, in the order of FEATURES. Generated by",
             f"``{command}``:",
             'do not edit by hand."""', "", "FEATURES = ("]
    lines += [f"    {name!r}," for name in FEATURES]
    lines += [")", "", "WEIGHTS: dict[str, list[list[float]]] = {"]
    for key, table in tables.items():
        lines.append(f"    {key!r}: [")
        for weights in table:
            half = (len(weights) + 1) // 2
            lines.append("        [" + ", ".join(f"{w:.4f}" for w in weights[:half]) + ",")
            lines.append("         " + ", ".join(f"{w:.4f}" for w in weights[half:]) + "],")
        lines.append("    ],")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
