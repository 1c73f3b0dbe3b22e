"""A Simulator Soccer match: the rules of ``docs/rules/simulator-soccer.md`` as a state
machine that waits for one decision (or a secret pair) at a time.

``apply`` plays a joint decision on a clone and adopts the clone only when every part of it
was legal, so an ``IllegalChoice`` (naming the rule) leaves the match unchanged. Between two
decisions the rules resolve by themselves: kicks land, dice roll, the ball settles, the
clock steps, the next decision is set. Rule ids in comments point at the rules.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import duel
from ..errors import IllegalChoice
from . import events as ev
from . import geometry as geo
from .choices import (
    FORMATIONS, SIDES, Challenge, Choice, Cross, Defend, Dive, Formation, Headers, Kick, Kicker,
    Move, Place, Remove, Round, Shoot,
)
from .geometry import Cell, distance, facing, line, neighbours, on_pitch
from .rng import Dice
from .state import BLUE, GONE, RED, SEATS, MatchConfig, Pending, Player, TeamState, Turn

TEMPLATES: dict[str, tuple[Cell, ...]] = {
    "4-4-2": ((0, 4), (4, 6), (4, 2), (3, 5), (3, 3), (7, 3), (7, 7), (7, 5), (9, 5), (9, 3), (7, 1)),
    "4-3-3": ((0, 4), (4, 6), (4, 2), (3, 5), (3, 3), (6, 4), (9, 7), (6, 6), (8, 4), (6, 2), (9, 1)),
    "3-5-2": ((0, 4), (5, 7), (5, 1), (4, 6), (4, 4), (4, 2), (7, 5), (6, 4), (9, 5), (9, 3), (7, 3)),
}
"""S-KO-1's templates for a team attacking east, slot 1 first."""

PASSES = ("pass", "lob", "dribble", "throw", "header_pass")
"""The kicks that count as a player's pass (S-TURN-2)."""
OFFSIDE_KICKS = ("pass", "lob", "dribble", "cross", "header_pass")
HIGH = ("lob", "throw", "header_pass")
RANGES = {"pass": 10, "lob": 10, "dribble": 3, "throw": 2, "header_pass": 2, "cross": 10}
COLOUR = {"pass": "Y", "lob": "Y", "dribble": "Y", "cross": "G", "header_pass": "K", "throw": ""}
SET_PIECE_KICKS = {"kickoff": ("pass", "lob"), "goal_kick": ("pass", "lob"),
                   "free_kick": ("pass", "lob", "cross", "shot"), "corner": ("cross",),
                   "penalty": ("shot",), "throw_in": ("throw",)}
NO_OFFSIDE_FIRST = ("kickoff", "corner", "goal_kick")


def other(team: int) -> int:
    return 1 - team


def _state_of(value: Any) -> Any:
    """A value made comparable: slotted objects (players, teams, dice) as their slots' values."""
    if isinstance(value, dict):
        return {key: _state_of(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_state_of(item) for item in value]
    slots = getattr(type(value), "__slots__", None)
    if slots and not hasattr(value, "__dataclass_fields__"):
        return (type(value).__name__, [_state_of(getattr(value, name)) for name in slots])
    return value


class SoccerMatch:
    """One match; see the module docstring. Build it with :func:`new_match`."""

    seats = SEATS

    def __init__(self, config: MatchConfig, seed: int = 0, kickoff: str | None = None,
                 shootout_first: str | None = None, dice: tuple[int, ...] = ()) -> None:
        self.config = config
        self.options = config.options
        self.H = config.options.half_steps
        self.seed = seed
        self.dice = Dice(seed, dice)
        self.teams = [TeamState(RED, config.teams[0]), TeamState(BLUE, config.teams[1])]
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
        self.carrier: tuple[int, int] | None = None
        self.holding = False
        self.hold_used = False
        self.turn = Turn(RED)
        self.kick: dict[str, Any] = {}
        self.pending = Pending("formation", (RED, BLUE))
        self.restart: dict[str, Any] = {}
        self.first_kickoff = RED
        self.failed_tackler: tuple[int, int] | None = None
        self.failed_next: tuple[int, int] | None = None
        self.wall: tuple[int, frozenset[Cell]] | None = None
        self.shootout_first = shootout_first
        self.turns_applied = 0
        self.sent_off: list[list[int]] = [[], []]
        self.frozen_index: dict[Cell, list[Player]] | None = None
        self.opening: list[ev.SoccerEvent] = []
        if kickoff is None:
            die = self.dice.draw(2)
            self.first_kickoff = RED if die == 1 else BLUE
            self.opening.append(ev.Toss(die, kickoff=SEATS[self.first_kickoff]))
        else:
            self.first_kickoff = SEATS.index(kickoff)
        self._start_half(1)

    # ----- protocol ------------------------------------------------------------------------
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

    def opening_events(self) -> list[Any]:
        return list(self.opening)

    def clone(self) -> SoccerMatch:
        twin = SoccerMatch.__new__(SoccerMatch)
        twin.__dict__.update(self.__dict__)
        twin.dice = self.dice.clone()
        twin.teams = [t.copy() for t in self.teams]
        twin.score = list(self.score)
        twin.shootout = None if self.shootout is None else list(self.shootout)
        twin.shootout_kicks = [list(self.shootout_kicks[0]), list(self.shootout_kicks[1])]
        twin.turn = self.turn.copy()
        twin.kick = dict(self.kick)
        twin.pending = self.pending.copy()
        twin.restart = dict(self.restart)
        twin.opening = list(self.opening)
        twin.sent_off = [list(self.sent_off[0]), list(self.sent_off[1])]
        twin.frozen_index = None
        return twin

    def __eq__(self, other: object) -> bool:
        """Equal states: the same positions, cards, clock, dice and pending decision (a
        clone, or the same decisions folded over the same start)."""
        if not isinstance(other, SoccerMatch):
            return NotImplemented
        return bool(_state_of(self.__dict__) == _state_of(other.__dict__))

    __hash__ = None  # type: ignore[assignment]

    def apply(self, joint: Mapping[str, Choice]) -> list[Any]:
        """Apply the decision of every seat in ``to_act()`` at once; atomic."""
        if self.over:
            raise IllegalChoice("S-END-1", "the match is over")
        expected = set(self.to_act())
        if set(joint) != expected:
            raise IllegalChoice("S-TURN-1", f"{' and '.join(sorted(expected))} must decide "
                                f"now ({self.pending.kind}), not {' and '.join(sorted(joint)) or 'nobody'}")
        twin = self.clone()
        out = twin._play(joint)
        self.__dict__.update(twin.__dict__)
        return out

    def play(self, joint: Mapping[str, Choice]) -> list[Any]:
        """``apply`` without its safety copy, for a scratch match a CPU plays out: the match
        changes in place, and after an ``IllegalChoice`` it is half-changed and must be
        thrown away. Never on a match anything else shares (a view's ``public``)."""
        if self.over:
            raise IllegalChoice("S-END-1", "the match is over")
        if set(joint) != set(self.to_act()):
            raise IllegalChoice("S-TURN-1", f"{' and '.join(self.to_act())} must decide now")
        return self._play(joint)

    def _play(self, joint: Mapping[str, Choice]) -> list[Any]:
        out: list[ev.SoccerEvent] = []
        self._dispatch({SEATS.index(seat): choice for seat, choice in joint.items()}, out)
        self.turns_applied += 1
        return list(out)

    def snapshot(self) -> SoccerMatch:
        """A copy that shares every part with this match. Safe because a match changes only
        through ``apply``, which builds new parts on a clone and adopts them: the parts a
        snapshot holds are never changed again. (``play`` breaks that: scratch copies only.)
        A view's ``public`` match is one, costing nothing next to a clone."""
        twin = SoccerMatch.__new__(SoccerMatch)
        twin.__dict__.update(self.__dict__)
        twin.frozen_index = None
        return twin

    def view(self, seat: str) -> Any:
        from .view import view_of

        return view_of(self, seat)

    def legal_choices(self, seat: str) -> tuple[Choice, ...]:
        from .legal import legal_choices

        return legal_choices(self, seat)

    def is_legal(self, seat: str, choice: Choice) -> bool:
        if seat not in self.to_act():
            return False
        if len(self.pending.seats) > 1:
            from .legal import legal_choices

            return choice in legal_choices(self, seat)
        try:
            self.clone().play({seat: choice})
        except IllegalChoice:
            return False
        return True

    # ----- small queries -------------------------------------------------------------------
    def east(self, team: int) -> bool:
        """S-KO-1: red attacks east in the first half, west in the second (and shoot-out)."""
        return (team == RED) == (self.half == 1)

    def fr(self, team: int, cell: Cell) -> Cell:
        return facing(cell, self.east(team))

    def player(self, team: int, num: int) -> Player:
        return self.teams[team].by_num[num]

    def players(self) -> list[Player]:
        return [p for t in self.teams for p in t.players if p.on_pitch]

    def at(self, cell: Cell) -> list[Player]:
        if self.frozen_index is not None:
            return self.frozen_index.get(cell, [])
        return [p for t in self.teams for p in t.players if p.cell == cell and p.slot > 0]

    def freeze_index(self) -> None:
        """Index players by cell for a burst of read-only queries (a menu's scratch copy);
        any change of a cell after it is a mistake, so only scratch copies use it."""
        index: dict[Cell, list[Player]] = {}
        for t in self.teams:
            for p in t.players:
                if p.slot > 0 and p.cell is not None:
                    index.setdefault(p.cell, []).append(p)
        self.frozen_index = index

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

    def time_up(self) -> bool:
        return self.stoppage is not None and self.clock >= self.H + self.stoppage

    def minute(self) -> int:
        return 45 * self.clock // self.H + (45 if self.half >= 2 else 0)

    def in_attack_zone(self, team: int, cell: Cell) -> bool:
        return geo.attack_zone(self.fr(team, cell))

    # ----- dispatch --------------------------------------------------------------------------
    def _dispatch(self, joint: dict[int, Choice], out: list[ev.SoccerEvent]) -> None:
        kind = self.pending.kind
        if kind == "formation":
            self._on_formation(joint, out)
            return
        if kind == "shoot":
            self._on_shoot(joint, out)
            return
        (team, choice), = joint.items()
        handler = {"place": self._on_place, "kick": self._on_kick, "cross": self._on_cross,
                   "defend": self._on_defend, "challenge": self._on_challenge,
                   "move": self._on_move, "remove": self._on_remove, "kicker": self._on_kicker,
                   "headers": self._on_headers}[kind]
        handler(team, choice, out)

    @staticmethod
    def _expect(choice: Choice, kind: type, rule: str, what: str) -> None:
        if not isinstance(choice, kind):
            raise IllegalChoice(rule, f"{what} is asked now, not {choice.to_json()}")

    # ----- halves and kick-offs (S-KO-1, S-KO-2) --------------------------------------------
    def _start_half(self, half: int) -> None:
        self.half, self.clock, self.stoppage = half, 0, None
        self.goals_half = self.subs_half = 0
        for p in self.players():
            p.lying = p.stood = False
        for t in self.teams:
            t.formation = None
        self.carrier, self.holding = None, False
        self.failed_tackler = self.failed_next = None
        self.wall = None
        self.phase = "reposition"
        self.pending = Pending("formation", (RED, BLUE))

    def _on_formation(self, joint: dict[int, Choice], out: list[ev.SoccerEvent]) -> None:
        for team, choice in joint.items():
            self._expect(choice, Formation, "S-KO-1", "a formation")
            assert isinstance(choice, Formation)
            if choice.name not in FORMATIONS:
                raise IllegalChoice("S-KO-1", f"no formation {choice.name}")
            self.teams[team].formation = choice.name
        kicker = self.first_kickoff if self.half == 1 else other(self.first_kickoff)
        self._kickoff(kicker, out, first=True)

    def _kickoff(self, team: int, out: list[ev.SoccerEvent], first: bool = False) -> None:
        """S-KO-2: both teams to the half's template, the kicker on the centre, then
        S-RST-2's three steps."""
        for t in self.teams:
            template = TEMPLATES[t.formation or "4-4-2"]
            for p in t.players:
                if p.slot <= 0:
                    continue
                p.cell = self.fr(t.index, template[p.slot - 1])
                p.lying = p.stood = False
        kicking = self.teams[team]
        nine = kicking.in_slot(9)
        if nine is None or nine.cell is None:
            field = [p for p in kicking.on_pitch() if not p.keeper]
            nine = min(field, key=lambda p: p.num) if field else kicking.keeper()
        if nine is not None:
            nine.cell = geo.CENTRE
        self._reposition(team, geo.CENTRE, "kickoff", first)

    # ----- repositioning (S-RST-2 .. S-RST-4) -------------------------------------------------
    def _reposition(self, team: int, cell: Cell, kind: str, first: bool = False) -> None:
        """S-RST-2: the ball placed, then three placement steps; ``first`` is a half's first
        kick-off (no clock step, S-RST-2; half-time substitutions, S-SUB-1)."""
        self.ball, self.possession, self.carrier = cell, team, None
        self.holding, self.hold_used = False, False
        self.phase = "reposition"
        self.restart = {"kind": kind, "team": team, "cell": cell, "step": 1,
                        "relocated": frozenset(), "first": first}
        if kind == "penalty":
            keeper = self.teams[other(team)].keeper()
            if keeper is not None:
                keeper.cell = self.fr(team, geo.GOAL_MOUTH["centre"])
                keeper.lying = False
        self.pending = Pending("place", (team,), {"step": 1})

    def _place_rule_cell_ok(self, p: Player, cell: Cell, step: int) -> str | None:
        """Why ``p`` may not be placed on ``cell`` at this step, or None."""
        r = self.restart
        kicking = r["team"]
        if not on_pitch(cell):
            return "off the pitch (S-PIT-1)"
        fcell = self.fr(p.team, cell)
        if r["kind"] == "kickoff":
            if not (geo.own_half(fcell) or (p.team == kicking and cell == geo.CENTRE)):
                return "at a kick-off every placement ends in the team's own half (S-KO-2)"
        if p.team != kicking:
            if cell == r["cell"]:
                return "opponents stay at least 1 cell from the ball (S-RST-2)"
            if r["kind"] == "goal_kick" and geo.penalty_area(self.fr(p.team, cell)):
                return "opponents stay outside that penalty area at a goal kick (S-RST-4)"
            if r["kind"] == "penalty":
                if p.keeper:
                    return "the keeper stays on the CENTRE goal-mouth cell (S-RST-4)"
                if geo.penalty_area(self.fr(kicking, cell)):
                    return "everyone but the kicker and keeper stays outside the area (S-RST-4)"
        elif r["kind"] == "penalty" and cell != r["cell"] and geo.penalty_area(self.fr(kicking, cell)):
            return "everyone but the kicker and keeper stays outside the area (S-RST-4)"
        elif step == 3 and r["kind"] != "kickoff" and cell != r["cell"] and not geo.own_half(fcell):
            return "step 3's placements end in the team's own half (S-RST-2)"
        if not self.has_room(cell, p):
            if self._wall_ok(p, cell, step):
                return None
            return "no room: two players a cell at most, of different teams (S-PIT-2)"
        return None

    def _wall_ok(self, p: Player, cell: Cell, step: int) -> bool:
        """S-RST-3: at a free kick in the kicker's attack zone, 2-3 defenders may share a
        cell outside their goal area, at least 1 from the ball, with no attacker."""
        r = self.restart
        if r["kind"] != "free_kick" or p.team == r["team"] or step != 2:
            return False
        if not self.in_attack_zone(r["team"], r["cell"]) or cell == r["cell"]:
            return False
        if geo.goal_area(self.fr(r["team"], cell)):
            return False
        others = [q for q in self.at(cell) if q is not p]
        return all(q.team == p.team for q in others) and len(others) <= 2

    def _apply_subs(self, team: int, subs: tuple[tuple[int, int], ...],
                    out: list[ev.SoccerEvent], half_time: bool, step: Any) -> None:
        """S-SUB-1: 5 a match, the substitute takes slot and cell; none for a red card."""
        t = self.teams[team]
        for off_num, on_num in subs:
            if t.subs >= 5:
                raise IllegalChoice("S-SUB-1", "5 substitutions a match at most")
            off, on = t.by_num.get(off_num), t.by_num.get(on_num)
            if off is None or not off.on_pitch:
                raise IllegalChoice("S-SUB-1", f"#{off_num} is not on the pitch")
            if on is None or on.slot != 0:
                raise IllegalChoice("S-SUB-1", f"#{on_num} is not on the bench")
            on.slot, on.cell, on.lying = off.slot, off.cell, off.lying
            off.slot, off.cell = GONE, None
            t.subs += 1
            if not half_time:
                self.subs_half += 1
            if self.carrier == (team, off_num):
                self.carrier = (team, on_num)
            out.append(ev.Substituted(SEATS[team], off_num, on_num))

    def _on_place(self, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> None:
        self._expect(choice, Place, "S-RST-2", "a placement step")
        assert isinstance(choice, Place)
        r = self.restart
        step = r["step"]
        kicking = r["team"]
        first_step = step == 1 or (step == 2 and team != kicking)
        if choice.subs:
            if not first_step:
                raise IllegalChoice("S-RST-2", "substitutions come in a team's first step")
            if r["first"] and self.half == 1:
                raise IllegalChoice("S-SUB-1", "no substitution at the first half's kick-off")
            half_time = r["first"]
            self._apply_subs(team, choice.subs, out, half_time, step)
        if first_step and r["kind"] != "kickoff":
            self._check_required_subs(team)
        seen: set[int] = set()
        relocated = set(r["relocated"]) if step == 1 else set()
        for num, cell in choice.entries:
            p = self.teams[team].by_num.get(num)
            if p is None or not p.on_pitch:
                raise IllegalChoice("S-RST-2", f"#{num} is not on the pitch")
            if num in seen:
                raise IllegalChoice("S-RST-2", f"#{num} is placed twice in one step")
            seen.add(num)
            if step == 3 and num in r["relocated"]:
                raise IllegalChoice("S-RST-2", f"#{num} was relocated in step 1")
            if p.cell == cell:
                continue
            why = self._place_rule_cell_ok(p, cell, step)
            if why:
                raise IllegalChoice("S-RST-2", f"#{num} to {list(cell)}: {why}")
            if step == 1 and not p.keeper:
                relocated.add(num)
                if len(relocated) > 7:
                    raise IllegalChoice("S-RST-2", "step 1 relocates at most 7 field players")
            p.cell = cell
            p.lying = False
            label: Any = step
            out.append(ev.Placed(SEATS[team], label, num, cell))
        if step == 1:
            r["relocated"] = frozenset(relocated)
        if step == 2:
            self._check_other_team_clear(team)
        if step < 3:
            r["step"] = step + 1
            self.pending = Pending("place", (other(team) if step == 1 else kicking,),
                                   {"step": step + 1})
            return
        self._finish_reposition(out)

    def _check_other_team_clear(self, team: int) -> None:
        """Ruling (S-RST-2, S-RST-4): the other team's step (2) ends with none of it on the ball
        and, at a goal kick, none in that penalty area. Checked here, not after step (3), because
        step (3) moves only the kicking team: a step (2) that left an opponent there would leave
        the kicking team no legal step (3) and the match stuck."""
        r = self.restart
        for p in self.teams[team].on_pitch():
            assert p.cell is not None
            if p.cell == r["cell"]:
                raise IllegalChoice("S-RST-2", f"#{p.num} stays at least 1 cell from the ball")
            if r["kind"] == "goal_kick" and geo.penalty_area(self.fr(team, p.cell)):
                raise IllegalChoice("S-RST-4", f"#{p.num} leaves that penalty area at a goal kick")

    def subs_needed(self, team: int) -> int:
        """How many more substitutions ``team`` must make in this placement step (S-SUB-1)."""
        r = self.restart
        if self.pending.kind != "place" or r.get("kind") == "kickoff" or self.half != 2:
            return 0
        if not (r["step"] == 1 or (r["step"] == 2 and team != r["team"])):
            return 0
        third, two_thirds = -(-self.H // 3), -(-2 * self.H // 3)
        need = 3 if self.clock >= two_thirds else 2 if self.clock >= third else 0
        t = self.teams[team]
        return max(0, min(need, 5, t.subs + len(t.bench()), t.subs + len(t.on_pitch())) - t.subs)

    def _check_required_subs(self, team: int) -> None:
        """S-SUB-1: from the first repositioning at second-half step >= ceil(H/3) (then
        ceil(2H/3)) a team must have made 2 (then 3) in the match, as far as it can."""
        if self.half != 2:
            return
        third, two_thirds = -(-self.H // 3), -(-2 * self.H // 3)
        need = 3 if self.clock >= two_thirds else 2 if self.clock >= third else 0
        t = self.teams[team]
        possible = min(5, t.subs + len(t.bench()), t.subs + len(t.on_pitch()))
        if t.subs < min(need, possible):
            raise IllegalChoice("S-SUB-1", f"{SEATS[team]} must have made {min(need, possible)} "
                                f"substitutions by now ({t.subs} made)")

    def _finish_reposition(self, out: list[ev.SoccerEvent]) -> None:
        r = self.restart
        kicking, cell = r["team"], r["cell"]
        on_ball = [p for p in self.at(cell) if p.team == kicking]
        if len(on_ball) != 1:
            raise IllegalChoice("S-RST-2", "after step 3 exactly one kicking player stands on "
                                f"the ball ({len(on_ball)} there)")
        kicker = on_ball[0]  # the other team was cleared off the ball (and the area) in step (2)
        self.carrier = (kicking, kicker.num)
        self.possession = kicking
        if r["kind"] == "free_kick":
            walls = frozenset(c for c in {q.cell for q in self.teams[other(kicking)].on_pitch()}
                              if c is not None and sum(1 for q in self.at(c)
                                                       if q.team != kicking) > 1)
            self.wall = (other(kicking), walls) if walls else None
        if r["kind"] == "kickoff":
            out.append(ev.KickedOff(self.half, SEATS[kicking], kicker.num))
        if not r["first"]:
            self._step_clock(out, test=False)
        self._start_turn(kicking, out, set_piece=r["kind"])

    # ----- the clock (S-TIME-1, S-TIME-2) -----------------------------------------------------
    def _step_clock(self, out: list[ev.SoccerEvent], test: bool) -> bool:
        """One step; with ``test`` S-TIME-2's test follows. Returns True if the half ended."""
        self.clock += 1
        if self.stoppage is None and self.clock >= self.H:
            self.stoppage = min(5, self.goals_half + self.subs_half)
        end = self._rest_end() if test else None
        out.append(ev.Clock(self.half, self.clock, self.minute(), end))
        if end:
            self._end_half(out)
            return True
        return False

    def _rest_end(self) -> str | None:
        """S-TIME-2: time is up and the ball is at rest outside the holding team's attack
        zone."""
        if not self.time_up() or self.carrier is None:
            return None
        return None if self.in_attack_zone(self.possession, self.ball) else "rest"

    def _half_over_at_rest(self, out: list[ev.SoccerEvent]) -> bool:
        if self._rest_end():
            out.append(ev.Clock(self.half, self.clock, self.minute(), "rest"))
            self._end_half(out)
            return True
        return False

    def _end_half(self, out: list[ev.SoccerEvent]) -> None:
        if self.half == 1:
            self._start_half(2)
            return
        if self.score[RED] == self.score[BLUE] and self.options.tiebreak:
            self._start_shootout(out)
            return
        self._finish(out)

    def _finish(self, out: list[ev.SoccerEvent], abandoned_by: int | None = None) -> None:
        self.over, self.phase = True, "over"
        self.pending = Pending("over", ())
        if abandoned_by is not None:
            self.winner_team = other(abandoned_by)
            return
        totals = list(self.score)
        if self.shootout is not None:
            totals = [self.score[0] * 100 + self.shootout[0], self.score[1] * 100 + self.shootout[1]]
        self.winner_team = None if totals[0] == totals[1] else (RED if totals[0] > totals[1] else BLUE)

    # ----- turns (S-TURN-1, S-TURN-2) ----------------------------------------------------------
    def _start_turn(self, team: int, out: list[ev.SoccerEvent], set_piece: str | None = None,
                    relance: bool = False, limit: int = 3) -> None:
        self.turn = Turn(team, relance=relance, set_piece=set_piece, limit=limit)
        self.failed_tackler, self.failed_next = self.failed_next, None
        self.possession = team
        self.phase = "p1"
        for p in self.players():
            p.stood = False
        self.kick = {}
        if set_piece == "penalty":
            kicker = self.carrier_player()
            assert kicker is not None
            out.append(ev.Announced(SEATS[team], kicker.num, "shot"))
            self.turn.shot = True
            self.kick = {"kind": "shot", "kicker": kicker.num, "penalty": True, "direct": False,
                         "header": False}
            self.turn.set_piece = None
            self._ask_shot(out)
            return
        self.pending = Pending("kick", (team,), {"mode": "start"})

    def kick_options(self) -> dict[str, list[Cell | None]]:
        """The kicks the carrier may choose now, each with its targets (S-K-1, S-SKL-1)."""
        p = self.carrier_player()
        if p is None or self.pending.kind != "kick":
            return {}
        assert p.cell is not None
        mode = self.pending.extra.get("mode", "start")
        team = p.team
        fcell = self.fr(team, p.cell)
        options: dict[str, list[Cell | None]] = {}
        if mode == "header":
            options["lob"] = [c for c in geo.within(p.cell, 2)]
            if not self.turn.shot:
                options["shot"] = [None]
            return options
        if mode == "start" and self.turn.set_piece:
            kinds = SET_PIECE_KICKS[self.turn.set_piece]
        elif mode == "start":
            kinds = ("pass", "lob", "dribble", "cross", "shot")
        else:
            kinds = tuple(self.pending.extra.get("kinds", ()))
        cross_zone = geo.wide_crossing_zone if self.options.has("wide_crossing") else geo.crossing_zone
        for kind in kinds:
            if kind in ("pass", "lob", "dribble", "throw"):
                if p.num in self.turn.passed:
                    continue
                options[kind] = list(geo.within(p.cell, RANGES[kind]))
            elif kind == "cross":
                if not self.turn.crossed and cross_zone(fcell) and self._cross_targets(p):
                    options["cross"] = [None]
            elif kind == "shot":
                if not self.turn.shot and geo.shooting_zone(fcell):
                    options["shot"] = [None]
        if mode == "start" and self.holding and not self.hold_used:
            options["hold"] = [None]
        if mode == "skill":
            options["end"] = [None]
        return options

    def _cross_targets(self, p: Player) -> list[Cell]:
        assert p.cell is not None
        return [c for c in geo.within(p.cell, 10) if geo.penalty_area(self.fr(p.team, c))]

    def _on_kick(self, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> None:
        self._expect(choice, Kick, "S-K-1", "a kick")
        assert isinstance(choice, Kick)
        options = self.kick_options()
        p = self.carrier_player()
        assert p is not None and p.cell is not None
        mode = self.pending.extra.get("mode", "start")
        if choice.kind not in options:
            rule = "S-K-1" if mode == "start" else ("S-CRS-2" if mode == "header" else "S-SKL-1")
            if choice.kind == "end":
                raise IllegalChoice("S-K-1", "END is never legal at a turn's start")
            if choice.kind in ("pass", "lob", "dribble", "throw") and p.num in self.turn.passed:
                raise IllegalChoice("S-TURN-2", f"#{p.num} has passed this turn")
            raise IllegalChoice(rule, f"{choice.kind} is not legal now "
                                f"({', '.join(options) or 'nothing'})")
        if choice.to is not None and choice.to not in options[choice.kind]:
            rng = distance(p.cell, choice.to)
            raise IllegalChoice("S-K-1", f"{choice.kind} to {list(choice.to)}: range {rng} "
                                f"is not 1-{2 if mode == 'header' else RANGES[choice.kind]} on the pitch")
        direct = mode == "skill" and self.pending.extra.get("moved", 0) >= 1
        if choice.kind == "end":
            self._phase2(out)
            return
        if choice.kind == "hold":
            self.hold_used = True
            out.append(ev.Held(SEATS[team], p.num))
            self._phase2(out)
            return
        set_piece = self.turn.set_piece
        self.turn.set_piece = None
        self.turn.kicks += 1
        if choice.kind == "cross":
            self.turn.crossed = True
            out.append(ev.Announced(SEATS[team], p.num, "cross"))
            self.kick = {"kind": "cross", "kicker": p.num, "set_piece": set_piece,
                         "direct": direct, "offside": self._offside_positions(p, set_piece),
                         "headers": (), "moved": self.pending.extra.get("moved", 0)}
            if direct:
                self.pending = Pending("defend", (other(team),), {"cross": True})
            elif self.options.has("header"):
                self.pending = Pending("headers", (team,))
            else:
                self.pending = Pending("cross", (team,))
            return
        if choice.kind == "shot":
            self.turn.shot = True
            out.append(ev.Announced(SEATS[team], p.num, "shot"))
            self.kick = {"kind": "shot", "kicker": p.num, "set_piece": set_piece,
                         "direct": direct and set_piece is None, "header": mode == "header",
                         "penalty": False, "moved": self.pending.extra.get("moved", 0)}
            self.pending = Pending("defend", (other(team),), {"cross": False})
            return
        kind = "header_pass" if mode == "header" else choice.kind
        assert choice.to is not None
        self._kick(p, kind, choice.to, set_piece, out)

    # ----- kicks (S-K-2 .. S-K-5) -------------------------------------------------------------
    def _offside_positions(self, kicker: Player, set_piece: str | None) -> frozenset[int]:
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

    def _kick(self, p: Player, kind: str, target: Cell, set_piece: str | None,
              out: list[ev.SoccerEvent]) -> None:
        """A pass, lob, dribble, throw or header pass from the carrier ``p``."""
        team = p.team
        assert p.cell is not None
        origin = p.cell
        rng = distance(origin, target)
        marked = tuple(q.num for q in self.marked_by(p))
        offside = (self._offside_positions(p, set_piece) if kind in OFFSIDE_KICKS
                   else frozenset())
        pressed = geo.midfield_zone(self.fr(team, origin)) and any(
            q.team != team and not q.lying for q in self.at(origin))
        dots = 0 if kind == "throw" else self.effective(p, COLOUR[kind])
        chance = min(95, max(35, 95 - 6 * rng) + 5 * dots)
        if kind in PASSES:
            self.turn.passed.add(p.num)
        if self.turn.assisted == p.num:
            self.turn.assisted = None
        self.kick = {"kind": kind, "kicker": p.num, "set_piece": set_piece, "offside": offside,
                     "pressed": pressed, "relance_first": self.turn.relance and self.turn.kicks == 1,
                     "dribbled": frozenset(), "headers": ()}
        dribbled: list[int] = []
        if kind == "dribble":
            first = line(origin, target)[1]
            for cell in (origin, first):
                for opp in sorted((q for q in self.at(cell) if q.team != team and not q.lying),
                                  key=lambda q: q.num):
                    result = self._dribble_duel(p, opp, cell, "dribble", out)
                    if result == "foul":
                        out.append(ev.Kicked(SEATS[team], p.num, kind, target, rng, marked,
                                             dots, chance, foul=True))
                        self._foul(opp, cell, True, None, out, foul_cell=cell)
                        return
                    if result == "won":
                        opp.lying = True
                        dribbled.append(opp.num)
                    else:
                        break
                else:
                    continue
                break
            self.kick["dribbled"] = frozenset(dribbled)
        self._fly(p, kind, target, rng, marked, dots, chance, kind not in HIGH, out)

    def _dribble_duel(self, p: Player, opp: Player, cell: Cell, kind: str,
                      out: list[ev.SoccerEvent]) -> str:
        """S-K-4 (and S-SHOT-2's round): 'won', 'lost' or 'foul'."""
        if self.failed_tackler == (opp.team, opp.num):
            out.append(ev.Duel(kind, SEATS[p.team], p.num, opp.num, cell, None, won=True))
            return "won"
        a = self.dice.d6()
        b = self.dice.d6()
        if b == 1 and self.in_attack_zone(p.team, cell):
            out.append(ev.Duel(kind, SEATS[p.team], p.num, opp.num, cell, (a, b), foul=True))
            return "foul"
        won = a + p.duel[0] > b + opp.duel[1]
        out.append(ev.Duel(kind, SEATS[p.team], p.num, opp.num, cell, (a, b), won=won))
        return "won" if won else "lost"

    def _fly(self, p: Player, kind: str, target: Cell, rng: int, marked: tuple[int, ...], dots: int,
             chance: int, ground: bool, out: list[ev.SoccerEvent]) -> None:
        """S-K-2's landing, S-K-3's run of a ground ball, then the ball settles or goes out."""
        team = p.team
        assert p.cell is not None
        origin = p.cell
        roll = self.dice.d100()
        miss: Any = ev.ABSENT
        lands = target
        if roll > chance:
            miss = self.dice.d6()
            lands = geo.neighbour(target, miss - 1)
        path: Any = ev.ABSENT
        rests: Cell | None = lands if on_pitch(lands) else None
        if ground:
            cells = line(origin, lands)
            path = cells[1:]
            rests = self._ground_stop(cells, team, lands)
        elif self.options.has("pinpoint_cross") and kind == "cross":
            for c in line(origin, lands)[1:]:
                if on_pitch(c) and geo.penalty_area(self.fr(team, c)):
                    there = [q for q in self.at(c) if not q.lying]
                    if any(q.team == team for q in there) and not any(q.team != team for q in there):
                        rests = c
                        break
        out.append(ev.Kicked(SEATS[team], p.num, kind, target, rng, marked, dots, chance,
                             roll=roll, miss=miss, lands=lands, path=path, rests=rests))
        if rests is None:
            self._out(team, lands, target, out)
            return
        self.kick["travelled"] = distance(origin, rests)
        self._settle(rests, out)

    def _ground_stop(self, cells: list[Cell], team: int, lands: Cell) -> Cell | None:
        """S-K-3: the first cell after the kicker's holding a player stops a ground ball (an
        interceptor in the kicker's cell first)."""
        dribbled = self.kick.get("dribbled", frozenset())
        interceptor = self.kick.get("interceptor")
        if interceptor is not None:
            q = self.player(other(team), interceptor)
            if q.cell == cells[0]:
                return cells[0]
        for c in cells[1:]:
            if not on_pitch(c):
                continue
            if any(not (q.team != team and q.num in dribbled) for q in self.at(c)):
                return c
        return lands if on_pitch(lands) else None

    def _out(self, last: int, lands: Cell, target: Cell, out: list[ev.SoccerEvent]) -> None:
        """S-K-5: past a goal line (checked first) a corner or goal kick, past a touchline a
        throw-in at the aimed target."""
        x, y = lands
        if x < 0 or x > geo.WIDTH:
            east_goal = x > geo.WIDTH
            defending = RED if self.east(RED) != east_goal else BLUE
            # ``defending`` is the team whose goal this is.
            if last == defending:
                team = other(defending)
                row = 0 if target[1] <= 4 else 8
                cell = (geo.WIDTH if east_goal else 0, row)
                restart = "corner"
            else:
                team = defending
                cell = geo.GOAL_KICK_CELL if east_goal else geo.mirror(geo.GOAL_KICK_CELL)
                restart = "goal_kick"
        else:
            team, cell, restart = other(last), target, "throw_in"
        out.append(ev.Out(restart, SEATS[team], cell))
        self.carrier, self.holding = None, False
        self.ball, self.possession = cell, team
        if self.time_up():
            out.append(ev.Clock(self.half, self.clock, self.minute(), "out"))
            self._end_half(out)
            return
        if restart == "throw_in":
            self._throw_in(team, cell)
        else:
            self._reposition(team, cell, restart)

    # ----- the ball settles: offside, CdD, crosses (S-OFF-1, S-CDD-1..3, S-CRS-1) ------------
    def _candidates(self, cell: Cell) -> list[tuple[int, Player]]:
        k = self.kick
        attacker = self.turn.attacker
        excluded: set[tuple[int, int]] = set()
        if k.get("kind") in ("cross", "shot") or k.get("set_piece"):
            excluded.add((attacker, k["kicker"]))
        for num in k.get("dribbled", ()):
            excluded.add((other(attacker), num))
        for num in k.get("headers", ()):
            excluded.add((attacker, num))
        result = []
        there = self.at(cell) if on_pitch(cell) else None
        for q in self.players():
            if q.lying or (q.team, q.num) in excluded or there is None:
                continue
            # S-PIT-2's room (has_room, the cell's players found once for all candidates).
            others = [o for o in there if o is not q]
            if len(others) >= 2 or any(o.team == q.team for o in others):
                continue
            assert q.cell is not None
            d = distance(q.cell, cell)
            if self.options.has("speed") and d > 0 and q.count("S") and self._speedy(q, cell):
                d -= 1
            result.append((d, q))
        return result

    def _speedy(self, q: Player, cell: Cell) -> bool:
        """S-PRO-SPEED: the ball rests in an empty cell with empty neighbours and he is
        unmarked."""
        if self.at(cell) or any(self.at(n) for n in neighbours(cell) if on_pitch(n)):
            return False
        return not self.marked_by(q)

    def _cdd_winner(self, cell: Cell) -> tuple[Player, int] | None:
        """S-CDD-1, S-CDD-2: the nearest standing candidate, ties by the rules."""
        cands = self._candidates(cell)
        if not cands:
            return None
        best = min(d for d, _ in cands)
        offside = self.kick.get("offside", frozenset())
        attacker = self.turn.attacker
        picks: dict[int, Player] = {}
        for team in (RED, BLUE):
            tied = sorted((q for d, q in cands if d == best and q.team == team), key=lambda q: q.num)
            if not tied:
                continue
            if team == attacker:
                onside = [q for q in tied if q.num not in offside]
                picks[team] = (onside or tied)[0]
            else:
                picks[team] = tied[0]
        if len(picks) == 1:
            (winner,) = picks.values()
        else:
            winner = picks[attacker] if self._tie_to_attacker() else picks[other(attacker)]
        assert winner.cell is not None
        return winner, distance(winner.cell, cell)

    def _tie_to_attacker(self) -> bool:
        """S-CDD-2 between teams: the defender's cases checked first."""
        k = self.kick
        kind = k.get("kind")
        travelled = k.get("travelled", 0)
        if kind in ("cross", "shot") or k.get("relance_first") or k.get("pressed"):
            return False
        if self.options.has("through_ball") and kind in ("pass", "lob"):
            return True
        return kind in PASSES and travelled <= 5

    def _settle(self, cell: Cell, out: list[ev.SoccerEvent]) -> None:
        """The ball rests at ``cell`` after a kick: offside first, then a cross's header
        or the CdD."""
        self.ball = cell
        self.carrier, self.holding = None, False
        attacker = self.turn.attacker
        offside = set(self.kick.get("offside", frozenset()))
        while True:
            in_cell = sorted((q for q in self.at(cell) if q.team == attacker and not q.lying
                              and q.num in offside), key=lambda q: q.num)
            offender = in_cell[0] if in_cell else None
            win = None
            if offender is None:
                if self.kick.get("kind") == "cross" and geo.penalty_area(self.fr(attacker, cell)):
                    if self._cross_in_area(cell, out):
                        return
                win = self._cdd_winner(cell)
                if win is not None and win[0].team == attacker and win[0].num in offside:
                    offender = win[0]
            if offender is None:
                break
            if self.options.has("offside_line") and self._step_back(offender, offside):
                offside.discard(offender.num)
                self.kick["offside"] = frozenset(offside)
                continue
            out.append(ev.Offside(SEATS[attacker], offender.num, cell))
            self._reposition(other(attacker), cell, "free_kick")
            return
        if win is None:
            # Nobody can reach it (every player lying or without room): the defender's ball
            # where it lies, taken as a free kick (ruling, docs/rules/simulator-soccer.md).
            self._reposition(other(attacker), cell, "free_kick")
            return
        winner, moved = win
        self._takes_ball(winner, moved, "cdd", out)

    def _step_back(self, offender: Player, offside: set[int]) -> bool:
        """S-PRO-LINE: to the first free onside behind neighbour; False when none."""
        assert offender.cell is not None
        team = offender.team
        line_x = self._offside_line(team)
        for c in geo.behind_neighbours(offender.cell, self.east(team)):
            if on_pitch(c) and self.has_room(c, offender) and self.fr(team, c)[0] <= line_x:
                offender.cell = c
                return True
        return False

    def _offside_line(self, team: int) -> int:
        kicker = self.player(team, self.kick["kicker"])
        assert kicker.cell is not None
        opp_x = sorted((self.fr(team, q.cell)[0] for q in self.teams[other(team)].on_pitch()
                        if q.cell is not None), reverse=True)
        return max(10, self.fr(team, kicker.cell)[0], opp_x[1] if len(opp_x) > 1 else -1)

    def _cross_in_area(self, cell: Cell, out: list[ev.SoccerEvent]) -> bool:
        """S-CRS-1: a cross resting in the penalty area with a standing attacker or defender."""
        attacker = self.turn.attacker
        standing = [q for q in self.at(cell) if not q.lying]
        att = [q for q in standing if q.team == attacker]
        dfn = [q for q in standing if q.team != attacker]
        if att and dfn:
            a, d = att[0], dfn[0]
            x, y = self.dice.d6(), self.dice.d6()
            won = x + a.count("K") > y + d.count("K")
            out.append(ev.Duel("header", SEATS[attacker], a.num, d.num, cell, (x, y), won=won))
            if won:
                self._header(a, out)
            else:
                self._takes_ball(d, 0, "cross", out)
            return True
        if att:
            self._header(att[0], out)
            return True
        if dfn:
            self._takes_ball(dfn[0], 0, "cross", out)
            return True
        return False

    def _header(self, p: Player, out: list[ev.SoccerEvent]) -> None:
        """S-CRS-2: he must head: a header pass or a header shot."""
        assert p.cell is not None
        out.append(ev.BallWon(SEATS[p.team], p.num, p.cell, 0, "header"))
        self.carrier, self.possession = (p.team, p.num), p.team
        self.pending = Pending("kick", (p.team,), {"mode": "header"})

    def _takes_ball(self, p: Player, moved: int, how: str, out: list[ev.SoccerEvent]) -> None:
        """``p`` gets the ball at ``self.ball`` (moving ``moved`` cells)."""
        cell = self.ball
        p.cell = cell
        out.append(ev.BallWon(SEATS[p.team], p.num, cell, moved, how))
        attacker = self.turn.attacker
        from_teammate = p.team == attacker and bool(self.kick.get("kind"))
        self.carrier, self.possession = (p.team, p.num), p.team
        self.holding = (p.keeper and geo.penalty_area(self.fr(other(p.team), cell))
                        and not from_teammate)
        limit = max(3, moved)
        if p.team != attacker:
            self.hold_used = False
            if self._half_over_at_rest(out):
                return
            self._start_turn(p.team, out, relance=True, limit=limit)
            return
        if moved >= 1:
            self.turn.cdd_moved.add(p.num)
            self.turn.most = max(self.turn.most, moved)
            self.turn.limit = max(self.turn.limit, moved)
        kind = self.kick.get("kind")
        if kind == "pass" and self.options.has("assist") and ("G" in p.dots or "R" in p.dots):
            self.turn.assisted = p.num
        if self._half_over_at_rest(out):
            return
        skills = self._skills(p, moved, kind)
        if skills:
            self.pending = Pending("kick", (p.team,), {"mode": "skill", "kinds": skills,
                                                       "moved": moved})
            return
        self._phase2(out)

    def _skills(self, p: Player, moved: int, kind: str | None) -> tuple[str, ...]:
        """S-SKL-1: what the new carrier may kick again."""
        assert p.cell is not None
        fcell = self.fr(p.team, p.cell)
        kinds: list[str] = []
        if (kind in PASSES and self.kick.get("kicker") != p.num and moved == 0
                and p.num not in self.turn.passed and self.effective(p, "Y") >= 1):
            kinds += ["pass", "lob", "dribble"]
        cross_zone = geo.wide_crossing_zone if self.options.has("wide_crossing") else geo.crossing_zone
        if not self.turn.crossed and cross_zone(fcell) and self.effective(p, "G") >= 1 \
                and self._cross_targets(p):
            kinds.append("cross")
        if not self.turn.shot and geo.shooting_zone(fcell) and (
                self.effective(p, "R") >= 1 or self.options.has("torpedo")):
            kinds.append("shot")
        return tuple(kinds)

    # ----- crosses (S-CRS-1, S-PRO-HEADER) ---------------------------------------------------
    def _on_headers(self, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> None:
        self._expect(choice, Headers, "S-PRO-HEADER", "the header moves")
        assert isinstance(choice, Headers)
        movers: list[int] = []
        for num, cell in choice.entries:
            p = self.teams[team].by_num.get(num)
            if p is None or not p.standing or not p.count("K") or num in movers:
                raise IllegalChoice("S-PRO-HEADER", f"#{num} is not a standing K-dot player "
                                    "who has not moved yet")
            assert p.cell is not None
            if (distance(p.cell, cell) != 1 or not geo.penalty_area(self.fr(team, cell))
                    or not self.has_room(cell, p) or p.num == self.kick["kicker"]):
                raise IllegalChoice("S-PRO-HEADER", f"#{num} moves 1 cell into the penalty area")
            p.cell = cell
            movers.append(num)
        self.kick["headers"] = tuple(movers)
        self.pending = Pending("cross", (self.turn.attacker,))

    def _on_cross(self, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> None:
        self._expect(choice, Cross, "S-CRS-1", "the cross's target")
        assert isinstance(choice, Cross)
        p = self.player(team, self.kick["kicker"])
        assert p.cell is not None
        if choice.to not in self._cross_targets(p):
            raise IllegalChoice("S-K-1", f"a cross goes into the attacked penalty area, range "
                                f"1-10, not {list(choice.to)}")
        rng = distance(p.cell, choice.to)
        dots = self.effective(p, "G")
        chance = min(95, max(35, 95 - 6 * rng) + 5 * dots)
        marked = tuple(q.num for q in self.marked_by(p))
        self.kick.update(pressed=False, relance_first=False, dribbled=frozenset())
        self._fly(p, "cross", choice.to, rng, marked, dots, chance, not choice.high, out)

    # ----- shots (S-SHOT-1 .. S-SHOT-3, S-INT-1, S-GK-1) --------------------------------------
    def _on_defend(self, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> None:
        self._expect(choice, Defend, "S-SHOT-1", "the defence")
        assert isinstance(choice, Defend)
        k = self.kick
        attacker = other(team)
        shooter = self.player(attacker, k["kicker"])
        assert shooter.cell is not None
        reach = int(k.get("moved", 0))
        if choice.intercept is not None:
            num, cell = choice.intercept
            q = self.teams[team].by_num.get(num)
            if not (k.get("direct") or self.pending.extra.get("cross")) or reach < 1:
                raise IllegalChoice("S-INT-1", "only a direct cross or shot can be intercepted")
            if q is None or not q.standing or q.keeper:
                raise IllegalChoice("S-INT-1", f"#{num} is not a standing field player")
            assert q.cell is not None
            if distance(q.cell, cell) > reach or not self.has_room(cell, q):
                raise IllegalChoice("S-INT-1", f"#{num} moves up to {reach} cells to a cell with room")
            start, end = self.fr(team, q.cell), self.fr(team, cell)
            q.cell = cell
            # S-PRO-WALL: moving only forward (dx towards the attacked goal >= |dy|) he stands.
            q.lying = not (self.options.has("wall")
                           and end[0] - start[0] >= abs(end[1] - start[1]))
            k["interceptor"] = num
            k["intercept_at"] = cell
        if self.pending.extra.get("cross"):
            if choice.keeper is not None:
                raise IllegalChoice("S-INT-1", "after a direct cross only an interception")
            self.pending = Pending("headers" if self.options.has("header") else "cross",
                                   (attacker,))
            return
        keeper = self.teams[team].keeper()
        k["rushed"] = False
        if choice.keeper is not None and keeper is not None and choice.keeper != keeper.cell:
            assert keeper.cell is not None
            start = keeper.cell
            if keeper.lying or distance(start, choice.keeper) > 2:
                raise IllegalChoice("S-SHOT-1", "the standing keeper moves up to 2 cells")
            if choice.keeper == shooter.cell:
                self._check_rush(keeper, shooter, start)
            elif not self.has_room(choice.keeper, keeper):
                raise IllegalChoice("S-PIT-2", f"no room for the keeper at {list(choice.keeper)}")
            keeper.cell = choice.keeper
            k["keeper_to"] = choice.keeper
            if choice.keeper == shooter.cell:
                k["rushed"] = True
                a, b = self.dice.d6(), self.dice.d6()
                if a == 1 and geo.defence_zone(self.fr(team, shooter.cell)):
                    out.append(ev.Duel("rush", SEATS[team], keeper.num, shooter.num,
                                       shooter.cell, (a, b), foul=True))
                    self._foul(keeper, shooter.cell, True, None, out)
                    return
                won = a + keeper.duel[2] > b + shooter.duel[3]
                out.append(ev.Duel("rush", SEATS[team], keeper.num, shooter.num, shooter.cell,
                                   (a, b), won=won))
                if won:
                    self.ball = shooter.cell
                    self._takes_ball(keeper, 0, "tackle", out)
                    return
        elif choice.keeper is not None and keeper is None:
            raise IllegalChoice("S-SHOT-1", "no keeper to prepare")
        self._ask_shot(out)

    def _check_rush(self, keeper: Player, shooter: Player, start: Cell) -> None:
        """S-SHOT-1: a rush only through a front neighbour of the shooter, not against a
        header, not at penalties (nor, with S-PRO-TORPEDO, a shot from the area)."""
        assert shooter.cell is not None
        k = self.kick
        if k.get("header") or k.get("penalty"):
            raise IllegalChoice("S-SHOT-1", "no rush against a header or a penalty")
        if self.options.has("torpedo") and geo.penalty_area(self.fr(shooter.team, shooter.cell)):
            raise IllegalChoice("S-PRO-TORPEDO", "no rush against a shot from the penalty area")
        fronts = geo.front_neighbours(shooter.cell, self.east(shooter.team))
        if start in fronts:
            return
        if distance(start, shooter.cell) == 2 and any(distance(start, f) == 1 for f in fronts):
            return
        raise IllegalChoice("S-SHOT-1", "a rush starts on a front neighbour of the shooter, or "
                            "2 away next to one")

    def _keeper_may_dive(self, shooter_team: int) -> Player | None:
        keeper = self.teams[other(shooter_team)].keeper()
        if keeper is not None and self.shootout is not None:
            return keeper
        if keeper is None or keeper.lying or self.kick.get("rushed") or self.kick.get("rounded"):
            return None
        assert keeper.cell is not None
        if not geo.goal_area(self.fr(shooter_team, keeper.cell)):
            return None
        return keeper

    def can_round(self) -> bool:
        k = self.kick
        if not k.get("direct") or k.get("header") or k.get("rounded") or k.get("penalty"):
            return False
        shooter = self.player(self.possession, k["kicker"])
        keeper = self.teams[other(shooter.team)].keeper()
        if keeper is None or keeper.lying or shooter.cell is None or keeper.cell is None:
            return False
        return distance(keeper.cell, shooter.cell) <= 1 and bool(self.round_cells())

    def round_cells(self) -> list[Cell]:
        shooter = self.player(self.possession, self.kick["kicker"])
        keeper = self.teams[other(shooter.team)].keeper()
        if keeper is None or shooter.cell is None or keeper.cell is None:
            return []
        ky = abs(keeper.cell[1] - 4)
        return [c for c in neighbours(shooter.cell)
                if on_pitch(c) and abs(c[1] - 4) > ky and self.has_room(c, shooter)]

    def _ask_shot(self, out: list[ev.SoccerEvent]) -> None:
        team = self.possession
        keeper = self._keeper_may_dive(team)
        seats = (team,) if keeper is None else tuple(sorted((team, other(team))))
        self.phase = "shootout" if self.shootout is not None else "p1"
        self.pending = Pending("shoot", seats)

    def _on_shoot(self, joint: dict[int, Choice], out: list[ev.SoccerEvent]) -> None:
        team = self.possession
        choice = joint[team]
        dive: str | None = None
        if other(team) in joint:
            d = joint[other(team)]
            self._expect(d, Dive, "S-SHOT-2", "the keeper's dive")
            assert isinstance(d, Dive)
            if d.side not in SIDES:
                raise IllegalChoice("S-SHOT-2", f"no side {d.side}")
            dive = d.side
        if isinstance(choice, Round):
            if not self.can_round():
                raise IllegalChoice("S-SHOT-2", "only a direct shooter with the keeper in or "
                                    "next to his cell may round him")
            if choice.to not in self.round_cells():
                raise IllegalChoice("S-SHOT-2", f"round into a neighbour farther from row 4 than "
                                    f"the keeper, with room, not {list(choice.to)}")
            self._round(choice.to, out)
            return
        self._expect(choice, Shoot, "S-SHOT-2", "the shot's aim")
        assert isinstance(choice, Shoot)
        if choice.aim not in SIDES:
            raise IllegalChoice("S-SHOT-2", f"no side {choice.aim}")
        self._strike(choice.aim, choice.high, dive, out)

    def _round(self, to: Cell, out: list[ev.SoccerEvent]) -> None:
        team = self.possession
        shooter = self.player(team, self.kick["kicker"])
        keeper = self.teams[other(team)].keeper()
        assert keeper is not None and shooter.cell is not None
        result = self._dribble_duel(shooter, keeper, shooter.cell, "round", out)
        if result == "foul":
            self._foul(keeper, shooter.cell, True, None, out)
            return
        if result == "lost":
            self.ball = keeper.cell or self.ball
            self._takes_ball(keeper, 0, "tackle", out)
            return
        keeper.lying = True
        self.kick["rounded"] = True
        shooter.cell = to
        self.ball = to
        self.pending = Pending("shoot", (team,))

    def _strike(self, aim: str, high: bool, dive: str | None, out: list[ev.SoccerEvent]) -> None:
        """S-SHOT-3: blocked, wide, goal or saved."""
        team = self.possession
        k = self.kick
        shooter = self.player(team, k["kicker"])
        in_shootout = self.shootout is not None
        keeper = self.teams[other(team)].keeper()
        if in_shootout:
            origin = self.fr(team, geo.SPOT)
        else:
            assert shooter.cell is not None
            origin = shooter.cell
        aimed = self.fr(team, geo.GOAL_MOUTH[aim])
        before = (
            ev.ABSENT if k.get("interceptor") is None else (k["interceptor"], k["intercept_at"]),
            ev.ABSENT if k.get("keeper_to") is None else k["keeper_to"],
            True if k.get("rushed") else ev.ABSENT)

        def shot_event(result: str, **after: Any) -> ev.Shot:
            """The ``shot`` line: the defence's keys, then the resolution's (S-SHOT-3)."""
            return ev.Shot(SEATS[team], shooter.num, aim, high, dive, *before, result=result,
                           **after)

        diving = dive is not None
        if not high and not in_shootout:
            block = None
            interceptor = k.get("interceptor")
            if interceptor is not None and self.player(other(team), interceptor).cell == origin:
                block = origin
            else:
                for c in line(origin, aimed)[1:]:
                    there = [q for q in self.at(c)
                             if not (q.keeper and q.team != team and (
                                 diving or k.get("rounded") or k.get("rushed")))]
                    if there:
                        block = c
                        break
            if block is not None:
                out.append(shot_event("blocked", cell=block))
                self.ball = block
                self.kick["travelled"] = distance(origin, block)
                self.turn.attacker = team
                self._settle(block, out)
                return
        if k.get("header"):
            finishing = shooter.count("K")
        elif k.get("penalty") or in_shootout:
            finishing = shooter.count("R")
        else:
            finishing = self.effective(shooter, "R")
        need = 2 * distance(origin, aimed) - 1 + (1 if high else 0)
        die = self.dice.d6()
        on_target = die + finishing >= need
        read: dict[str, Any] = {"finishing": finishing, "need": need, "die": die,
                                "on_target": on_target}
        if not on_target:
            out.append(shot_event("wide", **read))
            self._shot_done(team, shooter, False, out, wide=True)
            return
        if dive is None or keeper is None or duel.scores(duel.Side(aim), duel.Side(dive)):
            out.append(shot_event("goal", **read))
            self._shot_done(team, shooter, True, out)
            return
        rods = (k.get("penalty") or in_shootout or
                (not k.get("header") and not geo.penalty_area(self.fr(team, origin))))
        a, b = self.dice.d6(), self.dice.d6()
        scored = a + finishing > b + keeper.count("X") + (1 if rods else 0)
        read.update(save=(a, b), rods=True if rods else ev.ABSENT)
        if scored:
            out.append(shot_event("goal", **read))
            self._shot_done(team, shooter, True, out)
            return
        if in_shootout:
            out.append(shot_event("saved", **read))
            self._shootout_kick_done(team, False, out)
            return
        rebound = self.dice.d6()
        assert keeper.cell is not None
        cell = geo.neighbour(keeper.cell, rebound - 1)
        out.append(shot_event("saved", rebound=rebound, cell=cell, **read))
        if not on_pitch(cell):
            self._out(other(team), cell, keeper.cell, out)
            return
        self.ball = cell
        self.kick["travelled"] = 0
        self.turn.attacker = team
        self._settle(cell, out)

    def _shot_done(self, team: int, shooter: Player, goal: bool, out: list[ev.SoccerEvent],
                   wide: bool = False) -> None:
        if self.shootout is not None:
            self._shootout_kick_done(team, goal, out)
            return
        if goal:
            self.score[team] += 1
            self.goals_half += 1
            out.append(ev.Goal(SEATS[team], shooter.num,
                               score={"red": self.score[RED], "blue": self.score[BLUE]}))
            if self.time_up():
                out.append(ev.Clock(self.half, self.clock, self.minute(), "goal"))
                self._end_half(out)
                return
            self._kickoff(other(team), out)
            return
        # Wide: a goal kick to the defender (S-SHOT-3 b).
        east_goal = self.east(team)
        cell = geo.GOAL_KICK_CELL if east_goal else geo.mirror(geo.GOAL_KICK_CELL)
        out.append(ev.Out("goal_kick", SEATS[other(team)], cell))
        self.carrier, self.holding = None, False
        if self.time_up():
            out.append(ev.Clock(self.half, self.clock, self.minute(), "out"))
            self._end_half(out)
            return
        self._reposition(other(team), cell, "goal_kick")

    # ----- Phase 2 and Phase 3 (S-P2-1, S-P3-1 .. S-P3-5) -------------------------------------
    def _stand_up(self, team: int) -> None:
        for p in self.teams[team].on_pitch():
            p.stood = p.lying
            p.lying = False

    def _phase2(self, out: list[ev.SoccerEvent]) -> None:
        self.phase = "p2"
        self._stand_up(self.turn.attacker)
        self.pending = Pending("move", (self.turn.attacker,), {"phase": "p2"})

    def quick(self) -> bool:
        return self.turn.most == 0

    def p3_limit(self) -> int:
        return 1 if self.quick() else self.turn.most

    def _phase3(self, out: list[ev.SoccerEvent]) -> None:
        self.phase = "p3"
        defender = other(self.turn.attacker)
        self._stand_up(defender)
        self.kick = {}
        if self.challengers():
            self.pending = Pending("challenge", (defender,))
        else:
            self.pending = Pending("move", (defender,), {"phase": "p3", "challenge": None})

    def challengers(self) -> list[Player]:
        """S-P3-2: standing defenders (not standing up this phase) within the limit of the
        carrier's cell with room there; never against a holding keeper."""
        carrier = self.carrier_player()
        if carrier is None or self.holding or carrier.cell is None:
            return []
        limit = self.p3_limit()
        return [q for q in self.teams[other(carrier.team)].on_pitch()
                if not q.lying and not q.stood and q.cell is not None
                and distance(q.cell, carrier.cell) <= limit and self.has_room(carrier.cell, q)]

    def entry_kind(self, q: Player) -> str:
        """How defender ``q`` would enter the carrier's cell (S-P3-2): ``fair`` (from a front
        neighbour, or already there), ``behind`` (d6 1-3: a yellow foul), ``violent`` (2+
        cells: always a foul and a red card) or, with S-PRO-RECOVERY, ``recovery`` (d6 1: a
        yellow foul)."""
        carrier = self.carrier_player()
        assert carrier is not None and carrier.cell is not None and q.cell is not None
        moved = distance(q.cell, carrier.cell)
        fronts = geo.front_neighbours(carrier.cell, self.east(carrier.team))
        if moved == 0 or (moved == 1 and q.cell in fronts):
            return "fair"
        if moved == 1:
            return "behind"
        if (self.options.has("recovery") and moved <= 3
                and any(distance(q.cell, f) == moved - 1 for f in fronts)):
            return "recovery"
        return "violent"

    def _on_challenge(self, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> None:
        self._expect(choice, Challenge, "S-P3-2", "a challenge or null")
        assert isinstance(choice, Challenge)
        carrier = self.carrier_player()
        assert carrier is not None and carrier.cell is not None
        if choice.player is None:
            self.pending = Pending("move", (team,), {"phase": "p3", "challenge": None})
            return
        q = self.teams[team].by_num.get(choice.player)
        if q is None or q not in self.challengers():
            raise IllegalChoice("S-P3-2", f"#{choice.player} cannot reach the carrier's cell "
                                f"(within {self.p3_limit()}, standing, with room)")
        if choice.to != carrier.cell:
            raise IllegalChoice("S-P3-2", "a challenge enters the carrier's cell")
        assert q.cell is not None
        moved = distance(q.cell, carrier.cell)
        entry = self.entry_kind(q)
        foul, card = False, None
        if entry in ("behind", "recovery"):
            die = self.dice.d6()
            foul = die <= 3 if entry == "behind" else die == 1
            out.append(ev.Duel("entry", SEATS[team], q.num, carrier.num, carrier.cell, (die,),
                               foul=foul))
            card = "yellow"
        elif entry == "violent":
            foul, card = True, "red"
        summary = {"player": q.num, "moved": moved, "entry": entry, "tackle": choice.tackle}
        if foul:
            # The foul is the entry itself: he stays where he came from (ruling).
            self._foul(q, carrier.cell, False, card, out)
            return
        q.cell = carrier.cell
        if choice.tackle:
            a, b = self.dice.d6(), self.dice.d6()
            if a == 1 and geo.defence_zone(self.fr(team, carrier.cell)):
                out.append(ev.Duel("tackle", SEATS[team], q.num, carrier.num, carrier.cell, (a, b),
                                   foul=True))
                self._foul(q, carrier.cell, True, None, out)
                return
            won = a + q.duel[2] > b + carrier.duel[3]
            out.append(ev.Duel("tackle", SEATS[team], q.num, carrier.num, carrier.cell, (a, b),
                               won=won))
            if won:
                self.kick = {}
                self._takes_ball(q, 0, "tackle", out)
                return
            self.failed_next = (team, q.num)
        self.pending = Pending("move", (team,), {"phase": "p3", "challenge": summary,
                                                 "challenger": q.num, "keeper_used": q.keeper,
                                                 "moved": moved})

    def move_problem(self, team: int, p: Player, cell: Cell, limit: int,
                     phase: str) -> tuple[str, str] | None:
        """Why ``p`` may not move to ``cell`` as the next entry of a move list (rule, reason),
        or None. S-P2-1's ruling: a cell not his own, within the limit, with room, not into a
        holding keeper's cell; the carrier only as a holding keeper, in his area."""
        rule = "S-P2-1" if phase == "p2" else "S-P3-1"
        num = p.num
        if p.lying or p.stood:
            return "S-TURN-2", f"#{num} stands up this phase and does not move"
        assert p.cell is not None
        if cell == p.cell:
            return rule, f"#{num} moves to a cell not his own"
        carrier = self.carrier_player()
        d = distance(p.cell, cell)
        if phase == "p2" and p is carrier:
            if not self.holding:
                return "S-P2-1", "the carrier does not move in Phase 2"
            if d > limit or not geo.penalty_area(self.fr(other(team), cell)):
                return "S-GK-1", "the holding keeper moves in his area"
        elif phase == "p2" and num in self.turn.cdd_moved:
            return "S-TURN-2", f"#{num} moved to the ball: no Phase 2 move"
        if d > limit and not (self.wall and self.wall[0] == team and d == 1
                              and p.cell in self.wall[1]):
            return rule, f"#{num} moves up to {limit} cells, not {d}"
        if self.holding_cell() == cell and p is not carrier:
            return "S-GK-1", "nobody enters a holding keeper's cell"
        if phase != "p2" and carrier is not None and cell == carrier.cell:
            return "S-P3-2", "only the first player moved enters the carrier's cell"
        if not self.has_room(cell, p):
            return "S-PIT-2", f"no room for #{num} at {list(cell)}"
        return None

    def _check_moves(self, team: int, move: Move, limit: int, phase: str,
                     exempt: set[int]) -> list[tuple[Player, Cell, int]]:
        """Apply a move list in order, each entry checked by :meth:`move_problem`."""
        seen: set[int] = set(exempt)
        done = []
        carrier = self.carrier_player()
        rule = "S-P2-1" if phase == "p2" else "S-P3-1"
        for num, cell in move.entries:
            p = self.teams[team].by_num.get(num)
            if p is None or not p.on_pitch:
                raise IllegalChoice(rule, f"#{num} is not on the pitch")
            if num in seen:
                raise IllegalChoice(rule, f"#{num} moves once a phase")
            seen.add(num)
            problem = self.move_problem(team, p, cell, limit, phase)
            if problem:
                raise IllegalChoice(*problem)
            assert p.cell is not None
            d = distance(p.cell, cell)
            p.cell = cell
            if p is carrier:
                self.ball = cell
            done.append((p, cell, d))
        return done

    def _check_wall_spread(self, team: int) -> None:
        if self.wall and self.wall[0] == team:
            for cell in self.wall[1]:
                if sum(1 for q in self.at(cell) if q.team == team) > 1:
                    raise IllegalChoice("S-RST-3", f"the wall at {list(cell)} must leave one "
                                        "player a cell")
            self.wall = None

    def _on_move(self, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> None:
        self._expect(choice, Move, "S-P2-1", "a move list")
        assert isinstance(choice, Move)
        phase = self.pending.extra.get("phase")
        if phase in ("throw", "throw_answer"):
            self._on_throw_move(team, choice, out)
            return
        if choice.thrower is not None or choice.subs:
            raise IllegalChoice("S-RST-1", "thrower and subs belong to a throw-in")
        if choice.push is not None and not self.options.has("pro_quick_turn"):
            raise IllegalChoice("S-PRO-QUICK", "push exists only with the Pro quick turn")
        if phase == "p2":
            done = self._check_moves(team, choice, self.turn.limit, "p2", set())
            self._check_wall_spread(team)
            for _p, _, d in done:
                self.turn.most = max(self.turn.most, d)
            self._phase3(out)
            return
        # Phase 3
        quick = self.quick()
        limit = 1 if quick else self.turn.most
        extra = self.pending.extra
        exempt = {extra["challenger"]} if extra.get("challenger") is not None else set()
        pushed: list[tuple[Player, Cell]] = []
        if quick and choice.push is not None:
            pushed = self._pro_quick_push(team, choice)
        done = self._check_moves(team, choice, limit, "p3", exempt)
        if quick:
            field = [p for p, _, d in done if not p.keeper and not (
                self.wall and self.wall[0] == team and d == 1)]
            keepers = [p for p, _, _ in done if p.keeper]
            if extra.get("challenger") is not None:
                if extra.get("keeper_used"):
                    keepers.append(self.player(team, extra["challenger"]))
                else:
                    field.append(self.player(team, extra["challenger"]))
            if len(field) > 1 or len(keepers) > 1:
                raise IllegalChoice("S-P3-1", "after a quick turn: one field player 1 cell and "
                                    "the keeper 1 cell")
        self._check_wall_spread(team)
        del pushed
        moved = len(done) + (1 if extra.get("challenger") is not None else 0)
        out.append(ev.Phase3(SEATS[team], quick, self.turn.most, moved, extra.get("challenge")))
        self.kick = {}
        if quick and moved == 0:
            if self._half_over_at_rest(out):
                return
        elif self._step_clock(out, test=True):
            return
        self._start_turn(self.possession, out)

    def _pro_quick_push(self, team: int, choice: Move) -> list[tuple[Player, Cell]]:
        """S-PRO-QUICK: the one 1-cell move may enter a teammate's cell; he goes to an empty
        neighbour of his own cell (``push``)."""
        if len(choice.entries) != 1 or choice.push is None:
            raise IllegalChoice("S-PRO-QUICK", "a push goes with exactly one 1-cell move")
        num, cell = choice.entries[0]
        mover = self.teams[team].by_num.get(num)
        mates = [q for q in self.at(cell) if q.team == team and q is not mover]
        if mover is None or not mates:
            raise IllegalChoice("S-PRO-QUICK", "the push needs a teammate in the cell entered")
        mate = mates[0]
        if choice.push not in neighbours(cell) or not on_pitch(choice.push) or self.at(choice.push):
            raise IllegalChoice("S-PRO-QUICK", "the pushed teammate goes to an empty neighbour")
        mate.cell = choice.push
        return [(mate, choice.push)]

    # ----- throw-ins (S-RST-1) -----------------------------------------------------------------
    def _throw_in(self, team: int, cell: Cell) -> None:
        self.phase = "throw_in"
        self.turn = Turn(team)
        self.kick = {}
        for p in self.players():
            p.stood = False
        self.pending = Pending("move", (team,), {"phase": "throw", "cell": cell})

    def may_throw(self, p: Player, cell: Cell) -> bool:
        """S-RST-1: a field player of the throwing team (one lying stands up for it). Ruling:
        the keeper throws when he stands on the throw-in cell himself, since no teammate can
        then enter it (S-PIT-2) and the throw-in could not be taken (football's Law 15 lets
        any player throw in)."""
        return p.on_pitch and (not p.keeper or p.cell == cell)

    def _on_throw_move(self, team: int, choice: Move, out: list[ev.SoccerEvent]) -> None:
        extra = self.pending.extra
        cell = extra["cell"]
        self._stand_up(team)
        if extra["phase"] == "throw":
            if choice.subs:
                if choice.thrower is not None or choice.entries:
                    raise IllegalChoice("S-RST-1", "a substitution makes the throw-in a "
                                        "repositioning: subs alone")
                self._apply_subs(team, choice.subs, out, False, "throw_in")
                self._reposition(team, cell, "throw_in")
                self.restart["subs_done"] = True
                return
            thrower = self.teams[team].by_num.get(choice.thrower or -1)
            if thrower is None or not self.may_throw(thrower, cell):
                raise IllegalChoice("S-RST-1", "a field player of the throwing team throws in "
                                    "(\"thrower\"; the keeper only from the throw-in cell)")
            if thrower.cell != cell:
                if not self.has_room(cell, thrower):
                    raise IllegalChoice("S-PIT-2", "no room for the thrower")
                thrower.cell = cell
                out.append(ev.Placed(SEATS[team], "throw_in", thrower.num, cell))
            self.carrier, self.possession = (team, thrower.num), team
            done = self._check_moves(team, choice, 3, "p2", {thrower.num})
            largest = max([d for _, _, d in done], default=0)
            self.pending = Pending("move", (other(team),),
                                   {"phase": "throw_answer", "cell": cell, "a": max(1, largest)})
            return
        if choice.thrower is not None or choice.subs:
            raise IllegalChoice("S-RST-1", "only the throwing team names a thrower")
        done = self._check_moves(team, choice, extra["a"], "p3", set())
        if any(q.team == team and not q.stood for q in self.at(cell)):
            # Ruling: one standing up there this phase stays (he does not move, S-TURN-2).
            raise IllegalChoice("S-RST-1", "none stays in or enters the thrower's cell")
        del done
        if self._step_clock(out, test=True):
            return
        self._start_turn(other(team), out, set_piece="throw_in")

    # ----- fouls and cards (S-FOUL-1, S-FOUL-2) ------------------------------------------------
    def _foul(self, fouler: Player, cell: Cell, die_caused: bool, card: str | None,
              out: list[ev.SoccerEvent], foul_cell: Cell | None = None) -> None:
        team = fouler.team
        awarded = other(team)
        where = foul_cell or cell
        penalty = geo.penalty_area(self.fr(awarded, where))
        award = "penalty" if penalty else "free_kick"
        out.append(ev.Foul(SEATS[team], fouler.num, where, award))
        keeper_off = False
        if card == "yellow":
            fouler.yellow += 1
            out.append(ev.Card(SEATS[team], fouler.num, "yellow", count_=fouler.yellow))
            if fouler.yellow >= 2:
                out.append(ev.Card(SEATS[team], fouler.num, "red"))
                keeper_off = self._send_off(fouler)
        elif card == "red":
            out.append(ev.Card(SEATS[team], fouler.num, "red"))
            keeper_off = self._send_off(fouler)
        restart = ("penalty", awarded, self.fr(awarded, geo.SPOT)) if penalty else \
            ("free_kick", awarded, where)
        if penalty and die_caused:
            die = self.dice.d6()
            out.append(ev.Var(SEATS[team], die, die == 6))
            if die == 6:
                gk = geo.GOAL_KICK_CELL if self.east(awarded) else geo.mirror(geo.GOAL_KICK_CELL)
                restart = ("goal_kick", team, gk)
        self.carrier, self.holding = None, False
        if len(self.teams[team].on_pitch()) + (1 if keeper_off else 0) < 7:
            # Below 7 players the match is abandoned, lost by that team (ruling, football's
            # Law 3: the book is silent).
            self._finish(out, abandoned_by=team)
            return
        if keeper_off and any(not p.keeper for p in self.teams[team].on_pitch()):
            self.pending = Pending("remove", (team,), {"restart": restart, "cell": keeper_off})
            return
        self._restart_after_foul(restart)

    def _restart_after_foul(self, restart: tuple[str, int, Cell]) -> None:
        kind, team, cell = restart
        self._reposition(team, cell, kind)

    def _send_off(self, p: Player) -> Any:
        """The player leaves for good; for a keeper, returns his cell (a stand-in follows)."""
        cell = p.cell
        was_keeper = p.keeper
        self.sent_off[p.team].append(p.num)
        p.slot, p.cell, p.lying = GONE, None, False
        return cell if was_keeper else False

    def _on_remove(self, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> None:
        self._expect(choice, Remove, "S-FOUL-2", "the player to remove")
        assert isinstance(choice, Remove)
        p = self.teams[team].by_num.get(choice.player)
        if p is None or not p.on_pitch or p.keeper:
            raise IllegalChoice("S-FOUL-2", f"#{choice.player} is not a field player on the pitch")
        cell = self.pending.extra["cell"]
        p.slot, p.cell, p.stand_in, p.lying = 1, cell, True, False
        out.append(ev.StandIn(SEATS[team], p.num, True, cell))
        self._restart_after_foul(self.pending.extra["restart"])

    # ----- the shoot-out (S-END-1) ------------------------------------------------------------
    def _start_shootout(self, out: list[ev.SoccerEvent]) -> None:
        if self.shootout_first is None:
            die = self.dice.draw(2)
            first = RED if die == 1 else BLUE
            out.append(ev.Toss(die, shootout_first=SEATS[first]))
        else:
            first = SEATS.index(self.shootout_first)
        self.shootout = [0, 0]
        self.shootout_order = (first, other(first))
        self.shootout_kicks = [[], []]
        self.phase = "shootout"
        self.carrier = None
        self._next_kicker()

    def _next_kicker(self) -> None:
        team = duel.next_kicker(self.shootout_kicks, self.shootout_order[0])
        self.possession = team
        self.pending = Pending("kicker", (team,))

    def shootout_kickers(self, team: int) -> list[Player]:
        on = self.teams[team].on_pitch()
        if not on:
            return []
        fewest = min(p.kicks for p in on)
        return [p for p in on if p.kicks == fewest]

    def _on_kicker(self, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> None:
        self._expect(choice, Kicker, "S-END-1", "the kicker")
        assert isinstance(choice, Kicker)
        p = self.teams[team].by_num.get(choice.player)
        if p is None or p not in self.shootout_kickers(team):
            raise IllegalChoice("S-END-1", f"#{choice.player} is not among the players on the "
                                "pitch with the fewest kicks")
        p.kicks += 1
        self.kick = {"kind": "shot", "kicker": p.num, "penalty": True, "header": False,
                     "direct": False}
        self._ask_shot(out)

    def _shootout_kick_done(self, team: int, goal: bool, out: list[ev.SoccerEvent]) -> None:
        assert self.shootout is not None
        shooter = self.player(team, self.kick["kicker"])
        self.shootout_kicks[team].append(goal)
        if goal:
            self.shootout[team] += 1
            out.append(ev.Goal(SEATS[team], shooter.num,
                               shootout={"red": self.shootout[RED], "blue": self.shootout[BLUE]}))
        # S-END-1 is C-PEN-1's shoot-out: 5 each, over once one side cannot catch up, then
        # sudden death in pairs.
        if duel.shootout_winner(self.shootout_kicks) is not None:
            self._finish(out)
            return
        self._next_kicker()
