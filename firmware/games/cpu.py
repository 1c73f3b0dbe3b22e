"""CPU seats: an engine bot per seat, given only its own view and legal choices.

One seam to every game's bots: a game's firmware folder names its engine bots once with
:class:`CpuPlayers` (the menu's difficulties, easiest first, and how to make one; the bots
``pitchpad match`` seats by name); the console never touches a bot's internals. Every bot is
an :class:`engine.protocol.Bot`: ``choose(view, legal, rng)``.
"""
from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots.seeds import KeyedCpu, keyed_rng
from engine.protocol import Bot

AnyBot = Bot[Any, Any]


def budget_of(kind: type[Any]) -> Callable[[AnyBot, float], AnyBot]:
    """:attr:`CpuPlayers.budget` for a game whose bots are all ``kind`` (each with
    ``with_time_budget(ms)``, those that do not search ignoring it): another kind of bot has no
    budget (``ValueError``)."""
    def with_budget(bot: AnyBot, ms: float) -> AnyBot:
        if not isinstance(bot, kind):
            raise ValueError(f"{bot!r} takes no time budget")
        budgeted: AnyBot = bot.with_time_budget(ms)
        return budgeted
    return with_budget


@dataclass(frozen=True)
class CpuPlayers:
    """A game's CPU difficulties and how to make the bot of one."""

    levels: Sequence[str]
    """The difficulties, easiest first (the menu's ``easy``, ``medium``, ``hard``)."""
    make: Callable[[str], AnyBot]
    salt: str
    """What makes this game's CPU generators its own (kept as it was: journals replay)."""
    named: Mapping[str, Callable[..., AnyBot]] = field(default_factory=dict)
    """The bots ``pitchpad match`` seats by name (``bot:strong:samples=6``), each made with its
    options as keywords (``TypeError`` for one it does not take)."""
    budget: Callable[[AnyBot, float], AnyBot] | None = None
    """A bot with a decision budget of ``ms`` milliseconds (``bot:strong:ms=40``); None when no
    bot of the game has one. ``ValueError`` for a bot that has none."""

    def difficulties(self) -> tuple[str, ...]:
        """The menu's CPU difficulties, easiest first."""
        return tuple(self.levels)

    def bot(self, difficulty: str) -> AnyBot:
        """The bot of ``difficulty`` (the easiest for a name this version does not know)."""
        return self.make(difficulty if difficulty in self.levels else self.difficulties()[0])

    def seats(self, difficulties: Mapping[str, str], console: dict[str, Any]) -> dict[str, AnyBot]:
        """Seat -> bot, from seat -> difficulty (as the journal keeps them), each bot's
        generator keyed by the match's CPU secret (issue 15): a CPU's choices cannot be
        computed from anything a player sees (the seed is in the results history and any
        replay), yet replay identically after a power cut. The secret is drawn for a new match
        and kept in the journal's ``console`` settings (readable by the console's user only);
        an older journal without one gets one now."""
        secret = match_secret(console)
        return {seat: KeyedCpu(self.bot(level), secret) for seat, level in difficulties.items()}

    def rng(self, seed: int, seat: str, decision_number: int) -> random.Random:
        """The generator for one CPU decision: fixed by the match seed, the seat and how many
        joint decisions came before, so a match rebuilt from its journal plays on identically."""
        return random.Random(f"{self.salt}/{seed}/{seat}/{decision_number}")


def match_secret(console: dict[str, Any]) -> str:
    """The match's secret (``cpu_secret`` in the journal's console settings), drawn from the
    OS when the match has none yet and kept there: it keys every generator of the console no
    player may predict (the CPU seats', the move clock's random picks)."""
    secret = console.get("cpu_secret")
    if not isinstance(secret, str) or not secret:
        secret = console["cpu_secret"] = secrets.token_hex(16)
    return secret


def clock_pick(secret: str, seed: int, seat: str, decision_number: int, legal: Sequence[Any]) -> Any:
    """The choice the move clock makes for a person who let it run out with nothing picked:
    one of ``legal`` at random, from a stream of its own keyed by the match's secret (never the
    first choice, which a player could count on; never computable from the seed, which the
    results history shows), fixed by the seat and the decision number so a resumed match
    plays on identically."""
    rng = keyed_rng(secret, "pitchpad-move-clock", seed, seat, decision_number)
    return legal[rng.randrange(len(legal))]
