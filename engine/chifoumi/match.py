"""A Chifoumi game: the rules of ``docs/rules/chifoumi.md`` as a state machine.

The state changes in place (``apply``) and ``clone`` copies it, like the other games. Inside,
seats are indexes into ``seats`` (turn order) and everything on the board is a small int
(:mod:`.pieces`); every public face speaks seat and square names.

A turn is one seat's decisions from its move to its stop: after a capture the same seat is
asked again (K-MOV-3), so ``to_act`` stays on it until it stops or moves without capturing.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import BadSetup, IllegalChoice, MatchOver
from ..match import Match
from . import events as ev
from .view import ChifoumiView, view_of
from .choices import MOVE, PLACE, STOP, THROWS, Choice, Move, Place, Stop, Throw
from .pieces import (
    ARMIES, CENTRE, NEIGHBOURS, SEATS_BY_PLAYERS, SQUARES, START, TAKES_TABLE, GameConfig,
    Kind, army_pieces, square_name, team_of,
)

THROW_PHASE, PLACE_PHASE, MOVE_PHASE, OVER_PHASE = "chifoumi", "place", "move", "over"
MOVE_LIMIT = 40
"""Whole turns in a row without a capture that end the game (K-END-2)."""
SERIES_TARGET = 15
_TAKE_MASK = tuple(sum(1 << o for o in range(4) if TAKES_TABLE[k][o]) for k in range(4))


class ChifoumiMatch(Match):
    """One game in progress. Build it with :func:`new_match`."""

    __slots__ = ("config", "players", "seats", "armies", "teams", "board", "reserve", "phase",
                 "current", "first", "chain", "quiet", "turns", "turn_captured", "captured",
                 "gone", "reason", "_legal")
    copied = ("board", "reserve", "captured", "gone")

    def __init__(self, config: GameConfig, first: str | None = None) -> None:
        if config.players not in SEATS_BY_PLAYERS:
            raise BadSetup(f"Chifoumi is for 2, 3 or 4 players, not {config.players!r}")
        if config.players == 4 and config.options.placement:
            raise BadSetup("the placement variant is not played with 4 players (K-4P-1)")
        self.config = config
        self.players = config.players
        self.seats: tuple[str, ...] = SEATS_BY_PLAYERS[config.players]
        self.armies = tuple(ARMIES.index(seat) for seat in self.seats)
        self.teams = tuple(team_of(a, self.players) for a in range(4))
        self.board: list[tuple[int, ...]] = [()] * SQUARES
        self.reserve: list[list[int]] = [[0, 0, 0, 0] for _ in self.seats]
        if config.options.placement:
            for s in range(len(self.seats)):
                for kind in army_pieces(self.players):
                    self.reserve[s][kind] += 1
        else:
            for army, layout in START[self.players].items():
                for sq, kind in layout:
                    self.board[sq] = (army * 4 + kind,)
        self.chain = -1
        self.quiet = 0
        self.turns = 0
        self.turn_captured = False
        self.captured = [0] * len(self.seats)
        """Enemy pieces (another team's) in the stacks each seat took."""
        self.gone = [[0, 0, 0, 0] for _ in range(4)]
        """Per army, per kind: pieces that left the board (public, K-MOV-5)."""
        self.reason: str | None = None
        self._legal: tuple[Choice, ...] | None = None
        if first is None and self.players > 2:
            first = "white"
        if first is not None and first not in self.seats:
            raise BadSetup(f"first must be one of {', '.join(self.seats)}, not {first!r}")
        self.first = -1 if first is None else self.seats.index(first)
        self.current = self.first
        self.phase = THROW_PHASE
        if first is not None:
            self._begin(self.first)

    # ----- the protocol -------------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        """The seats that decide now: both during the who-starts chifoumi, else one."""
        if self.phase == OVER_PHASE:
            return ()
        if self.phase == THROW_PHASE:
            return tuple(sorted(self.seats))
        return (self.seats[self.current],)

    def legal_choices(self, seat: str) -> tuple[Choice, ...]:
        if seat not in self.to_act():
            return ()
        if self.phase == THROW_PHASE:
            return THROWS
        if self._legal is None:
            if self.phase == PLACE_PHASE:
                self._legal = self._placements(self.current)
            elif self.chain >= 0:
                self._legal = (*self._moves_from(self.chain, self.armies[self.current]), STOP)
            else:
                self._legal = self._moves(self.current)
        return self._legal

    @property
    def is_over(self) -> bool:
        return self.phase == OVER_PHASE

    @property
    def winner(self) -> str | None:
        """The winning seat; with 4 players the winning team (``"white+black"``,
        ``"red+orange"``) or ``"draw"``; with 3 players ``"shared"`` for a tie at the top.
        None while the game goes on."""
        return self.result() if self.phase == OVER_PHASE else None

    def opening_events(self) -> list[Any]:
        return [ev.First(self.seats[self.first])] if self.first >= 0 else []

    def view(self, seat: str) -> ChifoumiView:
        """What ``seat`` may know (K-MOV-5): see :mod:`engine.chifoumi.view`."""
        return view_of(self, seat)

    def describe(self) -> str:
        to_move = self.seats[self.current] if self.current >= 0 else "-"
        return f"{self.players} players {self.phase} turn {self.turns} {to_move}"

    def apply(self, joint: Mapping[str, Choice]) -> list[Any]:
        """Apply the decision of the seat(s) to act; ``IllegalChoice`` leaves the state as it was."""
        if self.phase == OVER_PHASE:
            raise MatchOver("K-END-1")
        want = self.to_act()
        for seat in joint:
            if seat not in want:
                rule = "K-2P-1" if self.phase == THROW_PHASE else "K-MOV-1"
                known = seat in self.seats
                raise IllegalChoice(rule, f"it is not {seat}'s turn" if known
                                    else f"no seat called {seat!r} in this game")
        missing = [seat for seat in want if seat not in joint]
        if missing:
            raise IllegalChoice("K-2P-1" if self.phase == THROW_PHASE else "K-MOV-1",
                                f"waiting for {' and '.join(missing)} to decide")
        for seat in want:
            choice = joint[seat]
            if choice not in self.legal_choices(seat):
                raise self._refusal(seat, choice)
        if self.phase == THROW_PHASE:
            return self._throw(joint)
        return self.play(joint[want[0]])

    def play(self, choice: Choice) -> list[Any]:
        """Apply a choice taken from ``legal_choices`` without checking it again (search)."""
        if self.phase == THROW_PHASE:
            raise ValueError("the who-starts chifoumi is a joint decision: use apply")
        self._legal = None
        if isinstance(choice, Move):
            return self._move(choice)
        if isinstance(choice, Place):
            return self._place(choice)
        if isinstance(choice, Stop):
            out: list[Any] = [ev.Stopped(self.seats[self.current])]
            self._end_turn(out)
            return out
        raise ValueError("a hand is thrown only in the who-starts chifoumi")

    # ----- moves ---------------------------------------------------------------------
    def _moves_from(self, origin: int, army: int) -> list[Move]:
        board, teams = self.board, self.teams
        mover = board[origin][-1]
        takes = TAKES_TABLE[mover & 3]
        team = teams[army]
        out = []
        for target in NEIGHBOURS[origin]:
            stack = board[target]
            if not stack:
                out.append(MOVE[(origin, target, None)])
                continue
            top = stack[-1]
            if teams[top >> 2] == team:
                if takes[top & 3]:
                    out.append(MOVE[(origin, target, True)])
                    out.append(MOVE[(origin, target, False)])
                else:
                    out.append(MOVE[(origin, target, None)])
            elif takes[top & 3]:
                out.append(MOVE[(origin, target, None)])
        return out

    def _moves(self, s: int) -> tuple[Move, ...]:
        army = self.armies[s]
        out: list[Move] = []
        for origin, stack in enumerate(self.board):
            if stack and stack[-1] >> 2 == army:
                out += self._moves_from(origin, army)
        return tuple(out)

    def _can_move(self, s: int) -> bool:
        army = self.armies[s]
        for origin, stack in enumerate(self.board):
            if stack and stack[-1] >> 2 == army and self._moves_from(origin, army):
                return True
        return False

    def _move(self, move: Move) -> list[Any]:
        s = self.current
        seat = self.seats[s]
        board = self.board
        stack = board[move.origin]
        mover = stack[-1]
        board[move.origin] = stack[:-1]
        target = board[move.target]
        out: list[Any] = []
        capture = bool(target) and (move.capture is True or (
            move.capture is None and self.teams[target[-1] >> 2] != self.teams[mover >> 2]))
        out.append(ev.Moved(seat, move.origin, move.target, mover & 3,
                            bool(target) and not capture))
        if capture:
            board[move.target] = (mover,)
            team = self.teams[mover >> 2]
            for p in target:
                self.gone[p >> 2][p & 3] += 1
                if self.teams[p >> 2] != team:
                    self.captured[s] += 1
            out.append(ev.Captured(seat, move.target, target))
            self.turn_captured = True
            self.chain = move.target
        else:
            board[move.target] = target + (mover,)
            self._end_turn(out)
        return out

    # ----- turns and the end -----------------------------------------------------------
    def _end_turn(self, out: list[Any]) -> None:
        self.turns += 1
        self.quiet = 0 if self.turn_captured else self.quiet + 1
        self.turn_captured = False
        self.chain = -1
        reason = self._end_reason()
        if reason is not None:
            self._finish(reason, out)
            return
        self._next_mover(self.current + 1, out)

    def _next_mover(self, start: int, out: list[Any]) -> None:
        """Give the turn to the first seat from ``start`` on that can move; the others pass."""
        n = len(self.seats)
        order = [(start + i) % n for i in range(n)]
        movers = [s for s in order if self._can_move(s)]
        if not movers:
            self._finish("no_moves", out)
            return
        for s in order:
            if s == movers[0]:
                break
            out.append(ev.Passed(self.seats[s]))
        self.current = movers[0]

    def _end_reason(self) -> str | None:
        masks = [0, 0, 0, 0]
        counts = [0, 0, 0, 0]
        teams = self.teams
        for stack in self.board:
            for p in stack:
                masks[teams[p >> 2]] |= 1 << (p & 3)
                counts[p >> 2] += 1
        if self.players == 2 and any(counts[a] == 0 for a in self.armies):
            return "no_pieces"
        if not self._capture_possible(masks):
            return "no_capture"
        if self.quiet >= MOVE_LIMIT:
            return "move_limit"
        return None

    @staticmethod
    def _capture_possible(masks: list[int]) -> bool:
        """K-END-1: some kind of one team takes some kind of another, at any layer."""
        for a in range(4):
            for b in range(4):
                if a != b and masks[a] and masks[b]:
                    for k in range(4):
                        if masks[a] >> k & 1 and _TAKE_MASK[k] & masks[b]:
                            return True
        return False

    def _finish(self, reason: str, out: list[Any]) -> None:
        self.phase = OVER_PHASE
        self.reason = reason
        self.chain = -1
        points = self.points()
        out.append(ev.GameOver(reason, self.result(), tuple(points.items())))

    def _begin(self, first: int) -> None:
        """The start is known: place (variant) or move, ``first`` first."""
        self.first = first
        if self.config.options.placement:
            self.phase = PLACE_PHASE
            self.current = first
        else:
            self.phase = MOVE_PHASE
            out: list[Any] = []
            self._next_mover(first, out)

    def _throw(self, joint: Mapping[str, Choice]) -> list[Any]:
        a, b = self.seats
        throw_a, throw_b = joint[a], joint[b]
        assert isinstance(throw_a, Throw) and isinstance(throw_b, Throw)  # apply checked them legal
        hand_a, hand_b = throw_a.hand, throw_b.hand
        winner = a if hand_a.beats(hand_b) else b if hand_b.beats(hand_a) else None
        out: list[Any] = [ev.Chifoumi(((a, hand_a.value), (b, hand_b.value)), winner)]
        if winner is not None:
            self._begin(self.seats.index(winner))
            out.append(ev.First(winner))
        return out

    # ----- the placement variant (K-2P-4) -------------------------------------------------
    def _place_squares(self, s: int) -> list[int]:
        army, board = self.armies[s], self.board
        squares = []
        for target in range(SQUARES):
            if target == CENTRE or (board[target] and board[target][-1] >> 2 != army):
                continue
            if all(not board[n] or board[n][-1] >> 2 == army for n in NEIGHBOURS[target]):
                squares.append(target)
        return squares

    def _placements(self, s: int) -> tuple[Place, ...]:
        kinds = [k for k in range(4) if self.reserve[s][k]]
        if not kinds:
            return ()
        return tuple(PLACE[(t, k)] for t in self._place_squares(s) for k in kinds)

    def _place(self, place: Place) -> list[Any]:
        s = self.current
        self.reserve[s][place.kind] -= 1
        self.board[place.target] = self.board[place.target] + (self.armies[s] * 4 + place.kind,)
        out: list[Any] = [ev.Placed(self.seats[s], place.target, place.kind)]
        n = len(self.seats)
        for i in range(1, n + 1):
            nxt = (s + i) % n
            if self._placements(nxt):
                self.current = nxt
                return out
            if any(self.reserve[nxt]):
                out.append(ev.Passed(self.seats[nxt]))
        self.phase = MOVE_PHASE
        reason = self._end_reason()
        if reason is not None:
            self._finish(reason, out)
        else:
            self._next_mover(self.first, out)
        return out

    # ----- scores (K-2P-3, K-3P-2, K-4P-3) ----------------------------------------------
    def pieces_on_board(self) -> dict[str, int]:
        counts = [0, 0, 0, 0]
        for stack in self.board:
            for p in stack:
                counts[p >> 2] += 1
        return {seat: counts[army] for seat, army in zip(self.seats, self.armies)}

    def points(self) -> dict[str, float]:
        """2 players: pieces on the board, +½ for who did not start; 3: enemy pieces captured;
        4: pieces on the board (the team totals decide)."""
        if self.players == 3:
            return {seat: float(n) for seat, n in zip(self.seats, self.captured)}
        points = {seat: float(n) for seat, n in self.pieces_on_board().items()}
        if self.players == 2 and self.first >= 0:
            points[self.seats[1 - self.first]] += 0.5
        return points

    def result(self) -> str:
        """Who is ahead on the rules' count now (the winner once the game is over)."""
        points = self.points()
        if self.players == 4:
            light = points["white"] + points["black"]
            dark = points["red"] + points["orange"]
            return "white+black" if light > dark else "red+orange" if dark > light else "draw"
        best = max(points.values())
        top = [seat for seat, p in points.items() if p == best]
        return top[0] if len(top) == 1 else "shared"

    def returns(self) -> dict[str, float]:
        """Each seat's outcome in [0, 1] (win 1, shared or drawn ½, lost 0), for search."""
        result = self.result()
        if result in ("draw", "shared"):
            tied = set(self.seats) if result == "draw" else {
                s for s, p in self.points().items() if p == max(self.points().values())}
            return {seat: (0.5 if seat in tied else 0.0) for seat in self.seats}
        return {seat: (1.0 if seat in result.split("+") else 0.0) for seat in self.seats}

    # ----- refusals, naming the rule -------------------------------------------------------
    def _refusal(self, seat: str, choice: Any) -> IllegalChoice:
        if self.phase == THROW_PHASE:
            return IllegalChoice("K-2P-1", f"{seat} plays the who-starts chifoumi now "
                                           "(left, centre or right)")
        if self.phase == PLACE_PHASE:
            if not isinstance(choice, Place):
                return IllegalChoice("K-2P-4", f"{seat} places a piece now")
            return IllegalChoice("K-2P-4", self._place_refusal(choice))
        if isinstance(choice, Stop):
            return IllegalChoice("K-MOV-3", "stop only after a capture")
        if not isinstance(choice, Move):
            return IllegalChoice("K-MOV-1", f"{seat} moves a piece now")
        origin, target = square_name(choice.origin), square_name(choice.target)
        if self.chain >= 0 and choice.origin != self.chain:
            return IllegalChoice("K-MOV-3", f"after a capture only the piece on "
                                            f"{square_name(self.chain)} moves again, or stop")
        stack = self.board[choice.origin]
        if not stack or stack[-1] >> 2 != self.armies[self.current]:
            return IllegalChoice("K-MOV-1", f"{seat} has no piece on top at {origin}")
        mover = stack[-1]
        top_stack = self.board[choice.target]
        if not top_stack:
            return IllegalChoice("K-MOV-2", f"{origin}{target}: capture is only for a move onto "
                                            "one's own piece that it takes")
        top = top_stack[-1]
        takes = TAKES_TABLE[mover & 3][top & 3]
        friendly = self.teams[top >> 2] == self.teams[mover >> 2]
        mine, theirs = Kind(mover & 3).name, Kind(top & 3).name
        if friendly and takes:
            return IllegalChoice("K-MOV-2", f"{origin}{target}: stack or capture? "
                                            "say \"capture\": true or false")
        if friendly:
            return IllegalChoice("K-MOV-2", f"{origin}{target}: {mine} does not take {theirs}, "
                                            "so it can only stack (no \"capture\")")
        if choice.capture is not None and takes:
            return IllegalChoice("K-MOV-2", f"{origin}{target}: onto an opponent's piece there "
                                            "is no choice (no \"capture\")")
        return IllegalChoice("K-CAP-1", f"{origin}{target}: {mine} does not take {theirs}")

    def _place_refusal(self, place: Place) -> str:
        name = square_name(place.target)
        if not self.reserve[self.current][place.kind]:
            return f"no {Kind(place.kind).name} left to place"
        if place.target == CENTRE:
            return "nobody places on d4"
        return f"{name} is on or next to an opponent's piece"


def new_match(config: GameConfig, first: str | None = None) -> ChifoumiMatch:
    """A new game; ``first`` fixes who starts, else 2 players play the who-starts chifoumi
    (White starts with 3 or 4 players)."""
    return ChifoumiMatch(config, first)


class Series:
    """Two players' games to 15 points (K-2P-3): totals, and who starts the next game.

    >>> series = Series()
    >>> series = series.add({"white": 9.0, "black": 3.5})
    >>> series.totals, series.winner, series.next_first
    ({'white': 9.0, 'black': 3.5}, None, 'black')
    """

    __slots__ = ("totals", "games", "next_first")

    def __init__(self, totals: dict[str, float] | None = None, games: int = 0,
                 next_first: str | None = None) -> None:
        self.totals = totals or {"white": 0.0, "black": 0.0}
        self.games = games
        self.next_first = next_first
        """The loser of the last game starts the next (our ruling); None before the first."""

    def add(self, points: Mapping[str, float]) -> Series:
        totals = {seat: self.totals[seat] + points[seat] for seat in self.totals}
        loser = min(points, key=lambda seat: points[seat])
        return Series(totals, self.games + 1, loser)

    @property
    def winner(self) -> str | None:
        """First to 15; both there in the same game: the higher total; equal: play on."""
        white, black = self.totals["white"], self.totals["black"]
        if max(white, black) < SERIES_TARGET or white == black:
            return None
        return "white" if white > black else "black"
