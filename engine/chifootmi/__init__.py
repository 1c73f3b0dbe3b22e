"""Chifootmi, the flagship game: duels of secretly chosen cards, then shots.

>>> from engine.chifootmi import new_match, MatchConfig, Level, PLAY
>>> match = new_match(MatchConfig(Level.BEGINNER), seed=7)
>>> match.to_act()
('blue', 'red')
>>> len(match.legal_choices("red"))
4
"""
import random
from typing import Any

from . import script
from .cards import BLUE, DT, RED, SEATS, Card, Level, MatchConfig, Options
from .choices import (
    DIVE, DRAW_PILE1, DRAW_PILE2, FLAG_DOWN, FLAG_RAISED, PLAY, SHOOT, Choice, Dive, Draw,
    Flag, Pile, Play, Shoot, Side, choice_from_json,
)
from .determinize import determinize
from .match import ChifootmiMatch, Deal, new_match, seeded_deal
from .view import CardSlot, ChifootmiView, TeamView


class ChifootmiGame:
    """Chifootmi as the registry holds it (:class:`engine.protocol.Game`)."""

    name = "chifootmi"
    seats = SEATS
    example_configs = (
        MatchConfig(Level.BEGINNER), MatchConfig(Level.AMATEUR), MatchConfig(Level.PRO),
        MatchConfig(Level.PRO, Options(offside=True, one_two=True, counter_attack=True)),
    )

    def new_match(self, config: MatchConfig, seed: int, deal: Deal | None = None) -> ChifootmiMatch:
        return new_match(config, seed, deal)

    def choice_from_json(self, obj: object) -> Choice:
        return choice_from_json(obj)

    def determinize(self, view: ChifootmiView, rng: random.Random) -> ChifootmiMatch:
        return determinize(view, rng)

    def parse_script(self, doc: object) -> script.MatchScript:
        return script.parse_script(doc)

    def parse_turn(self, obj: object, index: int) -> dict[str, Choice]:
        return script.parse_turn(obj, index)

    def summary(self, match: ChifootmiMatch) -> dict[str, Any]:
        return script.summary(match)


GAME = ChifootmiGame()
"""The game object :mod:`engine.registry` registers."""

__all__ = [
    "BLUE", "DT", "RED", "SEATS", "Card", "Level", "MatchConfig", "Options", "DIVE",
    "DRAW_PILE1", "DRAW_PILE2", "FLAG_DOWN", "FLAG_RAISED", "PLAY", "SHOOT", "Choice", "Dive",
    "Draw", "Flag", "Pile", "Play", "Shoot", "Side", "choice_from_json", "determinize",
    "ChifootmiMatch", "Deal", "new_match", "seeded_deal", "CardSlot", "ChifootmiView",
    "TeamView", "ChifootmiGame", "GAME",
]
