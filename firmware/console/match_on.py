"""The match on now: its game, its session, the seat at each pad, the tournament fixture it
is, and where the seeds of the next matches come from."""
from __future__ import annotations

import random
import secrets
from collections.abc import Collection

from engine.bots.seeds import keyed_number
from firmware.games.registry import GAMES
from firmware.games.spec import GameSpec, Session


class MatchOn:
    """The console's match: none before the first one, the last one after it ended."""

    def __init__(self, seed: int | None) -> None:
        self.session: Session | None = None
        self.game: GameSpec = next(iter(GAMES.values()))
        """The game of the match on now (or of the last one)."""
        self.pad_seats: tuple[str, ...] = ()
        """The seat at each pad in this match, pad 1 first; pads beyond sit it out."""
        self.fixture: int | None = None
        """The tournament fixture the match on now is."""
        self.pending_seed: int | None = None
        """The seed of the match whose players are choosing their names."""
        self.starter: int | None = None
        """The pad that started the match about to start (kept while its players choose their
        names): it plays in it (:func:`starter_plays`)."""
        self.seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self.next_seed = seed
        self.fixed_seed = seed
        """``seed`` is the first match's seed; later matches draw theirs from it."""

    def seat_at(self, pad: int) -> str | None:
        """The seat pad ``pad`` plays in this match, or None when it sits this one out."""
        return (self.pad_seats[pad - 1] or None) if pad <= len(self.pad_seats) else None

    def has_human(self) -> bool:
        return (self.session is not None
                and len(self.session.seats.cpus) < len(self.session.match.seats))

    def seed(self) -> int:
        """The seed of the match about to start (kept while its players choose their names)."""
        if self.pending_seed is None:
            self.pending_seed = self.next_seed if self.next_seed is not None else self.seeds.randrange(2**31)
            self.next_seed = None
        return self.pending_seed

    def secret(self, seed: int, salt: str) -> str:
        """A match's CPU secret (``firmware.games.cpu.CpuPlayers.seats``): from the OS, or from
        the fixed seed when one was given (tests, ``pitchpad sim --seed``), so such runs replay
        exactly."""
        if self.fixed_seed is None:
            return secrets.token_hex(16)
        return f"{keyed_number(self.fixed_seed, salt, seed):064x}"

    def begin(self, game: GameSpec, session: Session, pad_seats: tuple[str, ...],
              fixture: int | None) -> None:
        self.game, self.session, self.pad_seats, self.fixture = game, session, pad_seats, fixture
        self.pending_seed = self.starter = None


def starter_plays(pad_seats: tuple[str, ...], cpus: Collection[str], starter: int | None,
                  pads: int) -> tuple[str, ...]:
    """The seat at each pad ("": none) once the pad that started the match is given a person's
    seat: a game seats people from pad 1 on, so a person who starts a match against the CPU on
    pad 2, or on a phone (pad 3), would otherwise watch while pad 1 plays. The starter swaps
    places with the first pad a person plays at; a starter that has a person's seat already,
    or a match with none, changes nothing."""
    seats = list(pad_seats) + [""] * max(0, pads - len(pad_seats))
    if starter is None or not 1 <= starter <= len(seats):
        return pad_seats
    if seats[starter - 1] and seats[starter - 1] not in cpus:
        return pad_seats
    first = next((index for index, seat in enumerate(seats) if seat and seat not in cpus), None)
    if first is None:
        return pad_seats
    seats[starter - 1], seats[first] = seats[first], seats[starter - 1]
    while seats and not seats[-1]:
        seats.pop()
    return tuple(seats)
