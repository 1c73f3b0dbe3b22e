"""The CPU seats' brains: the engine's Chifoumi bots, given only their own view.

The seam to ``engine.chifoumi.bots``: the console asks :func:`make_cpu` for a difficulty
from :func:`difficulties` and never touches a bot's internals.
"""
from __future__ import annotations

import random

from engine.chifoumi.bots import DIFFICULTIES, Bot, make_difficulty


def difficulties() -> tuple[str, ...]:
    """The menu's CPU difficulties, easiest first."""
    return tuple(DIFFICULTIES)


def make_cpu(difficulty: str) -> Bot:
    return make_difficulty(difficulty if difficulty in DIFFICULTIES else difficulties()[0])


def cpu_rng(seed: int, seat: str, decision_number: int) -> random.Random:
    """One CPU decision's generator, fixed by the match seed, the seat and how many
    decisions came before (a match replayed from its decisions plays on identically)."""
    return random.Random(f"pitchpad-chifoumi-cpu/{seed}/{seat}/{decision_number}")
