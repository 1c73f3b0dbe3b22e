"""Fotboll: card football with hidden line-ups (rules: ``docs/rules/fotboll.md``).

>>> from engine.fotboll import new_match, MatchConfig, LineUp
>>> match = new_match(MatchConfig(), seed=3)
>>> match.to_act()
('blue', 'red')
>>> events = match.apply({"red": LineUp("4-4-2"), "blue": LineUp("3-5-2")})
>>> [e.name for e in events][:2]
['lined_up', 'lined_up']
"""
from ..game import PackagedGame
from ..results import ResultRules
from ..protocol import Game
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


GAME: Game[MatchConfig, FotbollMatch, FotbollView, Choice] = PackagedGame(
    name="fotboll", seats=SEATS,
    example_configs=(MatchConfig(), MatchConfig(jokers=True, tiebreak=True)),
    new_match=new_match, choice_from_json=choice_from_json, determinize=determinize,
    parse_script=script.parse_script, summary=script.summary,
    # F-END-1: a draw stands, or a tie-break. A goal is an attack, each attack draws a card of
    # the library (F-TURN-3: what the 11 field cards leave of the deck), and the whole deck
    # is dealt again for the second half (F-HALF-1).
    results=ResultRules(draws=True, shootout=True, most=(2 * (len(full_deck(True)) - 11),)))
"""The game's rules, as its spec (``firmware/fotboll/spec.py``) names them."""

__all__ = [
    "BLUE", "DEFAULT_FORMATION", "FORMATION_NAMES", "FORMATIONS", "JOKER", "RED", "SEATS",
    "Card", "Formation", "MatchConfig", "beats", "full_deck", "line_of", "DIVE", "NOTHING",
    "SHOOT", "Attack", "Choice", "Dive", "Keeper", "LineUp", "Prepare", "SendOff", "Shoot",
    "Side", "choice_from_json", "determinize", "Deal", "FotbollMatch", "new_match",
    "seeded_deal", "targets", "FieldSlot", "FotbollView", "TeamView", "GAME",
]
