"""Simulator Soccer as the platform knows it: one :class:`~firmware.games.spec.GameSpec`."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, ClassVar

from engine import simulator_soccer
from engine.events import Event
from engine.simulator_soccer import events as soccer_events
from engine.protocol import JSONObject
from engine.simulator_soccer import PRO_OPTIONS, Choice, SoccerChoices, SoccerView
from engine.simulator_soccer.bots import POLICIES, SoccerBot
from firmware.games.cpu import CpuPlayers
from firmware.games.options import GameOptions, option
from firmware.games.spec import GameSpec

from .entry import ENTRY, HALVES, SoccerSettings, describe
from .screens import reveal_headline
from .session import CPU
from .spectator import soccer_words
from .strings import STRINGS

HALF_STEPS = range(1, 34)


@dataclass(frozen=True)
class SoccerOptions(GameOptions):
    """``--half-steps`` (S-TIME-1: ``pitchpad match`` plays 1 to 33, the book's 33 unless
    given; ``pitchpad sim`` plays the console's settings, so the menu's 10, 20 or 33, its 10
    unless given) and ``--option`` (``tiebreak`` and the Pro rules, S-PRO-*)."""

    game: ClassVar[str] = "simulator-soccer"
    half_steps: int | None = option(
        None, "clock steps a half (S-TIME-1): pitchpad match 1-33, default 33; pitchpad sim the "
              "menu's 10, 20 or 33, default 10", choices=HALF_STEPS)
    option: tuple[str, ...] = option((), "a rule option", choices=("tiebreak", *PRO_OPTIONS))

    def setup(self) -> JSONObject:
        return {"options": {"half_steps": self.half_steps or 33, "tiebreak": "tiebreak" in self.option,
                            "pro": [name for name in self.option if name != "tiebreak"]}}

    def settings(self, settings: SoccerSettings) -> SoccerSettings:
        if self.half_steps is not None and self.half_steps not in HALVES:
            raise ValueError(f"the simulator plays the menu's halves: --half-steps "
                             f"{', '.join(map(str, HALVES[:-1]))} or {HALVES[-1]}, not {self.half_steps} "
                             f"(pitchpad match plays 1 to 33)")
        if self.half_steps is not None:
            settings = replace(settings, half_steps=self.half_steps)
        if self.option:
            settings = replace(settings, tiebreak="tiebreak" in self.option,
                               pro_rules=any(name in PRO_OPTIONS for name in self.option))
        return settings


def stdio_question(view: SoccerView[Any], legal: Sequence[Choice]) -> JSONObject:
    """A stdio seat's question: the view, the legal choices (a list decision lists only its
    empty and one-entry lists; any list the rules take is accepted), and for a list decision
    ``"moves"``: who may be its first entry, and where (docs/formats/stdio-seat.md)."""
    line: JSONObject = {"view": view.to_json(), "legal": [choice.to_json() for choice in legal]}
    walk = legal.menu if isinstance(legal, SoccerChoices) else None
    if walk is not None:
        line["moves"] = {str(num): [list(c) for c in cells] for num, cells in walk.options().items()}
    return line


CPU_PLAYERS: CpuPlayers = replace(CPU, named={name: partial(SoccerBot, name) for name in POLICIES})

def kids_picture(events: Sequence[Event]) -> str | None:
    """Kids' mode: a goal; a shot that did not go in (saved, wide, blocked) is a save; else the
    ball."""
    if any(isinstance(e, soccer_events.Goal) for e in events):
        return "goal"
    missed = any(isinstance(e, soccer_events.Shot) and e.result in ("saved", "wide", "blocked") for e in events)
    return "save" if missed else "ball"


SPEC = GameSpec(rules=simulator_soccer.GAME, title="Sim. Soccer", menu_order=40, console=ENTRY,
                cpu=CPU_PLAYERS, options=SoccerOptions, strings=STRINGS, describe=describe,
                spectator_words=soccer_words, headline=reveal_headline, stdio_question=stdio_question,
                kids_picture=kids_picture)
"""Simulator Soccer, published under the ``pitchpad.games`` entry point."""
