"""Secret randomness for a run of matches: deal seeds and CPU generators from one secret.

A seat must never predict a deal or a CPU's choice from what it is shown (issue 15). So
nothing is derived from a number a seat sees: a run has a master secret ``secret`` (an
integer, e.g. ``pitchpad match --seed S``, drawn from the OS when not given), and match
``index``'s deal seed and every CPU's generator are separate keyed hashes (HMAC-SHA256) of
it. Printing a match's deal seed once the match is over (so ``pitchpad replay`` reproduces
the deal) tells nothing about the next match's deal, nor about any CPU's generator: those
need the secret. The same secret replays the same run exactly.

>>> seeds = match_seeds(1234, 0)
>>> seeds.deal == match_seeds(1234, 0).deal != match_seeds(1234, 1).deal
True
>>> seeds.bot_rng("red").random() == match_seeds(1234, 0).bot_rng("red").random()
True
"""
from __future__ import annotations

import hashlib
import hmac
import random
from dataclasses import dataclass
from typing import Any

DEAL_BITS = 63
"""A deal seed fits a signed 64-bit integer (JSON readers of other languages)."""


def _key(secret: int | str | bytes) -> bytes:
    if isinstance(secret, bytes):
        return secret
    return str(secret).encode("utf-8")


def keyed_number(secret: int | str | bytes, *parts: object, bits: int = 256) -> int:
    """A ``bits``-bit number from HMAC-SHA256 of ``parts`` keyed by ``secret``: without the
    secret it cannot be told from a random number, even knowing the other outputs."""
    message = "/".join(str(part) for part in parts).encode("utf-8")
    digest = hmac.new(_key(secret), message, hashlib.sha256).digest()
    return int.from_bytes(digest, "big") >> (256 - bits)


def keyed_rng(secret: int | str | bytes, *parts: object) -> random.Random:
    """A generator seeded with 256 secret bits (see :func:`keyed_number`)."""
    return random.Random(keyed_number(secret, *parts))


@dataclass(frozen=True, slots=True)
class MatchSeeds:
    """Match ``index`` of the run with master secret ``secret``: its deal seed, and each
    CPU seat's generator (never the deal's: a different keyed hash)."""

    secret: int
    index: int
    deal: int

    def bot_rng(self, seat: str) -> random.Random:
        return keyed_rng(self.secret, "pitchpad-bot", self.index, seat)


def match_seeds(secret: int, index: int) -> MatchSeeds:
    """The seeds of match ``index`` (0, 1, ...) of the run with master secret ``secret``."""
    return MatchSeeds(secret, index, keyed_number(secret, "pitchpad-deal", index,
                                                  bits=DEAL_BITS))


class KeyedCpu:
    """A CPU player whose generator is keyed by a secret the players never see.

    The console gives a CPU seat a generator fixed by the match seed, the seat and the
    decision number, so a match rebuilt from its journal plays on identically; but a seed
    can be seen (the results history, a replay). This wrapper re-keys that generator with
    ``secret`` (kept in the match journal, readable by its owner only): the same decisions
    again after a power cut, and nothing a player sees to compute them from. Every other
    attribute is the wrapped bot's.
    """

    def __init__(self, bot: Any, secret: str) -> None:
        self.bot = bot
        self.secret = secret

    def _rng(self, rng: random.Random) -> random.Random:
        return keyed_rng(self.secret, "pitchpad-cpu", rng.getrandbits(128))

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        return self.bot.choose(view, legal, self._rng(rng))

    def flag_reaction(self, view: Any, rng: random.Random) -> float | None:
        reaction: float | None = self.bot.flag_reaction(view, self._rng(rng))
        return reaction

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)

    def __repr__(self) -> str:
        return f"<KeyedCpu {self.bot!r}>"
