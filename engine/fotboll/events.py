"""What happens in a Fotboll match, as typed events for screens to animate.

Every event is public: a refilled or substituted-on card, or a card drawn to attack, is
reported without its value until a duel shows it. ``to_json`` gives the replay's line.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from .cards import Card


def _value(value: Any) -> Any:
    if isinstance(value, Card):
        return value.label
    if isinstance(value, tuple):
        return [_value(v) for v in value]
    return value


def _to_json(self: Any) -> dict[str, Any]:
    line: dict[str, Any] = {"event": self.name}
    line.update((key, _value(value)) for key, value in self._asdict().items())
    return line


def _event(cls: Any) -> Any:
    cls.to_json = _to_json
    return cls


@_event
class KickOff(NamedTuple):
    """``seat`` starts this half (F-SET-2)."""

    half: int
    seat: str
    name = "kickoff"


@_event
class LinedUp(NamedTuple):
    """A seat's formation is laid out, 11 cards face down minus removed positions."""

    seat: str
    formation: str
    removed: tuple[str, ...]
    name = "lined_up"


@_event
class Refilled(NamedTuple):
    """The top library card went face down on an empty position (F-TURN-1)."""

    seat: str
    position: str
    name = "refill"


@_event
class Replaced(NamedTuple):
    """A card that survived an attack was discarded face up and replaced (F-TURN-1)."""

    seat: str
    position: str
    card: Card
    name = "replace"


@_event
class Substituted(NamedTuple):
    """A substitution: ``card`` shown and discarded; the new card stays unknown (F-TURN-2)."""

    seat: str
    position: str
    card: Card
    used: int
    name = "substitution"


@_event
class Drew(NamedTuple):
    """The attacker drew a card to attack with (its value shows in the duel)."""

    seat: str
    library: int
    name = "draw"


@_event
class Duel(NamedTuple):
    """Both cards shown (F-TURN-3): ``won`` for the attacker."""

    seat: str
    position: str
    attack: Card
    defence: Card | None
    won: bool
    name = "duel"


@_event
class Goal(NamedTuple):
    """A goal: ``how`` is ``keeper`` (F-TURN-5), ``joker_keeper`` or ``penalty`` (F-JOK-2)."""

    seat: str
    how: str
    red: int
    blue: int
    name = "goal"


@_event
class Penalty(NamedTuple):
    """A penalty after a ♦ against a Joker defender (F-JOK-2)."""

    seat: str
    cards: tuple[Card, ...]
    total: int
    keeper: Card | None
    scored: bool
    name = "penalty"


@_event
class JokerOff(NamedTuple):
    """A Joker left the field after its first duel (F-JOK-1)."""

    seat: str
    position: str
    name = "joker_off"


@_event
class KeeperIn(NamedTuple):
    """A new goalkeeper for a discarded Joker: from the library or an outfield position."""

    seat: str
    source: str
    name = "keeper_in"


@_event
class Booked(NamedTuple):
    """A yellow card (F-JOK-2); every second one is also a red card (F-JOK-3)."""

    seat: str
    yellow: int
    red_card: bool
    name = "yellow"


@_event
class SentOff(NamedTuple):
    """After a red card, a position removed for the rest of the match (F-JOK-3)."""

    seat: str
    position: str
    card: Card | None
    name = "send_off"


@_event
class Passed(NamedTuple):
    """An empty library at the start of a turn: the turn passes (F-TURN-6)."""

    seat: str
    name = "pass"


@_event
class HalfTime(NamedTuple):
    """Both libraries are empty: the half is over (F-HALF-1)."""

    half: int
    red: int
    blue: int
    name = "half_time"


@_event
class ShootoutStart(NamedTuple):
    """A draw with the tie-break on: a shoot-out (F-END-1, C-PEN-1)."""

    first: str
    name = "shootout_start"


@_event
class ShootoutKick(NamedTuple):
    shooter: str
    shoot: str
    dive: str
    scored: bool
    red: int
    blue: int
    name = "shootout_kick"


@_event
class MatchOver(NamedTuple):
    """The final whistle; ``winner`` None for a draw (F-END-1)."""

    winner: str | None
    red: int
    blue: int
    name = "match_over"
