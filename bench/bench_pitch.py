"""Render cost of the Simulator Soccer map: milliseconds to draw it into a fresh canvas and
turn it into the panel's page bytes, p50/p99, as a screen would on each change.

The positions are every state of a seeded match between the engine's Simple bots (both
seats' views). Three cases per position: a new position (the map's caches cleared: what a
move of the match costs), the ball's blink (the other phase of the same position), and a
cursor step over the same position with the legal cells of a 3-cell move marked (what most
presses of a cell pick cost).

    python bench/bench_pitch.py [--seed 1] [--half-steps 6] [--json FILE]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench_latency import quantile  # noqa: E402
from engine.simulator_soccer import MatchConfig, Options, new_match  # noqa: E402
from engine.simulator_soccer.bots import SoccerBot  # noqa: E402
from engine.simulator_soccer.geometry import within  # noqa: E402
from engine.simulator_soccer.view import SoccerView, view_of  # noqa: E402
from firmware.render import Canvas  # noqa: E402
from firmware.simulator_soccer import pitch  # noqa: E402
from hal.screen import to_pages  # noqa: E402


def views(seed: int, half_steps: int) -> list[SoccerView]:
    match = new_match(MatchConfig(Options(half_steps=half_steps)), seed=seed)
    bots = {"red": SoccerBot("simple"), "blue": SoccerBot("simple")}
    rngs = {"red": random.Random(seed), "blue": random.Random(seed + 1)}
    found = []
    while match.to_act():
        found += [view_of(match, seat) for seat in ("red", "blue")]
        match.apply({s: bots[s].choose(match.view(s), rngs[s]) for s in match.to_act()})
    return found


def draw_ms(view: SoccerView, **kw: object) -> float:
    start = time.perf_counter()
    canvas = Canvas()
    pitch.draw_pitch(canvas, view, view.seat, **kw)  # type: ignore[arg-type]
    to_pages(canvas.image)
    return (time.perf_counter() - start) * 1e3


def measure(seed: int, half_steps: int) -> dict[str, dict[str, float]]:
    new, blink, cursor = [], [], []
    for view in views(seed, half_steps):
        pitch._map.cache_clear()
        new.append(draw_ms(view))
        blink.append(draw_ms(view, blink_on=False))
        ball = view.body["ball"]["cell"]
        cell = (ball[0], ball[1])
        marks = within(cell, 3)
        draw_ms(view, marks=marks, cursor=cell)
        for target in marks[:6]:
            cursor.append(draw_ms(view, marks=marks, cursor=target))
    return {name: {"frames": len(times), "p50_ms": round(quantile(times, 50), 3),
                   "p99_ms": round(quantile(times, 99), 3)}
            for name, times in (("new position", new), ("ball blink", blink), ("cursor step", cursor))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--half-steps", type=int, default=6)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    figures = measure(args.seed, args.half_steps)
    load = os.getloadavg()[0]
    print(f"Simulator Soccer map: draw + page bytes, ms (load {load:.1f})")
    print(f"{'case':14} {'frames':>6} {'p50':>7} {'p99':>7}")
    for name, row in figures.items():
        print(f"{name:14} {row['frames']:6d} {row['p50_ms']:7.3f} {row['p99_ms']:7.3f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"load": load, **figures}, out, indent=1)


if __name__ == "__main__":
    main()
