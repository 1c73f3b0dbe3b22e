"""A Simulator Soccer match's state and the questions every rule asks of it.

:class:`SoccerBoard` holds a match at one moment — where every player stands, the ball, the
clock, the turn, the kick being resolved, the restart being set up, the decision being
waited for — in typed slots, copied and compared by :class:`engine.match.Match`. The rules
are modules over it (``clock``, ``shootout``, ``moves``, ``restarts``, ``kicks``,
``settling``, ``shots``), and :class:`~.match.SoccerMatch` adds the protocol on top: so a rule
module imports the board, never the match.
"""
from __future__ import annotations

from typing import Self, TypeVar

from ..errors import IllegalChoice
from ..match import Match
from . import events as ev
from . import geometry as geo
from .choices import Choice
from .geometry import Cell, facing, neighbours, on_pitch
from .rng import Dice
from .state import (
    BLUE, RED, SEATS, KickState, MatchConfig, MovePending, Pending, Player, Restart, Teams,
    TeamState, Turn,
)

NO_OFFSIDE_FIRST = ("kickoff", "corner", "goal_kick")
"""Restarts whose first kick has no offside (S-OFF-1's ruling, S-RST-4)."""


C = TypeVar("C", bound=Choice)


def other(team: int) -> int:
    return 1 - team


def expect(choice: Choice, kind: type[C], rule: str, what: str) -> C:
    """``choice`` when it is the kind of decision asked now, else the rule's refusal."""
    if not isinstance(choice, kind):
        raise IllegalChoice(rule, f"{what} is asked now, not {choice.to_json()}")
    return choice


class SoccerBoard(Match):
    """One match's state; build a match with :func:`~engine.simulator_soccer.new_match`."""

    __slots__ = (
        "config", "options", "H", "seed", "dice", "teams", "half", "clock", "stoppage", "score",
        "goals_half", "subs_half", "shootout", "shootout_order", "shootout_kicks", "winner_team",
        "over", "phase", "ball", "possession", "regular_ball", "carrier", "holding", "hold_used",
        "turn", "kick", "pending", "restart", "first_kickoff", "failed_tackler", "failed_next",
        "wall", "shootout_first", "turns_applied", "sent_off", "opening", "_index")
    copied = ("dice", "teams", "score", "shootout", "shootout_kicks", "turn", "sent_off")

    def __init__(self, config: MatchConfig, seed: int = 0, kickoff: str | None = None,
                 shootout_first: str | None = None, dice: tuple[int, ...] = ()) -> None:
        self.config = config
        self.options = config.options
        self.H = config.options.half_steps
        self.seed = seed
        self.dice = Dice(seed, dice)
        self.teams = Teams((TeamState(RED, config.teams[0]), TeamState(BLUE, config.teams[1])))
        self.half = 1
        self.clock = 0
        self.stoppage: int | None = None
        self.score = [0, 0]
        self.goals_half = 0
        self.subs_half = 0
        self.shootout: list[int] | None = None
        self.shootout_order: tuple[int, int] = (RED, BLUE)
        self.shootout_kicks: list[list[bool]] = [[], []]
        """Each team's shoot-out kicks, scored or not (engine/duel.py's shoot-out model)."""
        self.winner_team: int | None = None
        self.over = False
        self.phase = "reposition"
        self.ball: Cell = geo.CENTRE
        self.possession = RED
        self.regular_ball: int | None = None
        """Who had the ball when regular play ended (the summary's ``ball`` from then on)."""
        self.carrier: tuple[int, int] | None = None
        self.holding = False
        self.hold_used = False
        self.turn = Turn(RED)
        self.kick: KickState | None = None
        self.pending = Pending("formation", (RED, BLUE))
        self.restart: Restart | None = None
        self.failed_tackler: tuple[int, int] | None = None
        self.failed_next: tuple[int, int] | None = None
        self.wall: tuple[int, frozenset[Cell]] | None = None
        self.shootout_first = shootout_first
        self.turns_applied = 0
        self.sent_off: list[list[int]] = [[], []]
        self._index: dict[Cell, list[Player]] | None = None
        opening: list[ev.SoccerEvent] = []
        if kickoff is None:
            die = self.dice.draw(2)
            self.first_kickoff = RED if die == 1 else BLUE
            opening.append(ev.Toss(die, kickoff=SEATS[self.first_kickoff]))
        else:
            self.first_kickoff = SEATS.index(kickoff)
        self.opening: tuple[ev.SoccerEvent, ...] = tuple(opening)

    def describe(self) -> str:
        return (f"half {self.half} clock {self.clock} {self.score[RED]}-{self.score[BLUE]}, "
                f"{self.pending.kind} {' '.join(SEATS[t] for t in self.pending.seats)}")

    def snapshot(self) -> Self:
        """A copy sharing every part with this match. Safe because a match changes only
        through ``apply``, which builds new parts on a clone and adopts them: the parts a
        snapshot holds are never changed again (``play`` breaks that: scratch copies only).
        A view's ``public`` match is one, costing nothing next to a clone."""
        twin = super().snapshot()
        twin._index = None
        return twin

    # ----- the protocol's questions ---------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        if self.over:
            return ()
        return tuple(sorted(SEATS[t] for t in self.pending.seats))

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winner(self) -> str | None:
        return None if self.winner_team is None else SEATS[self.winner_team]

    @property
    def decision(self) -> str | None:
        return None if self.over else self.pending.kind

    @property
    def move_phase(self) -> str:
        """The move list asked now: ``p2``, ``p3``, ``throw``, ``throw_answer``; '' else."""
        return self.pending.phase if isinstance(self.pending, MovePending) else ""

    def opening_events(self) -> list[ev.SoccerEvent]:
        return list(self.opening)

    # ----- where everyone is -----------------------------------------------------------------
    def east(self, team: int) -> bool:
        """S-KO-1: red attacks east in the first half, west in the second (and shoot-out)."""
        return (team == RED) == (self.half == 1)

    def fr(self, team: int, cell: Cell) -> Cell:
        """``cell`` as ``team`` sees it, attacking east (S-PIT-4)."""
        return facing(cell, self.east(team))

    def player(self, team: int, num: int) -> Player:
        return self.teams[team].by_num[num]

    def players(self) -> list[Player]:
        return [p for t in self.teams for p in t.players if p.on_pitch]

    def at(self, cell: Cell) -> list[Player]:
        if self._index is not None:
            return self._index.get(cell, [])
        return [p for t in self.teams for p in t.players if p.cell == cell and p.slot > 0]

    def freeze_index(self) -> None:
        """Index players by cell for a burst of read-only queries (a menu's scratch copy);
        any change of a cell after it is a mistake, so only scratch copies use it."""
        index: dict[Cell, list[Player]] = {}
        for t in self.teams:
            for p in t.players:
                if p.slot > 0 and p.cell is not None:
                    index.setdefault(p.cell, []).append(p)
        self._index = index

    def index_as(self, index: dict[Cell, list[Player]] | None) -> None:
        """Answer :meth:`at` from ``index`` (a scratch copy's what-if), or drop the index
        (None: a scratch copy about to move players)."""
        self._index = index

    @property
    def frozen_index(self) -> dict[Cell, list[Player]] | None:
        return self._index

    def carrier_player(self) -> Player | None:
        return None if self.carrier is None else self.player(*self.carrier)

    def has_room(self, cell: Cell, who: Player, ignore: tuple[Player, ...] = ()) -> bool:
        """S-PIT-2: two players a cell at most, of different teams (lying ones too)."""
        if not on_pitch(cell):
            return False
        others = [p for p in self.at(cell) if p is not who and p not in ignore]
        return len(others) < 2 and all(p.team != who.team for p in others)

    def holding_cell(self) -> Cell | None:
        if self.holding and self.carrier is not None:
            return self.player(*self.carrier).cell
        return None

    def marked_by(self, p: Player) -> list[Player]:
        assert p.cell is not None
        near = [p.cell, *neighbours(p.cell)]
        return sorted((q for q in self.players() if q.team != p.team and not q.lying
                       and q.cell in near), key=lambda q: q.num)

    def effective(self, p: Player, colour: str) -> int:
        """S-SKL-2: effective Y, G, R dots; K and X are always own dots."""
        own = p.count(colour)
        if colour not in "YGR":
            return own
        assert p.cell is not None
        in_cell = [q for q in self.at(p.cell) if q.team != p.team and not q.lying]
        blues = [q for q in in_cell if q.count("B") > 0]
        if blues:
            # S-PRO-ASSIST: one B dot of his marker is cancelled; extra B dots still count.
            if not (self.options.has("assist") and self.turn.assisted == p.num
                    and all(q.count("B") == 1 for q in blues)):
                return 0
        if not in_cell and not self.marked_by(p):
            return max(own, 1)
        return own

    def in_attack_zone(self, team: int, cell: Cell) -> bool:
        return geo.attack_zone(self.fr(team, cell))

    def offside_positions(self, kicker: Player, set_piece: str | None) -> frozenset[int]:
        """S-OFF-1: attackers in an offside position when the kick is resolved."""
        if set_piece in NO_OFFSIDE_FIRST:
            return frozenset()
        team = kicker.team
        assert kicker.cell is not None
        ball_x = self.fr(team, kicker.cell)[0]
        opp_x = sorted((self.fr(team, q.cell)[0] for q in self.teams[other(team)].on_pitch()
                        if q.cell is not None), reverse=True)
        second = opp_x[1] if len(opp_x) > 1 else -1
        return frozenset(
            q.num for q in self.teams[team].on_pitch()
            if q is not kicker and not q.lying and q.cell is not None
            and self.fr(team, q.cell)[0] > max(10, ball_x, second))

    # ----- time and turns ----------------------------------------------------------------------
    def time_up(self) -> bool:
        return self.stoppage is not None and self.clock >= self.H + self.stoppage

    def minute(self) -> int:
        return 45 * self.clock // self.H + (45 if self.half >= 2 else 0)

    def quick(self) -> bool:
        """S-P2-1: no attacker moved in Phase 1 nor in Phase 2."""
        return self.turn.most == 0

    def p3_limit(self) -> int:
        """S-P3-1: a, or 1 after a quick turn."""
        return 1 if self.quick() else self.turn.most
