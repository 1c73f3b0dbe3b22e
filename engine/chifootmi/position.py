"""Chifootmi positions for tests, checked (python-chess's ``Board(fen)`` idea).

Give each team's active cards (and piles, top last); the cards of the level's deck that are
nowhere else count as played, one per round. A position the rules could never reach is
refused with :class:`~engine.errors.BadSetup`: a card the deck does not hold, more than four
active cards or three in pile 1, more face-down active cards than were drawn from pile 1,
teams that played a different number of rounds, a Pro shooting phase below Pro, a retention
past what keeps the ball.

>>> from engine.chifootmi import Level, MatchConfig
>>> m = position(MatchConfig(Level.BEGINNER), red=[6], blue=[5])
>>> m.to_act(), m.rounds_played, m.view("red").round
(('blue', 'red'), 10, 11)
>>> position(MatchConfig(), red=[6, 6], blue=[5, 4])
Traceback (most recent call last):
...
engine.errors.BadSetup: red's cards [6, 6] are not all in one beginner deck (C-COMP-1)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ..errors import BadSetup
from .cards import SEATS, Card, Level, MatchConfig, card_label
from .match import RETENTION, SHOOTING, ChifootmiMatch, Deal, new_match

__all__ = ["position"]


def position(config: MatchConfig, *, red: Sequence[Card], blue: Sequence[Card],
             piles: dict[str, tuple[Sequence[Card], Sequence[Card]]] | None = None,
             ball: str = "red", phase: str = RETENTION, retention: int = 0,
             score: tuple[int, int] = (0, 0), shootout_first: str = "red",
             face_down: Mapping[str, Sequence[bool]] | None = None) -> ChifootmiMatch:
    """Both teams to play a card; ``piles`` maps a seat to its (pile 1, pile 2), tops last;
    ``face_down`` a seat to a flag per active card: drawn from pile 1, its owner's secret."""
    level = config.level
    piles = piles or {}
    face_down = face_down or {}
    match = new_match(config, seed=1, deal=Deal(level.deck, level.deck, ball, shootout_first))
    played: list[list[Card]] = []
    for s, (seat, active) in enumerate(zip(SEATS, (red, blue))):
        pile1, pile2 = (list(p) for p in piles.get(seat, ((), ())))
        held = Counter([*active, *pile1, *pile2])
        if held - Counter(level.deck):
            shown = ", ".join(card_label(c) for c in [*active, *pile1, *pile2])
            raise BadSetup(f"{seat}'s cards [{shown}] are not all in one {level.value} deck (C-COMP-1)")
        if not 1 <= len(active) <= 4 or len(pile1) > 3:
            raise BadSetup(f"{seat} holds 1 to 4 active cards and at most 3 in pile 1 (C-SET-2)")
        down = list(face_down.get(seat, [False] * len(active)))
        if len(down) != len(active) or sum(down) > 3 - len(pile1):
            raise BadSetup(f"{seat}: one face-down flag per active card, and no more face-down "
                           "cards than were drawn from pile 1 (C-SET-2, C-VIS-2)")
        match.active[s], match.face_down[s] = list(active), down
        match.pile1[s], match.pile2[s] = pile1, pile2
        played.append(sorted((Counter(level.deck) - held).elements()))
    if len(played[0]) != len(played[1]):
        raise BadSetup("both teams play one card a round: they must have played as many (C-RND-1)")
    if phase not in (RETENTION, SHOOTING) or (phase == SHOOTING and level is not Level.PRO):
        raise BadSetup(f"phase {phase!r}: retention, or shooting at the Pro level (C-RND-4)")
    if not 0 <= retention < match.retention_needed or min(score) < 0:
        raise BadSetup(f"retention is 0..{match.retention_needed - 1} and scores are not negative")
    match.played = played
    match.rounds_played = len(played[0])
    match.phase, match.retention, match.score = phase, retention, list(score)
    return match
