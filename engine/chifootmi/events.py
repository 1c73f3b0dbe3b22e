"""What happens in a Chifootmi match, as typed events for screens to animate.

Every event is public: it carries only what both seats may know (a card drawn from
pile 1 is reported without its value). Events are :class:`engine.events.Event`: typed,
immutable, cheap to make; ``to_json`` gives the line that ``pitchpad replay`` prints.
"""
from __future__ import annotations

from typing import Any

from ..events import Event
from .cards import Card, card_to_json


class KickOff(Event):
    """The toss (C-SET-3): ``seat`` starts with the ball."""

    seat: str
    name = "kickoff"


class Reveal(Event):
    """Both locked cards shown at once (C-RND-1)."""

    round: int
    red: Card
    blue: Card
    name = "reveal"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "round": self.round,
                "red": card_to_json(self.red), "blue": card_to_json(self.blue)}


class OneTwo(Event):
    """The attacker's previous card passed back: this round counts ``value`` (C-PLUS-12)."""

    seat: str
    value: int
    name = "one_two"


class BallKept(Event):
    """The attacker keeps the ball; ``dribble`` when by C-DT-2."""

    seat: str
    retention: int
    dribble: bool
    name = "ball_kept"


class BallWon(Event):
    """The defender wins the ball: ``how`` is ``duel``, ``tackle``, ``offside`` or ``save``."""

    seat: str
    how: str
    counter_attack: bool
    name = "ball_won"


class OffsideChance(Event):
    """A keep by 7 or more: the defender may flag offside now (C-PLUS-OFF)."""

    defender: str
    name = "offside_chance"


class Offside(Event):
    """The defender flagged in time: the ball is theirs (C-PLUS-OFF)."""

    seat: str
    name = "offside"


class PlayOn(Event):
    """No offside flag: the keep stands."""

    seat: str
    name = "play_on"


class ShootingPhase(Event):
    """Pro: the attacker's next round is a card shot (C-RND-4)."""

    seat: str
    name = "shooting_phase"


class ShotCalled(Event):
    """A chifootmi shot is to be taken: open play, free kick, penalty, last card, shoot-out."""

    kind: str
    shooter: str
    keeper: str
    sides: int
    name = "shot"


class Goal(Event):
    """A goal; ``shoot``/``dive`` are the revealed sides (None for a Pro card shot)."""

    seat: str
    kind: str
    shoot: str | None
    dive: str | None
    red: int
    blue: int
    name = "goal"


class Saved(Event):
    """The goalkeeper dived the shooter's way (C-SHOT-2)."""

    seat: str
    kind: str
    shoot: str
    dive: str
    name = "saved"


class OverTheBar(Event):
    """Pro card shot beaten by 4 or more: over the bar (C-PRO-2)."""

    seat: str
    name = "over_the_bar"


class PushedAway(Event):
    """Pro card shot with equal values: the attacker shoots again (C-PRO-3)."""

    seat: str
    name = "pushed_away"


class Drew(Event):
    """A refill: ``card`` is None for pile 1, whose card only its owner sees (C-VIS-2)."""

    seat: str
    pile: str
    card: Card | None
    forced: bool
    name = "draw"

    def to_json(self) -> dict[str, Any]:
        return {"event": self.name, "seat": self.seat, "pile": self.pile,
                "card": card_to_json(self.card), "forced": self.forced}


class ShootoutStart(Event):
    """The match is level after the last-card shot: penalties, ``first`` kicks first."""

    first: str
    name = "shootout"


class ShootoutKick(Event):
    """One shoot-out penalty (C-PEN-1)."""

    seat: str
    shoot: str
    dive: str
    scored: bool
    red: int
    blue: int
    name = "shootout_kick"


class MatchOver(Event):
    """The match is decided."""

    winner: str
    red: int
    blue: int
    name = "match_over"
