"""A Chifoumi game on the console: button presses in, choices to the engine, screens out.

Each seat at a pad has its own cursor (:class:`Pad`): it can look at any stack at any
time; on its turn OK picks a piece, then OK on a highlighted square moves it there. What a
seat has picked lives here until the move is made, and nothing about it reaches the other
pads. Screens are built from ``match.view(seat)`` only. Time comes in as ``now``.

Buttons: ◀ ▶ (LEFT/RIGHT) and ▲ ▼ (CARD1/CARD2) move the cursor, OK (CENTRE) picks or
moves, CARD3 goes back (or stops after a capture), CARD4 shows the legend. Who starts (2
players): LEFT rock, CENTRE paper, RIGHT scissors.

No press rewrites both screens of a two-player handheld whole (they share one 400 kHz I2C
bus, ``docs/performance.md``): the game opens on a kick-off sheet over the menu, the second
hand thrown flips both throw screens in place before the reveal, the last move is shown on
each board with why the game ended before the result (a sheet over the menu) comes on a
timer. Buttons do nothing during those three (only a legend can be closed).
"""
from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.chifoumi import (
    PLACE, STOP, THROW, ChifoumiView, Choice, GameConfig, Hand, Kind, Move, Place, new_match,
    square,
)
from engine.chifoumi import events as ev
from engine.chifoumi.pieces import NEIGHBOURS
from firmware.chifootmi.session import Timing
from hal.buttons import Button

from . import screens
from .cpu import cpu_rng

CENTRE = square("d4")
HANDS = {Button.LEFT: Hand.LEFT, Button.CENTRE: Hand.CENTRE, Button.RIGHT: Hand.RIGHT}
STEPS = {Button.LEFT: (-1, 0), Button.RIGHT: (1, 0), Button.CARD1: (0, 1), Button.CARD2: (0, -1)}
"""Cursor moves: (files, ranks)."""


class Step(enum.Enum):
    KICKOFF = "kickoff"
    THROW = "throw"
    FLIP = "flip"
    """Both hands thrown: each throw screen shows them in place, for ``Timing.flip``."""
    REVEAL = "reveal"
    PLAY = "play"
    END = "end"
    """The game has just ended: each board after the last move, for ``Timing.reveal``."""
    OVER = "over"


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
    hand: Hand | None = None


@dataclass
class Seats:
    """Who sits where: seat -> CPU (an engine bot); every other seat is a person at a pad."""

    cpus: Mapping[str, Any] = field(default_factory=dict)


class ChifoumiSession:
    """One game from the who-starts chifoumi (or the first move) to the result screen."""

    def __init__(self, config: GameConfig, seed: int, seats: Seats, now: float, *,
                 timing: Timing = Timing()) -> None:
        self.config = config
        self.seed = seed
        self.seats = seats
        self.timing = timing
        self.match = new_match(config)
        self.decisions: list[dict[str, Choice]] = []
        self.history: list[Any] = self.match.opening_events()
        self.finished = False
        self.tunes: list[str] = ["whistle"]
        self.pads = {seat: Pad(self._home(seat)) for seat in self.match.seats
                     if seat not in seats.cpus}
        self.step = Step.KICKOFF
        self.step_until: float | None = now + timing.kickoff
        self.throw: ev.Chifoumi | None = None
        self.cpu_due: float | None = None
        self.cpu_throws: dict[str, Choice] = {}

    # ----- the journal ---------------------------------------------------------------
    @classmethod
    def rebuild(cls, config: GameConfig, seed: int, decisions: Sequence[Mapping[str, Choice]],
                seats: Seats, now: float, **options: Any) -> ChifoumiSession:
        """The session after ``decisions`` (a game resumed after a power cut), waiting for the
        next one (no kick-off, no reveal screen). Each pad's cursor is on the square of its
        seat's last move or placement (where OK left it), else at home; CPU seats answer
        ``cpu_think`` after ``now`` with the choice they would have made (randomness keyed by
        the decision)."""
        session = cls(config, seed, seats, now, **options)
        for joint in decisions:
            events = session.match.apply(joint)
            session.history += events
            session.decisions.append(dict(joint))
            for seat, choice in joint.items():
                pad = session.pads.get(seat)
                if pad is not None and isinstance(choice, (Move, Place)):
                    pad.cursor = choice.target
            for event in events:
                if isinstance(event, ev.Chifoumi):
                    session.throw = event
        session.tunes.clear()
        session.step_until = session.cpu_due = None
        session._next_step(now)
        return session

    def _home(self, seat: str) -> int:
        """Where a seat's cursor starts: its first piece, else the centre."""
        view = self.match.view(seat)
        own = [i for i, stack in enumerate(view.board) if stack and stack[-1].army == seat]
        return own[len(own) // 2] if own else 24

    # ----- input ---------------------------------------------------------------------
    def press(self, seat: str, button: Button, now: float) -> bool:
        """A person pressed ``button`` on ``seat``'s pad; True when anything changed."""
        if self.step is Step.OVER:
            if button is Button.CENTRE and seat in self.pads:
                self.finished = True
                return True
            return False
        pad = self.pads.get(seat)
        if pad is None:
            return False
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
        if self.step is not Step.PLAY:
            return False
        if pad.target is not None:
            return self._capture_or_stack(seat, pad, button, now)
        if pad.place is not None:
            return self._pick_kind(seat, pad, button, now)
        if button in STEPS:
            return self._move_cursor(pad, *STEPS[button])
        if button is Button.CARD3:
            return self._back(seat, pad, now)
        if button is Button.CENTRE:
            return self._ok(seat, pad, now)
        return False

    def _throw(self, seat: str, pad: Pad, button: Button, now: float) -> bool:
        if pad.hand is not None or button not in HANDS:
            return False
        pad.hand = HANDS[button]
        self._maybe_throw(now)
        return True

    def _maybe_throw(self, now: float) -> None:
        hands = {seat: pad.hand for seat, pad in self.pads.items()}
        if all(hand is not None for hand in hands.values()) and self.cpu_due is None:
            joint: dict[str, Choice] = {seat: THROW[hand] for seat, hand in hands.items()  # type: ignore[index]
                                        if hand is not None}
            joint.update(self.cpu_throws)
            self._apply(joint, now)

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
            self._apply({seat: STOP}, now)
            return True
        if pad.origin is not None:
            pad.origin = None
            return True
        return False

    def _ok(self, seat: str, pad: Pad, now: float) -> bool:
        if not self._mine_to_play(seat):
            return False
        legal = self.match.legal_choices(seat)
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
            return False
        if pad.cursor == origin and self.match.chain < 0:
            pad.origin = None
            return True
        moves = [c for c in legal if isinstance(c, Move) and c.origin == origin
                 and c.target == pad.cursor]
        if len(moves) == 1:
            self._apply({seat: moves[0]}, now)
        elif moves:
            pad.target = pad.cursor
        return bool(moves)

    def _capture_or_stack(self, seat: str, pad: Pad, button: Button, now: float) -> bool:
        if button is Button.CARD3:
            pad.target = None
            return True
        if button not in (Button.LEFT, Button.RIGHT):
            return False
        origin, target = self._origin(pad), pad.target
        pad.target = None
        self._apply({seat: Move(origin, target, button is Button.RIGHT)}, now)  # type: ignore[arg-type]
        return True

    def _kinds(self, seat: str) -> list[int]:
        return sorted({c.kind for c in self.match.legal_choices(seat) if isinstance(c, Place)})

    def _pick_kind(self, seat: str, pad: Pad, button: Button, now: float) -> bool:
        kinds = self._kinds(seat)
        if button is Button.CARD3:
            pad.place = None
        elif button in (Button.LEFT, Button.RIGHT):
            step = 1 if button is Button.RIGHT else -1
            pad.kind = kinds[(kinds.index(pad.kind) + step) % len(kinds)]
        elif button is Button.CENTRE:
            place = PLACE[(pad.place, pad.kind)]  # type: ignore[index]
            pad.place = None
            self._apply({seat: place}, now)
        else:
            return False
        return True

    def _origin(self, pad: Pad) -> int | None:
        return self.match.chain if self.match.chain >= 0 else pad.origin

    # ----- time ----------------------------------------------------------------------
    def deadline(self, now: float) -> float | None:
        times = [t for t in (self.step_until, self.cpu_due) if t is not None]
        return min(times) if times else None

    def tick(self, now: float) -> bool:
        """Run everything due at ``now``; True when anything may have changed on a screen."""
        changed = False
        for _ in range(64):
            if self.step_until is not None and now >= self.step_until:
                self.step_until = None
                if self.step is Step.OVER:
                    self.finished = True
                    return True
                if self.step is Step.FLIP:
                    self.step = Step.REVEAL
                    self.step_until = now + self.timing.reveal
                else:
                    self._next_step(now)
            elif self.cpu_due is not None and now >= self.cpu_due:
                self.cpu_due = None
                self._cpu_plays(now)
            else:
                return changed
            changed = True
        return changed

    def _cpu_plays(self, now: float) -> None:
        cpus = [seat for seat in self.match.to_act() if seat in self.seats.cpus]
        choices = {seat: self.seats.cpus[seat].choose(
            self.match.view(seat), self.match.legal_choices(seat),
            cpu_rng(self.seed, seat, len(self.decisions))) for seat in cpus}
        if self.step is Step.THROW:
            self.cpu_throws = choices
            self._maybe_throw(now)
        else:
            self._apply(choices, now)

    # ----- steps -----------------------------------------------------------------------
    def _next_step(self, now: float) -> None:
        self.cpu_throws = {}
        for pad in self.pads.values():
            pad.hand = None
        if self.match.is_over:
            self.step = Step.OVER
            if not self.pads:
                self.step_until = now + self.timing.result_demo
            return
        self.step = Step.THROW if self.match.phase == "chifoumi" else Step.PLAY
        if any(seat in self.seats.cpus for seat in self.match.to_act()):
            self.cpu_due = now + self.timing.cpu_think

    def _apply(self, joint: dict[str, Choice], now: float) -> None:
        events = self.match.apply(joint)
        self.history += events
        self.decisions.append(joint)
        for pad in self.pads.values():
            pad.origin = pad.target = pad.place = None
        for event in events:
            if isinstance(event, ev.Captured):
                self.tunes.append("save")
            elif isinstance(event, ev.GameOver):
                self.tunes.append("whistle")
            elif isinstance(event, ev.Chifoumi):
                self.throw = event
        if isinstance(events[0], ev.Chifoumi):
            self.step = Step.FLIP
            self.step_until = now + self.timing.flip
        elif self.match.is_over:
            self.step = Step.END
            self.step_until = now + self.timing.reveal
        else:
            self._next_step(now)

    # ----- screens ------------------------------------------------------------------------
    def screen(self, seat: str, now: float) -> screens.Screen:
        """What ``seat``'s screen shows now, built from its view only."""
        view = self.match.view(seat)
        pad = self.pads.get(seat)
        if self.step is Step.OVER:
            return screens.ResultScreen(view, pad is None)
        if self.step is Step.KICKOFF:
            return screens.KickoffScreen(view, pad is None)
        if pad is not None and pad.legend:
            return screens.LegendScreen(view)
        if self.step in (Step.FLIP, Step.REVEAL) and self.throw is not None:
            hands = dict(self.throw.hands)
            other = next(s for s in self.match.seats if s != seat)
            if self.step is Step.FLIP:
                thrown = screens.ThrowScreen(view, hands[seat], True)
                return screens.FlipScreen(thrown, hands[other])
            return screens.ThrowRevealScreen(view, hands[seat], hands[other], self.throw.winner)
        if self.step is Step.END:
            board = screens.BoardScreen(view, pad.cursor if pad else None, mode="over")
            return screens.EndScreen(board, view.reason)
        if pad is None:
            return spectator_screen(view)
        if self.step is Step.THROW:
            others = [p.hand is not None for s, p in self.pads.items() if s != seat]
            locked = all(others) if others else True
            return screens.ThrowScreen(view, pad.hand.value if pad.hand else None, locked)
        return self._board(view, pad)

    def _board(self, view: ChifoumiView, pad: Pad) -> screens.BoardScreen:
        seat = view.seat
        mine = self._mine_to_play(seat)
        legal = self.match.legal_choices(seat) if mine else ()
        if view.phase == "place":
            squares = (tuple(sorted({c.target for c in legal if isinstance(c, Place)})) if mine
                       else open_squares(view))
            if not mine:
                return screens.BoardScreen(view, pad.cursor, targets=squares)
            if pad.place is not None:
                # the last piece: its marks go as its square is picked, not with the placement
                # (which already changes the other seat's screen)
                last = sum(view.reserve.get(seat, {}).values()) == 1
                return screens.BoardScreen(view, pad.place, targets=() if last else squares,
                                           mode="kind", kind=Kind(pad.kind).name)
            return screens.BoardScreen(view, pad.cursor, targets=squares, mode="place")
        if not mine:
            return screens.BoardScreen(view, pad.cursor)
        origin = self._origin(pad)
        if origin is None:
            return screens.BoardScreen(view, pad.cursor, mode="pick")
        targets = tuple(sorted({c.target for c in legal
                                if isinstance(c, Move) and c.origin == origin}))
        if pad.target is not None:
            return screens.BoardScreen(view, pad.target, origin, targets, "capture")
        mode = "chain" if self.match.chain >= 0 else "target"
        return screens.BoardScreen(view, pad.cursor, origin, targets, mode)


def open_squares(view: ChifoumiView) -> tuple[int, ...]:
    """Where ``view``'s seat may put a piece while another seat places (K-2P-4): any square but
    d4 that is empty or topped by its own piece, with no other army's piece on top next to it;
    none once its reserve is empty. On its turn the engine's legal choices say the same.

    Its board marks these squares through the whole placement, its turn or not, so a placement
    changes only the squares around the new piece on each screen (not every free square
    appearing on one and vanishing from the other: more than the shared bus takes per press).
    """
    if not any(view.reserve.get(view.seat, {}).values()):
        return ()
    top = [stack[-1].army if stack else None for stack in view.board]
    return tuple(target for target in range(len(view.board))
                 if target != CENTRE and top[target] in (None, view.seat)
                 and all(top[n] in (None, view.seat) for n in NEIGHBOURS[target]))


def origins(legal: tuple[Choice, ...]) -> set[int]:
    return {c.origin for c in legal if isinstance(c, Move)}


def spectator_screen(view: ChifoumiView) -> screens.BoardScreen:
    """A CPU seat's pad (or a demo): the board's top pieces, no cursor, nothing hidden shown."""
    return screens.BoardScreen(view, None, mode="cpu")
