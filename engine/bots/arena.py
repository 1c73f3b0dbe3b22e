"""Bots against bots (or any player with ``choose``): the loop the benchmark and
``pitchpad match`` share, so both give the same results from the same secret."""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

from engine.chifootmi import ChifootmiMatch, Choice, ChifootmiView, MatchConfig, new_match

from .seeds import MatchSeeds, match_seeds


class Player(Protocol):
    def choose(self, view: ChifootmiView, legal: Any, rng: random.Random) -> Choice: ...


def play(match: ChifootmiMatch, players: Mapping[str, Player],
         rngs: Mapping[str, random.Random]) -> ChifootmiMatch:
    """Play ``match`` to its end, each seat choosing from its own view; returns it.

    An exception from a player (a forfeit) leaves ``match`` as it was before that decision.
    """
    while True:
        seats = match.to_act()
        if not seats:
            return match
        joint = {seat: players[seat].choose(match.view(seat), match.legal_choices(seat),
                                            rngs[seat])
                 for seat in seats}
        match.apply(joint)


def play_seeded(config: MatchConfig, seeds: MatchSeeds,
                players: Mapping[str, Player]) -> ChifootmiMatch:
    """A whole match: the deal from ``seeds.deal``, each seat's generator its own."""
    match = new_match(config, seeds.deal)
    return play(match, players, {seat: seeds.bot_rng(seat) for seat in players})


def play_match(config: MatchConfig, secret: int, players: Mapping[str, Player],
               index: int = 0) -> ChifootmiMatch:
    """Match ``index`` of the run with master secret ``secret`` (:func:`match_seeds`): what
    ``pitchpad match --seed SECRET`` plays as its match ``index``."""
    return play_seeded(config, match_seeds(secret, index), players)
