"""The Fotboll match script of ``docs/formats/match-script.md``.

Pure functions over parsed JSON, shared by ``pitchpad replay``, the console and tests.
Errors subclass Chifootmi's ``ScriptError`` so the replay command reports every game's
errors the same way (turn index, exit status 2).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..scripting import (
    ScriptError, expect, joint_to_json, parse_joint, script_document, script_options, script_seed,
    script_turns, started,
)
from .cards import SEATS, Card, MatchConfig
from .choices import Choice, choice_from_json
from .match import Deal, FotbollMatch, new_match, seeded_deal

OPTION_NAMES = ("jokers", "tiebreak")
__all__ = ["SEATS", "ScriptError", "MatchScript", "parse_script", "parse_turn", "summary",
           "joint_to_json", "deal_to_json"]


@dataclass(frozen=True)
class MatchScript:
    config: MatchConfig
    seed: int
    deal: Deal
    turns: list[Any] = field(default_factory=list)

    def start(self) -> FotbollMatch:
        return new_match(self.config, self.seed, self.deal)

    def to_json(self) -> dict[str, Any]:
        return {"game": "fotboll", "options": self.config.to_json(), "seed": self.seed,
                "deal": deal_to_json(self.deal), "turns": list(self.turns)}


def deal_to_json(deal: Deal) -> dict[str, Any]:
    return {"halves": [{seat: [c.label for c in deck] for seat, deck in zip(SEATS, decks)}
                       for decks in deal.halves],
            "first": deal.first, "shootout_first": deal.shootout_first}


def parse_script(doc: Any) -> MatchScript:
    """Check a script's shape and set-up (its turns play in order, in ``pitchpad replay``)."""
    doc = script_document(doc, "fotboll", ("options", "deal"))
    config = MatchConfig(**script_options(doc, OPTION_NAMES))
    seed, turns = script_seed(doc), script_turns(doc)
    return started(MatchScript(config, seed, _parse_deal(doc.get("deal"), config, seed), turns))


def _parse_deal(obj: Any, config: MatchConfig, seed: int) -> Deal:
    """The explicit parts of ``deal`` over the seeded one (a half or toss left out)."""
    seeded = seeded_deal(config, seed)
    if obj is None:
        return seeded
    expect(isinstance(obj, dict), "deal must be an object")
    unknown = sorted(set(obj) - {"halves", "first", "shootout_first"})
    expect(not unknown, f"unknown deal key {unknown[0]!r}" if unknown else "")
    halves = obj.get("halves", [])
    expect(isinstance(halves, list) and len(halves) <= 2, "deal.halves is a list of 1 or 2 halves")
    decks = [list(half) for half in seeded.halves]
    for h, half in enumerate(halves):
        if half is None:
            continue
        expect(isinstance(half, dict) and not set(half) - set(SEATS),
                f"deal.halves[{h}] is an object with \"red\" and \"blue\" decks")
        for s, seat in enumerate(SEATS):
            if seat not in half:
                continue
            expect(isinstance(half[seat], list), f"deal.halves[{h}].{seat} must be a list of cards")
            try:
                decks[h][s] = tuple(Card.parse(c) for c in half[seat])
            except ValueError as exc:
                raise ScriptError(f"deal.halves[{h}].{seat}: {exc}") from None
    for key in ("first", "shootout_first"):
        expect(obj.get(key) in (None, *SEATS), f"deal.{key} must be \"red\" or \"blue\"")
    return Deal(tuple((d[0], d[1]) for d in decks), obj.get("first") or seeded.first,
                obj.get("shootout_first") or seeded.shootout_first)


def parse_turn(obj: Any, index: int) -> dict[str, Choice]:
    """One turn of the script: the joint decision, keyed by seat."""
    return parse_joint(obj, index, SEATS, choice_from_json)


def summary(match: FotbollMatch) -> dict[str, Any]:
    """The replay's last line (``docs/formats/match-script.md``, Fotboll)."""
    shootout = match.shootout_score
    return {
        "over": match.is_over, "half": match.half,
        "score": {"red": match.score[0], "blue": match.score[1]},
        "shootout": None if shootout is None else {"red": shootout[0], "blue": shootout[1]},
        "winner": match.winner, "to_act": list(match.to_act()),
        "yellow": {"red": match.yellow[0], "blue": match.yellow[1]},
        "red_cards": {"red": match.reds[0], "blue": match.reds[1]},
    }


def random_script(config: MatchConfig, seed: int, rng: random.Random) -> MatchScript:
    """A whole match of uniformly random choices as a script (for tests and examples)."""
    match = new_match(config, seed)
    turns = []
    while match.to_act():
        joint = {seat: rng.choice(match.legal_choices(seat)) for seat in match.to_act()}
        turns.append(joint_to_json(joint))
        match.apply(joint)
    return MatchScript(config, seed, seeded_deal(config, seed), turns)
