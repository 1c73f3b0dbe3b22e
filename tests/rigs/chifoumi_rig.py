"""Chifoumi on the headless simulator with 1..4 pads, driven by button presses only.

:func:`buttons_for` is how a person reaches a choice on the board screen: walk the cursor
with ◀ ▶ ▲ ▼, OK on the piece, walk to the square, OK (then ◀ stack / take ▶ when both are
possible); a placement is the square, OK, ▶ until the kind shows, OK; Stop is CARD3.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from app_rig import Rig as AppRig
from engine.chifoumi import Choice, Move, Place, Stop
from firmware.chifoumi import screens as ks
from firmware.chifoumi.session import Step
from firmware.storage.settings import Settings
from hal.buttons import Button


class Rig(AppRig):
    """The app on a simulated console with ``pads`` pads; time moves only in :meth:`wait`."""

    def __init__(self, state_dir: Path, pads: int, settings: Settings, seed: int = 1) -> None:
        super().__init__(state_dir, settings, seed, pads=pads)

    def start(self) -> None:
        """From power-on to the first screen after the kick-off sheet, by buttons only."""
        self.kick_off()
        self.wait(self.session.timing.kickoff)

    def kick_off(self) -> None:
        """From power-on to the kick-off: every person's pad shows its army on a sheet."""
        super().start()
        assert self.app.mode == "match"
        for pad in range(1, self.pads + 1):
            if self.app.seat_at(pad) in self.session.pads:
                assert isinstance(self.screen(pad), ks.KickoffScreen), self.screen(pad)

    @property
    def session(self) -> Any:
        return self.app.session


def throw_button(model: ks.ThrowScreen, rng: random.Random) -> Button:
    """The who-starts press a person makes: a hand at random, then the same button again to
    throw it (press to pick, again to lock in)."""
    if model.picked is not None:
        return Button[model.picked.upper()]
    return rng.choice((Button.LEFT, Button.CENTRE, Button.RIGHT))


def walk(cursor: int, square: int) -> list[Button]:
    """The arrow presses that take the cursor from ``cursor`` to ``square``."""
    files, ranks = square % 7 - cursor % 7, square // 7 - cursor // 7
    return ([Button.RIGHT if files > 0 else Button.LEFT] * abs(files)
            + [Button.CARD1 if ranks > 0 else Button.CARD2] * abs(ranks))


def buttons_for(model: ks.BoardScreen, choice: Choice, kinds: list[int]) -> list[Button]:
    """The presses that make ``choice`` from the board screen ``model`` (the seat's turn)."""
    if isinstance(choice, Stop):
        return [Button.CARD3]
    if isinstance(choice, Place):
        steps = kinds.index(choice.kind)
        return walk(model.cursor, choice.target) + [Button.CENTRE] + [Button.RIGHT] * steps + [
            Button.CENTRE]
    assert isinstance(choice, Move)
    presses: list[Button] = []
    cursor = model.cursor
    if model.origin is None:
        presses += walk(cursor, choice.origin) + [Button.CENTRE]
        cursor = choice.origin
    presses += walk(cursor, choice.target) + [Button.CENTRE]
    if choice.capture is not None:
        presses.append(Button.RIGHT if choice.capture else Button.LEFT)
    return presses


def pick(legal: tuple[Choice, ...], rng: random.Random) -> Choice:
    """A player who likes to take: a capture when there is one, else any move."""
    takes = [c for c in legal if isinstance(c, Move) and c.capture is not False]
    return rng.choice(takes if takes and rng.random() < 0.8 else list(legal))


def play_turn(rig: Rig, pad: int, rng: random.Random) -> Choice:
    """The seat at ``pad`` makes one decision by buttons; returns what it meant to play."""
    session = rig.session
    seat = rig.app.seat_at(pad)
    model = rig.screen(pad)
    assert isinstance(model, ks.BoardScreen) and model.mode in ("pick", "chain", "place"), model
    legal = session.match.legal_choices(seat)
    choice = pick(legal, rng)
    kinds = sorted({c.kind for c in legal if isinstance(c, Place)})
    before = len(session.decisions)
    for button in buttons_for(model, choice, kinds):
        rig.press(pad, button)
    assert len(session.decisions) == before + 1
    assert session.decisions[-1] == {seat: choice}
    return choice


def to_the_result(rig: Rig) -> None:
    """After the last move: each board with why the game ended, then (a timer) the result."""
    assert rig.session.match.is_over
    rig.wait(rig.session.timing.reveal)
    assert rig.session.step is Step.OVER


def play_to_the_end(rig: Rig, rng: random.Random, limit: int = 3000) -> None:
    """Humans play by buttons, CPUs think; the who-starts chifoumi by random hands. Returns
    on the move that ends the game (the end flip shows)."""
    for _ in range(limit):
        if rig.session.match.is_over:
            return
        pads = [pad for pad in range(1, rig.pads + 1) if rig.app.seat_at(pad) is not None]
        acted = False
        for pad in pads:
            model = rig.screen(pad)
            if isinstance(model, ks.LegendScreen):
                rig.press(pad, Button.CARD4)
                model = rig.screen(pad)
            if isinstance(model, ks.BoardScreen) and model.mode in ("target", "capture", "kind"):
                rig.press(pad, Button.CARD3)    # back to a clean pick (a storm may leave one)
                model = rig.screen(pad)
            if isinstance(model, ks.ThrowScreen) and not model.locked:
                rig.press(pad, throw_button(model, rng))    # pick, then again to throw
                acted = True
            elif isinstance(model, ks.BoardScreen) and model.mode in ("pick", "chain", "place"):
                play_turn(rig, pad, rng)
                acted = True
                break
        if not acted:
            rig.wait(0.5)
    raise AssertionError("the game did not end")
