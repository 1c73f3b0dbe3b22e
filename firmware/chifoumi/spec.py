"""Chifoumi as the platform knows it: one :class:`~firmware.games.spec.GameSpec`."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine import chifoumi
from engine.chifoumi import events as ev
from engine.events import Event
from engine.chifoumi import SEATS_BY_PLAYERS
from engine.chifoumi.pieces import Kind, square_name
from engine.chifoumi.script import OPTION_NAMES
from engine.protocol import JSONObject
from firmware.games.options import GameOptions, option
from firmware.games.spec import GameSpec, Words
from firmware.i18n import Key, seat_key

from .entry import ENTRY, ChifoumiSettings
from .screens import reveal_headline
from .session import CPU
from .strings import STRINGS, THIRD_PERSON


@dataclass(frozen=True)
class ChifoumiOptions(GameOptions):
    """``--players`` 2 to 4 (2 unless given) and ``--option`` (placement, closed stacks)."""

    game: ClassVar[str] = "chifoumi"
    players: int | None = option(None, "players (default 2)", choices=sorted(SEATS_BY_PLAYERS))
    option: tuple[str, ...] = option((), "a rule option", choices=OPTION_NAMES)

    def setup(self) -> JSONObject:
        return {"players": self.players or 2,
                "options": {name: True for name in self.option}}

    def settings(self, settings: ChifoumiSettings) -> ChifoumiSettings:
        if self.players is not None:
            settings = replace(settings, players=self.players)
        if self.option:
            chosen: dict[str, Any] = {name: name in self.option for name in OPTION_NAMES}
            settings = replace(settings, **chosen)
        return settings


HANDS = (ev.Chifoumi, ev.First, ev.Captured, ev.Placed, ev.Moved, ev.GameOver)


def spectator_words(events: Sequence[Event]) -> Words:
    """A spare pad's lines for a move: the hands of the who-starts throw, a piece placed or
    moved (its kind and square: public, K-MOV-2), a stack taken, a pass, why the game ended."""
    words: list[tuple[str, dict[str, str]]] = []
    for event in events:
        if isinstance(event, ev.Chifoumi):
            words.append(("ck.watch.hands", {"hands": Key("/".join(
                f"ck.kind.{THROWN[hand]}" for _seat, hand in event.hands))}))
        elif isinstance(event, ev.Placed):
            words.append(("ck.watch.placed", {"team": seat_key(event.seat), "kind": _kind(event.kind),
                                              "square": square_name(event.square)}))
        elif isinstance(event, ev.Moved):
            words.append(("ck.watch.moved", {"team": seat_key(event.seat), "kind": _kind(event.kind),
                                             "square": square_name(event.target)}))
        elif isinstance(event, ev.Captured):
            words.append(("ck.watch.captured", {"team": seat_key(event.seat),
                                                "square": square_name(event.square)}))
        elif isinstance(event, ev.Passed):
            words.append(("ck.watch.passed", {"team": seat_key(event.seat)}))
        elif isinstance(event, ev.GameOver):
            words.append(("ck.end." + event.reason, {}))
    return tuple(words)


THROWN = {"left": "R", "centre": "P", "right": "S"}
"""The who-starts throw's hands (K-2P-1: LEFT rock, CENTRE paper, RIGHT scissors) as kinds."""


def _kind(kind: int) -> Key:
    return Key(f"ck.kind.{Kind(kind).name}")


def kids_picture(events: Sequence[Event]) -> str | None:
    """Kids' mode: hands thrown, for the throw and every move on the board; else the ball."""
    return "hands" if any(isinstance(e, HANDS) for e in events) else "ball"


SPEC = GameSpec(rules=chifoumi.GAME, title="Chifoumi", menu_order=30, console=ENTRY, cpu=CPU,
                options=ChifoumiOptions, strings=STRINGS,
                third_person=THIRD_PERSON, spectator_words=spectator_words,
                headline=reveal_headline, kids_picture=kids_picture)
"""Chifoumi, published under the ``pitchpad.games`` entry point."""
