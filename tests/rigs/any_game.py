"""Any registered game, played on the console as people would, with nothing known of it but its
spec: the shared checks that list games play each with these (a game added to the registry is
played too, whatever its buttons, its screens or the length of its matches).

A person at a pad presses a few buttons at random (what they mean is the game's business), and
once that has not locked a choice in, decides on one of the legal choices (the session's
``lock``, as its own buttons would have); OK on the result sheet; a button at random on a
screen that waits for them (an offer, a page to turn).
"""
from __future__ import annotations

import random
from typing import Any

from app_rig import Rig

from firmware.games.session import Step
from firmware.games.spec import GameSpec
from firmware.storage.settings import Settings
from hal.buttons import Button

BUTTONS = list(Button)


def settings(spec: GameSpec, *, people: int = 1, played: bool = False, **console: Any) -> Settings:
    """The console's settings for a match of ``spec`` from its menu's defaults: ``people`` 1
    (against the CPU, as a new console has it) or 2 (the game's two-person settings, a
    tournament fixture's); ``played``: as a match played to its end leaves them (the game's
    ``after_match``: a first matches' tutorial no longer offered)."""
    chosen = spec.console.settings({})
    if people == 2:
        chosen = spec.console.two_people(chosen)
    if played and spec.console.after_match is not None:
        chosen = spec.console.after_match(chosen)
    return Settings(game=spec.name, **{"sound": False, **console}).with_game(spec.name, chosen)


def match_seats(spec: GameSpec) -> tuple[str, ...]:
    """The seats of a match of ``spec`` from its options' defaults (``pitchpad match``'s)."""
    doc = {"game": spec.name, "seed": 0, **spec.options().setup()}
    return tuple(spec.rules.parse_script(doc).start().seats)


def person_step(rig: Rig, pads: tuple[int, ...], rng: random.Random, presses: int = 2) -> bool:
    """One step of the people at ``pads``: each whose seat must decide presses ``presses``
    buttons at random, then decides on a legal choice if those did not lock one in; OK on the
    result. When nobody had anything to do, time runs to the app's next timer. True when
    someone acted."""
    acted = False
    for pad in pads:
        session = rig.app.session
        seat = rig.app.seat_at(pad)
        if rig.app.mode != "match" or session is None or seat is None or seat in session.seats.cpus:
            continue
        if session.step is Step.OVER:
            rig.press(pad, Button.CENTRE)
            return True
        if not _deciding(session, seat):
            continue
        for _ in range(presses):
            rig.press(pad, rng.choice(BUTTONS))
        session = rig.app.session
        if rig.app.mode == "match" and session is not None and _deciding(session, seat) \
                and session.step is Step.CHOOSE:
            session.lock(seat, rng.choice(list(session.legal(seat))), rig.app.match_now())
            rig.wait(0)
        acted = True
    if not acted:
        people = [pad for pad in pads if _person(rig, pad)]
        deadline = rig.app.deadline()
        if people and (deadline is None or deadline - rig.clock.now() > WAITING):
            rig.press(rng.choice(people), rng.choice(BUTTONS))     # a screen that waits for them
            return True
        rig.wait_for_change()
    return acted


WAITING = 60.0
"""Seconds after which nothing would happen by itself but the console giving up on an idle
table: the screen waits for a person (a tutorial's offer, a page to turn), who presses."""


def _person(rig: Rig, pad: int) -> bool:
    session, seat = rig.app.session, rig.app.seat_at(pad)
    return session is not None and seat is not None and seat not in session.seats.cpus


def _deciding(session: Any, seat: str) -> bool:
    pending = session.pending.get(seat)
    return pending is not None and pending.locked is None


def play_to_the_end(rig: Rig, pads: tuple[int, ...], rng: random.Random, limit: int = 20000,
                    each: Any = None) -> None:
    """People at ``pads`` play on (:func:`person_step`) until the console leaves the match;
    ``each()`` after every step."""
    for _ in range(limit):
        if rig.app.mode != "match":
            return
        person_step(rig, pads, rng)
        if each is not None:
            each()
    raise AssertionError("the match did not end")
