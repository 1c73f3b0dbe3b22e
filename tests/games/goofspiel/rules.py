"""Goofspiel, the rules: a card game of secret simultaneous bids for points, for two seats.

A game written only for the tests, through the documented recipe alone (``docs/architecture.md``),
unlike Spot Kicks in every way the shared screens could assume: points, not goals; no
shoot-out; seats called north and south; one kind of choice; a match of five moves, three, or
one. Its rules, by id (the tests name them):

- GS-DEAL-1: each seat holds the cards 1 to ``cards`` (5 unless set; 3, or 1: a match of one
  move); the prizes, 1 to ``cards``, are shuffled by the match seed and turned up one a round.
- GS-BID-1: each round both seats bid a card of their hand, at once and in secret; the higher
  bid wins the prize's value in points, equal bids leave it to nobody. A bid card is spent.
- GS-END-1: after the last prize the match is over: more points wins, equal points are a draw.
- GS-VIEW-1: a seat's view is its hand, the prize up, every round played (both bids, public
  once played) and the points: never the order of the prizes still to come.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import IllegalChoice, MatchOver
from engine.events import Event
from engine.game import PackagedGame
from engine.match import Match
from engine.protocol import JSONObject
from engine.results import ResultRules
from engine.scripting import choice_by_key, expect, script_document, script_seed, script_turns, started

NAME = "goofspiel"
SEATS = ("north", "south")
CARDS = (5, 3, 1)


def other(seat: str) -> str:
    return "south" if seat == "north" else "north"


@dataclass(frozen=True, order=True)
class Bid:
    """A card bid for the prize up (its only kind of choice)."""

    card: int

    def to_json(self) -> JSONObject:
        return {"bid": self.card}


def _card(value: Any) -> Bid:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= max(CARDS):
        raise ValueError(f"a bid is a card 1 to {max(CARDS)}, not {value!r}")
    return Bid(value)


def choice_from_json(obj: object) -> Bid:
    """``{"bid": 3}``; ``ValueError`` otherwise."""
    return choice_by_key(obj, {"bid": _card})


class Prize(Event):
    """GS-DEAL-1: the prize of round ``round`` (1 first) turned up."""

    round: int
    value: int
    name = "prize"


class Bids(Event):
    """GS-BID-1: both bids turned over; ``winner`` the seat that took the prize, None on a tie."""

    north: int
    south: int
    prize: int
    winner: str | None
    name = "bids"


class Final(Event):
    """GS-END-1: the match is over (``winner`` None: a draw)."""

    winner: str | None
    north: int
    south: int
    name = "final"


@dataclass(frozen=True)
class Config:
    cards: int = 5


@dataclass(frozen=True)
class GoofView:
    """GS-VIEW-1: what ``seat`` may know."""

    seat: str
    cards: int
    hand: tuple[int, ...]
    prize: int | None
    """The prize up (None: the match is over)."""
    rounds: tuple[tuple[int, int, int], ...]
    """Every round played: (prize, north's bid, south's bid)."""
    points: Mapping[str, int]
    winner: str | None
    over: bool

    @property
    def round(self) -> int:
        """The round being bid for, 1 first."""
        return len(self.rounds) + 1

    def to_json(self) -> JSONObject:
        return {"seat": self.seat, "cards": self.cards, "hand": list(self.hand), "prize": self.prize,
                "rounds": [list(played) for played in self.rounds], "points": dict(self.points),
                "winner": self.winner, "over": self.over}


class GoofMatch(Match):
    """A match: the prizes in the seed's order, and the bids so far."""

    __slots__ = ("config", "prizes", "bids")
    copied = ("bids",)

    def __init__(self, config: Config, prizes: Sequence[int], bids: Sequence[tuple[int, int]] = ()) -> None:
        self.config, self.prizes, self.bids = config, tuple(prizes), list(bids)

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS

    def hand(self, seat: str) -> tuple[int, ...]:
        spent = {bid[SEATS.index(seat)] for bid in self.bids}
        return tuple(card for card in range(1, self.config.cards + 1) if card not in spent)

    def points(self) -> dict[str, int]:
        won = dict.fromkeys(SEATS, 0)
        for prize, (north, south) in zip(self.prizes, self.bids):
            if north != south:
                won["north" if north > south else "south"] += prize
        return won

    @property
    def is_over(self) -> bool:
        return len(self.bids) == self.config.cards

    @property
    def winner(self) -> str | None:
        points = self.points()
        if not self.is_over or points["north"] == points["south"]:
            return None
        return max(SEATS, key=points.__getitem__)

    def to_act(self) -> tuple[str, ...]:
        return () if self.is_over else SEATS

    def legal_choices(self, seat: str) -> Sequence[Bid]:
        if self.is_over or seat not in SEATS:
            return ()
        return tuple(Bid(card) for card in self.hand(seat))

    def apply(self, joint: Mapping[str, Any]) -> list[Event]:
        """GS-BID-1: both bids at once; ``IllegalChoice`` leaves the match unchanged."""
        if self.is_over:
            raise MatchOver("GS-END-1")
        if set(joint) != set(SEATS):
            raise IllegalChoice("GS-BID-1", f"north and south bid together, not {sorted(joint)}")
        for seat, choice in joint.items():
            if not isinstance(choice, Bid) or choice.card not in self.hand(seat):
                raise IllegalChoice("GS-BID-1", f"{seat} holds no {choice!r} to bid")
        prize = self.prizes[len(self.bids)]
        north, south = joint["north"].card, joint["south"].card
        self.bids.append((north, south))
        events: list[Event] = [Bids(north, south, prize, None if north == south
                                    else "north" if north > south else "south")]
        if self.is_over:
            points = self.points()
            events.append(Final(self.winner, points["north"], points["south"]))
        else:
            events.append(Prize(len(self.bids) + 1, self.prizes[len(self.bids)]))
        return events

    def view(self, seat: str) -> GoofView:
        over = self.is_over
        rounds = tuple((prize, north, south) for prize, (north, south) in zip(self.prizes, self.bids))
        return GoofView(seat, self.config.cards, self.hand(seat),
                        None if over else self.prizes[len(self.bids)], rounds, self.points(),
                        self.winner, over)

    def opening_events(self) -> list[Event]:
        return [Prize(1, self.prizes[0])]

    def describe(self) -> str:
        points = self.points()
        return f"north {points['north']}-{points['south']} south after {len(self.bids)} rounds"


def new_match(config: Config, seed: int) -> GoofMatch:
    """GS-DEAL-1: the prizes in the seed's order (the match's only chance)."""
    if config.cards not in CARDS:
        raise ValueError(f"cards must be 5, 3 or 1, not {config.cards!r}")
    prizes = list(range(1, config.cards + 1))
    random.Random(f"goofspiel/{seed}").shuffle(prizes)
    return GoofMatch(config, prizes)


def determinize(view: GoofView, rng: random.Random) -> GoofMatch:
    """GS-VIEW-1: the prizes played and the one up as they are, the rest in any order."""
    seen = [prize for prize, _, _ in view.rounds] + ([] if view.prize is None else [view.prize])
    rest = [prize for prize in range(1, view.cards + 1) if prize not in seen]
    rng.shuffle(rest)
    return GoofMatch(Config(view.cards), seen + rest, [(north, south) for _, north, south in view.rounds])


@dataclass(frozen=True)
class GoofScript:
    config: Config
    seed: int
    turns: list[Any] = field(default_factory=list)

    def start(self) -> GoofMatch:
        return new_match(self.config, self.seed)

    def to_json(self) -> JSONObject:
        return {"game": NAME, "cards": self.config.cards, "seed": self.seed, "turns": list(self.turns)}


def parse_script(doc: object) -> GoofScript:
    doc = script_document(doc, NAME, ("cards",))
    cards = doc.get("cards", 5)
    expect(cards in CARDS and not isinstance(cards, bool), f"cards must be 5, 3 or 1, not {cards!r}")
    return started(GoofScript(Config(cards), script_seed(doc), script_turns(doc)))


def summary(match: GoofMatch) -> JSONObject:
    """The replay's last line: the points (no ``score``: they are not goals), the winner, and
    every round played (prize, north's bid, south's bid)."""
    return {"over": match.is_over, "to_act": list(match.to_act()), "points": dict(match.points()),
            "winner": match.winner,
            "rounds": [[prize, north, south] for prize, (north, south) in zip(match.prizes, match.bids)]}


class RandomBot:
    """Any card, uniformly."""

    def choose(self, view: GoofView, legal: Sequence[Bid], rng: random.Random) -> Bid:
        return legal[rng.randrange(len(legal))]


class MatchingBot:
    """Bids the card that ranks in its hand as the prize up ranks among the prizes left."""

    def choose(self, view: GoofView, legal: Sequence[Bid], rng: random.Random) -> Bid:
        played = {prize for prize, _, _ in view.rounds}
        left = sorted(prize for prize in range(1, view.cards + 1) if prize not in played)
        rank = left.index(view.prize) if view.prize in left else 0
        return sorted(legal)[min(rank, len(legal) - 1)]


GAME = PackagedGame(
    name=NAME, seats=SEATS, example_configs=(Config(5), Config(3), Config(1)), new_match=new_match,
    choice_from_json=choice_from_json, determinize=determinize, parse_script=parse_script,
    summary=summary, results=ResultRules(seatings=(SEATS,), draws=True))
"""Goofspiel's rules, as its spec names them."""
