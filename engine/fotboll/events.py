"""What happens in a Fotboll match, as typed events for screens to animate.

Every event is public: a refilled or substituted-on card, or a card drawn to attack, is
reported without its value until a duel shows it. ``to_json`` gives the replay's line.
"""
from __future__ import annotations

from typing import Any

from ..events import Event
from .cards import Card


def _value(value: Any) -> Any:
    if isinstance(value, Card):
        return value.label
    if isinstance(value, tuple):
        return [_value(v) for v in value]
    return value


class FotbollEvent(Event):
    """A Fotboll event: cards print as their labels (``"10D"``), tuples as lists."""

    json_value = staticmethod(_value)


class KickOff(FotbollEvent):
    """``seat`` starts this half (F-SET-2)."""

    half: int
    seat: str
    name = "kickoff"


class LinedUp(FotbollEvent):
    """A seat's formation is laid out, 11 cards face down minus removed positions."""

    seat: str
    formation: str
    removed: tuple[str, ...]
    name = "lined_up"


class Refilled(FotbollEvent):
    """The top library card went face down on an empty position (F-TURN-1)."""

    seat: str
    position: str
    name = "refill"


class Replaced(FotbollEvent):
    """A card that survived an attack was discarded face up and replaced (F-TURN-1)."""

    seat: str
    position: str
    card: Card
    name = "replace"


class Substituted(FotbollEvent):
    """A substitution: ``card`` shown and discarded; the new card stays unknown (F-TURN-2)."""

    seat: str
    position: str
    card: Card
    used: int
    name = "substitution"


class Drew(FotbollEvent):
    """The attacker drew a card to attack with (its value shows in the duel)."""

    seat: str
    library: int
    name = "draw"


class Duel(FotbollEvent):
    """Both cards shown (F-TURN-3): ``won`` for the attacker."""

    seat: str
    position: str
    attack: Card
    defence: Card | None
    won: bool
    name = "duel"


class Goal(FotbollEvent):
    """A goal: ``how`` is ``keeper`` (F-TURN-5), ``joker_keeper`` or ``penalty`` (F-JOK-2)."""

    seat: str
    how: str
    red: int
    blue: int
    name = "goal"


class Penalty(FotbollEvent):
    """A penalty after a ♦ against a Joker defender (F-JOK-2)."""

    seat: str
    cards: tuple[Card, ...]
    total: int
    keeper: Card | None
    scored: bool
    name = "penalty"


class JokerOff(FotbollEvent):
    """A Joker left the field after its first duel (F-JOK-1)."""

    seat: str
    position: str
    name = "joker_off"


class KeeperIn(FotbollEvent):
    """A new goalkeeper for a discarded Joker: from the library or an outfield position."""

    seat: str
    source: str
    name = "keeper_in"


class Booked(FotbollEvent):
    """A yellow card (F-JOK-2); every second one is also a red card (F-JOK-3)."""

    seat: str
    yellow: int
    red_card: bool
    name = "yellow"


class SentOff(FotbollEvent):
    """After a red card, a position removed for the rest of the match (F-JOK-3)."""

    seat: str
    position: str
    card: Card | None
    name = "send_off"


class Passed(FotbollEvent):
    """An empty library at the start of a turn: the turn passes (F-TURN-6)."""

    seat: str
    name = "pass"


class HalfTime(FotbollEvent):
    """Both libraries are empty: the half is over (F-HALF-1)."""

    half: int
    red: int
    blue: int
    name = "half_time"


class ShootoutStart(FotbollEvent):
    """A draw with the tie-break on: a shoot-out (F-END-1, C-PEN-1)."""

    first: str
    name = "shootout_start"


class ShootoutKick(FotbollEvent):
    shooter: str
    shoot: str
    dive: str
    scored: bool
    red: int
    blue: int
    name = "shootout_kick"


class MatchOver(FotbollEvent):
    """The final whistle; ``winner`` None for a draw (F-END-1)."""

    winner: str | None
    red: int
    blue: int
    name = "match_over"
