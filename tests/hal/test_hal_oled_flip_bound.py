"""The shortcut that skips planning an invert-mode flip never skips a flip that would pay."""
from __future__ import annotations

import random

from hal.oled import (INVERTED, TRANSFER_OVERHEAD, Ssd1306Addressing, flip_may_pay, plan_cost,
                      plan_windows)
from hal.screen import PAGES, WIDTH


def test_a_skipped_flip_would_never_have_cost_less() -> None:
    rng = random.Random(8)
    addressing = Ssd1306Addressing()
    overhead = 2 * TRANSFER_OVERHEAD + addressing.command_bytes
    skipped = 0
    for _ in range(300):
        panel = bytes(rng.randrange(256) for _ in range(WIDTH * PAGES))
        frame = bytearray(panel.translate(INVERTED) if rng.random() < 0.3 else panel)
        for _ in range(rng.choice((1, 5, 40, 600))):
            frame[rng.randrange(len(frame))] = rng.randrange(256)
        keep = bytes(frame)
        keep_cost = plan_cost(plan_windows(panel, keep, addressing), overhead)
        flip_cost = plan_cost(plan_windows(panel, keep.translate(INVERTED), addressing), overhead)
        if not flip_may_pay(panel, keep, keep_cost - TRANSFER_OVERHEAD - 1):
            skipped += 1
            assert flip_cost + TRANSFER_OVERHEAD + 1 >= keep_cost
    assert skipped > 100
