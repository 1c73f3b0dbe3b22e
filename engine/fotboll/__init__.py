"""Fotboll: card football with hidden line-ups (rules: ``shared/rules/fotboll.md``).

>>> from engine.fotboll import new_match, MatchConfig, LineUp
>>> match = new_match(MatchConfig(), seed=3)
>>> match.to_act()
('blue', 'red')
>>> events = match.apply({"red": LineUp("4-4-2"), "blue": LineUp("3-5-2")})
>>> [e.name for e in events][:2]
['lined_up', 'lined_up']
"""
import random
from typing import Any

from . import script
from .cards import (
    BLUE, DEFAULT_FORMATION, FORMATION_NAMES, FORMATIONS, JOKER, RED, SEATS, Card, Formation,
    MatchConfig, beats, full_deck, line_of,
)
from .choices import (
    DIVE, NOTHING, SHOOT, Attack, Choice, Dive, Keeper, LineUp, Prepare, SendOff, Shoot, Side,
    choice_from_json,
)
from .determinize import determinize
from .match import Deal, FotbollMatch, new_match, seeded_deal, targets
from .view import FieldSlot, FotbollView, TeamView


class FotbollGame:
    """Fotboll as the registry holds it (:class:`engine.protocol.Game`)."""

    name = "fotboll"
    seats = SEATS
    example_configs = (MatchConfig(), MatchConfig(jokers=True, tiebreak=True))

    def new_match(self, config: MatchConfig, seed: int, deal: Deal | None = None) -> FotbollMatch:
        return new_match(config, seed, deal)

    def choice_from_json(self, obj: object) -> Choice:
        return choice_from_json(obj)

    def determinize(self, view: FotbollView, rng: random.Random) -> FotbollMatch:
        return determinize(view, rng)

    def parse_script(self, doc: object) -> script.MatchScript:
        return script.parse_script(doc)

    def parse_turn(self, obj: object, index: int) -> dict[str, Choice]:
        return script.parse_turn(obj, index)

    def summary(self, match: FotbollMatch) -> dict[str, Any]:
        return script.summary(match)


GAME = FotbollGame()
"""The game object :mod:`engine.registry` registers."""

__all__ = [
    "BLUE", "DEFAULT_FORMATION", "FORMATION_NAMES", "FORMATIONS", "JOKER", "RED", "SEATS",
    "Card", "Formation", "MatchConfig", "beats", "full_deck", "line_of", "DIVE", "NOTHING",
    "SHOOT", "Attack", "Choice", "Dive", "Keeper", "LineUp", "Prepare", "SendOff", "Shoot",
    "Side", "choice_from_json", "determinize", "Deal", "FotbollMatch", "new_match",
    "seeded_deal", "targets", "FieldSlot", "FotbollView", "TeamView", "FotbollGame", "GAME",
]
