"""What a person would press on a Chifootmi screen to move the match on (tests drive the console with it)."""
from __future__ import annotations

import random
from typing import Any

from firmware.chifootmi import screens as cs
from hal.buttons import CARDS, Button


def intent(model: Any, rng: random.Random) -> Button | None:
    """What a person would press on this screen to move the game on (None: just watch)."""
    if isinstance(model, cs.CardScreen) and model.hint in ("hint.pick_card", "hint.again"):
        if model.highlight is not None:
            return CARDS[model.highlight]
        return CARDS[rng.randrange(len(model.view.you.active))]
    if isinstance(model, cs.ShotScreen) and not model.locked:
        if model.highlight is not None:
            return Button[model.highlight.upper()]
        sides = (Button.LEFT, Button.CENTRE, Button.RIGHT) if model.view.shot.sides == 3 else (
            Button.LEFT, Button.RIGHT)
        return rng.choice(sides)
    if isinstance(model, cs.DrawScreen) and not model.locked:
        if model.highlight is not None:
            return Button[model.highlight.upper()]
        return rng.choice((Button.LEFT, Button.RIGHT))
    if isinstance(model, cs.FlagScreen) and model.defender and rng.random() < 0.5:
        return Button.CENTRE
    if isinstance(model, cs.ResultScreen):
        return Button.CENTRE
    return None
