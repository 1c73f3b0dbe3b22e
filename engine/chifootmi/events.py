"""What happens in a Chifootmi match, as typed events for screens to animate.

Every event is public: it carries only what both seats may know (a card drawn from
pile 1 is reported without its value). Events are NamedTuples: cheap to make, immutable.
``to_json`` gives the line that ``pitchpad replay`` prints.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from .cards import Card, card_to_json


def _to_json(self: Any) -> dict[str, Any]:
    line: dict[str, Any] = {"event": self.name}
    line.update(self._asdict())
    return line


def _event(cls: Any) -> Any:
    """Give a NamedTuple event the default ``to_json`` (NamedTuples cannot inherit one)."""
    if "to_json" not in cls.__dict__:
        cls.to_json = _to_json
    return cls


@_event
class KickOff(NamedTuple):
    """The toss (C-SET-3): ``seat`` starts with the ball."""

    seat: str
    name = "kickoff"


@_event
class Reveal(NamedTuple):
    """Both locked cards shown at once (C-RND-1)."""

    round: int
    red: Card
    blue: Card
    name = "reveal"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "round": self.round,
                "red": card_to_json(self.red), "blue": card_to_json(self.blue)}


@_event
class OneTwo(NamedTuple):
    """The attacker's previous card passed back: this round counts ``value`` (C-PLUS-12)."""

    seat: str
    value: int
    name = "one_two"


@_event
class BallKept(NamedTuple):
    """The attacker keeps the ball; ``dribble`` when by C-DT-2."""

    seat: str
    retention: int
    dribble: bool
    name = "ball_kept"


@_event
class BallWon(NamedTuple):
    """The defender wins the ball: ``how`` is ``duel``, ``tackle``, ``offside`` or ``save``."""

    seat: str
    how: str
    counter_attack: bool
    name = "ball_won"


@_event
class OffsideChance(NamedTuple):
    """A keep by 7 or more: the defender may flag offside now (C-PLUS-OFF)."""

    defender: str
    name = "offside_chance"


@_event
class Offside(NamedTuple):
    """The defender flagged in time: the ball is theirs (C-PLUS-OFF)."""

    seat: str
    name = "offside"


@_event
class PlayOn(NamedTuple):
    """No offside flag: the keep stands."""

    seat: str
    name = "play_on"


@_event
class ShootingPhase(NamedTuple):
    """Pro: the attacker's next round is a card shot (C-RND-4)."""

    seat: str
    name = "shooting_phase"


@_event
class ShotCalled(NamedTuple):
    """A chifootmi shot is to be taken: open play, free kick, penalty, last card, shoot-out."""

    kind: str
    shooter: str
    keeper: str
    sides: int
    name = "shot"


@_event
class Goal(NamedTuple):
    """A goal; ``shoot``/``dive`` are the revealed sides (None for a Pro card shot)."""

    seat: str
    kind: str
    shoot: str | None
    dive: str | None
    red: int
    blue: int
    name = "goal"


@_event
class Saved(NamedTuple):
    """The goalkeeper dived the shooter's way (C-SHOT-2)."""

    seat: str
    kind: str
    shoot: str
    dive: str
    name = "saved"


@_event
class OverTheBar(NamedTuple):
    """Pro card shot beaten by 4 or more: over the bar (C-PRO-2)."""

    seat: str
    name = "over_the_bar"


@_event
class PushedAway(NamedTuple):
    """Pro card shot with equal values: the attacker shoots again (C-PRO-3)."""

    seat: str
    name = "pushed_away"


@_event
class Drew(NamedTuple):
    """A refill: ``card`` is None for pile 1, whose card only its owner sees (C-VIS-2)."""

    seat: str
    pile: str
    card: Card | None
    forced: bool
    name = "draw"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "seat": self.seat, "pile": self.pile,
                "card": card_to_json(self.card), "forced": self.forced}


@_event
class ShootoutStart(NamedTuple):
    """The match is level after the last-card shot: penalties, ``first`` kicks first."""

    first: str
    name = "shootout"


@_event
class ShootoutKick(NamedTuple):
    """One shoot-out penalty (C-PEN-1)."""

    seat: str
    shoot: str
    dive: str
    scored: bool
    red: int
    blue: int
    name = "shootout_kick"


@_event
class MatchOver(NamedTuple):
    """The match is decided."""

    winner: str
    red: int
    blue: int
    name = "match_over"
