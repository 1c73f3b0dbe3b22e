"""A Simulator Soccer match: the rules of ``docs/rules/simulator-soccer.md`` as a state
machine that waits for one decision (or a secret pair) at a time.

:class:`SoccerMatch` is the protocol (``to_act``, ``legal_choices``, ``apply``, ``view``) and
a thin dispatcher: a decision goes to the rule module that answers it, and play goes on
through the hand-overs (:mod:`.flow`) the modules return, until the next decision is set.
``apply`` plays a joint decision on a clone and adopts the clone only when every part of it
was legal, so an ``IllegalChoice`` (naming the rule) leaves the match unchanged.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import IllegalChoice, MatchOver
from . import clock, kicks, moves, restarts, settling, shootout, shots
from . import events as ev
from .board import SoccerBoard
from .choices import Choice
from .flow import AskShot, Fouled, KickOff, Next, Settle, StartShootout, StartTurn, TakesBall
from .geometry import Cell
from .legal import SoccerChoices, legal_choices
from .state import SEATS, Player
from .view import SoccerView, view_of

THROW_IN_LISTS = ("throw", "throw_answer")


class SoccerMatch(SoccerBoard):
    """One match; see the module docstring. Build it with :func:`new_match`."""

    __slots__ = ()
    seats = SEATS

    def apply(self, joint: Mapping[str, Choice]) -> list[ev.SoccerEvent]:
        """Apply the decision of every seat in ``to_act()`` at once; atomic."""
        if self.over:
            raise MatchOver("S-END-1")
        expected = set(self.to_act())
        if set(joint) != expected:
            raise IllegalChoice("S-TURN-1", f"{' and '.join(sorted(expected))} must decide "
                                f"now ({self.pending.kind}), not {' and '.join(sorted(joint)) or 'nobody'}")
        twin = self.clone()
        out = twin._play(joint)
        self.adopt(twin)
        return out

    def play(self, joint: Mapping[str, Choice]) -> list[ev.SoccerEvent]:
        """``apply`` without its safety copy, for a scratch match a CPU plays out: the match
        changes in place, and after an ``IllegalChoice`` it is half-changed and must be
        thrown away. Never on a match anything else shares (a view's ``public``)."""
        if self.over:
            raise MatchOver("S-END-1")
        if set(joint) != set(self.to_act()):
            raise IllegalChoice("S-TURN-1", f"{' and '.join(self.to_act())} must decide now")
        return self._play(joint)

    def _play(self, joint: Mapping[str, Choice]) -> list[ev.SoccerEvent]:
        out: list[ev.SoccerEvent] = []
        step = self._decide({SEATS.index(seat): choice for seat, choice in joint.items()}, out)
        while step is not None:
            step = self._hand_over(step, out)
        self.turns_applied += 1
        return out

    def _decide(self, joint: dict[int, Choice], out: list[ev.SoccerEvent]) -> Next | None:
        """The decision asked, to the rule module that answers it."""
        kind = self.pending.kind
        if kind == "formation":
            return clock.on_formation(self, joint)
        if kind == "shoot":
            return shots.on_shoot(self, joint, out)
        (team, choice), = joint.items()
        if kind == "kick":
            return kicks.on_kick(self, team, choice, out)
        if kind == "move":
            if self.move_phase in THROW_IN_LISTS:
                return restarts.on_throw_move(self, team, choice, out)
            return moves.on_move(self, team, choice, out)
        if kind == "place":
            return restarts.on_place(self, team, choice, out)
        if kind == "challenge":
            return moves.on_challenge(self, team, choice, out)
        if kind == "defend":
            return shots.on_defend(self, team, choice, out)
        if kind == "cross":
            return settling.on_cross(self, team, choice, out)
        if kind == "headers":
            settling.on_headers(self, team, choice)
        elif kind == "remove":
            restarts.on_remove(self, team, choice, out)
        elif kind == "kicker":
            return shootout.on_kicker(self, team, choice)
        return None

    def _hand_over(self, step: Next, out: list[ev.SoccerEvent]) -> Next | None:
        """Play goes on in the module that builds on the one that handed it over."""
        match step:
            case StartTurn(team, set_piece, relance, limit):
                return kicks.start_turn(self, team, out, set_piece, relance, limit)
            case AskShot():
                shots.ask_shot(self)
            case KickOff(team, first):
                restarts.kickoff(self, team, first)
            case StartShootout():
                shootout.start(self, out)
            case Settle(cell):
                return settling.settle(self, cell, out)
            case TakesBall(team, num, moved, how):
                return settling.takes_ball(self, self.player(team, num), moved, how, out)
            case Fouled(team, num, cell, die_caused, card):
                restarts.foul(self, self.player(team, num), cell, die_caused, card, out)
        return None

    # ----- what a seat may choose -------------------------------------------------------------
    def legal_choices(self, seat: str) -> Sequence[Choice]:
        """Every choice ``seat`` may make now; a list decision's is lazy (:class:`~.legal.
        SoccerChoices`: ``in`` asks the rules, listing gives the empty and one-entry lists)."""
        return legal_choices(self, seat, lambda choice: self.is_legal(seat, choice))

    def is_legal(self, seat: str, choice: Choice) -> bool:
        if seat not in self.to_act():
            return False
        if len(self.pending.seats) > 1:
            return choice in self.legal_choices(seat)
        try:
            self.clone().play({seat: choice})
        except IllegalChoice:
            return False
        return True

    def view(self, seat: str) -> SoccerView[SoccerMatch]:
        return view_of(self, seat)

    # ----- the rules' questions, for pads and CPU players -------------------------------------
    def kick_options(self) -> dict[str, list[Cell | None]]:
        return kicks.kick_options(self)

    def challengers(self) -> list[Player]:
        return moves.challengers(self)

    def entry_kind(self, q: Player) -> str:
        return moves.entry_kind(self, q)

    def can_round(self) -> bool:
        return shots.can_round(self)

    def round_cells(self) -> list[Cell]:
        return shots.round_cells(self)

    def subs_needed(self, team: int) -> int:
        return restarts.subs_needed(self, team)

    def shootout_kickers(self, team: int) -> list[Player]:
        return shootout.kickers(self, team)


__all__ = ["SoccerMatch", "SoccerChoices"]
