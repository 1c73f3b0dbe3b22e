"""Every PitchPad benchmark in one command: prints each table and writes one JSON of figures.

Runs, in order: engine speed (``bench_engine.py``), CPU bots (``bench_bots.py``), screen bus
bytes (``bench_screen_bus.py``), key-to-screen latency (``bench_latency.py``), render cost
(``bench_render.py``), then start-up, idle CPU and memory (``bench_process.py``) and the idle
console's wake-ups per second (``bench_wakeups.py``). The
engine and bot scripts run as they are, as child processes with their own ``--json``.

The JSON (``bench/results/<date>-<host>.json``, git-ignored) carries the machine (CPU model,
cores, Python, platform), the git commit measured and the load average at the start, after
each part and at the end (``run_record.py``), so two runs can be compared and a busy machine
is visible. ``--quick`` is a smoke run (short windows, few matches): its figures are not for
docs/performance.md.

    python bench/run_all.py [--quick] [--out FILE]
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_latency  # noqa: E402
import bench_process  # noqa: E402
import bench_render  # noqa: E402
import bench_screen_bus  # noqa: E402
import bench_wakeups  # noqa: E402
from run_record import commit, load, machine  # noqa: E402

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent

FULL = {"engine_seconds": 3.0, "bot_matches": 100, "bus_updates": 2000, "latency_matches": 3,
        "render_repeat": 5, "idle_seconds": 60.0, "starts": 3, "wakeup_seconds": 30.0,
        "lg_seconds": 10.0, "saver_after": 5.0, "settle_seconds": 4.0}
QUICK = {"engine_seconds": 0.2, "bot_matches": 2, "bus_updates": 200, "latency_matches": 1,
         "render_repeat": 1, "idle_seconds": 1.0, "starts": 1, "wakeup_seconds": 1.0,
         "lg_seconds": 0.5, "saver_after": 1.0, "settle_seconds": 0.5}


def engine(settings: dict[str, Any]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "engine.json"
        subprocess.run([sys.executable, str(BENCH / "bench_engine.py"), "--json", str(out),
                        "--seconds", str(settings["engine_seconds"])], cwd=ROOT, check=True)
        return dict(json.loads(out.read_text())["engine"])


def bots(settings: dict[str, Any]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "bots.json"
        subprocess.run([sys.executable, str(BENCH / "bench_bots.py"), "--matches",
                        str(settings["bot_matches"]), "--reply-matches",
                        str(max(1, settings["bot_matches"] // 4)), "--json", str(target)],
                       cwd=ROOT, check=True)
        return json.loads(target.read_text())


def screen_bus(settings: dict[str, Any]) -> dict[str, Any]:
    frames = bench_screen_bus.match_frames(settings["bus_updates"], 1)
    figures: dict[str, Any] = {}
    print(f"Screen bus bytes per update, {len(frames)} scripted frames")
    for driver in ("ssd1306", "sh1106"):
        for partial in (False, True):
            costs = bench_screen_bus.measure(frames, partial, driver)
            wire = [float(b) for b, _ in costs]
            ms = [bench_screen_bus.bus_ms(b, t) for b, t in costs]
            key = f"{driver}_{'partial' if partial else 'full'}"
            figures[key] = {"updates": len(costs), "bytes_mean": round(sum(wire) / len(wire), 1),
                            "ms_mean": round(sum(ms) / len(ms), 2),
                            "ms_p99": round(bench_screen_bus.p99(ms), 2)}
            print(f"  {key:16} {figures[key]['bytes_mean']:7.1f} bytes mean, "
                  f"{figures[key]['ms_mean']:5.2f} ms mean, {figures[key]['ms_p99']:5.2f} ms p99")
    return figures


def latency(settings: dict[str, Any]) -> dict[str, Any]:
    figures = bench_latency.measure(settings["latency_matches"], 1)
    bench_latency.print_table(figures)
    return figures


def render(settings: dict[str, Any]) -> dict[str, Any]:
    figures = bench_render.measure(settings["render_repeat"], 1)
    bench_render.print_table(figures)
    return figures


def process(settings: dict[str, Any]) -> dict[str, Any]:
    figures = bench_process.measure(settings["idle_seconds"], settings["starts"], 1, settings["settle_seconds"])
    bench_process.print_table(figures)
    return figures


def wakeups(settings: dict[str, Any]) -> dict[str, Any]:
    figures = bench_wakeups.measure_all(settings["wakeup_seconds"], settings["saver_after"], settings["lg_seconds"],
                                        settings["settle_seconds"])
    bench_wakeups.print_table(figures)
    return figures


PARTS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "engine": engine, "bots": bots, "screen_bus": screen_bus, "latency": latency,
    "render": render, "process": process, "wakeups": wakeups}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: short windows, few matches")
    parser.add_argument("--only", help=f"comma-separated parts ({', '.join(PARTS)})")
    parser.add_argument("--out", help="the JSON file (default bench/results/<date>-<host>.json)")
    args = parser.parse_args(argv)
    settings = QUICK if args.quick else FULL
    parts = args.only.split(",") if args.only else list(PARTS)
    unknown = set(parts) - set(PARTS)
    if unknown:
        parser.error(f"unknown parts: {', '.join(sorted(unknown))}")
    report: dict[str, Any] = {"started": time.strftime("%Y-%m-%dT%H:%M:%S"), "quick": args.quick,
                              "settings": settings, "commit": commit(), "machine": machine(),
                              "load_start": load()}
    print(f"# {report['machine']['cpu']}, {report['machine']['cores']} cores, Python "
          f"{report['machine']['python']}; load average {report['load_start']}"
          f"{'; QUICK smoke run' if args.quick else ''}")
    for name in parts:
        started = time.perf_counter()
        print(f"\n## {name}", flush=True)
        report[name] = PARTS[name](settings)
        report.setdefault("seconds", {})[name] = round(time.perf_counter() - started, 1)
        report.setdefault("load_after", {})[name] = load()
        print(f"(load average {report['load_after'][name]})", flush=True)
    report["load_end"] = load()
    out = Path(args.out) if args.out else (
        BENCH / "results" / f"{time.strftime('%Y-%m-%d-%H%M')}-{socket.gethostname()}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1), encoding="utf-8")
    print(f"\nload average {report['load_start']} at the start, {report['load_end']} at the end")
    print(f"figures written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
