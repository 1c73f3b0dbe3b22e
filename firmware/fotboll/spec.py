"""Fotboll as the platform knows it: one :class:`~firmware.games.spec.GameSpec`."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine import fotboll
from engine.fotboll import events as ev
from engine.events import Event
from engine.fotboll.script import OPTION_NAMES
from engine.protocol import JSONObject
from firmware.games.options import GameOptions, option
from firmware.games.spec import GameSpec

from .entry import ENTRY, FotbollSettings
from .screens import card_label, reveal_headline
from .session import CPU
from .strings import STRINGS, THIRD_PERSON


@dataclass(frozen=True)
class FotbollOptions(GameOptions):
    """``--option jokers`` / ``--option tiebreak``."""

    game: ClassVar[str] = "fotboll"
    option: tuple[str, ...] = option((), "a rule option", choices=OPTION_NAMES)

    def setup(self) -> JSONObject:
        return {"options": {name: True for name in self.option}}

    def settings(self, settings: FotbollSettings) -> FotbollSettings:
        if not self.option:
            return settings
        chosen: dict[str, Any] = {name: name in self.option for name in OPTION_NAMES}
        return replace(settings, **chosen)


def kids_picture(events: Sequence[Event]) -> str | None:
    """Kids' mode: a penalty is the keeper's moment (the save picture)."""
    return "save" if any(isinstance(e, ev.Penalty) for e in events) else None


def kids_cards(view: Any, events: Sequence[Event], language: str) -> tuple[str, str] | None:
    """Kids' mode: a duel's two cards (F-TURN-3), the reading seat's first; a duel on an
    empty position has no defending card ("-")."""
    for event in events:
        if isinstance(event, ev.Duel):
            attack, defence = card_label(event.attack, language), card_label(event.defence, language)
            return (attack, defence) if event.seat == view.seat else (defence, attack)
    return None


SPEC = GameSpec(rules=fotboll.GAME, title="Fotboll", menu_order=20, console=ENTRY, cpu=CPU,
                options=FotbollOptions, strings=STRINGS,
                third_person=THIRD_PERSON, headline=reveal_headline,
                kids_picture=kids_picture, kids_cards=kids_cards)
"""Fotboll, published under the ``pitchpad.games`` entry point."""
