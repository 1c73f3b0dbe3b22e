"""Whole Fotboll matches played by buttons on a console rig (``app_rig.Rig`` or
``bus_rig.BusRig``), checking on the way what each screen may show."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from app_rig import Rig
from PIL import Image

from engine.fotboll import FotbollMatch, new_match
from engine.fotboll import events as ev
from firmware.fotboll import screens as fs
from hal.buttons import Button


def intent(model: Any, rng: random.Random) -> Button | None:
    """What a person would press on this screen (None: just watch)."""
    if isinstance(model, fs.FormationScreen) and not model.locked:
        return rng.choice([Button.RIGHT, Button.CENTRE, Button.CENTRE])
    if isinstance(model, fs.PitchScreen) and model.decision is not None:
        if model.why is not None:               # reads the hint: not that mark again
            return rng.choice([Button.LEFT, Button.RIGHT, Button.CENTRE])
        return rng.choice([Button.LEFT, Button.RIGHT, Button.CENTRE, Button.CENTRE, Button.CARD1])
    if isinstance(model, fs.ShootoutScreen) and not model.locked:
        if model.side is not None:
            return Button[model.side.upper()]
        return rng.choice([Button.LEFT, Button.CENTRE, Button.RIGHT])
    return None


def check(model: Any, rig: Rig, pad: int) -> None:
    """Secrecy and legality on every screen: unseen opponent cards stay face down, the
    cursor stands only on a legal choice, a preparation's marks are always one the rules take;
    a flip adds only what the move showed both seats."""
    if isinstance(model, fs.FlipScreen):
        check_flip(model, rig, pad)
        return
    if not isinstance(model, fs.PitchScreen):
        return
    assert all(s.card is None or s.shown for s in model.view.opponent.field)
    if model.decision == "attack":
        assert model.cursor in model.view.targets
    session = rig.app.session
    if model.decision == "prepare" and session.step == "choose":
        marks = dict(model.marks)                   # always a legal preparation: OK plays it
        assert session.match.is_legal(model.view.seat, session.preparation(model.view.seat, marks))
    seat = rig.app.seat_at(pad)
    assert model.view.seat == seat


def check_flip(flip: fs.FlipScreen, rig: Rig, pad: int) -> None:
    """A flip is the seat's own screen from just before the move (its view then, exactly),
    plus cards of the move's events, which both seats see: a duel's two cards, cards taken
    off or sent off, the two formations; never the card the attacker draws next."""
    session = rig.app.session
    seat = rig.app.seat_at(pad)
    assert flip.base.view == replayed(session, len(session.decisions) - 1).view(seat)
    check(flip.base, rig, pad)
    events = session.events
    duel = next((e for e in events if isinstance(e, ev.Duel)), None)
    lined = {e.seat: e.formation for e in events if isinstance(e, ev.LinedUp)}
    if duel is not None:
        cards = [duel.attack, "-" if duel.defence is None else duel.defence]
        assert [flip.mine, flip.theirs] == (cards if duel.seat == seat else cards[::-1])
    elif flip.mine is not None:
        assert (flip.mine, flip.theirs) == (lined[seat], lined[flip.base.view.opponent.seat])
    shown = {e.card for e in events if isinstance(e, (ev.Substituted, ev.Replaced, ev.SentOff))
             and e.card is not None}
    if duel is not None and duel.defence is not None:
        shown.add(duel.defence)
    assert all(label in shown | {None, "-", "✕"} for _owner, _position, label in flip.boxes)


def replayed(session: Any, decisions: int | None = None) -> FotbollMatch:
    """The session's match rebuilt from its seed and its first ``decisions`` decisions."""
    match = new_match(session.config, session.seed)
    for joint in session.decisions[:decisions]:
        match.apply(joint)
    return match


def play(rig: Rig, seed: int, shots: dict[str, Image.Image] | None = None,
         wanted: dict[str, Callable[[Any], bool]] | None = None, humans=(1, 2)) -> None:
    """Play the match by buttons until its result shows; ``shots`` collects the first image of
    each screen that ``wanted[name]`` accepts."""
    rng = random.Random(seed)
    for _ in range(6000):
        if rig.app.mode != "match":
            return
        acted = False
        for pad in humans:
            model = rig.screen(pad)
            check(model, rig, pad)
            if shots is not None and wanted is not None:
                for name, accepts in wanted.items():
                    if name not in shots and accepts(model):
                        shots[name] = rig.image(pad).copy()
            button = intent(model, rng)
            if button is not None:
                rig.press(pad, button)
                acted = True
        if not acted:
            if isinstance(rig.screen(humans[0]), fs.ResultScreen):
                return
            rig.wait_for_change()
    raise AssertionError("the match did not end")
