"""Fouls, cards and restarts: kick-offs (S-KO-2), repositionings (S-RST-2 .. S-RST-4, with
S-SUB-1's substitutions), throw-ins (S-RST-1), fouls and cards (S-FOUL-1, S-FOUL-2).

A repositioning is three placement steps, each one team's list; then the kicker is on the
ball, the clock steps and the turn opens with the restart's first kick.
"""
from __future__ import annotations

from ..errors import IllegalChoice
from . import clock, moves
from . import events as ev
from . import geometry as geo
from .board import SoccerBoard, expect, other
from .choices import Choice, Move, Place, Remove
from .flow import Next, StartTurn
from .geometry import Cell, on_pitch
from .state import GONE, SEATS, MovePending, Pending, Player, RemovePending, Restart, Turn

TEMPLATES: dict[str, tuple[Cell, ...]] = {
    "4-4-2": ((0, 4), (4, 6), (4, 2), (3, 5), (3, 3), (7, 3), (7, 7), (7, 5), (9, 5), (9, 3), (7, 1)),
    "4-3-3": ((0, 4), (4, 6), (4, 2), (3, 5), (3, 3), (6, 4), (9, 7), (6, 6), (8, 4), (6, 2), (9, 1)),
    "3-5-2": ((0, 4), (5, 7), (5, 1), (4, 6), (4, 4), (4, 2), (7, 5), (6, 4), (9, 5), (9, 3), (7, 3)),
}
"""S-KO-1's templates for a team attacking east, slot 1 first."""


# ----- kick-offs and repositionings (S-KO-2, S-RST-2 .. S-RST-4) ---------------------------------
def kickoff(m: SoccerBoard, team: int, first: bool = False) -> None:
    """S-KO-2: both teams to the half's template, the kicker on the centre, then
    S-RST-2's three steps."""
    for t in m.teams:
        template = TEMPLATES[t.formation or "4-4-2"]
        for p in t.players:
            if p.slot <= 0:
                continue
            p.cell = m.fr(t.index, template[p.slot - 1])
            p.lying = p.stood = False
    kicking = m.teams[team]
    nine = kicking.in_slot(9)
    if nine is None or nine.cell is None:
        field = [p for p in kicking.on_pitch() if not p.keeper]
        nine = min(field, key=lambda p: p.num) if field else kicking.keeper()
    if nine is not None:
        nine.cell = geo.CENTRE
    reposition(m, team, geo.CENTRE, "kickoff", first)


def reposition(m: SoccerBoard, team: int, cell: Cell, kind: str, first: bool = False) -> None:
    """S-RST-2: the ball placed, then three placement steps; ``first`` is a half's first
    kick-off (no clock step, S-RST-2; half-time substitutions, S-SUB-1)."""
    m.ball, m.possession, m.carrier = cell, team, None
    m.holding, m.hold_used = False, False
    m.phase = "reposition"
    m.restart = Restart(kind, team, cell, first=first)
    if kind == "penalty":
        keeper = m.teams[other(team)].keeper()
        if keeper is not None:
            keeper.cell = m.fr(team, geo.GOAL_MOUTH["centre"])
            keeper.lying = False
    m.pending = Pending("place", (team,))


def place_problem(m: SoccerBoard, p: Player, cell: Cell, step: int) -> str | None:
    """Why ``p`` may not be placed on ``cell`` at this step, or None."""
    r = m.restart
    assert r is not None
    kicking = r.team
    if not on_pitch(cell):
        return "off the pitch (S-PIT-1)"
    fcell = m.fr(p.team, cell)
    if r.kind == "kickoff":
        if not (geo.own_half(fcell) or (p.team == kicking and cell == geo.CENTRE)):
            return "at a kick-off every placement ends in the team's own half (S-KO-2)"
    if p.team != kicking:
        if cell == r.cell:
            return "opponents stay at least 1 cell from the ball (S-RST-2)"
        if r.kind == "goal_kick" and geo.penalty_area(m.fr(p.team, cell)):
            return "opponents stay outside that penalty area at a goal kick (S-RST-4)"
        if r.kind == "penalty":
            if p.keeper:
                return "the keeper stays on the CENTRE goal-mouth cell (S-RST-4)"
            if geo.penalty_area(m.fr(kicking, cell)):
                return "everyone but the kicker and keeper stays outside the area (S-RST-4)"
    elif r.kind == "penalty" and cell != r.cell and geo.penalty_area(m.fr(kicking, cell)):
        return "everyone but the kicker and keeper stays outside the area (S-RST-4)"
    elif step == 3 and r.kind != "kickoff" and cell != r.cell and not geo.own_half(fcell):
        return "step 3's placements end in the team's own half (S-RST-2)"
    if not m.has_room(cell, p):
        if _wall_ok(m, p, cell, step):
            return None
        return "no room: two players a cell at most, of different teams (S-PIT-2)"
    return None


def _wall_ok(m: SoccerBoard, p: Player, cell: Cell, step: int) -> bool:
    """S-RST-3: at a free kick in the kicker's attack zone, 2-3 defenders may share a
    cell outside their goal area, at least 1 from the ball, with no attacker."""
    r = m.restart
    assert r is not None
    if r.kind != "free_kick" or p.team == r.team or step != 2:
        return False
    if not m.in_attack_zone(r.team, r.cell) or cell == r.cell:
        return False
    if geo.goal_area(m.fr(r.team, cell)):
        return False
    others = [q for q in m.at(cell) if q is not p]
    return all(q.team == p.team for q in others) and len(others) <= 2


def apply_subs(m: SoccerBoard, team: int, subs: tuple[tuple[int, int], ...],
               out: list[ev.SoccerEvent], half_time: bool) -> None:
    """S-SUB-1: 5 a match, the substitute takes slot and cell; none for a red card."""
    t = m.teams[team]
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
            m.subs_half += 1
        if m.carrier == (team, off_num):
            m.carrier = (team, on_num)
        out.append(ev.Substituted(SEATS[team], off_num, on_num))


def first_step(r: Restart, team: int) -> bool:
    """Whether this step is ``team``'s first of the repositioning (S-SUB-1's)."""
    return r.step == 1 or (r.step == 2 and team != r.team)


def on_place(m: SoccerBoard, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> Next | None:
    """One placement step (S-RST-2): its substitutions first, each placement legal when
    applied; after step (3) the restart is taken."""
    place = expect(choice, Place, "S-RST-2", "a placement step")
    r = m.restart
    assert r is not None
    if place.subs:
        if not first_step(r, team):
            raise IllegalChoice("S-RST-2", "substitutions come in a team's first step")
        if r.first and m.half == 1:
            raise IllegalChoice("S-SUB-1", "no substitution at the first half's kick-off")
        apply_subs(m, team, place.subs, out, r.first)
    if first_step(r, team) and r.kind != "kickoff":
        _check_required_subs(m, team)
    relocated = _place(m, team, place, r, out)
    if r.step == 1:
        m.restart = r = Restart(r.kind, r.team, r.cell, 1, frozenset(relocated), r.first)
    if r.step == 2:
        _check_other_team_clear(m, team)
    if r.step < 3:
        m.restart = Restart(r.kind, r.team, r.cell, r.step + 1, r.relocated, r.first)
        m.pending = Pending("place", (other(team) if r.step == 1 else r.team,))
        return None
    return _finish_reposition(m, out)


def _place(m: SoccerBoard, team: int, place: Place, r: Restart,
           out: list[ev.SoccerEvent]) -> set[int]:
    """The step's placements in order, each checked; the field players relocated in step
    (1) so far (at most 7, keepers aside)."""
    step = r.step
    seen: set[int] = set()
    relocated = set(r.relocated) if step == 1 else set()
    for num, cell in place.entries:
        p = m.teams[team].by_num.get(num)
        if p is None or not p.on_pitch:
            raise IllegalChoice("S-RST-2", f"#{num} is not on the pitch")
        if num in seen:
            raise IllegalChoice("S-RST-2", f"#{num} is placed twice in one step")
        seen.add(num)
        if step == 3 and num in r.relocated:
            raise IllegalChoice("S-RST-2", f"#{num} was relocated in step 1")
        if p.cell == cell:
            continue
        why = place_problem(m, p, cell, step)
        if why:
            raise IllegalChoice("S-RST-2", f"#{num} to {list(cell)}: {why}")
        if step == 1 and not p.keeper:
            relocated.add(num)
            if len(relocated) > 7:
                raise IllegalChoice("S-RST-2", "step 1 relocates at most 7 field players")
        p.cell = cell
        p.lying = False
        out.append(ev.Placed(SEATS[team], step, num, cell))
    return relocated


def _check_other_team_clear(m: SoccerBoard, team: int) -> None:
    """Ruling (S-RST-2, S-RST-4): the other team's step (2) ends with none of it on the ball
    and, at a goal kick, none in that penalty area. Checked here, not after step (3), because
    step (3) moves only the kicking team: a step (2) that left an opponent there would leave
    the kicking team no legal step (3) and the match stuck."""
    r = m.restart
    assert r is not None
    for p in m.teams[team].on_pitch():
        assert p.cell is not None
        if p.cell == r.cell:
            raise IllegalChoice("S-RST-2", f"#{p.num} stays at least 1 cell from the ball")
        if r.kind == "goal_kick" and geo.penalty_area(m.fr(team, p.cell)):
            raise IllegalChoice("S-RST-4", f"#{p.num} leaves that penalty area at a goal kick")


def _required_subs(m: SoccerBoard, team: int) -> tuple[int, int]:
    """S-SUB-1: the substitutions ``team`` must have made by now (2 from the second half's
    step ceil(H/3), 3 from ceil(2H/3)), as far as it can; and those made."""
    third, two_thirds = -(-m.H // 3), -(-2 * m.H // 3)
    need = 3 if m.clock >= two_thirds else 2 if m.clock >= third else 0
    t = m.teams[team]
    possible = min(5, t.subs + len(t.bench()), t.subs + len(t.on_pitch()))
    return min(need, possible), t.subs


def subs_needed(m: SoccerBoard, team: int) -> int:
    """How many more substitutions ``team`` must make in this placement step (S-SUB-1)."""
    r = m.restart
    if m.pending.kind != "place" or r is None or r.kind == "kickoff" or m.half != 2:
        return 0
    if not first_step(r, team):
        return 0
    need, made = _required_subs(m, team)
    return max(0, need - made)


def required_subs(m: SoccerBoard, team: int) -> tuple[tuple[int, int], ...]:
    """The substitutions S-SUB-1 requires of ``team`` in this placement step, as one fixed
    set (its last field players off, the keeper last, for its first bench players): the
    listing of legal placement steps carries them, since without them no step is legal."""
    need = subs_needed(m, team)
    if not need:
        return ()
    t = m.teams[team]
    off = sorted(t.on_pitch(), key=lambda p: (p.keeper, -p.slot))
    return tuple(zip((p.num for p in off), (p.num for p in t.bench())))[:need]


def _check_required_subs(m: SoccerBoard, team: int) -> None:
    """S-SUB-1: from the first repositioning at second-half step >= ceil(H/3) (then
    ceil(2H/3)) a team must have made 2 (then 3) in the match, as far as it can."""
    if m.half != 2:
        return
    need, made = _required_subs(m, team)
    if made < need:
        raise IllegalChoice("S-SUB-1", f"{SEATS[team]} must have made {need} "
                            f"substitutions by now ({made} made)")


def _finish_reposition(m: SoccerBoard, out: list[ev.SoccerEvent]) -> Next:
    r = m.restart
    assert r is not None
    kicking, cell = r.team, r.cell
    on_ball = [p for p in m.at(cell) if p.team == kicking]
    if len(on_ball) != 1:
        raise IllegalChoice("S-RST-2", "after step 3 exactly one kicking player stands on "
                            f"the ball ({len(on_ball)} there)")
    kicker = on_ball[0]  # the other team was cleared off the ball (and the area) in step (2)
    m.carrier = (kicking, kicker.num)
    m.possession = kicking
    if r.kind == "free_kick":
        walls = frozenset(c for c in {q.cell for q in m.teams[other(kicking)].on_pitch()}
                          if c is not None and sum(1 for q in m.at(c) if q.team != kicking) > 1)
        m.wall = (other(kicking), walls) if walls else None
    if r.kind == "kickoff":
        out.append(ev.KickedOff(m.half, SEATS[kicking], kicker.num))
    if not r.first:
        clock.step(m, out, test=False)
    return StartTurn(kicking, set_piece=r.kind)


# ----- throw-ins (S-RST-1) ----------------------------------------------------------------------
def throw_in(m: SoccerBoard, team: int, cell: Cell) -> None:
    m.phase = "throw_in"
    m.turn = Turn(team)
    m.kick = None
    for p in m.players():
        p.stood = False
    m.pending = MovePending("move", (team,), phase="throw", cell=cell)


def may_throw(p: Player, cell: Cell) -> bool:
    """S-RST-1: a field player of the throwing team (one lying stands up for it). Ruling:
    the keeper throws when he stands on the throw-in cell himself, since no teammate can
    then enter it (S-PIT-2) and the throw-in could not be taken (football's Law 15 lets
    any player throw in)."""
    return p.on_pitch and (not p.keeper or p.cell == cell)


def on_throw_move(m: SoccerBoard, team: int, choice: Choice,
                  out: list[ev.SoccerEvent]) -> Next | None:
    """The throwing team's list (its thrower to the throw-in cell, or substitutions alone:
    a repositioning), then the other team's answer within a; the clock steps, then the
    throw."""
    move = expect(choice, Move, "S-P2-1", "a move list")
    pending = m.pending
    assert isinstance(pending, MovePending) and pending.cell is not None
    cell = pending.cell
    moves.stand_up(m, team)
    if pending.phase == "throw":
        _throw(m, team, move, cell, out)
        return None
    if move.thrower is not None or move.subs:
        raise IllegalChoice("S-RST-1", "only the throwing team names a thrower")
    done = moves.check_moves(m, team, move, pending.a, "p3", set())
    if any(q.team == team and not q.stood for q in m.at(cell)):
        # Ruling: one standing up there this phase stays (he does not move, S-TURN-2).
        raise IllegalChoice("S-RST-1", "none stays in or enters the thrower's cell")
    # The answer is the other team's Phase 3 (S-RST-1): its summary, as every Phase 3 has.
    out.append(ev.Phase3(SEATS[team], False, pending.a, len(done), None))
    if clock.step(m, out, test=True):
        return clock.end_half(m, out)
    return StartTurn(other(team), set_piece="throw_in")


def _throw(m: SoccerBoard, team: int, move: Move, cell: Cell, out: list[ev.SoccerEvent]) -> None:
    if move.subs:
        if move.thrower is not None or move.entries:
            raise IllegalChoice("S-RST-1", "a substitution makes the throw-in a "
                                "repositioning: subs alone")
        apply_subs(m, team, move.subs, out, False)
        reposition(m, team, cell, "throw_in")
        return
    thrower = m.teams[team].by_num.get(move.thrower or -1)
    if thrower is None or not may_throw(thrower, cell):
        raise IllegalChoice("S-RST-1", "a field player of the throwing team throws in "
                            "(\"thrower\"; the keeper only from the throw-in cell)")
    if thrower.cell != cell:
        if not m.has_room(cell, thrower):
            raise IllegalChoice("S-PIT-2", "no room for the thrower")
        thrower.cell = cell
        out.append(ev.Placed(SEATS[team], "throw_in", thrower.num, cell))
    m.carrier, m.possession = (team, thrower.num), team
    done = moves.check_moves(m, team, move, 3, "p2", {thrower.num})
    largest = max([d for _, _, d in done], default=0)
    m.pending = MovePending("move", (other(team),), phase="throw_answer", cell=cell,
                            a=max(1, largest))


# ----- fouls and cards (S-FOUL-1, S-FOUL-2) ------------------------------------------------------
def foul(m: SoccerBoard, fouler: Player, cell: Cell, die_caused: bool, card: str | None,
         out: list[ev.SoccerEvent]) -> None:
    """A foul at ``cell``: a free kick to the other team, a penalty in the fouler's area (to
    VAR when die-caused: a 6 gives a goal kick instead); the card; a team left with fewer
    than 7 loses (ruling); a keeper sent off is stood in for."""
    team = fouler.team
    awarded = other(team)
    penalty = geo.penalty_area(m.fr(awarded, cell))
    out.append(ev.Foul(SEATS[team], fouler.num, cell, "penalty" if penalty else "free_kick"))
    keeper_off = _card(m, fouler, card, out)
    restart = Restart("penalty", awarded, m.fr(awarded, geo.SPOT)) if penalty else \
        Restart("free_kick", awarded, cell)
    if penalty and die_caused:
        die = m.dice.d6()
        out.append(ev.Var(SEATS[team], die, die == 6))
        if die == 6:
            gk = geo.GOAL_KICK_CELL if m.east(awarded) else geo.mirror(geo.GOAL_KICK_CELL)
            restart = Restart("goal_kick", team, gk)
    m.carrier, m.holding = None, False
    if len(m.teams[team].on_pitch()) + (1 if keeper_off else 0) < 7:
        # Below 7 players the match is abandoned, lost by that team (ruling, football's
        # Law 3: the book is silent).
        clock.finish(m, abandoned_by=team)
        return
    if keeper_off and any(not p.keeper for p in m.teams[team].on_pitch()):
        m.pending = RemovePending("remove", (team,), then=restart, cell=keeper_off)
        return
    reposition(m, restart.team, restart.cell, restart.kind)


def _card(m: SoccerBoard, fouler: Player, card: str | None,
          out: list[ev.SoccerEvent]) -> Cell | None:
    """S-FOUL-2: a yellow (a second one is a red), a red; the cell of a keeper sent off."""
    team = fouler.team
    if card == "yellow":
        fouler.yellow += 1
        out.append(ev.Card(SEATS[team], fouler.num, "yellow", count_=fouler.yellow))
        if fouler.yellow >= 2:
            out.append(ev.Card(SEATS[team], fouler.num, "red"))
            return send_off(m, fouler)
    elif card == "red":
        out.append(ev.Card(SEATS[team], fouler.num, "red"))
        return send_off(m, fouler)
    return None


def send_off(m: SoccerBoard, p: Player) -> Cell | None:
    """The player leaves for good; for a keeper, his cell (a stand-in follows)."""
    cell = p.cell
    was_keeper = p.keeper
    m.sent_off[p.team].append(p.num)
    p.slot, p.cell, p.lying = GONE, None, False
    return cell if was_keeper else None


def on_remove(m: SoccerBoard, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> None:
    """S-FOUL-2: the named field player leaves his slot for the keeper's cell, as the stand-in
    keeper (shirt and cards his own), then the restart."""
    remove = expect(choice, Remove, "S-FOUL-2", "the player to remove")
    pending = m.pending
    assert isinstance(pending, RemovePending)
    p = m.teams[team].by_num.get(remove.player)
    if p is None or not p.on_pitch or p.keeper:
        raise IllegalChoice("S-FOUL-2", f"#{remove.player} is not a field player on the pitch")
    p.slot, p.cell, p.stand_in, p.lying = 1, pending.cell, True, False
    out.append(ev.StandIn(SEATS[team], p.num, True, pending.cell))
    reposition(m, pending.then.team, pending.then.cell, pending.then.kind)
