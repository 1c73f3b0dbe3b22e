"""Spot Kicks on the console: its session, settings and menu lines, start and resume, CPU pad,
LEDs, options (the commands' flags) and its :class:`~firmware.games.spec.GameSpec`.

Registered only by an entry point (``pitchpad.games``: ``spot-kicks = ...console:SPEC``) that
the tests put on the path: no product file names this game.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.events import Event
from engine.protocol import JSONObject
from firmware.games.cpu import CpuPlayers, match_secret
from firmware.games.options import GameOptions, option
from firmware.games.session import MatchSession, Pending, Seats, Step
from firmware.games.sheets import CpuPadScreen, Standing
from firmware.games.spec import (
    ConsoleEntry, GameSpec, MatchStart, Resume, Row, Started, Words, against_cpu, journal_header,
    journalled_cpus, players_row, red_blue_seats,
)
from firmware.i18n import seat_key
from firmware.storage.settings import known_fields
from hal.buttons import Button

from . import screens
from .rules import GAME, KICKS, SIDES, Config, Final, RandomBot, ShootoutKick, SimpleBot, SpotScript, Toss

TITLE = "Spot Kicks"
SIDE_BUTTONS = {Button.LEFT: "left", Button.CENTRE: "middle", Button.RIGHT: "right"}
CPU = CpuPlayers(("easy", "medium"), lambda level: SimpleBot() if level == "medium" else RandomBot(),
                 "pitchpad-spot-kicks-cpu", named={"random": RandomBot, "simple": SimpleBot})


@dataclass
class SidePending(Pending):
    """The side a seat has picked (highlighted; locked in by pressing it again)."""

    side: str | None = None


class SpotSession(MatchSession[SidePending]):
    """A match on the console: a side per button, the same button again locks it in."""

    cpu_players = CPU

    @staticmethod
    def _new_match(config: Config, seed: int) -> Any:
        return GAME.new_match(config, seed)

    def _press(self, seat: str, button: Button, now: float) -> bool:
        pending = self.pending.get(seat)
        side = SIDE_BUTTONS.get(button)
        if pending is None or self.is_cpu(seat) or side is None or pending.locked is not None:
            return False
        if pending.side != side:
            pending.side = side
            return True
        choice = next(c for c in self.legal(seat) if c.side == side)
        self.lock(seat, choice, now)
        return True

    def _new_pending(self, seat: str, now: float) -> SidePending:
        return SidePending(deadline=self._turn_deadline(seat, now))

    def _flips_anything(self, joint: Mapping[str, Any]) -> bool:
        return True

    def _flips(self, before: dict[str, Any], seen: dict[str, Any]) -> dict[str, Any]:
        """The flip screens are built from each seat's state (the kick, without words)."""
        return {}

    def _tunes(self, events: list[Any]) -> list[str]:
        return ["goal" if e.scored else "save" for e in events if isinstance(e, ShootoutKick)]

    def _seat_state(self, seat: str, now: float) -> screens.SeatState:
        """From ``seat``'s view and its own pick only; of the other, "has picked"."""
        pending = self.pending.get(seat)
        theirs = next((p for s, p in self.pending.items() if s != seat), None)
        return screens.SeatState(
            view=self.view(seat), opponent_key=self.opponent_key(seat), step=self.step,
            spectator=self.all_cpus, highlight=pending.side if pending is not None else None,
            locked=pending is not None and pending.locked is not None,
            opponent="" if theirs is None else "locked" if theirs.locked is not None else "choosing")

    def _build(self, state: screens.SeatState) -> Any:
        return screens.build(state, TITLE)


@dataclass(frozen=True)
class SpotSettings:
    players: str = "cpu"
    difficulty: str = "easy"
    kicks: int = 5

    @classmethod
    def from_json(cls, obj: Any) -> SpotSettings:
        settings = known_fields(cls, obj)
        return settings if settings.kicks in KICKS and settings.players in ("cpu", "two") else cls()


def rows(settings: SpotSettings, pad_count: int) -> list[Row]:
    shown = [players_row(pad_count)]
    if against_cpu(settings.players, pad_count):
        shown.append(Row("difficulty", "menu.cpu", CPU.difficulties(), "difficulty."))
    return shown + [Row("kicks", "sk.menu.kicks", KICKS)]


def _seats(cpus: dict[str, str], names: dict[str, str], console: dict[str, Any]) -> Seats:
    return Seats(CPU.seats(cpus, console), names, secret=match_secret(console))


def start(start: MatchStart) -> Started:
    settings: SpotSettings = start.settings
    cpus, names = red_blue_seats(settings.players, settings.difficulty, start)
    config = Config(settings.kicks)
    console: dict[str, Any] = {"cpus": cpus, "names": names, "cpu_secret": start.cpu_secret}
    session = SpotSession(config, start.seed, _seats(cpus, names, console), start.now, timing=start.timing)
    journal = None if start.demo else (journal_header(SpotScript(config, start.seed)), console)
    return Started(session, ("red", "blue"), cpus, journal)


def resume(resume: Resume) -> Started:
    script, console = resume.parsed(), dict(resume.console)
    cpus = journalled_cpus(console)
    session = SpotSession.rebuild(script.config, script.seed, resume.decisions,
                                  _seats(cpus, dict(console.get("names", {})), console), resume.now,
                                  timing=resume.timing)
    return Started(session, ("red", "blue"), cpus, (dict(resume.script), console))


def cpu_screen(session: SpotSession, seat: str) -> Any:
    """The score; the toss and the result as a spectator reads them."""
    view = session.view(seat)
    if session.step is Step.KICKOFF:
        return screens.KickoffScreen(TITLE, view, "", True)
    if session.step is Step.OVER:
        return screens.result_screen(view, "", True)
    return CpuPadScreen(Standing.tallied(view.score))


ENTRY = ConsoleEntry(
    settings=SpotSettings.from_json, rows=rows, start=start, resume=resume, cpu_screen=cpu_screen,
    lit=lambda session, seat: session.view(seat).kicker == seat,
    two_people=lambda settings: replace(settings, players="two"), kids={"difficulty": "easy"})


@dataclass(frozen=True)
class SpotOptions(GameOptions):
    """``--kicks`` 5 or 3 (5 unless given)."""

    game: ClassVar[str] = "spot-kicks"
    kicks: int | None = option(None, "kicks each before sudden death (default 5)", choices=KICKS)

    def setup(self) -> JSONObject:
        return {"kicks": self.kicks or 5}

    def settings(self, settings: SpotSettings) -> SpotSettings:
        return settings if self.kicks is None else replace(settings, kicks=self.kicks)


def describe(event: Event) -> str | None:
    """The headless simulator's line for an event."""
    if isinstance(event, Toss):
        return f"Toss: {event.first} kicks first"
    if isinstance(event, ShootoutKick):
        keeper = "blue" if event.seat == "red" else "red"
        outcome = "goal" if event.scored else "saved"
        return (f"{event.seat.capitalize()} kicks {event.aim}, {keeper} dives {event.dive}: {outcome} "
                f"({event.red}-{event.blue})")
    if isinstance(event, Final):
        return f"Final whistle: {event.winner or 'a draw'}"
    return None


def kids_picture(events: Sequence[Event]) -> str | None:
    """Kids' mode: a kick that went in is a goal, one that did not a save."""
    kick = next((e for e in events if isinstance(e, ShootoutKick)), None)
    return None if kick is None else "goal" if kick.scored else "save"


def spectator_words(events: Sequence[Event]) -> Words:
    """A spare pad's line for a kick: who kicked, and whether it went in."""
    return tuple(("watch.pen_scored" if e.scored else "watch.pen_missed", {"team": seat_key(e.seat)})
                 for e in events if isinstance(e, ShootoutKick))


SPEC = GameSpec(rules=GAME, title=TITLE, menu_order=90, console=ENTRY, cpu=CPU, options=SpotOptions,
                strings=screens.STRINGS, describe=describe, spectator_words=spectator_words,
                headline=screens.reveal_headline, kids_picture=kids_picture)
"""Spot Kicks, published under the ``pitchpad.games`` entry point (by the tests only)."""

__all__ = ["SIDES", "SPEC", "SpotSession", "SpotSettings"]
