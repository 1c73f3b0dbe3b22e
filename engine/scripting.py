"""What every game's match script shares (``shared/formats/match-script*.md``).

A script is a set-up plus the joint decisions in order; each game reads its own set-up and
choices, and all of them read a turn and report errors the same way, so ``pitchpad replay``
and the journal treat every game alike.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from .protocol import Choice

C = TypeVar("C", bound=Choice)


class ScriptError(ValueError):
    """A match script that cannot be played; ``turn`` is the 0-based turn index or None."""

    def __init__(self, reason: str, turn: int | None = None) -> None:
        where = "document" if turn is None else f"turn {turn}"
        super().__init__(f"{where}: {reason}")
        self.turn = turn
        self.reason = reason


def parse_joint(obj: Any, index: int, seats: Sequence[str],
                read_choice: Callable[[Any], C]) -> dict[str, C]:
    """One turn of a script: the decision of each seat that decides, keyed by seat."""
    if not isinstance(obj, dict) or not obj:
        raise ScriptError("a turn is an object of choices keyed by seat", index)
    joint: dict[str, C] = {}
    for seat, choice in obj.items():
        if seat not in seats:
            raise ScriptError(f"unknown seat {seat!r} ({', '.join(seats)})", index)
        try:
            joint[seat] = read_choice(choice)
        except ValueError as exc:
            raise ScriptError(f"{seat}: {exc}", index) from None
    return joint


def joint_to_json(joint: Mapping[str, Choice]) -> dict[str, Any]:
    """A joint decision as a script turn, seats in alphabetical order."""
    return {seat: joint[seat].to_json() for seat in sorted(joint)}
