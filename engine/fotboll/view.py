"""What one seat may know of a Fotboll match (F-VIS-1) — the only place secrecy is decided.

Own field cards are known to their owner; an opponent's field card only once it was shown
in a duel, and only while it stays on its position; libraries to nobody; the card drawn to
attack to the attacker alone until the duel. Discards, score, cards, counts are public.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any, Protocol

from engine.duel import DuelSeen

from .cards import SEATS, Card, Formation, MatchConfig
from .stages import ATTACK, SHOOT_STAGE, targets


class Seen(DuelSeen, Protocol):
    """All a view is made from: the parts of a :class:`~engine.fotboll.match.FotbollMatch`
    this module reads (so it needs no import of the match, which imports it)."""

    @property
    def config(self) -> MatchConfig: ...
    @property
    def half(self) -> int: ...
    @property
    def first(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def stage(self) -> str: ...
    @property
    def formation(self) -> Sequence[Formation | None]: ...
    @property
    def field(self) -> Sequence[Mapping[str, Card | None]]: ...
    @property
    def removed(self) -> Sequence[tuple[str, ...]]: ...
    @property
    def shown(self) -> Sequence[Set[str]]: ...
    @property
    def replaceable(self) -> Sequence[Set[str]]: ...
    @property
    def library(self) -> Sequence[Sequence[Card]]: ...
    @property
    def discard(self) -> Sequence[Sequence[Card]]: ...
    @property
    def drawn(self) -> Card | None: ...
    @property
    def yellow(self) -> Sequence[int]: ...
    @property
    def reds(self) -> Sequence[int]: ...
    @property
    def subs_used(self) -> Sequence[int]: ...


def _label(card: Card | None) -> str | None:
    return None if card is None else card.label


@dataclass(frozen=True, slots=True)
class FieldSlot:
    """One position as the viewing seat sees it: ``card`` None when empty or unknown to it;
    ``shown`` when the opponent of the card's owner has seen it."""

    position: str
    card: Card | None
    empty: bool
    shown: bool

    def to_json(self) -> dict[str, Any]:
        return {"card": _label(self.card), "empty": self.empty, "shown": self.shown}


@dataclass(frozen=True, slots=True)
class TeamView:
    seat: str
    formation: str | None
    removed: tuple[str, ...]
    field: tuple[FieldSlot, ...]
    library: int
    discard: tuple[Card, ...]
    yellow: int
    red_cards: int
    subs_used: int
    replaceable: tuple[str, ...]

    def slot(self, position: str) -> FieldSlot | None:
        for slot in self.field:
            if slot.position == position:
                return slot
        return None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "formation": self.formation, "removed": list(self.removed),
                "field": {slot.position: slot.to_json() for slot in self.field},
                "library": self.library, "discard": [c.label for c in self.discard],
                "yellow": self.yellow, "red_cards": self.red_cards,
                "subs_used": self.subs_used, "replaceable": list(self.replaceable)}


@dataclass(frozen=True, slots=True)
class FotbollView:
    """One seat's view; ``to_json`` is what ``replay --view`` prints."""

    seat: str
    config: MatchConfig
    half: int
    first: str
    turn: str
    stage: str
    decision: str | None
    to_act: tuple[str, ...]
    score: dict[str, int]
    you: TeamView
    opponent: TeamView
    drawn: Card | None
    targets: tuple[str, ...]
    shooter: str | None
    kicks: dict[str, tuple[bool, ...]] | None
    shootout: dict[str, int] | None
    shootout_first: str | None
    over: bool
    winner: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "options": self.config.to_json(), "half": self.half,
            "first": self.first, "turn": self.turn, "stage": self.stage,
            "decision": self.decision, "to_act": list(self.to_act), "score": dict(self.score),
            "you": self.you.to_json(), "opponent": self.opponent.to_json(),
            "drawn": _label(self.drawn), "targets": list(self.targets), "shooter": self.shooter,
            "kicks": None if self.kicks is None else {s: list(k) for s, k in self.kicks.items()},
            "shootout": None if self.shootout is None else dict(self.shootout),
            "shootout_first": self.shootout_first, "over": self.over, "winner": self.winner,
        }


def _team(match: Seen, s: int, own: bool) -> TeamView:
    formation = match.formation[s]
    shown = match.shown[s]
    field = tuple(
        FieldSlot(p, card if own or p in shown else None, card is None, p in shown)
        for p, card in match.field[s].items())
    return TeamView(
        SEATS[s], formation.name if formation else None, match.removed[s], field,
        len(match.library[s]), tuple(match.discard[s]), match.yellow[s], match.reds[s],
        match.subs_used[s], tuple(p for p in match.field[s] if p in match.replaceable[s]))


def view_of(match: Seen, seat: str) -> FotbollView:
    me = SEATS.index(seat)
    kicks = match.kicks
    attacking = match.stage == ATTACK and match.turn == me
    defending = match.formation[1 - me]
    return FotbollView(
        seat=seat, config=match.config, half=match.half, first=SEATS[match.first],
        turn=SEATS[match.turn], stage=match.stage, decision=match.decision(seat),
        to_act=match.to_act(), score={"red": match.score[0], "blue": match.score[1]},
        you=_team(match, me, True), opponent=_team(match, 1 - me, False),
        drawn=match.drawn if attacking else None,
        targets=targets(match.field[1 - me], defending) if attacking and defending is not None else (),
        shooter=SEATS[match.shooter] if match.stage == SHOOT_STAGE else None,
        kicks=None if kicks is None else {"red": tuple(kicks[0]), "blue": tuple(kicks[1])},
        shootout=None if kicks is None else {"red": sum(kicks[0]), "blue": sum(kicks[1])},
        shootout_first=None if kicks is None else SEATS[match.shootout_first],
        over=match.is_over, winner=match.winner,
    )
