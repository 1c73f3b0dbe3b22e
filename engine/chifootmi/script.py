"""The match script of ``docs/formats/match-script.md``: read it, and summarise a match.

Pure functions over already-parsed JSON values, so the journal, ``pitchpad replay`` and
tests share one reading of the format.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..scripting import (
    ScriptError, expect, joint_to_json, parse_joint, script_document, script_options, script_seed,
    script_turns, started,
)
from .cards import SEATS, Level, MatchConfig, Options, card_from_json, card_to_json
from .choices import Choice, choice_from_json
from .match import ChifootmiMatch, Deal, new_match

OPTION_NAMES = ("offside", "one_two", "counter_attack")
__all__ = ["SEATS", "ScriptError", "MatchScript", "parse_script", "parse_turn", "summary",
           "joint_to_json", "deal_to_json"]


@dataclass(frozen=True)
class MatchScript:
    """A match's set-up and its joint decisions, in order."""

    config: MatchConfig
    seed: int
    deal: Deal | None
    turns: list[Any] = field(default_factory=list)

    def start(self) -> ChifootmiMatch:
        return new_match(self.config, self.seed, self.deal)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"game": "chifootmi", "level": self.config.level.value,
                               "options": self.config.options.to_json(), "seed": self.seed}
        if self.deal is not None:
            doc["deal"] = deal_to_json(self.deal)
        doc["turns"] = list(self.turns)
        return doc


def deal_to_json(deal: Deal) -> dict[str, Any]:
    doc: dict[str, Any] = {"red": [card_to_json(c) for c in deal.red],
                           "blue": [card_to_json(c) for c in deal.blue]}
    if deal.kickoff:
        doc["kickoff"] = deal.kickoff
    if deal.shootout_first:
        doc["shootout_first"] = deal.shootout_first
    return doc


def parse_script(doc: Any) -> MatchScript:
    """Check a script document's shape and set-up (not its turns, which play in order)."""
    doc = script_document(doc, "chifootmi", ("level", "options", "deal"))
    try:
        level = Level(doc.get("level"))
    except ValueError:
        raise ScriptError(f"level must be beginner, amateur or pro, not {doc.get('level')!r}") from None
    options = script_options(doc, OPTION_NAMES)
    seed, turns = script_seed(doc), script_turns(doc)
    deal = _parse_deal(doc["deal"]) if doc.get("deal") is not None else None
    return started(MatchScript(MatchConfig(level, Options(**options)), seed, deal, turns))


def _parse_deal(obj: Any) -> Deal:
    expect(isinstance(obj, dict), "deal must be an object")
    unknown = sorted(set(obj) - {"red", "blue", "kickoff", "shootout_first"})
    expect(not unknown, f"unknown deal key {unknown[0]!r}" if unknown else "")
    decks = []
    for seat in SEATS:
        deck = obj.get(seat)
        expect(isinstance(deck, list), f"deal.{seat} must be a list of cards")
        try:
            decks.append(tuple(card_from_json(c) for c in deck))
        except ValueError as exc:
            raise ScriptError(f"deal.{seat}: {exc}") from None
    for key in ("kickoff", "shootout_first"):
        expect(obj.get(key) in (None, *SEATS), f"deal.{key} must be \"red\" or \"blue\"")
    return Deal(decks[0], decks[1], obj.get("kickoff"), obj.get("shootout_first"))


def parse_turn(obj: Any, index: int) -> dict[str, Choice]:
    """One turn of the script: the joint decision, keyed by seat."""
    return parse_joint(obj, index, SEATS, choice_from_json)


def summary(match: ChifootmiMatch) -> dict[str, Any]:
    """The replay's last line (``docs/formats/match-script.md``, Chifootmi)."""
    shootout = match.shootout_score
    return {
        "over": match.is_over,
        "score": {"red": match.score[0], "blue": match.score[1]},
        "shootout": None if shootout is None else {"red": shootout[0], "blue": shootout[1]},
        "winner": match.winner,
        "ball": SEATS[match.ball],
        "to_act": list(match.to_act()),
    }
