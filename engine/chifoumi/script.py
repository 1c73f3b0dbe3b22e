"""The Chifoumi match script (``docs/formats/match-script.md``): read it,
and summarise a game. Pure functions over parsed JSON, shared by ``pitchpad replay`` and tests.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..scripting import (
    ScriptError, expect, joint_to_json, parse_joint, script_document, script_options, script_seed,
    script_turns, started,
)
from .choices import Choice, choice_from_json
from .match import ChifoumiMatch, new_match
from .pieces import ALL_SEATS, SEATS_BY_PLAYERS, GameConfig, Options

SEATS = ALL_SEATS
"""Every seat name a Chifoumi script may use; a game uses the first 2, 3 or 4 in turn order
(``white, black`` with 2 players)."""
OPTION_NAMES = ("placement", "closed_stacks")
__all__ = ["SEATS", "ScriptError", "MatchScript", "parse_script", "parse_turn", "summary",
           "joint_to_json"]


@dataclass(frozen=True)
class MatchScript:
    """A game's set-up and its decisions, in order."""

    config: GameConfig
    seed: int
    first: str | None
    turns: list[Any] = field(default_factory=list)

    def start(self) -> ChifoumiMatch:
        return new_match(self.config, self.first)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"game": "chifoumi", "players": self.config.players,
                               "options": self.config.options.to_json(), "seed": self.seed}
        if self.first is not None:
            doc["deal"] = {"first": self.first}
        doc["turns"] = list(self.turns)
        return doc


def parse_script(doc: Any) -> MatchScript:
    """Check a script's shape and set-up (not its turns, which play in order)."""
    doc = script_document(doc, "chifoumi", ("players", "options", "deal"))
    players = doc.get("players", 2)
    expect(isinstance(players, int) and not isinstance(players, bool) and players in SEATS_BY_PLAYERS,
           f"players must be 2, 3 or 4, not {players!r}")
    options = script_options(doc, OPTION_NAMES)
    seed, turns = script_seed(doc), script_turns(doc)
    deal = doc.get("deal")
    deal = {} if deal is None else deal
    expect(isinstance(deal, dict), "deal must be an object")
    expect(set(deal) <= {"first"}, "deal has only \"first\"")
    first = deal.get("first")
    seats = SEATS_BY_PLAYERS[players]
    expect(first is None or first in seats,
           f"deal.first must be one of {', '.join(seats)}, not {first!r}")
    return started(MatchScript(GameConfig(players, Options(**options)), seed, first, turns))


def parse_turn(obj: Any, index: int) -> dict[str, Choice]:
    """One turn of the script: the decision(s), keyed by seat."""
    return parse_joint(obj, index, SEATS, choice_from_json)


def summary(match: ChifoumiMatch) -> dict[str, Any]:
    """The replay's last line."""
    points = match.points()
    return {
        "over": match.is_over,
        "to_act": list(match.to_act()),
        "pieces": match.pieces_on_board(),
        "captured": dict(zip(match.seats, match.captured)),
        "points": {seat: (int(p) if p == int(p) else p) for seat, p in points.items()},
        "winner": match.winner,
    }
