"""Chifoumi: the stacking rock/paper/scissors/well board game for 2, 3 or 4 players.

>>> from engine.chifoumi import GameConfig, new_match
>>> game = new_match(GameConfig(players=3))
>>> game.to_act(), len(game.legal_choices("white"))
(('white',), 47)
>>> from engine.chifoumi import choice_from_json
>>> events = game.apply({"white": choice_from_json({"move": "d2d3"})})
>>> game.to_act()
('red',)
"""
import random
from typing import Any

from . import script
from .choices import MOVE, PLACE, STOP, THROW, THROWS, Choice, Hand, Move, Place, Stop, Throw, choice_from_json
from .determinize import determinize
from .match import MOVE_LIMIT, ChifoumiMatch, Series, new_match
from .pieces import ALL_SEATS, ARMIES, SEATS_BY_PLAYERS, GameConfig, Kind, Options, square, square_name
from .view import ChifoumiView, Layer


class ChifoumiGame:
    """Chifoumi as the registry holds it (:class:`engine.protocol.Game`). There is no chance
    in Chifoumi: ``seed`` is kept for the script and the CPU generators only."""

    name = "chifoumi"
    seats = ALL_SEATS
    example_configs = (
        GameConfig(2), GameConfig(3), GameConfig(4),
        GameConfig(2, Options(placement=True, closed_stacks=True)),
        GameConfig(3, Options(placement=True)), GameConfig(4, Options(closed_stacks=True)),
    )

    def new_match(self, config: GameConfig, seed: int = 0, first: str | None = None) -> ChifoumiMatch:
        return new_match(config, first)

    def choice_from_json(self, obj: object) -> Choice:
        return choice_from_json(obj)

    def determinize(self, view: ChifoumiView, rng: random.Random) -> ChifoumiMatch:
        return determinize(view, rng)

    def parse_script(self, doc: object) -> script.MatchScript:
        return script.parse_script(doc)

    def parse_turn(self, obj: object, index: int) -> dict[str, Choice]:
        return script.parse_turn(obj, index)

    def summary(self, match: ChifoumiMatch) -> dict[str, Any]:
        return script.summary(match)


GAME = ChifoumiGame()
"""The game object :mod:`engine.registry` registers."""

__all__ = [
    "MOVE", "PLACE", "STOP", "THROW", "THROWS", "Choice", "Hand", "Move", "Place", "Stop",
    "Throw", "choice_from_json", "determinize", "MOVE_LIMIT", "ChifoumiMatch", "Series",
    "new_match", "ALL_SEATS", "ARMIES", "SEATS_BY_PLAYERS", "GameConfig", "Kind", "Options",
    "square", "square_name", "ChifoumiView", "Layer", "ChifoumiGame", "GAME",
]
