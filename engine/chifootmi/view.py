"""What one seat may know of a match (C-VIS-1..3) — the only place secrecy is decided.

Everything public is in the view, so a CPU seat can rebuild a full state from it
(``determinize``); everything the seat may not know is None: the opponent's face-down
active cards, both pile 1s, every pile 2 card below the top. Locked-in choices never
reach the engine before both seats have chosen, so they cannot leak through it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.duel import DuelSeen

from .cards import SEATS, Card, Level, MatchConfig, Options, card_to_json
from .stages import SHOT_STAGE, STAGE_NAMES


class Seen(DuelSeen, Protocol):
    """All a view is made from: the parts of a :class:`~engine.chifootmi.match.ChifootmiMatch`
    this module reads (so it needs no import of the match, which imports it)."""

    @property
    def config(self) -> MatchConfig: ...
    @property
    def level(self) -> Level: ...
    @property
    def active(self) -> Sequence[Sequence[Card]]: ...
    @property
    def face_down(self) -> Sequence[Sequence[bool]]: ...
    @property
    def pile1(self) -> Sequence[Sequence[Card]]: ...
    @property
    def pile2(self) -> Sequence[Sequence[Card]]: ...
    @property
    def played(self) -> Sequence[Sequence[Card]]: ...
    @property
    def action_len(self) -> int: ...
    @property
    def ball(self) -> int: ...
    @property
    def retention(self) -> int: ...
    @property
    def retention_needed(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def rounds_played(self) -> int: ...
    @property
    def kept_with(self) -> int: ...
    @property
    def stage(self) -> int: ...
    @property
    def shot_kind(self) -> str: ...
    @property
    def ball_moved_by_shot(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class CardSlot:
    """An active card as the seat sees it: ``card`` None when unknown to it; ``hidden`` when
    it lies face down (drawn from pile 1) — on your own side, a card only you know. The
    opponent's slots are its face-up cards in hand order, then its face-down ones."""

    card: Card | None
    hidden: bool

    def to_json(self) -> dict[str, Any]:
        return {"card": card_to_json(self.card), "hidden": self.hidden}


@dataclass(frozen=True, slots=True)
class TeamView:
    """One team's cards in play as the viewing seat sees them."""

    seat: str
    active: tuple[CardSlot, ...]
    pile1: int
    pile2: int
    pile2_top: Card | None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "active": [slot.to_json() for slot in self.active],
                "pile1": self.pile1, "pile2": self.pile2,
                "pile2_top": card_to_json(self.pile2_top)}


@dataclass(frozen=True, slots=True)
class ShotView:
    """The chifootmi shot being taken: its kind, the shooter, 2 or 3 sides."""

    kind: str
    shooter: str
    sides: int


@dataclass(frozen=True, slots=True)
class ChifootmiView:
    """One seat's view; ``to_json`` is what ``replay --view`` prints and stdio seats get."""

    seat: str
    level: Level
    options: Options
    you: TeamView
    opponent: TeamView
    ball: str
    retention: int
    retention_needed: int
    phase: str
    round: int
    rounds: int
    score: dict[str, int]
    played: dict[str, tuple[Card, ...]]
    action_rounds: int
    one_two_value: int
    stage: str
    decision: str | None
    to_act: tuple[str, ...]
    shot: ShotView | None
    last_round_shot: bool
    shootout: dict[str, int] | None
    kicks: dict[str, tuple[bool, ...]] | None
    shootout_first: str | None
    over: bool
    winner: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "level": self.level.value, "options": self.options.to_json(),
            "you": self.you.to_json(), "opponent": self.opponent.to_json(),
            "ball": self.ball, "retention": self.retention,
            "retention_needed": self.retention_needed, "phase": self.phase,
            "round": self.round, "rounds": self.rounds, "score": dict(self.score),
            "played": {seat: [card_to_json(c) for c in cards]
                       for seat, cards in self.played.items()},
            "action_rounds": self.action_rounds, "one_two_value": self.one_two_value,
            "stage": self.stage, "decision": self.decision, "to_act": list(self.to_act),
            "shot": None if self.shot is None else {
                "kind": self.shot.kind, "shooter": self.shot.shooter, "sides": self.shot.sides},
            "last_round_shot": self.last_round_shot,
            "shootout": None if self.shootout is None else dict(self.shootout),
            "kicks": None if self.kicks is None else {
                seat: list(k) for seat, k in self.kicks.items()},
            "shootout_first": self.shootout_first, "over": self.over, "winner": self.winner,
        }


def _team(match: Seen, s: int, own: bool) -> TeamView:
    if own:
        active = tuple(CardSlot(card, down) for card, down in zip(match.active[s], match.face_down[s]))
    else:
        # The other team's face-down cards come last, whatever their places in its hand:
        # which face-down slot a played card left would tell the card's draw (C-VIS-2).
        shown = [CardSlot(card, False) for card, down in zip(match.active[s], match.face_down[s])
                 if not down]
        active = tuple(shown + [CardSlot(None, True)] * (len(match.active[s]) - len(shown)))
    pile2 = match.pile2[s]
    return TeamView(SEATS[s], active, len(match.pile1[s]), len(pile2),
                    pile2[-1] if pile2 else None)


def view_of(match: Seen, seat: str) -> ChifootmiView:
    """Build ``seat``'s view of ``match``."""
    me = SEATS.index(seat)
    kicks = match.kicks
    in_shot = match.stage == SHOT_STAGE
    return ChifootmiView(
        seat=seat, level=match.level, options=match.config.options,
        you=_team(match, me, True), opponent=_team(match, 1 - me, False),
        ball=SEATS[match.ball], retention=match.retention,
        retention_needed=match.retention_needed, phase=match.phase,
        round=min(match.rounds_played + 1, match.level.rounds),
        rounds=match.level.rounds,
        score={"red": match.score[0], "blue": match.score[1]},
        played={"red": tuple(match.played[0]), "blue": tuple(match.played[1])},
        action_rounds=match.action_len, one_two_value=match.kept_with,
        stage=STAGE_NAMES[match.stage], decision=match.decision(seat),
        to_act=match.to_act(),
        shot=ShotView(match.shot_kind, SEATS[match.shooter],
                      3 if match.shot_kind in ("penalty", "shootout") else 2)
        if in_shot else None,
        last_round_shot=match.ball_moved_by_shot,
        shootout=None if kicks is None else {"red": sum(kicks[0]), "blue": sum(kicks[1])},
        kicks=None if kicks is None else {"red": tuple(kicks[0]), "blue": tuple(kicks[1])},
        shootout_first=None if kicks is None else SEATS[match.shootout_first],
        over=match.is_over, winner=match.winner,
    )
