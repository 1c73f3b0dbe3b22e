"""A Chifoumi game on the console: button presses in, choices to the engine, screens out.

Each seat at a pad has its own cursor (:class:`Pad`): it can look at any stack at any
time; on its turn OK picks a piece, then OK on a highlighted square moves it there. What a
seat has picked lives here until the move is made, and nothing about it reaches the other
pads. Screens are built from ``match.view(seat)`` only. Time comes in as ``now``.

Buttons: ◀ ▶ (LEFT/RIGHT) and ▲ ▼ (CARD1/CARD2) move the cursor, OK (CENTRE) picks or
moves, CARD3 goes back (or stops after a capture), CARD4 shows the legend. Who starts (2
players): LEFT rock, CENTRE paper, RIGHT scissors, picked by a press and locked in by the same
button again, as a card or a side is on every other screen (another hand changes the pick).

No press rewrites both screens of a two-player handheld whole (they share one 400 kHz I2C
bus, ``docs/performance.md``): the game opens on a kick-off sheet over the menu, the second
hand thrown flips both throw screens in place before the reveal, the last move is shown on
each board with why the game ended before the result comes on a timer (its OK draws the
menu on the pad pressed first). Buttons do nothing during those three (only a legend can be closed).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.chifoumi import PLACE, STOP, THROW, Choice, GameConfig, Hand, Move, Place, new_match
from engine.chifoumi import events as ev
from engine.chifoumi.pieces import ARMIES, army_of
from engine.chifoumi.bots import BOTS, DIFFICULTIES, make_bot, make_difficulty
from firmware.games.cpu import CpuPlayers
from firmware.games.session import TIMING, MatchSession, Pending, Seats, Timing
from hal.buttons import Button

from . import screens
from .screens import open_squares, spectator_screen
from .steps import Step

__all__ = ["CPU", "ChifoumiSession", "Pad", "Seats", "Step", "Timing", "open_squares",
           "spectator_screen"]

HANDS = {Button.LEFT: Hand.LEFT, Button.CENTRE: Hand.CENTRE, Button.RIGHT: Hand.RIGHT}
STEPS = {Button.LEFT: (-1, 0), Button.RIGHT: (1, 0), Button.CARD1: (0, 1), Button.CARD2: (0, -1)}
"""Cursor moves: (files, ranks)."""
CPU = CpuPlayers(tuple(DIFFICULTIES), make_difficulty, "pitchpad-chifoumi-cpu",
                 named={name: partial(make_bot, name) for name in BOTS})


@dataclass
class Pad:
    """One human seat's cursor and what it has picked so far."""

    cursor: int
    origin: int | None = None
    """The piece picked to move (its square)."""
    target: int | None = None
    """A square where the piece may stack or capture: waiting for ◀ stack / take ▶."""
    place: int | None = None
    """Placement variant: the square picked, waiting for a kind."""
    kind: int = 0
    legend: bool = False
    pick: Hand | None = None
    """The hand picked for the who-starts throw, not yet locked in."""
    hand: Hand | None = None
    """The hand locked in (thrown)."""
    taken_by: str | None = None
    """The army that has just taken a stack holding this seat's pieces: its board says so
    until the seat's next press or the next move (K-MOV-2)."""
    why: str | None = None
    """Why the last OK did nothing (``ck.why.*``), on the board's bottom bar until the next press."""


class ChifoumiSession(MatchSession[Pending]):
    """One game from the who-starts chifoumi (or the first move) to the result screen.

    The steps: ``KICKOFF``, ``THROW`` (who starts), ``FLIP`` (both hands thrown: each throw
    screen shows them in place), ``REVEAL``, ``CHOOSE`` (a move on the board), ``END`` (the
    game has just ended: each board after the last move, for ``Timing.reveal``), ``OVER``.
    """

    cpu_players = CPU

    def __init__(self, config: GameConfig, seed: int, seats: Seats, now: float, *,
                 timing: Timing = TIMING) -> None:
        super().__init__(config, seed, seats, now, timing=timing)
        self.pads = {seat: Pad(self._home(seat)) for seat in self.match.seats
                     if seat not in seats.cpus}
        self.throw: ev.Chifoumi | None = None

    @staticmethod
    def _new_match(config: GameConfig, seed: int) -> Any:
        return new_match(config)

    def _replayed(self, joint: dict[str, Any], events: list[Any]) -> None:
        """Each pad's cursor goes on the square of its seat's last move or placement (where OK
        left it), else stays at home."""
        for seat, choice in joint.items():
            pad = self.pads.get(seat)
            if pad is not None and isinstance(choice, (Move, Place)):
                pad.cursor = choice.target

    def _home(self, seat: str) -> int:
        """Where a seat's cursor starts: its first piece, else the centre."""
        view = self.view(seat)
        own = [i for i, stack in enumerate(view.board) if stack and stack[-1].army == seat]
        return own[len(own) // 2] if own else 24

    # ----- input ---------------------------------------------------------------------
    def _may_close_result(self, seat: str) -> bool:
        return seat in self.pads

    def _press(self, seat: str, button: Button, now: float) -> bool:
        pad = self.pads.get(seat)
        if pad is None:
            return False
        if pad.taken_by is not None:
            pad.taken_by = None                 # the notice is read: the press goes on
        pad.why = None
        if pad.legend:
            pad.legend = False
            return True
        if self.step in (Step.KICKOFF, Step.FLIP, Step.END):
            return False
        if button is Button.CARD4:
            pad.legend = True
            return True
        if self.step is Step.THROW:
            return self._throw(seat, pad, button, now)
        if self.step is not Step.CHOOSE:
            return False
        if pad.target is not None:
            return self._capture_or_stack(seat, pad, pad.target, button, now)
        if pad.place is not None:
            return self._pick_kind(seat, pad, pad.place, button, now)
        if button in STEPS:
            return self._move_cursor(pad, *STEPS[button])
        if button is Button.CARD3:
            return self._back(seat, pad, now)
        if button is Button.CENTRE:
            return self._ok(seat, pad, now)
        return False

    def _throw(self, seat: str, pad: Pad, button: Button, now: float) -> bool:
        """A hand's button picks it; the same button again throws it (locks it in)."""
        if pad.hand is not None or button not in HANDS or seat not in self.pending:
            return False
        if pad.pick is not HANDS[button]:
            pad.pick = HANDS[button]
            return True
        pad.hand = pad.pick
        self.lock(seat, THROW[pad.hand], now)
        return True

    def _move_cursor(self, pad: Pad, files: int, ranks: int) -> bool:
        file, rank = pad.cursor % 7 + files, pad.cursor // 7 + ranks
        if not (0 <= file < 7 and 0 <= rank < 7):
            return False
        pad.cursor = rank * 7 + file
        return True

    def _mine_to_play(self, seat: str) -> bool:
        return self.match.to_act() == (seat,)

    def _back(self, seat: str, pad: Pad, now: float) -> bool:
        if not self._mine_to_play(seat):
            return False
        if self.match.chain >= 0:
            self.lock(seat, STOP, now)
            return True
        if pad.origin is not None:
            pad.origin = None
            return True
        return False

    def _ok(self, seat: str, pad: Pad, now: float) -> bool:
        if not self._mine_to_play(seat):
            return False
        legal = self.legal(seat)
        if self.match.phase == "place":
            if any(isinstance(c, Place) and c.target == pad.cursor for c in legal):
                pad.place = pad.cursor
                pad.kind = self._kinds(seat)[0]
                return True
            return False
        origin = self._origin(pad)
        if origin is None:
            if pad.cursor in origins(legal):
                pad.origin = pad.cursor
                return True
            stack = self.view(seat).board[pad.cursor]
            pad.why = "ck.why.stuck" if stack and stack[-1].army == seat else "ck.why.pick"
            return True
        if pad.cursor == origin and self.match.chain < 0:
            pad.origin = None
            return True
        moves = [c for c in legal if isinstance(c, Move) and c.origin == origin
                 and c.target == pad.cursor]
        if len(moves) == 1:
            self.lock(seat, moves[0], now)
        elif moves:
            pad.target = pad.cursor
        else:
            pad.why = "ck.why.there"
        return True

    def _capture_or_stack(self, seat: str, pad: Pad, target: int, button: Button, now: float) -> bool:
        """Stack on or take ``target`` (the pad's ``target``), or go back."""
        if button is Button.CARD3:
            pad.target = None
            return True
        if button not in (Button.LEFT, Button.RIGHT):
            return False
        origin = self._origin(pad)
        assert origin is not None               # a target is picked only once a piece is
        pad.target = None
        self.lock(seat, Move(origin, target, button is Button.RIGHT), now)
        return True

    def _kinds(self, seat: str) -> list[int]:
        return sorted({c.kind for c in self.legal(seat) if isinstance(c, Place)})

    def _pick_kind(self, seat: str, pad: Pad, square: int, button: Button, now: float) -> bool:
        """The kind of piece to place on ``square`` (the pad's ``place``)."""
        kinds = self._kinds(seat)
        if button is Button.CARD3:
            pad.place = None
        elif button in (Button.LEFT, Button.RIGHT):
            step = 1 if button is Button.RIGHT else -1
            pad.kind = kinds[(kinds.index(pad.kind) + step) % len(kinds)]
        elif button is Button.CENTRE:
            place = PLACE[(square, pad.kind)]
            pad.place = None
            self.lock(seat, place, now)
        else:
            return False
        return True

    def _origin(self, pad: Pad) -> int | None:
        return self.match.chain if self.match.chain >= 0 else pad.origin

    # ----- steps -----------------------------------------------------------------------
    def _begin_turn(self, now: float) -> None:
        super()._begin_turn(now)
        if self.match.phase == "chifoumi":
            self.step = Step.THROW

    def _new_pending(self, seat: str, now: float) -> Pending:
        return Pending(deadline=self._cpu_deadline(seat, now))

    def _next_step(self, now: float) -> None:
        for pad in self.pads.values():
            pad.hand = pad.pick = None
        super()._next_step(now)

    def _moved(self, joint: Mapping[str, Any], events: list[Any]) -> None:
        for seat, pad in self.pads.items():
            pad.origin = pad.target = pad.place = None
            pad.taken_by = next((e.seat for e in events if isinstance(e, ev.Captured)
                                 and e.seat != seat and seat in captured_armies(e)), None)
        for event in events:
            if isinstance(event, ev.Chifoumi):
                self.throw = event

    def _tunes(self, events: list[Any]) -> list[str]:
        tunes = []
        for event in events:
            if isinstance(event, ev.Captured):
                tunes.append("save")
            elif isinstance(event, ev.GameOver):
                tunes.append("whistle")
        return tunes

    def _unflipped(self, now: float) -> None:
        """The hands thrown flip both throw screens in place (built from the throw, not kept);
        the game's last move shows on each board (``END``) before the result."""
        if isinstance(self.events[0], ev.Chifoumi):
            self.step = Step.FLIP
            self.step_until = now + self.timing.flip
        elif self.match.is_over:
            self.step = Step.END
            self.step_until = now + self.timing.reveal
        else:
            self._next_step(now)

    def showing_move(self) -> bool:
        """A move on the board stays on every board while the next seat decides (it has no
        reveal): a spare pad words it as long."""
        return super().showing_move() or (self.step is Step.CHOOSE and any(
            isinstance(e, (ev.Placed, ev.Moved, ev.Captured, ev.Passed)) for e in self.events))

    # ----- screens ------------------------------------------------------------------------
    def _seat_state(self, seat: str, now: float) -> screens.SeatState:
        """What ``seat``'s screen shows now, from its view only (and its own pad)."""
        view = self.view(seat)
        pad = self.pads.get(seat)
        mine = pad is not None and self._mine_to_play(seat)
        others = [p.hand is not None for s, p in self.pads.items() if s != seat]
        return screens.SeatState(
            view=view, step=self.step, pad=None if pad is None else screens.PadState(
                pad.cursor, self._origin(pad), pad.target, pad.place, pad.kind, pad.legend,
                None if pad.hand is None else pad.hand.value,
                None if pad.pick is None else pad.pick.value),
            others_thrown=all(others) if others else True, throw=self.throw, mine=mine,
            taken_by=None if pad is None else pad.taken_by, why=None if pad is None else pad.why,
            person=self.people.get(seat), names=tuple(sorted(self.people.items())),
            legal=tuple(self.legal(seat)) if mine else (), chain=self.match.chain >= 0)

    def _build(self, state: screens.SeatState) -> Any:
        return screens.build(state)


def captured_armies(event: ev.Captured) -> set[str]:
    """The armies whose pieces were in a stack taken (every piece of it is shown to all)."""
    return {ARMIES[army_of(p)] for p in event.pieces}


def origins(legal: tuple[Choice, ...]) -> set[int]:
    return {c.origin for c in legal if isinstance(c, Move)}
