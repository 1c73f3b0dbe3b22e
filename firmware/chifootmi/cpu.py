"""The CPU seat's brain: an engine bot, given only its own view and legal choices.

The seam to ``engine.bots``: the console asks :func:`make_cpu` for a difficulty from
:func:`difficulties` and never touches a bot's internals.
"""
from __future__ import annotations

import random

from engine.bots import DIFFICULTIES, Bot, make_difficulty

OFFSIDE_WINDOW = 3.0


def difficulties() -> tuple[str, ...]:
    """The menu's CPU difficulties, easiest first."""
    return tuple(DIFFICULTIES)


def make_cpu(difficulty: str) -> Bot:
    return make_difficulty(difficulty if difficulty in DIFFICULTIES else difficulties()[0])


def cpu_rng(seed: int, seat: str, decision_number: int) -> random.Random:
    """The generator for one CPU decision: fixed by the match seed, the seat and how many
    joint decisions came before, so a match rebuilt from its journal plays on identically."""
    return random.Random(f"pitchpad-cpu/{seed}/{seat}/{decision_number}")
