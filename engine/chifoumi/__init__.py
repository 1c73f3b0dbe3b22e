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
from ..game import PackagedGame
from ..results import ResultRules
from ..protocol import Game
from . import script
from .choices import MOVE, PLACE, STOP, THROW, THROWS, Choice, Hand, Move, Place, Stop, Throw, choice_from_json
from .determinize import determinize
from .match import MOVE_LIMIT, ChifoumiMatch, Series, new_match
from .pieces import ALL_SEATS, ARMIES, army_pieces, SEATS_BY_PLAYERS, GameConfig, Kind, Options, square, square_name
from .view import ChifoumiView, Layer


def _new_match(config: GameConfig, seed: int) -> ChifoumiMatch:
    """There is no chance in Chifoumi: ``seed`` is kept for the script and the CPU
    generators only, and who starts is thrown at the table (K-2P-1)."""
    return new_match(config)


GAME: Game[GameConfig, ChifoumiMatch, ChifoumiView, Choice] = PackagedGame(
    name="chifoumi", seats=ALL_SEATS,
    example_configs=(
        GameConfig(2), GameConfig(3), GameConfig(4),
        GameConfig(2, Options(placement=True, closed_stacks=True)),
        GameConfig(3, Options(placement=True)), GameConfig(4, Options(closed_stacks=True)),
    ),
    new_match=_new_match, choice_from_json=choice_from_json, determinize=determinize,
    parse_script=script.parse_script, summary=script.summary,
    # The result (docs/rules/chifoumi.md): 2, 3 or 4 armies; White+Black against Red+Orange.
    # The most points: with 2, an army's pieces and the half point (K-2P-3); with 3, the two
    # other armies' pieces (K-3P-2); with 4, an army's pieces (K-4P-3).
    results=ResultRules(seatings=tuple(SEATS_BY_PLAYERS.values()), draws=True,
                        teams=(("white", "black"), ("red", "orange")),
                        most=(len(army_pieces(2)) + 0.5, 2 * len(army_pieces(3)), len(army_pieces(4))),
                        step=0.5))
"""The game's rules, as its spec (``firmware/chifoumi/spec.py``) names them."""

__all__ = [
    "MOVE", "PLACE", "STOP", "THROW", "THROWS", "Choice", "Hand", "Move", "Place", "Stop",
    "Throw", "choice_from_json", "determinize", "MOVE_LIMIT", "ChifoumiMatch", "Series",
    "new_match", "ALL_SEATS", "ARMIES", "SEATS_BY_PLAYERS", "GameConfig", "Kind", "Options",
    "square", "square_name", "ChifoumiView", "Layer", "GAME",
]
