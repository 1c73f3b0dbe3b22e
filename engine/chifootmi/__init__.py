"""Chifootmi, the flagship game: duels of secretly chosen cards, then shots.

>>> from engine.chifootmi import new_match, MatchConfig, Level, PLAY
>>> match = new_match(MatchConfig(Level.BEGINNER), seed=7)
>>> match.to_act()
('blue', 'red')
>>> len(match.legal_choices("red"))
4
"""
from ..game import PackagedGame
from ..results import ResultRules
from ..protocol import Game
from . import script
from .cards import BLUE, DT, RED, SEATS, Card, Level, MatchConfig, Options
from .choices import (
    DIVE, DRAW_PILE1, DRAW_PILE2, FLAG_DOWN, FLAG_RAISED, PLAY, SHOOT, Choice, Dive, Draw,
    Flag, Pile, Play, Shoot, Side, choice_from_json,
)
from .determinize import determinize
from .match import ChifootmiMatch, Deal, new_match, seeded_deal
from .view import CardSlot, ChifootmiView, TeamView


GAME: Game[MatchConfig, ChifootmiMatch, ChifootmiView, Choice] = PackagedGame(
    name="chifootmi", seats=SEATS,
    example_configs=(
        MatchConfig(Level.BEGINNER), MatchConfig(Level.AMATEUR), MatchConfig(Level.PRO),
        MatchConfig(Level.PRO, Options(offside=True, one_two=True, counter_attack=True)),
    ),
    new_match=new_match, choice_from_json=choice_from_json, determinize=determinize,
    parse_script=script.parse_script, summary=script.summary,
    # C-END-2: a tie goes to the shoot-out. At most a goal a round, and the last-card shot
    # (C-RND-6, C-END-1).
    results=ResultRules(draws=False, shootout=True, most=(max(level.rounds for level in Level) + 1,)))
"""The game's rules, as its spec (``firmware/chifootmi/spec.py``) names them."""

__all__ = [
    "BLUE", "DT", "RED", "SEATS", "Card", "Level", "MatchConfig", "Options", "DIVE",
    "DRAW_PILE1", "DRAW_PILE2", "FLAG_DOWN", "FLAG_RAISED", "PLAY", "SHOOT", "Choice", "Dive",
    "Draw", "Flag", "Pile", "Play", "Shoot", "Side", "choice_from_json", "determinize",
    "ChifootmiMatch", "Deal", "new_match", "seeded_deal", "CardSlot", "ChifootmiView",
    "TeamView", "GAME",
]
