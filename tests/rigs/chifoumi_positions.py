"""Chifoumi positions for rule tests: :func:`engine.chifoumi.position.position` (checked by the
engine), and two helpers to play and read them."""
from __future__ import annotations

from engine.chifoumi import choice_from_json
from engine.chifoumi.match import ChifoumiMatch
from engine.chifoumi.position import layout_of, position

__all__ = ["position", "play", "stack"]


def play(match: ChifoumiMatch, *choices: dict) -> list:
    """Apply each choice for the seat to act; the events of them all."""
    events = []
    for obj in choices:
        (seat,) = match.to_act()
        events += match.apply({seat: choice_from_json(obj)})
    return events


def stack(match: ChifoumiMatch, name: str) -> str:
    return layout_of(match).get(name, "")
