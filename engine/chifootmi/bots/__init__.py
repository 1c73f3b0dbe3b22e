"""CPU players for Chifootmi, seen only through a seat's view.

>>> from engine.chifootmi.bots import make_bot, play_match
>>> from engine.chifootmi import Level, MatchConfig
>>> match = play_match(MatchConfig(Level.PRO), 7, {"red": make_bot("simple"),
...                                                "blue": make_bot("random")})
>>> match.is_over
True

``make_bot(name, **options)`` builds a bot from :data:`BOTS`; :data:`DIFFICULTIES` maps the
menu's difficulty levels to a bot name and its options (``make_difficulty("hard")``).
A bot's decision budget is a number of search iterations, never a time: the engine has no
clock (see ``docs/bots.md`` for how many iterations fit in a given time).
"""
from __future__ import annotations

from typing import Any

from .arena import play_match, play_seeded
from .base import OFFSIDE_WINDOW, REFLEXES, Bot, FlagReflex
from .random_bot import RandomBot
from .simple import SimpleBot
from .strong import StrongBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "simple": SimpleBot, "strong": StrongBot}

DIFFICULTIES: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("simple", {"noise": 0.5, "reflex": "slow"}),
    "medium": ("simple", {"reflex": "steady"}),
    "hard": ("strong", {"reflex": "sharp"}),
}


def make_bot(name: str, **options: Any) -> Bot:
    """A bot by name (``random``, ``simple``, ``strong``); ``reflex`` may be a name from
    :data:`REFLEXES` (``slow``, ``steady``, ``sharp``) or a :class:`FlagReflex`."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot called {name!r} ({', '.join(BOTS)})") from None
    reflex = options.get("reflex")
    if isinstance(reflex, str):
        if reflex not in REFLEXES:
            raise ValueError(f"no reflex called {reflex!r} ({', '.join(REFLEXES)})")
        options["reflex"] = REFLEXES[reflex]
    try:
        return cls(**options)
    except TypeError as exc:
        raise ValueError(f"bad options for the {name} bot: {exc}") from None


def make_difficulty(level: str) -> Bot:
    """The CPU for a menu difficulty level (a key of :data:`DIFFICULTIES`)."""
    try:
        name, options = DIFFICULTIES[level]
    except KeyError:
        raise ValueError(f"no difficulty {level!r} ({', '.join(DIFFICULTIES)})") from None
    return make_bot(name, **options)


__all__ = ["BOTS", "DIFFICULTIES", "OFFSIDE_WINDOW", "REFLEXES", "Bot", "FlagReflex",
           "RandomBot", "SimpleBot", "StrongBot", "make_bot", "make_difficulty", "play_match",
           "play_seeded"]
