"""The games the console hosts, in menu order: one line each, the entry its folder exposes.

A game is an engine package (registered in the engine's registry) and a firmware folder
whose ``entry.py`` gives one :class:`firmware.games.spec.GameEntry`; adding it here is the
console's only line for it (``docs/architecture.md``, "A new game").
"""
from __future__ import annotations

from firmware.chifootmi.entry import ENTRY as CHIFOOTMI
from firmware.chifoumi.entry import ENTRY as CHIFOUMI
from firmware.fotboll.entry import ENTRY as FOTBOLL
from firmware.games.spec import GameEntry
from firmware.simulator_soccer.entry import ENTRY as SIMULATOR_SOCCER

GAMES: dict[str, GameEntry] = {entry.name: entry for entry in (CHIFOOTMI, FOTBOLL, CHIFOUMI,
                                                           SIMULATOR_SOCCER)}
"""Every game of the console, in menu order."""


def entry_for(name: str) -> GameEntry:
    """The entry of game ``name``; the first game when the name is unknown (old settings)."""
    return GAMES.get(name) or next(iter(GAMES.values()))
