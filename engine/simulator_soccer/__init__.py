"""Simulator Soccer: the hex-pitch tactics game — 22 players, three phases a turn, the
distance rule, die duels, and the console's secret aim/dive duel on every shot.

Rules, with their rule ids (``S-…``) and rulings: ``docs/rules/simulator-soccer.md``; the engine
and its CPU players: ``docs/simulator-soccer.md``.

>>> from engine.simulator_soccer import MatchConfig, new_match, choice_from_json
>>> match = new_match(MatchConfig(), seed=42)
>>> match.to_act(), match.decision
(('blue', 'red'), 'formation')
>>> events = match.apply({"red": choice_from_json({"formation": "4-4-2"}),
...                       "blue": choice_from_json({"formation": "3-5-2"})})
>>> match.decision, len(match.to_act())
('place', 1)
"""
from __future__ import annotations

from ..game import PackagedGame
from ..results import ResultRules
from ..protocol import Game
from . import script
from .choices import (
    FORMATIONS, Challenge, Choice, Cross, Defend, Dive, Formation, Headers, Kick, Kicker, Move,
    Place, Remove, Round, Shoot, choice_from_json,
)
from .legal import ListMenu, SoccerChoices, legal_choices, menu
from .match import SoccerMatch
from .rng import BadDie, Dice, SplitMix64
from .state import PRO_OPTIONS, SEATS, MatchConfig, Options
from .teams import STANDARD, PlayerCard, Team, TeamError, load_team, team_from_json
from .view import SoccerView, determinize

NAME = "simulator-soccer"


def new_match(config: MatchConfig | None = None, seed: int = 0, kickoff: str | None = None,
              shootout_first: str | None = None, dice: tuple[int, ...] = ()) -> SoccerMatch:
    """A match from its set-up: the toss is drawn from the seed unless ``kickoff`` is given."""
    return SoccerMatch(config or MatchConfig(), seed, kickoff, shootout_first, dice)


GAME: Game[MatchConfig, SoccerMatch, SoccerView[SoccerMatch], Choice] = PackagedGame(
    name=NAME, seats=SEATS,
    example_configs=(
        MatchConfig(Options(half_steps=2)),
        MatchConfig(Options(half_steps=2, tiebreak=True, pro=frozenset(PRO_OPTIONS))),
    ),
    new_match=new_match, choice_from_json=choice_from_json, determinize=determinize,
    parse_script=script.parse_script, summary=script.summary,
    # S-END-1: a draw stands, or a tie-break. Every goal is followed by a repositioning that
    # steps the clock (S-RST-2, S-TIME-1), and a half of at most 33 steps and 5 of stoppage
    # ends at the first goal after them (S-TIME-2): at most 39 goals a half.
    results=ResultRules(draws=True, shootout=True, most=(2 * (33 + 5 + 1),), forfeits=True))
"""Simulator Soccer as the registry holds it (:class:`engine.protocol.Game`)."""


__all__ = [
    "FORMATIONS", "Challenge", "Choice", "Cross", "Defend", "Dive", "Formation", "Headers",
    "Kick", "Kicker", "Move", "Place", "Remove", "Round", "Shoot", "choice_from_json",
    "ListMenu", "SoccerChoices", "legal_choices", "menu", "SoccerMatch", "BadDie", "Dice", "SplitMix64",
    "PRO_OPTIONS", "SEATS", "MatchConfig", "Options", "STANDARD", "PlayerCard", "Team",
    "TeamError", "load_team", "team_from_json", "SoccerView", "determinize", "NAME",
    "new_match", "GAME",
]
