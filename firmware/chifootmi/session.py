"""A Chifootmi match on the console: button presses in, joint decisions to the engine,
per-seat screens out.

The engine only ever sees complete joint decisions. What a seat has highlighted or locked
in lives here (:class:`Pending`), so it can change its mind until every seat has locked
in, and nothing about it reaches the other seat except "has locked in".

Screens and CPU seats read ``match.view(seat)`` and ``match.legal_choices(seat)`` only.
The session is a fold of its joint decisions (:attr:`ChifootmiSession.decisions`) over
``new_match(config, seed)``: :meth:`ChifootmiSession.rebuild` restores it after a power cut.
Time comes in as ``now`` arguments; the session never reads a clock itself. Seats, lock-in,
flip, reveal, CPU seats and the rebuild are the shared core's (``firmware.games.session``).
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.chifootmi.bots import BOTS, DIFFICULTIES, make_bot, make_difficulty
from engine.chifootmi.bots.base import Bot as ChifootmiBot
from engine.chifootmi import (
    DIVE, DRAW_PILE1, DRAW_PILE2, FLAG_DOWN, FLAG_RAISED, PLAY, SHOOT, ChifootmiView, Choice,
    MatchConfig, Side, new_match,
)
from engine.chifootmi import events as ev
from firmware.games.cpu import CpuPlayers, budget_of
from firmware.games.session import TIMING, MatchSession, Pending, Seats
from firmware.games.session import Step as SharedStep, Timing as SharedTiming
from hal.buttons import CARDS, Button

from . import screens
from .steps import Step, Timing

__all__ = ["CPU", "ChifootmiSession", "ChoicePending", "Seats", "Step", "Timing", "button_choice"]

SIDE_BUTTONS = {Button.LEFT: Side.LEFT, Button.CENTRE: Side.CENTRE, Button.RIGHT: Side.RIGHT}
PILE_BUTTONS = {Button.LEFT: DRAW_PILE1, Button.RIGHT: DRAW_PILE2}



CPU = CpuPlayers(tuple(DIFFICULTIES), make_difficulty, "pitchpad-cpu",
                 named={name: partial(make_bot, name) for name in BOTS},
                 budget=budget_of(ChifootmiBot))


@dataclass
class ChoicePending(Pending):
    """One seat's decision in the making: the button it highlighted, whether it locked in."""

    highlight: Button | None = None


def button_choice(decision: str | None, view: ChifootmiView, legal: Sequence[Choice],
                  button: Button) -> Choice | None:
    """What ``button`` means for this decision, or None when it means nothing now."""
    choice: Choice | None = None
    if decision == "play" and button in CARDS:
        slot = CARDS.index(button)
        if slot < len(view.you.active) and (card := view.you.active[slot].card) is not None:
            choice = PLAY[card]                         # (a seat knows its own cards: never None)
    elif decision == "shoot" and button in SIDE_BUTTONS:
        choice = SHOOT[SIDE_BUTTONS[button]]
    elif decision == "dive" and button in SIDE_BUTTONS:
        choice = DIVE[SIDE_BUTTONS[button]]
    elif decision == "draw" and button in PILE_BUTTONS:
        choice = PILE_BUTTONS[button]
    elif decision == "flag" and button is Button.CENTRE:
        choice = FLAG_RAISED
    return choice if choice in legal else None


class ChifootmiSession(MatchSession[ChoicePending]):
    """One match from kick-off to the result screen."""

    cpu_players = CPU
    timing: Timing
    """The console's timings and the offside window (:class:`~firmware.chifootmi.steps.Timing`)."""

    def __init__(self, config: MatchConfig, seed: int, seats: Seats, now: float, *,
                 timing: SharedTiming = TIMING, move_clock: float = 0.0) -> None:
        self.last_joint: dict[str, Choice] = {}
        self.ran_out: dict[str, str] = {}
        """Seats whose move clock ran out on this move: ``random`` (nothing picked) or
        ``picked`` (their highlighted choice locked in); their flip says so."""
        self.helping: set[str] = set()
        """Seats whose pad shows the help page (the piles, the corner mark) until their next
        press or the next move."""
        super().__init__(config, seed, seats, now, timing=Timing.of(timing), move_clock=move_clock)

    @staticmethod
    def _new_match(config: MatchConfig, seed: int) -> Any:
        return new_match(config, seed)

    # ----- input ---------------------------------------------------------------------
    def _press(self, seat: str, button: Button, now: float) -> bool:
        if seat in self.helping:                # the help page read: the press only closes it
            self.helping.discard(seat)
            return True
        if self.is_cpu(seat):
            return False
        view = self.view(seat)
        if button is Button.CENTRE and self.step is Step.CHOOSE and view.decision in ("play", None):
            self.helping.add(seat)              # OK means nothing in a card round: "OK?"
            return True
        pending = self.pending.get(seat)
        if pending is None:
            return False
        choice = button_choice(view.decision, view, self.legal(seat), button)
        if choice is None:
            return False
        if self.step is Step.FLAG:
            self._apply({seat: choice}, now)
            return True
        if pending.highlight is button:
            if pending.locked is not None:
                return False
            self.lock(seat, choice, now)
            return True
        pending.highlight = button
        pending.locked = None
        return True

    # ----- time ----------------------------------------------------------------------
    def _countdown_deadline(self, now: float) -> float | None:
        if not self._countdown_visible():
            return None
        tick = 0.5 if self.step is Step.FLAG else 1.0
        return self.step_started + (math.floor((now - self.step_started) / tick) + 1) * tick

    def _step_ended(self, step: SharedStep, now: float) -> None:
        if step is Step.FLAG:
            self._flag_down(now)
        else:
            self._next_step(now)

    def _flag_down(self, now: float) -> None:
        """The offside window closed with no flag. A person defending who pressed nothing in
        it let it close as the move clock lets a choice run out: the decision counts for a
        match nobody plays (``Timing.unattended_turns``), or a flag window in every few
        decisions would keep such a match going for ever. One who pressed (a button that
        means nothing here) was there: the core's count starts again, as after a flag raised."""
        defender = self._defender()
        if not self.is_cpu(defender):
            self.clock_picked.add(defender)
        self._apply({defender: FLAG_DOWN}, now)

    def _cpu_chose(self, seat: str, choice: Any, now: float) -> None:
        if self.step is Step.FLAG:
            self._apply({seat: choice}, now)
        else:
            self.lock(seat, choice, now)

    def _clock_ran_out(self, seat: str, pending: ChoicePending, now: float) -> None:
        """The choice picked is locked in; with none picked, one at random (the session
        core's :meth:`clock_choice`), shown on the seat's screen as if its button was pressed."""
        view, legal = self.view(seat), self.legal(seat)
        if pending.highlight is not None:
            self.ran_out[seat] = "picked"
            self.lock(seat, button_choice(view.decision, view, legal, pending.highlight), now)
            return
        self.ran_out[seat] = "random"
        choice = self.clock_choice(seat)
        pending.highlight = next(
            (button for button in (*CARDS, Button.LEFT, Button.RIGHT, Button.CENTRE)
             if button_choice(view.decision, view, legal, button) == choice), None)
        self.lock(seat, choice, now)

    # ----- steps -----------------------------------------------------------------------
    def _begin_turn(self, now: float) -> None:
        """The flag window, or a joint choice (a CPU answers after ``cpu_think``, a person's
        move clock runs when there is one)."""
        if self._flag_window():
            self._start_flag(now)
        else:
            super()._begin_turn(now)

    def _new_pending(self, seat: str, now: float) -> ChoicePending:
        return ChoicePending(deadline=self._turn_deadline(seat, now))

    def _start_flag(self, now: float) -> None:
        self.step = Step.FLAG
        defender = self._defender()
        self.step_until = now + self.timing.offside_window
        pending = ChoicePending()
        cpu = self.seats.cpus.get(defender)
        if cpu is not None:
            reaction = cpu.flag_reaction(self.view(defender), self.cpu_rng(defender))
            if reaction is not None and reaction <= self.timing.offside_window:
                pending.deadline = now + reaction
        self.pending[defender] = pending

    def _flag_window(self) -> bool:
        seats = self.match.to_act()
        return bool(seats) and self.view(seats[0]).decision == "flag"

    def _defender(self) -> str:
        return self.match.to_act()[0]

    def _flips_anything(self, joint: Mapping[str, Any]) -> bool:
        return True

    def _moved(self, joint: Mapping[str, Any], events: list[Any]) -> None:
        self.last_joint = dict(joint)
        self.helping.clear()                    # the move shows instead

    def _tunes(self, events: list[Any]) -> list[str]:
        tunes = []
        for event in events:
            if isinstance(event, ev.Goal) or (isinstance(event, ev.ShootoutKick) and event.scored):
                tunes.append("goal")
            elif isinstance(event, ev.Saved) or (isinstance(event, ev.ShootoutKick) and not event.scored):
                tunes.append("save")
        return tunes

    def _flips(self, before: dict[str, Any], seen: dict[str, Any]) -> dict[str, Any]:
        """Each seat's screen as it was, with the choices shown (what it drew from its own
        views before and after the move)."""
        ran_out, self.ran_out = self.ran_out, {}
        return {seat: screens.flipped(screen, self.events, seat, self.opponent_key(seat),
                                      seen[seat], self.view(seat), ran_out.get(seat))
                for seat, screen in before.items()}

    def _flip_time(self, flips: Mapping[str, Any]) -> float:
        """A flip saying the move clock chose ("Trop tard ! Au hasard") stays
        ``Timing.too_late``: 0.5 s was gone before a child had read it."""
        late = any(getattr(flip, "ran_out", None) is not None for flip in flips.values())
        return self.timing.too_late if late else self.timing.flip

    def _after_flip(self, now: float) -> None:
        """What the move leads to once the flip has been seen: the offside window, the next
        choice (after a draw) or the reveal."""
        if self._flag_window():
            self._start_flag(now)
        elif all(isinstance(event, ev.Drew) for event in self.events):
            self._next_step(now)
        else:
            self.step = Step.REVEAL
            self.step_until = now + self.timing.reveal

    # ----- countdowns --------------------------------------------------------------------
    def _countdown_visible(self) -> bool:
        if self.step is Step.FLAG:
            return True
        return self.step is Step.CHOOSE and any(
            p.deadline is not None and p.locked is None and not self.is_cpu(seat)
            for seat, p in self.pending.items())

    def seconds_left(self, seat: str, now: float) -> float | None:
        """The visible countdown on ``seat``'s screen: the flag window, or its move clock."""
        if self.step is Step.FLAG and self.step_until is not None:
            return max(0.0, self.step_until - now)
        pending = self.pending.get(seat)
        if (self.step is Step.CHOOSE and pending is not None and pending.locked is None
                and pending.deadline is not None and not self.is_cpu(seat)):
            return max(0.0, pending.deadline - now)
        return None

    # ----- screens ------------------------------------------------------------------------
    def _seat_state(self, seat: str, now: float) -> screens.SeatState:
        """Everything ``seat``'s screen shows, from its view only, plus "has the other locked
        in" — never what it chose."""
        pending = self.pending.get(seat)
        theirs = self.pending.get(screens.other(seat))
        button = pending.highlight if pending is not None else None
        return screens.SeatState(
            view=self.view(seat), opponent_key=self.opponent_key(seat), step=self.step,
            flip=self.flips.get(seat) if self.step is Step.FLIP else None,
            spectator=self.all_cpus,
            events=tuple(self.events) if self.step in (Step.FLAG, Step.REVEAL) else (),
            deciding=pending is not None, locked=pending is not None and pending.locked is not None,
            slot=CARDS.index(button) if button in CARDS else None,
            side=SIDE_BUTTONS[button].value if button in SIDE_BUTTONS else None,
            pile=("left" if button is Button.LEFT else "right") if button in PILE_BUTTONS else None,
            opponent="" if theirs is None else "locked" if theirs.locked is not None else "choosing",
            seconds_left=self.seconds_left(seat, now), offside_window=self.timing.offside_window,
            person=self.people.get(seat), cpu=self.is_cpu(seat), help=seat in self.helping)

    def _build(self, state: screens.SeatState) -> screens.Screen:
        return screens.build(state)
