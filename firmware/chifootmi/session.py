"""A Chifootmi match on the console: button presses in, joint decisions to the engine,
per-seat screens out.

The engine only ever sees complete joint decisions. What a seat has highlighted or locked
in lives here (:class:`Pending`), so it can change its mind until every seat has locked
in, and nothing about it reaches the other seat except "has locked in".

Screens and CPU seats read ``match.view(seat)`` and ``match.legal_choices(seat)`` only.
The session is a fold of its joint decisions (:attr:`ChifootmiSession.decisions`) over
``new_match(config, seed)``: :meth:`ChifootmiSession.rebuild` restores it after a power cut.
Time comes in as ``now`` arguments; the session never reads a clock itself.
"""
from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.chifootmi import (
    DIVE, DRAW_PILE1, DRAW_PILE2, FLAG_DOWN, FLAG_RAISED, PLAY, SHOOT, ChifootmiView, Choice,
    MatchConfig, Side, new_match,
)
from engine.chifootmi import events as ev
from hal.buttons import CARDS, Button

from . import screens
from .cpu import OFFSIDE_WINDOW, cpu_rng

SIDE_BUTTONS = {Button.LEFT: Side.LEFT, Button.CENTRE: Side.CENTRE, Button.RIGHT: Side.RIGHT}
PILE_BUTTONS = {Button.LEFT: DRAW_PILE1, Button.RIGHT: DRAW_PILE2}


@dataclass(frozen=True)
class Timing:
    """How long things stay on screen, in seconds (all configurable, all from one clock)."""

    kickoff: float = 2.5
    flip: float = 0.5
    """Everything locked in: the choices shown in place, before the reveal's words."""
    reveal: float = 2.3
    cpu_think: float = 1.2
    offside_window: float = OFFSIDE_WINDOW
    result_demo: float = 6.0


class Step(enum.Enum):
    KICKOFF = "kickoff"
    CHOOSE = "choose"
    FLAG = "flag"
    FLIP = "flip"
    REVEAL = "reveal"
    OVER = "over"


@dataclass
class Pending:
    """One seat's decision in the making: the button it highlighted, whether it locked in."""

    highlight: Button | None = None
    locked: Choice | None = None
    deadline: float | None = None
    """When the move clock locks the highlight in (humans) or the CPU answers."""


@dataclass
class Seats:
    """Who sits where: a CPU (an engine bot) or a person on a pad."""

    cpus: Mapping[str, Any] = field(default_factory=dict)
    opponent_names: Mapping[str, str] = field(default_factory=dict)
    """What each seat calls the other on its screen (an i18n key: ``cpu`` or ``team.*``)."""


def button_choice(decision: str | None, view: ChifootmiView, legal: Sequence[Choice],
                  button: Button) -> Choice | None:
    """What ``button`` means for this decision, or None when it means nothing now."""
    choice: Choice | None = None
    if decision == "play" and button in CARDS:
        slot = CARDS.index(button)
        if slot < len(view.you.active):
            choice = PLAY[view.you.active[slot].card]  # type: ignore[index]
    elif decision == "shoot" and button in SIDE_BUTTONS:
        choice = SHOOT[SIDE_BUTTONS[button]]
    elif decision == "dive" and button in SIDE_BUTTONS:
        choice = DIVE[SIDE_BUTTONS[button]]
    elif decision == "draw" and button in PILE_BUTTONS:
        choice = PILE_BUTTONS[button]
    elif decision == "flag" and button is Button.CENTRE:
        choice = FLAG_RAISED
    return choice if choice in legal else None


def first_button(decision: str | None, view: ChifootmiView, legal: Sequence[Choice]) -> Button:
    """The button the move clock falls back on when nothing is highlighted."""
    for button in (*CARDS, Button.LEFT, Button.RIGHT, Button.CENTRE):
        if button_choice(decision, view, legal, button) is not None:
            return button
    raise ValueError(f"no button means anything for {decision!r}")


class ChifootmiSession:
    """One match from kick-off to the result screen."""

    def __init__(self, config: MatchConfig, seed: int, seats: Seats, now: float, *,
                 timing: Timing = Timing(), move_clock: float = 0.0) -> None:
        self.config = config
        self.seed = seed
        self.seats = seats
        self.timing = timing
        self.move_clock = move_clock
        self.match = new_match(config, seed)
        self.decisions: list[dict[str, Choice]] = []
        self.pending: dict[str, Pending] = {}
        self.step = Step.KICKOFF
        self.step_until: float | None = now + timing.kickoff
        self.step_started = now
        self.events: list[Any] = self.match.opening_events()
        self.history: list[Any] = list(self.events)
        """Every event of the match so far (for the sim's summary)."""
        self.last_joint: dict[str, Choice] = {}
        self.flips: dict[str, screens.FlipScreen] = {}
        """Each seat's flip screen while ``step`` is ``FLIP``."""
        self.finished = False
        self.tunes: list[str] = ["whistle"]
        """Tunes to play, taken by the app (``goal``, ``save``, ``whistle``)."""

    # ----- the journal -------------------------------------------------------------
    @classmethod
    def rebuild(cls, config: MatchConfig, seed: int, decisions: Sequence[Mapping[str, Choice]],
                seats: Seats, now: float, **options: Any) -> ChifootmiSession:
        """The session after ``decisions``, waiting for the next one (no kick-off screen)."""
        session = cls(config, seed, seats, now, **options)
        for joint in decisions:
            session.events = session.match.apply(joint)
            session.history += session.events
            session.decisions.append(dict(joint))
            session.last_joint = dict(joint)
        session.tunes.clear()
        session._next_step(now)
        return session

    # ----- input ---------------------------------------------------------------------
    def press(self, seat: str, button: Button, now: float) -> bool:
        """A human seat pressed ``button``; True when anything changed."""
        if self.step is Step.OVER:
            if button is Button.CENTRE:
                self.finished = True
                return True
            return False
        pending = self.pending.get(seat)
        if pending is None or seat in self.seats.cpus:
            return False
        view = self.match.view(seat)
        legal = self.match.legal_choices(seat)
        choice = button_choice(view.decision, view, legal, button)
        if choice is None:
            return False
        if self.step is Step.FLAG:
            self._apply({seat: choice}, now)
            return True
        if pending.highlight is button:
            if pending.locked is not None:
                return False
            pending.locked = choice
            self._maybe_apply(now)
            return True
        pending.highlight = button
        pending.locked = None
        return True

    # ----- time ----------------------------------------------------------------------
    def deadline(self, now: float) -> float | None:
        """The next moment something happens (or a countdown on a screen changes)."""
        times = [p.deadline for p in self.pending.values()
                 if p.deadline is not None and p.locked is None]
        if self.step_until is not None:
            times.append(self.step_until)
        if self._countdown_visible():
            tick = self._tick()
            times.append(self.step_started + (math.floor((now - self.step_started) / tick) + 1) * tick)
        return min(times) if times else None

    def tick(self, now: float) -> bool:
        """Run everything due at ``now``; True when anything may have changed on a screen."""
        changed = False
        for _ in range(64):  # a step can end several things at once; never loop forever
            if not self._tick_once(now):
                return changed
            changed = True
        return changed

    def _tick_once(self, now: float) -> bool:
        if self.step_until is not None and now >= self.step_until:
            if self.step is Step.FLAG:
                self._apply({self._defender(): FLAG_DOWN}, now)
            elif self.step is Step.FLIP:
                self._after_flip(now)
            elif self.step is Step.OVER:
                self.finished = True
                self.step_until = None
            else:
                self._next_step(now)
            return True
        for seat, pending in self.pending.items():
            if pending.locked is None and pending.deadline is not None and now >= pending.deadline:
                self._timed_out(seat, pending, now)
                return True
        return False

    def _timed_out(self, seat: str, pending: Pending, now: float) -> None:
        view = self.match.view(seat)
        legal = self.match.legal_choices(seat)
        if seat in self.seats.cpus:
            choice = self._cpu_choice(seat, view, legal)
            if self.step is Step.FLAG:
                self._apply({seat: choice}, now)
                return
            pending.locked = choice
        else:
            if pending.highlight is None:
                pending.highlight = first_button(view.decision, view, legal)
            pending.locked = button_choice(view.decision, view, legal, pending.highlight)
        pending.deadline = None
        self._maybe_apply(now)

    def _cpu_choice(self, seat: str, view: ChifootmiView, legal: Sequence[Choice]) -> Choice:
        return self.seats.cpus[seat].choose(view, legal, cpu_rng(self.seed, seat, len(self.decisions)))

    # ----- steps -----------------------------------------------------------------------
    def _next_step(self, now: float) -> None:
        """Start whatever the match waits for now: a joint choice, the flag window, or the end."""
        self.step_started = now
        self.pending = {}
        self.step_until = None
        if self.match.is_over:
            self.step = Step.OVER
            if all(seat in self.seats.cpus for seat in self.match.seats):
                self.step_until = now + self.timing.result_demo
            return
        if self._flag_window():
            self._start_flag(now)
            return
        self.step = Step.CHOOSE
        for seat in self.match.to_act():
            if seat in self.seats.cpus:
                deadline: float | None = now + self.timing.cpu_think
            else:
                deadline = now + self.move_clock if self.move_clock else None
            self.pending[seat] = Pending(deadline=deadline)

    def _start_flag(self, now: float) -> None:
        self.step = Step.FLAG
        defender = self._defender()
        self.step_until = now + self.timing.offside_window
        pending = Pending()
        cpu = self.seats.cpus.get(defender)
        if cpu is not None:
            rng = cpu_rng(self.seed, defender, len(self.decisions))
            reaction = cpu.flag_reaction(self.match.view(defender), rng)
            if reaction is not None and reaction <= self.timing.offside_window:
                pending.deadline = now + reaction
        self.pending[defender] = pending

    def _flag_window(self) -> bool:
        seats = self.match.to_act()
        return bool(seats) and self.match.view(seats[0]).decision == "flag"

    def _defender(self) -> str:
        return self.match.to_act()[0]

    def _maybe_apply(self, now: float) -> None:
        if self.pending and all(p.locked is not None for p in self.pending.values()):
            self._apply({seat: p.locked for seat, p in self.pending.items()}, now)  # type: ignore[misc]

    def _apply(self, joint: dict[str, Choice], now: float) -> None:
        """Play ``joint``, then flip: each seat's screen as it was, with the choices shown."""
        before = {seat: (screens.build(self, seat, now), self.match.view(seat))
                  for seat in self.match.seats}
        self.events = self.match.apply(joint)
        self.history += self.events
        self.decisions.append(joint)
        self.last_joint = joint
        self.pending = {}
        self.step_started = now
        for event in self.events:
            if isinstance(event, (ev.Goal,)) or (isinstance(event, ev.ShootoutKick) and event.scored):
                self.tunes.append("goal")
            elif isinstance(event, ev.Saved) or (isinstance(event, ev.ShootoutKick) and not event.scored):
                self.tunes.append("save")
        self.flips = {
            seat: screens.flipped(screen, self.events, seat,
                                  self.seats.opponent_names.get(seat, "team." + screens.other(seat)),
                                  seen, self.match.view(seat))
            for seat, (screen, seen) in before.items()}
        self.step = Step.FLIP
        self.step_until = now + self.timing.flip

    def _after_flip(self, now: float) -> None:
        """What the move leads to once the flip has been seen: the offside window, the next
        choice (after a draw) or the reveal."""
        self.flips = {}
        self.step_started = now
        if self._flag_window():
            self._start_flag(now)
            return
        if all(isinstance(event, ev.Drew) for event in self.events):
            self._next_step(now)
            return
        self.step = Step.REVEAL
        self.step_until = now + self.timing.reveal

    # ----- countdowns --------------------------------------------------------------------
    def _tick(self) -> float:
        return 0.5 if self.step is Step.FLAG else 1.0

    def _countdown_visible(self) -> bool:
        if self.step is Step.FLAG:
            return True
        return self.step is Step.CHOOSE and any(
            p.deadline is not None and p.locked is None and seat not in self.seats.cpus
            for seat, p in self.pending.items())

    def seconds_left(self, seat: str, now: float) -> float | None:
        """The visible countdown on ``seat``'s screen: the flag window, or its move clock."""
        if self.step is Step.FLAG and self.step_until is not None:
            return max(0.0, self.step_until - now)
        pending = self.pending.get(seat)
        if (self.step is Step.CHOOSE and pending is not None and pending.locked is None
                and pending.deadline is not None and seat not in self.seats.cpus):
            return max(0.0, pending.deadline - now)
        return None

    # ----- screens ------------------------------------------------------------------------
    def screen(self, seat: str, now: float) -> screens.Screen:
        """What ``seat``'s screen shows now, built from its view only."""
        return screens.build(self, seat, now)
