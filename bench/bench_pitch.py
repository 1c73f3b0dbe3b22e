"""Render cost of the Simulator Soccer map: milliseconds to draw it into a fresh canvas and
turn it into the panel's page bytes, p50/p99, as a screen would on each change.

The positions are the first ``--states`` states of a seeded match between the engine's Random
bots (both seats' views; Random because the Simple bots take minutes for a match on a busy
machine, and the map's cost depends on how many cells show something, not on how well the
players play). Three cases per position: a new position (the map's caches cleared: what a
move of the match costs), the ball's blink (the other phase of the same position), and a
cursor step over the same position with the legal cells of a 3-cell move marked (what most
presses of a cell pick cost).

    python bench/bench_pitch.py [--seed 1] [--states 150] [--json FILE]
"""
from __future__ import annotations

import argparse
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
import run_record  # noqa: E402


def views(seed: int, states: int) -> list[SoccerView]:
    match = new_match(MatchConfig(Options(half_steps=33)), seed=seed)
    bots = {"red": SoccerBot("random"), "blue": SoccerBot("random")}
    rngs = {"red": random.Random(seed), "blue": random.Random(seed + 1)}
    found: list[SoccerView] = []
    while match.to_act() and len(found) < 2 * states:
        found += [view_of(match, seat) for seat in ("red", "blue")]
        match.apply({s: bots[s].choose(match.view(s), match.legal_choices(s), rngs[s]) for s in match.to_act()})
    return found


def draw_ms(view: SoccerView, **kw: object) -> tuple[float, float]:
    """(wall, CPU) milliseconds: on a busy machine the wall time is mostly the load's."""
    start, cpu = time.perf_counter(), time.process_time()
    canvas = Canvas()
    pitch.draw_pitch(canvas, view, view.seat, **kw)  # type: ignore[arg-type]
    to_pages(canvas.image)
    return (time.perf_counter() - start) * 1e3, (time.process_time() - cpu) * 1e3


def measure(seed: int, states: int) -> dict[str, dict[str, float]]:
    new: list[tuple[float, float]] = []
    blink: list[tuple[float, float]] = []
    cursor: list[tuple[float, float]] = []
    for view in views(seed, states):
        pitch._map.cache_clear()
        new.append(draw_ms(view))
        blink.append(draw_ms(view, blink_on=False))
        ball = view.body["ball"]["cell"]
        cell = (ball[0], ball[1])
        marks = within(cell, 3)
        draw_ms(view, marks=marks, cursor=cell)
        for target in marks[:6]:
            cursor.append(draw_ms(view, marks=marks, cursor=target))
    figures = {}
    for name, times in (("new position", new), ("ball blink", blink), ("cursor step", cursor)):
        wall, cpu = [t[0] for t in times], [t[1] for t in times]
        figures[name] = {"frames": len(times), "p50_ms": round(quantile(wall, 50), 3),
                         "p99_ms": round(quantile(wall, 99), 3),
                         "cpu_p50_ms": round(quantile(cpu, 50), 3), "cpu_p99_ms": round(quantile(cpu, 99), 3)}
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--states", type=int, default=150)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    run = run_record.Run.begin()
    figures = measure(args.seed, args.states)
    print(f"Simulator Soccer map: draw + page bytes, ms (load {run_record.load()[0]:.1f})")
    print(f"{'case':14} {'frames':>6} {'p50':>7} {'p99':>7} {'CPU p50':>8} {'CPU p99':>8}")
    for name, row in figures.items():
        print(f"{name:14} {row['frames']:6d} {row['p50_ms']:7.3f} {row['p99_ms']:7.3f} "
              f"{row['cpu_p50_ms']:8.3f} {row['cpu_p99_ms']:8.3f}")
    if args.json:
        run_record.write(args.json, figures, run)


if __name__ == "__main__":
    main()
