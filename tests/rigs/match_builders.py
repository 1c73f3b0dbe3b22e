"""Builders for Chifootmi matches with known decks, shared by the engine tests."""
from __future__ import annotations

from engine.chifootmi import (
    DIVE, DRAW_PILE1, DRAW_PILE2, DT, PLAY, SHOOT, ChifootmiMatch, Deal, Level, MatchConfig,
    Options, Side, new_match,
)

BEGINNER_DECK = list(range(1, 12))
FULL_DECK = list(range(1, 12)) + [DT, DT, DT]


def deck(active: list[int], level: Level = Level.BEGINNER) -> tuple[int, ...]:
    """A legal deck whose first cards are ``active`` (then the rest in ascending order)."""
    rest = list(level.deck)
    for card in active:
        rest.remove(card)
    return tuple(active) + tuple(sorted(rest))


def match(level: Level = Level.BEGINNER, red: list[int] | None = None,
          blue: list[int] | None = None, kickoff: str = "red", shootout_first: str = "red",
          **options: bool) -> ChifootmiMatch:
    """A match with ``red``/``blue`` as the start of each deck (active cards first)."""
    return new_match(MatchConfig(level, Options(**options)), seed=1, deal=Deal(
        deck(red or [], level), deck(blue or [], level), kickoff, shootout_first))


def play(m: ChifootmiMatch, red: int, blue: int) -> list:
    return m.apply({"red": PLAY[red], "blue": PLAY[blue]})


def draw(m: ChifootmiMatch, red: int | None = None, blue: int | None = None) -> list:
    """Draw pile ``1`` or ``2`` for the seats that have a choice."""
    piles = {1: DRAW_PILE1, 2: DRAW_PILE2}
    joint = {}
    for seat, pile in (("red", red), ("blue", blue)):
        if seat in m.to_act():
            joint[seat] = piles[pile or 2]
    return m.apply(joint) if joint else []


def shot(m: ChifootmiMatch, shoot: str, dive: str) -> list:
    shooter = m.view("red").shot.shooter
    keeper = "blue" if shooter == "red" else "red"
    return m.apply({shooter: SHOOT[Side(shoot)], keeper: DIVE[Side(dive)]})


def names(events: list) -> list[str]:
    return [e.name for e in events]
