"""The one registry of games (OpenSpiel's ``register_game``): every command finds a game here.

``pitchpad replay``, ``pitchpad match``, the match journal and the console look a game up by
its script name; nothing else lists the games. A game is its engine package exposing a
:class:`engine.protocol.Game` object ``GAME``, plus one ``register_game`` line below.

>>> from engine.registry import game_named, GAMES
>>> list(GAMES)[:3]
['chifootmi', 'fotboll', 'chifoumi']
>>> game_named("fotboll").seats
('red', 'blue')
>>> game_named("hockey")
Traceback (most recent call last):
...
engine.registry.UnknownGame: no game called 'hockey' (chifootmi, fotboll, chifoumi, simulator-soccer)
"""
from __future__ import annotations

from collections.abc import Mapping

from .errors import EngineError
from .protocol import Game


class UnknownGame(EngineError, KeyError):
    """A game name that no registered game has (a script's ``"game"``, a journal's)."""

    def __init__(self, name: object) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"no game called {self.name!r} ({', '.join(_GAMES)})"


_GAMES: dict[str, Game] = {}
GAMES: Mapping[str, Game] = _GAMES
"""Every registered game by name, in registration order (the console's menu order)."""


def register_game(game: Game) -> Game:
    """Add ``game`` to the registry; a second game of the same name is a mistake."""
    if game.name in _GAMES:
        raise ValueError(f"a game called {game.name!r} is already registered")
    _GAMES[game.name] = game
    return game


def game_named(name: object) -> Game:
    """The registered game called ``name``; :class:`UnknownGame` otherwise."""
    game = _GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise UnknownGame(name)
    return game


# ----- the games: one line each ---------------------------------------------------------------
from . import chifootmi, chifoumi, fotboll, simulator_soccer  # noqa: E402  (the mechanism above comes first)

register_game(chifootmi.GAME)
register_game(fotboll.GAME)
register_game(chifoumi.GAME)
register_game(simulator_soccer.GAME)
