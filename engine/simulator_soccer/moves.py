"""Phase 2 and Phase 3 (S-P2-1, S-P3-1 .. S-P3-5): the attacker's moves, then the
defender's challenge and moves, the clock step that ends a turn; the move lists' checks
(S-PIT-2, S-TURN-2, S-GK-1, S-RST-3's wall), which a throw-in's lists share.
"""
from __future__ import annotations

from ..errors import IllegalChoice
from . import clock
from . import events as ev
from . import geometry as geo
from .board import SoccerBoard, expect, other
from .choices import Challenge, Choice, Move
from .flow import Fouled, Next, StartTurn, TakesBall
from .geometry import Cell, distance, neighbours, on_pitch
from .state import SEATS, ChallengeMade, MovePending, Pending, Player


def stand_up(m: SoccerBoard, team: int) -> None:
    """S-TURN-2: lying players stand up at the start of their team's Phase 2 or 3 and do
    not move in it."""
    for p in m.teams[team].on_pitch():
        p.stood = p.lying
        p.lying = False


def phase2(m: SoccerBoard) -> None:
    m.phase = "p2"
    stand_up(m, m.turn.attacker)
    m.pending = MovePending("move", (m.turn.attacker,), phase="p2")


def phase3(m: SoccerBoard) -> None:
    m.phase = "p3"
    defender = other(m.turn.attacker)
    stand_up(m, defender)
    m.kick = None
    if challengers(m):
        m.pending = Pending("challenge", (defender,))
    else:
        m.pending = MovePending("move", (defender,), phase="p3")


def challengers(m: SoccerBoard) -> list[Player]:
    """S-P3-2: standing defenders (not standing up this phase) within the limit of the
    carrier's cell with room there; never against a holding keeper."""
    carrier = m.carrier_player()
    if carrier is None or m.holding or carrier.cell is None:
        return []
    limit = m.p3_limit()
    return [q for q in m.teams[other(carrier.team)].on_pitch()
            if not q.lying and not q.stood and q.cell is not None
            and distance(q.cell, carrier.cell) <= limit and m.has_room(carrier.cell, q)]


def entry_kind(m: SoccerBoard, q: Player) -> str:
    """How defender ``q`` would enter the carrier's cell (S-P3-2): ``fair`` (from a front
    neighbour, or already there), ``behind`` (d6 1-3: a yellow foul), ``violent`` (2+
    cells: always a foul and a red card) or, with S-PRO-RECOVERY, ``recovery`` (d6 1: a
    yellow foul)."""
    carrier = m.carrier_player()
    assert carrier is not None and carrier.cell is not None and q.cell is not None
    moved = distance(q.cell, carrier.cell)
    fronts = geo.front_neighbours(carrier.cell, m.east(carrier.team))
    if moved == 0 or (moved == 1 and q.cell in fronts):
        return "fair"
    if moved == 1:
        return "behind"
    if (m.options.has("recovery") and moved <= 3
            and any(distance(q.cell, f) == moved - 1 for f in fronts)):
        return "recovery"
    return "violent"


def on_challenge(m: SoccerBoard, team: int, choice: Choice,
                 out: list[ev.SoccerEvent]) -> Next | None:
    """S-P3-2's entry (a foul from behind on d6 1-3, violent from 2+ cells), then S-P3-3's
    tackle if asked (his die 1 in his defence zone a foul; strictly higher: his ball)."""
    challenge = expect(choice, Challenge, "S-P3-2", "a challenge or null")
    carrier = m.carrier_player()
    assert carrier is not None and carrier.cell is not None
    if challenge.player is None:
        m.pending = MovePending("move", (team,), phase="p3")
        return None
    q = m.teams[team].by_num.get(challenge.player)
    if q is None or q not in challengers(m):
        raise IllegalChoice("S-P3-2", f"#{challenge.player} cannot reach the carrier's cell "
                            f"(within {m.p3_limit()}, standing, with room)")
    if challenge.to != carrier.cell:
        raise IllegalChoice("S-P3-2", "a challenge enters the carrier's cell")
    assert q.cell is not None
    moved = distance(q.cell, carrier.cell)
    entry = entry_kind(m, q)
    foul, card = False, None
    if entry in ("behind", "recovery"):
        die = m.dice.d6()
        foul = die <= 3 if entry == "behind" else die == 1
        out.append(ev.Duel("entry", SEATS[team], q.num, carrier.num, carrier.cell, (die,),
                           foul=foul))
        card = "yellow"
    elif entry == "violent":
        foul, card = True, "red"
    if foul:
        # The foul is the entry itself: he stays where he came from (ruling).
        return Fouled(team, q.num, carrier.cell, False, card)
    q.cell = carrier.cell
    if challenge.tackle:
        a, b = m.dice.d6(), m.dice.d6()
        if a == 1 and geo.defence_zone(m.fr(team, carrier.cell)):
            out.append(ev.Duel("tackle", SEATS[team], q.num, carrier.num, carrier.cell, (a, b),
                               foul=True))
            return Fouled(team, q.num, carrier.cell, True, None)
        won = a + q.duel[2] > b + carrier.duel[3]
        out.append(ev.Duel("tackle", SEATS[team], q.num, carrier.num, carrier.cell, (a, b),
                           won=won))
        if won:
            m.kick = None
            return TakesBall(team, q.num, 0, "tackle")
        m.failed_next = (team, q.num)
    m.pending = MovePending("move", (team,), phase="p3",
                            challenge=ChallengeMade(q.num, moved, entry, challenge.tackle))
    return None


def move_problem(m: SoccerBoard, team: int, p: Player, cell: Cell, limit: int,
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
    carrier = m.carrier_player()
    d = distance(p.cell, cell)
    if phase == "p2" and p is carrier:
        if not m.holding:
            return "S-P2-1", "the carrier does not move in Phase 2"
        if d > limit or not geo.penalty_area(m.fr(other(team), cell)):
            return "S-GK-1", "the holding keeper moves in his area"
    elif phase == "p2" and num in m.turn.cdd_moved:
        return "S-TURN-2", f"#{num} moved to the ball: no Phase 2 move"
    if d > limit and not (m.wall and m.wall[0] == team and d == 1 and p.cell in m.wall[1]):
        return rule, f"#{num} moves up to {limit} cells, not {d}"
    if m.holding_cell() == cell and p is not carrier:
        return "S-GK-1", "nobody enters a holding keeper's cell"
    if phase != "p2" and carrier is not None and cell == carrier.cell:
        return "S-P3-2", "only the first player moved enters the carrier's cell"
    if not m.has_room(cell, p):
        return "S-PIT-2", f"no room for #{num} at {list(cell)}"
    return None


def check_moves(m: SoccerBoard, team: int, move: Move, limit: int, phase: str,
                exempt: set[int]) -> list[tuple[Player, Cell, int]]:
    """Apply a move list in order, each entry checked by :func:`move_problem`: the players
    moved, where to and how far."""
    seen: set[int] = set(exempt)
    done = []
    carrier = m.carrier_player()
    rule = "S-P2-1" if phase == "p2" else "S-P3-1"
    for num, cell in move.entries:
        p = m.teams[team].by_num.get(num)
        if p is None or not p.on_pitch:
            raise IllegalChoice(rule, f"#{num} is not on the pitch")
        if num in seen:
            raise IllegalChoice(rule, f"#{num} moves once a phase")
        seen.add(num)
        problem = move_problem(m, team, p, cell, limit, phase)
        if problem:
            raise IllegalChoice(*problem)
        assert p.cell is not None
        d = distance(p.cell, cell)
        p.cell = cell
        if p is carrier:
            m.ball = cell
        done.append((p, cell, d))
    return done


def _check_wall_spread(m: SoccerBoard, team: int) -> None:
    """S-RST-3: a wall's team's next move list leaves one player a cell."""
    if m.wall and m.wall[0] == team:
        for cell in m.wall[1]:
            if sum(1 for q in m.at(cell) if q.team == team) > 1:
                raise IllegalChoice("S-RST-3", f"the wall at {list(cell)} must leave one "
                                    "player a cell")
        m.wall = None


def on_move(m: SoccerBoard, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> Next | None:
    """A Phase 2 list (then Phase 3), or a Phase 3 list: the ``p3`` summary, the clock's
    step (none when a quick turn is answered by moving nobody, S-P3-5), S-TIME-2's test, and
    the next turn."""
    move = expect(choice, Move, "S-P2-1", "a move list")
    pending = m.pending
    assert isinstance(pending, MovePending)
    if move.thrower is not None or move.subs:
        raise IllegalChoice("S-RST-1", "thrower and subs belong to a throw-in")
    if move.push is not None and not m.options.has("pro_quick_turn"):
        raise IllegalChoice("S-PRO-QUICK", "push exists only with the Pro quick turn")
    if pending.phase == "p2":
        done = check_moves(m, team, move, m.turn.limit, "p2", set())
        _check_wall_spread(m, team)
        for _p, _, d in done:
            m.turn.most = max(m.turn.most, d)
        phase3(m)
        return None
    quick = m.quick()
    challenge = pending.challenge
    if quick and move.push is not None:
        _pro_quick_push(m, team, move)
    done = check_moves(m, team, move, 1 if quick else m.turn.most, "p3",
                       set() if challenge is None else {challenge.player})
    if quick:
        _check_quick_answer(m, team, done, challenge)
    _check_wall_spread(m, team)
    moved = len(done) + (0 if challenge is None else 1)
    out.append(ev.Phase3(SEATS[team], quick, m.turn.most, moved,
                         None if challenge is None else challenge.to_json()))
    m.kick = None
    if quick and moved == 0:
        if clock.ends_at_rest(m, out):
            return clock.end_half(m, out)
    elif clock.step(m, out, test=True):
        return clock.end_half(m, out)
    return StartTurn(m.possession)


def _check_quick_answer(m: SoccerBoard, team: int, done: list[tuple[Player, Cell, int]],
                        challenge: ChallengeMade | None) -> None:
    """S-P3-1: after a quick turn, one field player 1 cell and the keeper 1 cell (a wall's
    spreading moves aside, S-RST-3; the challenger counts)."""
    field = [p for p, _, d in done if not p.keeper and not (
        m.wall and m.wall[0] == team and d == 1)]
    keepers = [p for p, _, _ in done if p.keeper]
    if challenge is not None:
        challenger = m.player(team, challenge.player)
        (keepers if challenger.keeper else field).append(challenger)
    if len(field) > 1 or len(keepers) > 1:
        raise IllegalChoice("S-P3-1", "after a quick turn: one field player 1 cell and "
                            "the keeper 1 cell")


def _pro_quick_push(m: SoccerBoard, team: int, move: Move) -> None:
    """S-PRO-QUICK: the one 1-cell move may enter a teammate's cell; he goes to an empty
    neighbour of his own cell (``push``)."""
    if len(move.entries) != 1 or move.push is None:
        raise IllegalChoice("S-PRO-QUICK", "a push goes with exactly one 1-cell move")
    num, cell = move.entries[0]
    mover = m.teams[team].by_num.get(num)
    mates = [q for q in m.at(cell) if q.team == team and q is not mover]
    if mover is None or not mates:
        raise IllegalChoice("S-PRO-QUICK", "the push needs a teammate in the cell entered")
    if move.push not in neighbours(cell) or not on_pitch(move.push) or m.at(move.push):
        raise IllegalChoice("S-PRO-QUICK", "the pushed teammate goes to an empty neighbour")
    mates[0].cell = move.push
