"""The Chifoumi match script (``shared/formats/match-script-fotboll-chifoumi.md``): read it,
and summarise a game. Pure functions over parsed JSON, shared by ``pitchpad replay`` and tests.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..scripting import ScriptError, joint_to_json, parse_joint
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


def _expect(ok: bool, reason: str) -> None:
    if not ok:
        raise ScriptError(reason)


def parse_script(doc: Any) -> MatchScript:
    """Check a script's shape and set-up (not its turns, which play in order)."""
    _expect(isinstance(doc, dict), "a match script is a JSON object")
    unknown = sorted(set(doc) - {"game", "players", "options", "seed", "deal", "turns"})
    _expect(not unknown, f"unknown key {unknown[0]!r}" if unknown else "")
    _expect(doc.get("game") == "chifoumi", f"game must be \"chifoumi\", not {doc.get('game')!r}")
    players = doc.get("players", 2)
    _expect(isinstance(players, int) and not isinstance(players, bool) and players in SEATS_BY_PLAYERS,
            f"players must be 2, 3 or 4, not {players!r}")
    options = doc.get("options", {})
    _expect(isinstance(options, dict), "options must be an object")
    for name, value in options.items():
        _expect(name in OPTION_NAMES, f"unknown option {name!r} (placement, closed_stacks)")
        _expect(isinstance(value, bool), f"option {name} must be true or false")
    seed = doc.get("seed", 0)
    _expect(isinstance(seed, int) and not isinstance(seed, bool), "seed must be an integer")
    turns = doc.get("turns", [])
    _expect(isinstance(turns, list), "turns must be a list")
    deal = doc.get("deal")
    deal = {} if deal is None else deal
    _expect(isinstance(deal, dict), "deal must be an object")
    _expect(set(deal) <= {"first"}, "deal has only \"first\"")
    first = deal.get("first")
    seats = SEATS_BY_PLAYERS[players]
    _expect(first is None or first in seats,
            f"deal.first must be one of {', '.join(seats)}, not {first!r}")
    script = MatchScript(GameConfig(players, Options(**options)), seed, first, turns)
    try:
        script.start()
    except ValueError as exc:
        raise ScriptError(str(exc)) from None
    return script


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
