"""The random CPU: every legal choice equally likely."""
from __future__ import annotations

import random
from collections.abc import Sequence

from engine.chifootmi import Choice, ChifootmiView

from .base import Bot


class RandomBot(Bot):
    """Chooses uniformly among the legal choices; flags offside half the time."""

    name = "random"

    def decide(self, view: ChifootmiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        return legal[int(rng.random() * len(legal))]

    def flag_reaction(self, view: ChifootmiView, rng: random.Random) -> float | None:
        if rng.random() < 0.5:
            return None
        return rng.uniform(0.4, self.window)
