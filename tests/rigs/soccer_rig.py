"""Small helpers for Simulator Soccer rule tests: play script-form choices on a position."""
from __future__ import annotations

from typing import Any

from engine.simulator_soccer import choice_from_json
from engine.simulator_soccer.match import SoccerMatch


def play(match: SoccerMatch, **choices: Any) -> list[dict[str, Any]]:
    """Apply one joint decision given in script form (``red={"kick": "end"}``)."""
    events = match.apply({seat: choice_from_json(obj) for seat, obj in choices.items()})
    return [e.to_json() for e in events]


def named(events: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [e for e in events if e["event"] == name]


def one(events: list[dict[str, Any]], name: str) -> dict[str, Any]:
    found = named(events, name)
    assert len(found) == 1, (name, events)
    return found[0]
