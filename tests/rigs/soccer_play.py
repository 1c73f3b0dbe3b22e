"""A sensible person at a Simulator Soccer pad, for the console tests: what would they press
now, looking only at their screen's model? They take the proposal (the first option, or
DONE) most of the time and now and then another option, lock a formation, aim or dive at
random (a shot high now and then), and clear the result."""
from __future__ import annotations

import random
from typing import Any

from firmware.simulator_soccer import screens as ss
from hal.buttons import Button

SIDES = (Button.LEFT, Button.CENTRE, Button.RIGHT)
CARDS = (Button.CARD1, Button.CARD2, Button.CARD3, Button.CARD4)


def intent(model: Any, rng: random.Random) -> Button | None:
    """The button a sensible person presses on ``model``; None: nothing to do but watch."""
    if isinstance(model, (ss.TutorialScreen, ss.TutorialOffer)):
        return Button.CENTRE
    if isinstance(model, ss.FormationScreen):
        if model.locked:
            return None
        return Button.CENTRE if model.formation else rng.choice(
            (Button.CARD1, Button.CARD2, Button.CARD3))
    if isinstance(model, ss.ShotScreen):
        if model.locked:
            return None
        if model.picked is None:
            if model.role == "shoot" and not model.high and rng.random() < 0.4:
                return Button.CARD1                 # over the defenders' heads
            return rng.choice(SIDES)
        return {"left": Button.LEFT, "centre": Button.CENTRE, "right": Button.RIGHT}[model.picked]
    if isinstance(model, ss.MenuScreen):
        keys = [option[0] for option in model.options]
        if model.prompt[0] in ("ss.ask.sub_off", "ss.ask.sub_on"):
            players = [i for i, key in enumerate(keys) if key == "ss.sub.player"]
            if players and rng.random() < 0.8:      # who comes off, who comes on
                return CARDS[rng.choice(players)]
            return Button.RIGHT if not players else Button.CARD1   # another page, or back
        if model.why == "sub_needed":                  # the rules want a substitution first
            return CARDS[keys.index("ss.opt.sub")] if "ss.opt.sub" in keys else Button.RIGHT
        if model.why is not None:                   # the proposal refused: another option
            return rng.choice((Button.CARD1, Button.CARD2, Button.CARD3, Button.CARD4,
                               Button.RIGHT))
        if rng.random() < 0.85 or len(model.options) < 2:
            return Button.CARD1                     # the proposal, or DONE
        return CARDS[rng.randrange(len(model.options))]  # now and then, their own idea
    if isinstance(model, ss.PitchScreen):
        if model.cursor is not None:                # a cell pick: confirm, or back out
            return Button.CENTRE if model.cursor in model.marks else rng.choice(
                (Button.CARD1, Button.CARD2, Button.LEFT, Button.RIGHT, Button.CARD3,
                 Button.CARD4, Button.CENTRE))
        if model.line is not None and model.line[0] == "ss.hint.back_menu":
            return Button.CENTRE
        return None
    if isinstance(model, ss.ResultScreen):
        return None if model.spectator else Button.CENTRE
    return None
