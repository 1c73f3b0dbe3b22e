"""The Simulator Soccer match script (``docs/formats/match-script.md``, "Simulator Soccer"):
read it, and summarise a match. Pure functions over parsed JSON, shared by ``pitchpad
replay`` and the tests.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import BadSetup
from ..scripting import ScriptError, joint_to_json, parse_joint, script_document, script_turns
from .choices import Choice, choice_from_json
from .match import SoccerMatch
from .state import PRO_OPTIONS, SEATS, MatchConfig, Options
from .teams import Team, team_from_json

__all__ = ["SEATS", "ScriptError", "MatchScript", "parse_script", "parse_turn", "summary",
           "joint_to_json"]


@dataclass(frozen=True)
class MatchScript:
    """A match's set-up and its decisions, in order."""

    config: MatchConfig
    seed: int = 0
    kickoff: str | None = None
    shootout_first: str | None = None
    dice: tuple[int, ...] = ()
    turns: list[Any] = field(default_factory=list)

    def start(self) -> SoccerMatch:
        try:
            return SoccerMatch(self.config, self.seed, self.kickoff, self.shootout_first,
                               self.dice)
        except BadSetup as exc:
            raise ScriptError(str(exc), 0) from None
        except ValueError as exc:
            raise ScriptError(str(exc), 0) from None

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"game": "simulator-soccer", "seed": self.seed,
                               "options": self.config.options.to_json(),
                               "teams": {seat: team.to_json()
                                         for seat, team in zip(SEATS, self.config.teams)}}
        deal: dict[str, Any] = {}
        if self.kickoff is not None:
            deal["kickoff"] = self.kickoff
        if self.shootout_first is not None:
            deal["shootout_first"] = self.shootout_first
        if self.dice:
            deal["dice"] = list(self.dice)
        if deal:
            doc["deal"] = deal
        doc["turns"] = list(self.turns)
        return doc


def _expect(ok: bool, reason: str) -> None:
    if not ok:
        raise ScriptError(reason, 0)


def parse_script(doc: Any) -> MatchScript:
    """Check a script's shape and set-up (not its turns, which play in order); set-up
    errors name turn 0."""
    try:  # the checks every game shares; a set-up error here names turn 0
        doc = script_document(doc, "simulator-soccer", ("options", "teams", "deal"))
        turns = script_turns(doc)
    except ScriptError as exc:
        raise ScriptError(exc.reason, 0) from None
    seed = doc.get("seed", 0)
    _expect(isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2 ** 64,
            "seed is an integer 0 <= seed < 2^64 (S-RNG-1)")
    opts = doc.get("options", {})
    _expect(isinstance(opts, dict), "options must be an object")
    bad = sorted(set(opts) - {"half_steps", "tiebreak", "pro"})
    _expect(not bad, f"unknown option {bad[0]!r} (half_steps, tiebreak, pro)" if bad else "")
    half = opts.get("half_steps", 33)
    _expect(isinstance(half, int) and not isinstance(half, bool) and 1 <= half <= 33,
            f"half_steps is 1-33, not {half!r}")
    tiebreak = opts.get("tiebreak", False)
    _expect(isinstance(tiebreak, bool), "tiebreak is true or false")
    pro = opts.get("pro", [])
    _expect(isinstance(pro, list) and all(p in PRO_OPTIONS for p in pro),
            f"pro is a list of: {' '.join(PRO_OPTIONS)}")
    teams_obj = doc.get("teams", {"red": "standard", "blue": "standard"})
    _expect(isinstance(teams_obj, dict) and set(teams_obj) <= set(SEATS),
            "teams is {\"red\": …, \"blue\": …}")
    teams: list[Team] = []
    for seat in SEATS:
        try:
            teams.append(team_from_json(teams_obj.get(seat, "standard"), f"teams.{seat}"))
        except BadSetup as exc:
            raise ScriptError(str(exc), 0) from None
    deal = {} if doc.get("deal") is None else doc["deal"]
    _expect(isinstance(deal, dict) and set(deal) <= {"kickoff", "shootout_first", "dice"},
            "deal has only kickoff, shootout_first and dice")
    for key in ("kickoff", "shootout_first"):
        _expect(deal.get(key) in (None, *SEATS), f"deal.{key} is red or blue")
    dice = deal.get("dice", [])
    _expect(isinstance(dice, list) and all(isinstance(v, int) and not isinstance(v, bool)
                                           for v in dice), "deal.dice is a list of integers")
    config = MatchConfig(Options(half, tiebreak, frozenset(pro)), (teams[0], teams[1]))
    script = MatchScript(config, seed, deal.get("kickoff"), deal.get("shootout_first"),
                         tuple(dice), turns)
    script.start()
    return script


def parse_turn(obj: Any, index: int) -> dict[str, Choice]:
    return parse_joint(obj, index, SEATS, choice_from_json)


def summary(match: SoccerMatch) -> dict[str, Any]:
    """The replay's last line."""
    yellow = {seat: sorted(p.num for p in match.teams[t].on_pitch() if p.yellow == 1)
              for t, seat in enumerate(SEATS)}
    return {
        "over": match.is_over, "half": match.half, "clock": match.clock,
        "stoppage": match.stoppage or 0,
        "score": {"red": match.score[0], "blue": match.score[1]},
        "shootout": None if match.shootout is None else
        {"red": match.shootout[0], "blue": match.shootout[1]},
        "winner": match.winner,
        # Who had the ball when regular play ended: shoot-out kickers do not change it.
        "ball": SEATS[match.possession if match.regular_ball is None else match.regular_ball],
        "to_act": list(match.to_act()), "phase": match.phase,
        "yellow": yellow,
        "sent_off": {seat: sorted(match.sent_off[t]) for t, seat in enumerate(SEATS)},
        "subs": {seat: match.teams[t].subs for t, seat in enumerate(SEATS)},
    }
