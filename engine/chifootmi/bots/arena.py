"""Chifootmi's bots against each other (or any :class:`engine.protocol.Bot`): a whole match
from a run's secret, as the benchmark and ``pitchpad match`` play it, so both give the same
results from the same secret."""
from __future__ import annotations

from collections.abc import Mapping

from engine.bots.seeds import MatchSeeds, match_seeds
from engine.chifootmi import ChifootmiMatch, ChifootmiView, Choice, MatchConfig, new_match
from engine.protocol import Bot, play_out

Player = Bot[ChifootmiView, Choice]


def play_seeded(config: MatchConfig, seeds: MatchSeeds,
                players: Mapping[str, Player]) -> ChifootmiMatch:
    """A whole match: the deal from ``seeds.deal``, each seat's generator its own."""
    match = new_match(config, seeds.deal)
    play_out(match, players, {seat: seeds.bot_rng(seat) for seat in players})
    return match


def play_match(config: MatchConfig, secret: int, players: Mapping[str, Player],
               index: int = 0) -> ChifootmiMatch:
    """Match ``index`` of the run with master secret ``secret`` (:func:`match_seeds`): what
    ``pitchpad match --seed SECRET`` plays as its match ``index``."""
    return play_seeded(config, match_seeds(secret, index), players)
