"""Bytes and I2C bus time per screen update over a scripted match: luma's full frames against
PitchPad's partial page/column updates (hal.oled.OledScreen).

Both run the real luma.oled drivers over a counting serial interface that charges what the Pi's
smbus2 transfer costs on the wire: address and control byte plus payload per transfer, 9 clock
cycles per byte (8 bits and an ACK) and about 2 more per transfer (start and stop), at 400 kHz.
Only frames that changed count as updates (skipping unchanged frames is free in both cases).

    python bench/bench_screen_bus.py [--updates 2000] [--seed 1]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hal import ManualClock, blank_frame  # noqa: E402
from hal.oled import OledScreen  # noqa: E402

BUS_HZ = 400_000


class CountingSerial:
    """A luma serial interface that only counts what the bus would carry."""

    def __init__(self) -> None:
        self.bytes = 0
        self.transfers = 0

    def command(self, *cmd: int) -> None:
        self.bytes += 2 + len(cmd)
        self.transfers += 1

    def data(self, data: list[int]) -> None:
        self.bytes += 2 + len(data)
        self.transfers += 1

    def cleanup(self) -> None:
        pass

    def take(self) -> tuple[int, int]:
        counted = (self.bytes, self.transfers)
        self.bytes = self.transfers = 0
        return counted


def bus_ms(wire_bytes: int, transfers: int) -> float:
    return (9 * wire_bytes + 2 * transfers) / BUS_HZ * 1000


def match_frames(updates: int, seed: int) -> list[Image.Image]:
    """One player's screen through a scripted match: score and clock on top, four cards with a
    moving cursor, reveal pop-ups, the odd goal flash; what the firmware's screens do."""
    rng = random.Random(seed)
    frames: list[Image.Image] = []
    home, away, minute, cursor = 0, 0, 0, 0
    cards = [rng.randrange(1, 10) for _ in range(4)]
    while len(frames) < updates:
        action = rng.choices(["cursor", "clock", "reveal", "goal", "deal"], [50, 20, 15, 3, 12])[0]
        if action == "cursor":
            cursor = (cursor + rng.choice((-1, 1))) % 4
        elif action == "clock":
            minute += 1
        elif action == "deal":
            cards[rng.randrange(4)] = rng.randrange(1, 10)
        frame = blank_frame()
        draw = ImageDraw.Draw(frame)
        draw.text((2, 0), f"HOME {home}-{away} AWAY", fill=1)
        draw.text((100, 0), f"{minute:02d}'", fill=1)
        draw.line((0, 11, 127, 11), fill=1)
        for slot, value in enumerate(cards):
            x = 4 + slot * 31
            draw.rectangle((x, 34, x + 26, 62), outline=1, fill=1 if slot == cursor else 0)
            draw.text((x + 10, 43), str(value), fill=0 if slot == cursor else 1)
        if action == "reveal":
            for step in range(4):                        # a small pop-up grows then shows both picks
                shown = frame.copy()
                ImageDraw.Draw(shown).rectangle((20, 14, 20 + 22 * (step + 1), 31), outline=1)
                score = f"{rng.randrange(1, 10)} v {rng.randrange(1, 10)}"
                ImageDraw.Draw(shown).text((24, 18), score[:step * 2 + 1], fill=1)
                frames.append(shown)
        elif action == "goal":
            if rng.random() < 0.5:
                home += 1
            else:
                away += 1
            for flash in range(6):                       # full-screen flash: a full frame is right
                goal = Image.new("1", (128, 64), flash % 2)
                ImageDraw.Draw(goal).text((40, 28), "GOAL!", fill=1 - flash % 2)
                frames.append(goal)
        frames.append(frame)
    return frames[:updates]


def measure(frames: list[Image.Image], partial: bool, driver: str) -> list[tuple[int, int]]:
    serial = CountingSerial()
    if partial:
        screen = OledScreen(1, serial, driver=driver, clock=ManualClock())
        show = screen.display
    else:
        from luma.oled.device import sh1106, ssd1306
        device = (ssd1306 if driver == "ssd1306" else sh1106)(serial)
        show = device.display
    serial.take()
    costs = []
    previous = None
    for frame in frames:
        if previous is not None and frame.tobytes() == previous:
            continue
        previous = frame.tobytes()
        show(frame)
        costs.append(serial.take())
    return costs


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    frames = match_frames(args.updates, args.seed)
    print(f"scripted match: {len(frames)} frames, seed {args.seed}, I2C at {BUS_HZ // 1000} kHz")
    print(f"{'driver':8} {'updates':>14} {'n':>5} {'bytes mean':>11} {'bytes p99':>10} {'ms mean':>8} {'ms p99':>7}")
    results = {}
    for driver in ("ssd1306", "sh1106"):
        for partial in (False, True):
            costs = measure(frames, partial, driver)
            wire = [float(b) for b, _ in costs]
            ms = [bus_ms(b, t) for b, t in costs]
            label = "partial (ours)" if partial else "full (luma)"
            results[driver, partial] = statistics.mean(wire)
            print(f"{driver:8} {label:>14} {len(costs):5d} {statistics.mean(wire):11.1f} {p99(wire):10.0f} "
                  f"{statistics.mean(ms):8.2f} {p99(ms):7.2f}")
    for driver in ("ssd1306", "sh1106"):
        ratio = results[driver, True] / results[driver, False]
        verdict = "meets" if ratio < 0.25 else "MISSES"
        print(f"{driver}: partial mean is {ratio:.1%} of full frames ({verdict} the < 25 % target)")


if __name__ == "__main__":
    main()
