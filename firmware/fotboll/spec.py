"""Fotboll as the platform knows it: one :class:`~firmware.games.spec.GameSpec`."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine import fotboll
from engine.fotboll.script import OPTION_NAMES
from engine.protocol import JSONObject
from firmware.games.options import GameOptions, option
from firmware.games.spec import GameSpec

from .entry import ENTRY, FotbollSettings
from .screens import reveal_headline
from .session import CPU
from .strings import STRINGS


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


SPEC = GameSpec(rules=fotboll.GAME, title="Fotboll", menu_order=20, console=ENTRY, cpu=CPU,
                options=FotbollOptions, strings=STRINGS, headline=reveal_headline)
"""Fotboll, published under the ``pitchpad.games`` entry point."""
