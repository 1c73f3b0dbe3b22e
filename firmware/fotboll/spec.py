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
from firmware.games.spec import GameSpec, Words
from firmware.i18n import seat_key

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


def spectator_words(events: Sequence[Event]) -> Words:
    """A spare pad's lines for a move: a duel won or lost (F-TURN-3), a goal, a shoot-out kick."""
    words: list[tuple[str, dict[str, str]]] = []
    for event in events:
        if isinstance(event, ev.Duel):
            words.append(("watch.duel_won" if event.won else "watch.duel_lost", {"team": seat_key(event.seat)}))
        elif isinstance(event, ev.Goal):
            words.append(("watch.goal", {"team": seat_key(event.seat)}))
        elif isinstance(event, ev.ShootoutKick):
            words.append(("watch.pen_scored" if event.scored else "watch.pen_missed",
                          {"team": seat_key(event.shooter)}))
    return tuple(words)


def kids_picture(events: Sequence[Event]) -> str | None:
    """Kids' mode: a goal (a shoot-out kick that went in too); a save for a kick missed or a
    penalty that did not go in (the keeper's moment); else the ball."""
    for event in events:
        if isinstance(event, ev.ShootoutKick):
            return "goal" if event.scored else "save"
    if any(isinstance(e, ev.Goal) for e in events):
        return "goal"
    return "save" if any(isinstance(e, ev.Penalty) for e in events) else "ball"


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
                third_person=THIRD_PERSON, spectator_words=spectator_words, headline=reveal_headline,
                kids_picture=kids_picture, kids_cards=kids_cards)
"""Fotboll, published under the ``pitchpad.games`` entry point."""
