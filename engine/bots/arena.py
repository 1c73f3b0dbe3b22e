"""Bots against bots (or any player with ``choose``): the loop the benchmark and
``pitchpad match`` share, so both give the same results from the same seeds."""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

from engine.chifootmi import ChifootmiMatch, Choice, ChifootmiView, MatchConfig, new_match


class Player(Protocol):
    def choose(self, view: ChifootmiView, legal: Any, rng: random.Random) -> Choice: ...


def bot_rng(match_seed: int, seat: str) -> random.Random:
    """The generator a CPU seat plays a match with: fixed by the match seed and the seat,
    so a round replays exactly, whichever program runs it."""
    return random.Random(f"pitchpad-bot/{match_seed}/{seat}")


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


def play_match(config: MatchConfig, seed: int, players: Mapping[str, Player]) -> ChifootmiMatch:
    """A whole match from ``seed``, the seats' generators from :func:`bot_rng`."""
    match = new_match(config, seed)
    return play(match, players, {seat: bot_rng(seed, seat) for seat in players})
