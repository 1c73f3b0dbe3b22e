"""Render cost: milliseconds to draw one frame of each screen kind with Pillow, p50/p99.

The screens are the very models the console showed during a scripted Pro+ two-player match
(every distinct one, see ``scripted.py``), plus the ones a match does not reach (resume
offer, stats page, screensaver). Each is drawn ``--repeat`` times into a fresh canvas, as
``App.refresh`` does; the panel's page bytes (``to_pages``) are timed with it.

    python bench/bench_render.py [--repeat 5] [--json FILE]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_latency import quantile  # noqa: E402
from firmware.console.app import SaverScreen  # noqa: E402
from firmware.storage.history import GameStats  # noqa: E402
from firmware.render import Canvas  # noqa: E402
from firmware.console.resume import ResumeScreen, StatsScreen  # noqa: E402
from firmware.storage.settings import Settings  # noqa: E402
from hal.screen import to_pages  # noqa: E402
from scripted import play  # noqa: E402
import run_record  # noqa: E402


def screens(seed: int) -> dict[str, list[Any]]:
    models = dict(play(Settings.flat(players="two", level="pro_plus"), seed).models)
    models["ResumeScreen"] = [ResumeScreen.of({"score": {"red": 2, "blue": 1}})]
    models["StatsScreen"] = [StatsScreen(GameStats("chifootmi", 12, {"red": 5, "blue": 7},
                                                   {"easy": (4, 0), "hard": (2, 3)}, 0, 1),
                                         "Chifootmi", 0, 3, 2)]
    models["SaverScreen"] = [SaverScreen(position) for position in range(20)]
    return models


def draw_ms(model: Any, language: str) -> float:
    start = time.perf_counter()
    canvas = Canvas()
    model.draw(canvas, language)
    to_pages(canvas.image)
    return (time.perf_counter() - start) * 1e3


def measure(repeat: int, seed: int) -> dict[str, dict[str, float]]:
    figures = {}
    for kind, models in screens(seed).items():
        times = [draw_ms(model, language) for model in models for language in ("fr", "en")
                 for _ in range(repeat)]
        figures[kind] = {"frames": len(models), "p50_ms": round(quantile(times, 50), 3),
                         "p99_ms": round(quantile(times, 99), 3)}
    return figures


def print_table(figures: dict[str, dict[str, float]]) -> None:
    print("Render cost per frame (Pillow draw + page bytes), ms")
    print(f"{'screen':14} {'models':>6} {'p50':>7} {'p99':>7}")
    for kind, row in figures.items():
        print(f"{kind:14} {row['frames']:6d} {row['p50_ms']:7.3f} {row['p99_ms']:7.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="draws of each model per language")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    run = run_record.Run.begin()
    figures = measure(args.repeat, args.seed)
    print_table(figures)
    if args.json:
        run_record.write(args.json, figures, run)


if __name__ == "__main__":
    main()
