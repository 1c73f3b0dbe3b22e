"""Chifootmi as the platform knows it: one :class:`~firmware.games.spec.GameSpec`."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine import chifootmi
from engine.chifootmi import events as ev
from engine.events import Event
from engine.chifootmi.script import OPTION_NAMES
from engine.protocol import JSONObject
from firmware.games.options import GameOptions, option
from firmware.games.spec import GameSpec, Words
from firmware.i18n import Key, seat_key

from . import commentary
from .entry import ENTRY, LEVELS, ChifootmiSettings
from .screens import card_text, reveal_headline
from .session import CPU
from .strings import STRINGS, THIRD_PERSON


@dataclass(frozen=True)
class ChifootmiOptions(GameOptions):
    """``--level`` (Beginner unless given; ``pro_plus`` is Pro with every option) and
    ``--option`` (the Pro+ options, also house rules at any level)."""

    game: ClassVar[str] = "chifootmi"
    level: str | None = option(None, "the level (default beginner; pro_plus: Pro with every option)",
                               choices=LEVELS)
    option: tuple[str, ...] = option((), "a rule option", choices=OPTION_NAMES)

    def setup(self) -> JSONObject:
        level = self.level or "beginner"
        chosen = set(self.option) | (set(OPTION_NAMES) if level == "pro_plus" else set())
        return {"level": "pro" if level == "pro_plus" else level,
                "options": {name: True for name in dict.fromkeys((*OPTION_NAMES, *self.option)) if name in chosen}}

    def settings(self, settings: ChifootmiSettings) -> ChifootmiSettings:
        if self.level is not None:
            settings = replace(settings, level=self.level)
        if self.option:
            chosen: dict[str, Any] = {name: name in self.option for name in OPTION_NAMES}
            settings = replace(settings, house=settings.level != "pro_plus", **chosen)
        return settings


def spectator_words(events: Sequence[Event]) -> Words:
    """A spare pad's lines for a move: the cards turned over (C-RND-1), a goal, a save, a
    shoot-out kick."""
    words: list[tuple[str, dict[str, str]]] = []
    for event in events:
        if isinstance(event, ev.Reveal):
            words.append(("watch.cards", {"red": card_text(event.red), "blue": card_text(event.blue),
                                          "r": Key("team.red"), "b": Key("team.blue")}))
        elif isinstance(event, ev.Goal):
            words.append(("watch.goal", {"team": seat_key(event.seat)}))
        elif isinstance(event, ev.Saved):
            words.append(("watch.saved", {}))
        elif isinstance(event, ev.ShootoutKick):
            words.append(("watch.pen_scored" if event.scored else "watch.pen_missed",
                          {"team": seat_key(event.seat)}))
    return tuple(words)


def kids_picture(events: Sequence[Event]) -> str | None:
    """Kids' mode: a goal (a shoot-out kick that went in too); a save for a shot saved, over
    the bar, pushed away or a shoot-out kick missed; else the ball."""
    for event in events:
        if isinstance(event, ev.ShootoutKick):
            return "goal" if event.scored else "save"
    if any(isinstance(e, ev.Goal) for e in events):
        return "goal"
    return "save" if any(isinstance(e, (ev.Saved, ev.OverTheBar, ev.PushedAway)) for e in events) else "ball"


def kids_cards(view: Any, events: Sequence[Event], language: str) -> tuple[str, str] | None:
    """Kids' mode: the two cards turned over (C-RND-1), the reading seat's first."""
    for event in events:
        if isinstance(event, ev.Reveal):
            other = "blue" if view.seat == "red" else "red"
            return card_text(getattr(event, view.seat)), card_text(getattr(event, other))
    return None


SPEC = GameSpec(rules=chifootmi.GAME, title="Chifootmi", menu_order=10, console=ENTRY, cpu=CPU,
                options=ChifootmiOptions, strings=STRINGS,
                third_person=THIRD_PERSON, describe=commentary.describe,
                spectator_words=spectator_words, headline=reveal_headline, kids_picture=kids_picture,
                kids_cards=kids_cards)
"""Chifootmi, published under the ``pitchpad.games`` entry point."""
