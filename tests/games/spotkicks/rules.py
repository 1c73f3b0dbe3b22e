"""Spot Kicks, the rules: a penalty shoot-out of secret simultaneous picks, for two seats.

A game written only for the tests, through the documented recipe alone (``docs/architecture.md``),
to prove that a sixth game needs no line of the product. Its rules, by id (the tests name them):

- SK-TOSS-1: the match seed tosses the coin: the seat it names kicks first; they alternate.
- SK-KICK-1: each kick, the kicker picks left, middle or right and the keeper dives left,
  middle or right, both at once and in secret; the kick scores unless the dive is the aim's side.
- SK-END-1: each seat takes ``kicks`` kicks (5 unless set, or 3); the match ends as soon as one
  seat cannot be caught with the kicks left.
- SK-END-2: level after them: sudden death, a kick each, until one scores and the other not.
- SK-END-3: still level after ``ROUND_LIMIT`` kicks each: a draw (a match always ends).
- SK-VIEW-1: a seat's view is the public record (every kick played, the score, who kicks now):
  what either picks for the next kick is in no view until both have picked and it is played.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import IllegalChoice
from engine.events import Event
from engine.game import PackagedGame
from engine.match import Match
from engine.protocol import JSONObject
from engine.results import ResultRules
from engine.scripting import (
    choice_by_key, expect, script_document, script_seed, script_turns, started,
)

NAME = "spot-kicks"
SEATS = ("red", "blue")
SIDES = ("left", "middle", "right")
KICKS = (5, 3)
ROUND_LIMIT = 20
"""SK-END-3: kicks each after which a level match is a draw."""


def other(seat: str) -> str:
    return "blue" if seat == "red" else "red"


def _side(value: Any) -> str:
    if value not in SIDES:
        raise ValueError(f"a side is left, middle or right, not {value!r}")
    return str(value)


@dataclass(frozen=True)
class Kick:
    """The kicker's aim."""

    side: str

    def to_json(self) -> JSONObject:
        return {"kick": self.side}


@dataclass(frozen=True)
class Dive:
    """The keeper's dive."""

    side: str

    def to_json(self) -> JSONObject:
        return {"dive": self.side}


Choice = Kick | Dive


def choice_from_json(obj: object) -> Choice:
    """``{"kick": "left"}`` or ``{"dive": "right"}``; ``ValueError`` otherwise."""
    readers: dict[str, Callable[[Any], Choice]] = {"kick": lambda v: Kick(_side(v)),
                                                   "dive": lambda v: Dive(_side(v))}
    return choice_by_key(obj, readers)


class Toss(Event):
    """SK-TOSS-1: who kicks first."""

    first: str
    name = "toss"


class ShootoutKick(Event):
    """One kick, public once played (the event name every game's shoot-out kick has)."""

    seat: str
    aim: str
    dive: str
    scored: bool
    red: int
    blue: int
    name = "shootout_kick"


class Final(Event):
    """The match is over (``winner`` None: a draw, SK-END-3)."""

    winner: str | None
    name = "final"


@dataclass(frozen=True)
class Config:
    kicks: int = 5


@dataclass(frozen=True)
class SpotView:
    """SK-VIEW-1: the public record from ``seat``'s side."""

    seat: str
    first: str
    kicks_each: int
    record: tuple[tuple[str, str, str], ...]
    """Every kick played: (kicker, aim, dive)."""
    score: Mapping[str, int]
    kicker: str | None
    """Who kicks now (None: the match is over)."""
    winner: str | None
    over: bool

    @property
    def role(self) -> str | None:
        """``"kick"``, ``"dive"`` or None (over)."""
        return None if self.kicker is None else "kick" if self.kicker == self.seat else "dive"

    @property
    def round(self) -> int:
        """The kick this seat's next kick (or dive) belongs to, 1 first."""
        return len(self.record) // 2 + 1

    def to_json(self) -> JSONObject:
        return {"seat": self.seat, "first": self.first, "kicks": self.kicks_each,
                "record": [list(kick) for kick in self.record], "score": dict(self.score),
                "kicker": self.kicker, "winner": self.winner, "over": self.over}


class SpotMatch(Match):
    """A match: the toss, then the kicks played."""

    __slots__ = ("config", "first", "record")
    copied = ("record",)

    def __init__(self, config: Config, first: str, record: Sequence[tuple[str, str, str]] = ()) -> None:
        self.config, self.first, self.record = config, first, list(record)

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS

    def score(self) -> dict[str, int]:
        goals = dict.fromkeys(SEATS, 0)
        for kicker, aim, dive in self.record:
            goals[kicker] += aim != dive
        return goals

    def kicker(self) -> str:
        return self.first if len(self.record) % 2 == 0 else other(self.first)

    @property
    def is_over(self) -> bool:
        goals, taken = self.score(), len(self.record)
        each = self.config.kicks
        if taken < 2 * each:                                   # SK-END-1: out of reach
            left = {seat: each - (taken + (seat == self.first)) // 2 for seat in SEATS}
            return any(goals[s] + left[s] < goals[other(s)] for s in SEATS)
        if taken % 2:                                          # SK-END-2: a pair at a time
            return False
        return goals["red"] != goals["blue"] or taken >= 2 * ROUND_LIMIT

    @property
    def winner(self) -> str | None:
        if not self.is_over:
            return None
        goals = self.score()
        return None if goals["red"] == goals["blue"] else max(SEATS, key=goals.__getitem__)

    def to_act(self) -> tuple[str, ...]:
        return () if self.is_over else ("blue", "red")

    def legal_choices(self, seat: str) -> Sequence[Choice]:
        if self.is_over or seat not in SEATS:
            return ()
        kind = Kick if seat == self.kicker() else Dive
        return tuple(kind(side) for side in SIDES)

    def apply(self, joint: Mapping[str, Any]) -> list[Event]:
        """SK-KICK-1: both picks at once; ``IllegalChoice`` leaves the match unchanged."""
        if set(joint) != set(self.to_act()):
            raise IllegalChoice("SK-KICK-1", f"red and blue pick together, not {sorted(joint)}")
        for seat, choice in joint.items():
            if choice not in self.legal_choices(seat):
                raise IllegalChoice("SK-KICK-1", f"{seat} cannot pick {choice!r} now")
        kicker = self.kicker()
        aim, dive = joint[kicker].side, joint[other(kicker)].side
        self.record.append((kicker, aim, dive))
        goals = self.score()
        events: list[Event] = [ShootoutKick(kicker, aim, dive, aim != dive, goals["red"], goals["blue"])]
        if self.is_over:
            events.append(Final(self.winner))
        return events

    def view(self, seat: str) -> SpotView:
        over = self.is_over
        return SpotView(seat, self.first, self.config.kicks, tuple(self.record), self.score(),
                        None if over else self.kicker(), self.winner, over)

    def opening_events(self) -> list[Event]:
        return [Toss(self.first)]

    def describe(self) -> str:
        goals = self.score()
        return f"red {goals['red']}-{goals['blue']} blue after {len(self.record)} kicks"


def new_match(config: Config, seed: int) -> SpotMatch:
    """SK-TOSS-1: the toss is the seed's (the match's only chance)."""
    if config.kicks not in KICKS:
        raise ValueError(f"kicks must be 5 or 3, not {config.kicks!r}")
    return SpotMatch(config, random.Random(f"spot-kicks/{seed}").choice(SEATS))


def determinize(view: SpotView, rng: random.Random) -> SpotMatch:
    """Everything is public once played (SK-VIEW-1): the match itself."""
    return SpotMatch(Config(view.kicks_each), view.first, view.record)


@dataclass(frozen=True)
class SpotScript:
    config: Config
    seed: int
    turns: list[Any] = field(default_factory=list)

    def start(self) -> SpotMatch:
        return new_match(self.config, self.seed)

    def to_json(self) -> JSONObject:
        return {"game": NAME, "kicks": self.config.kicks, "seed": self.seed, "turns": list(self.turns)}


def parse_script(doc: object) -> SpotScript:
    doc = script_document(doc, NAME, ("kicks",))
    kicks = doc.get("kicks", 5)
    expect(kicks in KICKS and not isinstance(kicks, bool), f"kicks must be 5 or 3, not {kicks!r}")
    return started(SpotScript(Config(kicks), script_seed(doc), script_turns(doc)))


def summary(match: SpotMatch) -> JSONObject:
    """The replay's last line: the score, the winner, and every kick (kicker, aim, dive)."""
    return {"over": match.is_over, "to_act": list(match.to_act()), "score": dict(match.score()),
            "first": match.first, "kicks": [list(kick) for kick in match.record], "winner": match.winner}


class RandomBot:
    """Any side, uniformly."""

    def choose(self, view: SpotView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        return legal[rng.randrange(len(legal))]


class SimpleBot:
    """Reads the other seat's habits in the record: as keeper it dives where that kicker aimed
    most, as kicker it aims where that keeper dived least; a third of the time, anywhere."""

    def choose(self, view: SpotView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        if rng.random() < 1 / 3:
            return legal[rng.randrange(len(legal))]
        them = other(view.seat)
        if view.role == "dive":
            seen = [aim for kicker, aim, _ in view.record if kicker == them]
            side = max(SIDES, key=lambda s: (seen.count(s), rng.random()))
        else:
            seen = [dive for kicker, _, dive in view.record if kicker == view.seat]
            side = min(SIDES, key=lambda s: (seen.count(s), rng.random()))
        return next(choice for choice in legal if choice.side == side)


GAME = PackagedGame(
    name=NAME, seats=SEATS, example_configs=(Config(5), Config(3)), new_match=new_match,
    choice_from_json=choice_from_json, determinize=determinize, parse_script=parse_script,
    summary=summary, results=ResultRules(seatings=(SEATS,), draws=True))
"""Spot Kicks' rules, as its spec names them."""
