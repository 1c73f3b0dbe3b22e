"""The Fotboll CPU seat: an engine bot, given only its own view and legal choices."""
from __future__ import annotations

import random

from engine.bots.fotboll import DIFFICULTIES, FotbollBot, make_difficulty


def difficulties() -> tuple[str, ...]:
    return tuple(DIFFICULTIES)


def make_cpu(difficulty: str) -> FotbollBot:
    return make_difficulty(difficulty)


def cpu_rng(seed: int, seat: str, decision_number: int) -> random.Random:
    """One CPU decision's generator: fixed by the match seed, the seat and the decisions
    before it, so a rebuilt match plays on identically."""
    return random.Random(f"pitchpad-fotboll-cpu/{seed}/{seat}/{decision_number}")
