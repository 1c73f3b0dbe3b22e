"""Matches laid out from chosen cards, for the Fotboll rule tests."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.fotboll import (
    FORMATIONS, NOTHING, Attack, Card, Deal, FotbollMatch, LineUp, MatchConfig, full_deck,
    new_match,
)
from engine.fotboll.position import Team


def deck(top: Sequence[str], jokers: bool = False) -> tuple[Card, ...]:
    """A whole deck whose first cards are ``top`` (labels), the rest in canonical order."""
    head = [Card.parse(label) for label in top]
    used = Counter(head)
    rest = []
    for card in full_deck(jokers):
        if used[card]:
            used[card] -= 1
        else:
            rest.append(card)
    assert not +used, f"{top} is not part of one deck"
    return tuple(head) + tuple(rest)


def deal(red: Sequence[str] = (), blue: Sequence[str] = (), jokers: bool = False,
         first: str = "red", second: tuple[Sequence[str], Sequence[str]] = ((), ())) -> Deal:
    halves = ((deck(red, jokers), deck(blue, jokers)),
              (deck(second[0], jokers), deck(second[1], jokers)))
    return Deal(halves, first, "blue")


def start(red: Sequence[str] = (), blue: Sequence[str] = (), *, formations=("4-4-2", "4-4-2"),
          jokers: bool = False, tiebreak: bool = False, first: str = "red",
          second: tuple[Sequence[str], Sequence[str]] = ((), ())) -> FotbollMatch:
    """A match after both line-ups: red's and blue's decks begin with ``red``/``blue``
    (11 field cards GK, D…, M…, F…, then the library top first)."""
    match = new_match(MatchConfig(jokers, tiebreak), 0, deal(red, blue, jokers, first, second))
    match.apply({"red": LineUp(formations[0]), "blue": LineUp(formations[1])})
    return match


def beaten(field: Sequence[str], *positions: str, formation: str = "4-4-2", **team) -> Team:
    """A team laid out as ``field`` (lay-out order) whose cards on ``positions`` were beaten:
    those positions empty, their cards discarded in that order (for
    :func:`engine.fotboll.position.position`)."""
    places = FORMATIONS[formation].positions
    gone = [field[places.index(p)] for p in positions]
    empty = [None if p in positions else card for p, card in zip(places, field)]
    return Team(empty, formation=formation, discard=[*gone, *team.pop("discard", ())], **team)


def act(match: FotbollMatch, choice) -> list:
    """The one seat to act makes ``choice``; returns the events."""
    (seat,) = match.to_act()
    return match.apply({seat: choice})


def attack(match: FotbollMatch, target: str) -> list:
    """Skip the preparation if asked, then attack ``target``."""
    events = []
    if match.stage == "prepare":
        events += act(match, NOTHING)
    return events + act(match, Attack(target))


def names(events) -> list[str]:
    return [e.name for e in events]


# Field cards in lay-out order for a 4-4-2: GK, D1-D4, M1-M4, F1-F2.
LOW = ["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H"]
HIGH = ["AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS", "QC", "QD", "QH"]
