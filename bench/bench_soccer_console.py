"""Simulator Soccer on the console: how many presses a turn takes, and the worst press on the
handheld's shared I2C bus.

A scripted "sensible player" (``tests/rigs/soccer_play.py``: takes the proposal, the
first option or DONE, most of the time, another option now and then, aims and dives at
random; here it also walks the cursor straight to a + and undoes a list the rules refuse,
:func:`sensible`) plays whole matches on the headless console by buttons only; the figures are:

* presses per turn: a person's presses divided by the turns (S-TURN-1: each Phase 1 start,
  relance turns included) of the match, both seats' presses for two people;
* presses per own decision: a seat's presses divided by the decisions it was asked for;
* the worst press on the bus (``tests/bus_rig.BusRig``: luma's ssd1306 over one recording bus
  for both screens), against the 1,150-byte budget.

Usage: ``python bench/bench_soccer_console.py [--matches N] [--seed S]`` (prints a table and
the load average; docs/performance.md keeps the figures with their command).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "rigs")]

from soccer_play import CARDS, intent  # noqa: E402

from firmware.storage.settings import Settings, save  # noqa: E402
from hal.buttons import Button  # noqa: E402


def _settings(players: str) -> Settings:
    return Settings.flat(game="simulator-soccer", players=players, half_steps=10, tutorial=False,
                         sound=False, difficulty="medium")


def sensible(model: object, rng: random.Random) -> Button | None:
    """The tests' sensible player (``soccer_play.intent``), who also walks the cursor straight
    to a marked cell (the tests' player wanders at random, which took thousands of presses to
    find a lone + at a restart) and takes the last entry back when the rules refuse a list
    (the hint line says which button does)."""
    from firmware.simulator_soccer import screens as ss

    if isinstance(model, ss.MenuScreen) and model.why not in (None, "sub_needed"):
        keys = [option[0] for option in model.options]
        if "ss.opt.undo" in keys:
            return CARDS[keys.index("ss.opt.undo")]
    if isinstance(model, ss.PitchScreen) and model.cursor is not None and model.marks and \
            model.cursor not in model.marks:
        return _towards(model, rng)
    return intent(model, rng)


def _towards(model: object, rng: random.Random) -> Button:
    """The cursor button that takes it nearest a marked cell."""
    from engine.simulator_soccer.geometry import distance
    from firmware.simulator_soccer import pitch

    moves = []
    for button in (Button.CARD1, Button.CARD2, Button.LEFT, Button.RIGHT, Button.CARD3,
                   Button.CARD4):
        cell = pitch.step(model.cursor, button, model.view, model.seat)  # type: ignore[attr-defined]
        if cell is not None:
            near = min(distance(cell, mark) for mark in model.marks)  # type: ignore[attr-defined]
            moves.append((near, rng.random(), button))
    return min(moves)[2] if moves else Button.CENTRE


def play(rig: object, rng: random.Random, pads: tuple[int, ...]) -> dict[str, int]:
    """One match by sensible presses; counts of presses, own decisions and turns."""
    app = rig.app  # type: ignore[attr-defined]
    counts = {"presses": 0, "decisions": 0, "turns": 0}
    asked: set[tuple[int, str]] = set()
    turns: set[int] = set()
    app.step(None)
    for _ in range(40000):
        if app.mode != "match":
            break
        session = app.session
        if session.step.value == "choose":
            n = len(session.decisions)
            match = session.match
            if match.decision == "kick" and match.pending.mode == "start":
                turns.add(n)
            for pad in pads:
                seat = app.seat_at(pad)
                if seat in match.to_act():
                    asked.add((n, seat))
        acted = False
        for pad in pads:
            if app.mode != "match":
                break
            button = sensible(app.shown[pad][0], rng)
            if button is not None:
                rig.press(pad, button)  # type: ignore[attr-defined]
                counts["presses"] += 1
                acted = True
        if not acted:
            rig.wait_for_change(5.0)  # type: ignore[attr-defined]
    counts["decisions"] = len(asked)
    counts["turns"] = len(turns)
    return counts


def presses(matches: int, seed: int) -> None:
    from app_rig import Rig

    print("| players | matches | turns | presses | presses/turn | own decisions | presses/decision |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for players, pads in (("cpu", (1,)), ("two", (1, 2))):
        total = {"presses": 0, "decisions": 0, "turns": 0}
        for m in range(matches):
            with tempfile.TemporaryDirectory() as folder:
                rig = Rig(Path(folder), _settings(players), seed=seed + m)
                rig.press(1, Button.CARD1)
                rig.press(1, Button.CENTRE)
                for key, value in play(rig, random.Random(seed + m), pads).items():
                    total[key] += value
        per_turn = total["presses"] / max(1, total["turns"]) / len(pads)
        per_decision = total["presses"] / max(1, total["decisions"])
        print(f"| {players} | {matches} | {total['turns']} | {total['presses']} | "
              f"{per_turn:.2f} a seat | {total['decisions']} | {per_decision:.2f} |")


def bus(seed: int) -> None:
    from bus_rig import BUDGET_BYTES, BusRig

    with tempfile.TemporaryDirectory() as folder:
        save(folder, _settings("two"))
        rig = BusRig(Path(folder), seed=seed)
        try:
            rig.press(1, Button.CARD1)
            rig.press(1, Button.CENTRE)
            play(rig, random.Random(seed), (1, 2))
        finally:
            rig.close()
    worst = sorted(rig.presses, key=lambda p: -p[1])[:3]
    mean = sum(b for _n, b in rig.presses) / max(1, len(rig.presses))
    print(f"bus: {len(rig.presses)} presses, mean {mean:.0f} bytes, worst {worst} "
          f"(budget {BUDGET_BYTES})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    presses(args.matches, args.seed)
    bus(args.seed)
    print(f"took {time.perf_counter() - started:.0f} s; load average {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
