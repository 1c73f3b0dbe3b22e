"""The registry's game object, made from a game package's own functions.

Every game package already has the pieces :class:`engine.protocol.Game` asks for — how a
match starts, how a choice and a script are read, how a state is sampled from a view, the
replay's summary — so a game is one :class:`PackagedGame` naming them, not a class copying
the delegating methods of the others. A turn of a script is read the same way for every game
(:func:`engine.scripting.parse_joint` over the game's seats and choice reader).

>>> from engine.fotboll import GAME as fotboll
>>> isinstance(fotboll, PackagedGame), fotboll.parse_turn({"red": {"attack": "F1"}}, 4)
(True, {'red': Attack(target='F1')})
>>> fotboll.parse_turn({"green": {"attack": "F1"}}, 4)
Traceback (most recent call last):
...
engine.scripting.ScriptError: turn 4: unknown seat 'green' (red, blue)
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic

from .protocol import ChoiceT, ConfigT, GameView, JSONObject, MatchScript, MatchT, Seat
from .results import ResultRules
from .scripting import parse_joint

__all__ = ["PackagedGame"]


@dataclass(frozen=True)
class PackagedGame(Generic[ConfigT, MatchT, GameView, ChoiceT]):
    """A game's rules (:class:`engine.protocol.Game`) from its package's functions."""

    name: str
    """The match script's ``"game"``."""
    seats: tuple[Seat, ...]
    """Every seat name a script of this game may use (a match may use fewer)."""
    example_configs: tuple[ConfigT, ...]
    """Set-ups that between them switch every rule option on once (the conformance test)."""
    new_match: Callable[[ConfigT, int], MatchT]
    choice_from_json: Callable[[object], ChoiceT]
    determinize: Callable[[GameView, random.Random], MatchT]
    parse_script: Callable[[object], MatchScript[ConfigT, MatchT]]
    summary: Callable[[MatchT], JSONObject]
    results: ResultRules = ResultRules()
    """How a finished match can end (:mod:`engine.results`): what the club's league accepts."""

    def parse_turn(self, obj: object, index: int) -> dict[Seat, ChoiceT]:
        """Turn ``index`` of a script: the joint decision keyed by seat (``ScriptError``)."""
        return parse_joint(obj, index, self.seats, self.choice_from_json)

    def __repr__(self) -> str:
        return f"<game {self.name}>"
