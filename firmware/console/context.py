"""What a mode of the console sees: the :class:`Context` (the console's services and the few
things only the app itself can do), never the app.

The console is one small mode machine (``firmware.console.app.App``): splash, menu, saver,
demo, resume offer, stats, names, tournament, a match. Each mode is one :class:`ModeState`
object that says when it must wake up, what a press does, what its timers do and what each pad
shows; it changes the mode by entering another. The services it is handed do the rest: the
menu and its settings, the pads' presence and the match clock (``presence``), the screens
(``display``), the journal and results (``records``), the match on now (``match``), the names
and the tournament.
"""
from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from firmware.console.display import Display
from firmware.console.match_on import MatchOn
from firmware.console.menu import Menu
from firmware.console.phone_screens import PhonesFlow, WatchWaiting
from firmware.console.presence import Presence
from firmware.console.records import Records
from firmware.console.roster_screens import RosterFlow
from firmware.console.tournament_screens import TournamentFlow
from firmware.games.session import Timing
from firmware.storage.history import Stats
from firmware.storage.journal import JournalledMatch
from firmware.storage.settings import Settings
from hal.buttons import ButtonEvent
from hal.clock import Clock


@dataclass(frozen=True)
class Idle:
    """All-day café unit: dim and move a screensaver in the menu, drop abandoned matches."""

    screensaver_after: float = 180.0
    screensaver_move: float = 8.0
    abandon_after: float = 600.0
    splash: float = 0.6
    """Long enough to see the name, short enough that the menu is up within 1.5 s of start."""
    attract_for: float = 0.0
    """Idle in the menu, a CPU-vs-CPU demo on the screens this long (``firmware.console.modes.Attract``),
    then the dimmed saver; 0: no demo, the saver at once (the handheld, on its battery).
    The tabletop unit and the simulator show one (:data:`CAFE_IDLE`)."""
    saver_for: float = 900.0
    """With a demo, how long the saver stays before the demo comes back."""


CAFE_IDLE = Idle(attract_for=300.0)
"""A unit on a café table, on mains power: a demo when idle, five minutes out of twenty."""
HANDHELD_IDLE = Idle()
"""The handheld, on its battery: the plain saver when idle, no demo."""


class Mode(enum.StrEnum):
    SPLASH = "splash"
    MENU = "menu"
    SAVER = "saver"
    ATTRACT = "attract"
    RESUME = "resume"
    STATS = "stats"
    ROSTER = "roster"
    PICK = "pick"
    TOURNAMENT = "tournament"
    MATCH = "match"
    POWER = "power"
    PHONES = "phones"


class Context(Protocol):
    """The console as its modes see it."""

    clock: Clock
    idle: Idle
    timing: Timing
    demo: bool
    """Every seat a CPU, one match, then the app stops (``pitchpad sim`` with no terminal)."""
    menu: Menu
    presence: Presence
    display: Display
    records: Records
    match: MatchOn
    roster: RosterFlow
    tournament: TournamentFlow
    phones: PhonesFlow

    @property
    def pads(self) -> range: ...

    @property
    def settings(self) -> Settings: ...

    def enter(self, state: ModeState) -> None:
        """Change mode; the idle timers count from now."""

    def save_settings(self) -> None: ...

    def stats(self) -> Stats: ...

    def count_names(self) -> None:
        """The menu's names and tournament lines, after the names or the tournament changed."""

    def start_match(self, people: dict[str, str] | None = None, fixture: int | None = None,
                    starter: int | None = None) -> None:
        """Start the match the menu (or a tournament fixture) describes; ``starter`` (the pad
        that pressed OK) plays in it."""

    def resume(self, offer: JournalledMatch) -> None:
        """Rebuild the match a power cut cut off, from its journal."""

    def forget_offer(self) -> None: ...

    def match_now(self) -> float:
        """The sessions' clock: wall time without the holds."""

    def hold_match(self) -> None:
        """Hold the match clock while a pad is unplugged or a question is open; let it run
        again when neither is."""

    def play_tunes(self, names: Sequence[str]) -> None: ...

    def finish(self) -> None:
        """The demo match is over: the app stops."""

    def power_off(self) -> None:
        """Yes to the menu's power-off question: end what is on, goodbye, power off."""


@dataclass
class ModeState:
    """A mode, entered at ``since`` (the app's clock)."""

    since: float
    kind: ClassVar[Mode]
    staggered: ClassVar[bool] = False
    """A press in, into or out of this mode (but into a match) redraws the pad pressed at once
    and the others on the loop's next pass (``App.step``): the same screen on every pad (the
    menu scrolling, the stats page, waking from the saver or the demo) would otherwise put
    two whole frames (46 ms) on the handheld's shared bus before the presser sees anything."""
    holds_match: ClassVar[bool] = False
    """The match clock stands still in this mode while a pad is unplugged or a question is
    open (a match)."""

    def deadline(self, ctx: Context) -> float | None:
        return None

    def press(self, ctx: Context, event: ButtonEvent) -> None:
        """A press on a pad of the console (``event.pad`` is one)."""

    def tick(self, ctx: Context, now: float) -> None:
        """Run what is due at ``now``."""

    def screen(self, ctx: Context, pad: int) -> Any:
        raise NotImplementedError

    def lit(self, ctx: Context, pad: int) -> bool:
        """Whether the pad's LED is on (a match lights it for the seat with the ball...)."""
        return False

    def questioning(self) -> bool:
        """A "leave the match?" question is open (the match stands still)."""
        return False

    def plays_by_itself(self, ctx: Context) -> bool:
        """Something plays on the screens with nobody pressing (the demo, a CPU-only match):
        the console does not sleep then."""
        return False

    def spectator(self, ctx: Context) -> Any:
        """What a phone watching as a spectator shows: a match's score and moves while one is
        played, else that it waits for one."""
        return WatchWaiting()
