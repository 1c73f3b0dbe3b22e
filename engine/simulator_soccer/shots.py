"""Shots and the keeper (S-SHOT-1 .. S-SHOT-3, S-INT-1, S-GK-1): the defence of an announced
shot or direct cross (the keeper prepared, a rush, an interception), the secret aim-and-dive
duel or rounding the keeper, and the shot's end: blocked, wide, a goal or a save.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import duel
from ..errors import IllegalChoice
from . import clock, kicks, restarts, settling, shootout
from . import events as ev
from . import geometry as geo
from .board import SoccerBoard, expect, other
from .choices import SIDES, Choice, Defend, Dive, Round, Shoot
from .flow import Next
from .geometry import Cell, distance, line, neighbours, on_pitch
from .state import SEATS, DefendPending, KickState, Pending, Player


# ----- the defence (S-SHOT-1, S-INT-1) ------------------------------------------------------------
def on_defend(m: SoccerBoard, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> Next | None:
    """The defender's answer: an interception of a direct cross or shot, the keeper's
    preparation (up to 2 cells; into the shooter's cell, a rush); then the cross or the
    shot's duel."""
    defend = expect(choice, Defend, "S-SHOT-1", "the defence")
    pending = m.pending
    assert isinstance(pending, DefendPending) and m.kick is not None
    attacker = other(team)
    if defend.intercept is not None:
        _intercept(m, team, defend.intercept, pending.cross)
    if pending.cross:
        if defend.keeper is not None:
            raise IllegalChoice("S-INT-1", "after a direct cross only an interception")
        m.pending = Pending("headers" if m.options.has("header") else "cross", (attacker,))
        return None
    keeper = m.teams[team].keeper()
    if defend.keeper is not None and keeper is not None and defend.keeper != keeper.cell:
        return _prepare(m, team, keeper, defend.keeper, out)
    if defend.keeper is not None and keeper is None:
        raise IllegalChoice("S-SHOT-1", "no keeper to prepare")
    ask_shot(m)
    return None


def _intercept(m: SoccerBoard, team: int, intercept: tuple[int, Cell], cross: bool) -> None:
    """S-INT-1: one standing field player moves up to k cells (the shooter's or crosser's
    move to the ball) and lies down there; S-PRO-WALL: moving only forward, he stands."""
    k = m.kick
    assert k is not None
    num, cell = intercept
    q = m.teams[team].by_num.get(num)
    if not (k.direct or cross) or k.moved < 1:
        raise IllegalChoice("S-INT-1", "only a direct cross or shot can be intercepted")
    if q is None or not q.standing or q.keeper:
        raise IllegalChoice("S-INT-1", f"#{num} is not a standing field player")
    assert q.cell is not None
    if distance(q.cell, cell) > k.moved or not m.has_room(cell, q):
        raise IllegalChoice("S-INT-1", f"#{num} moves up to {k.moved} cells to a cell with room")
    start, end = m.fr(team, q.cell), m.fr(team, cell)
    q.cell = cell
    q.lying = not (m.options.has("wall") and end[0] - start[0] >= abs(end[1] - start[1]))
    m.kick = replace(k, intercept=(num, cell))


def _prepare(m: SoccerBoard, team: int, keeper: Player, to: Cell,
             out: list[ev.SoccerEvent]) -> Next | None:
    """S-SHOT-1: the standing keeper moves up to 2 cells; into the shooter's cell, a rush
    (d6 + Tackle vs d6 + Retention, his die 1 in his defence zone a foul)."""
    assert m.kick is not None and keeper.cell is not None
    shooter = m.player(other(team), m.kick.kicker)
    start = keeper.cell
    if keeper.lying or distance(start, to) > 2:
        raise IllegalChoice("S-SHOT-1", "the standing keeper moves up to 2 cells")
    rush = to == shooter.cell
    if rush:
        _check_rush(m, shooter, start)
    elif not m.has_room(to, keeper):
        raise IllegalChoice("S-PIT-2", f"no room for the keeper at {list(to)}")
    keeper.cell = to
    m.kick = replace(m.kick, keeper_to=to, rushed=rush)
    if not rush:
        ask_shot(m)
        return None
    a, b = m.dice.d6(), m.dice.d6()
    if a == 1 and geo.defence_zone(m.fr(team, to)):
        out.append(ev.Duel("rush", SEATS[team], keeper.num, shooter.num, to, (a, b), foul=True))
        restarts.foul(m, keeper, to, True, None, out)
        return None
    won = a + keeper.duel[2] > b + shooter.duel[3]
    out.append(ev.Duel("rush", SEATS[team], keeper.num, shooter.num, to, (a, b), won=won))
    if won:
        m.ball = to
        return settling.takes_ball(m, keeper, 0, "tackle", out)
    ask_shot(m)
    return None


def _check_rush(m: SoccerBoard, shooter: Player, start: Cell) -> None:
    """S-SHOT-1: a rush only through a front neighbour of the shooter, not against a
    header, not at penalties (nor, with S-PRO-TORPEDO, a shot from the area)."""
    assert shooter.cell is not None and m.kick is not None
    if m.kick.header or m.kick.penalty:
        raise IllegalChoice("S-SHOT-1", "no rush against a header or a penalty")
    if m.options.has("torpedo") and geo.penalty_area(m.fr(shooter.team, shooter.cell)):
        raise IllegalChoice("S-PRO-TORPEDO", "no rush against a shot from the penalty area")
    fronts = geo.front_neighbours(shooter.cell, m.east(shooter.team))
    if start in fronts:
        return
    if distance(start, shooter.cell) == 2 and any(distance(start, f) == 1 for f in fronts):
        return
    raise IllegalChoice("S-SHOT-1", "a rush starts on a front neighbour of the shooter, or "
                        "2 away next to one")


# ----- the duel (S-SHOT-2) ------------------------------------------------------------------------
def diving_keeper(m: SoccerBoard, shooter_team: int) -> Player | None:
    """The keeper who dives against the shot about to be taken (S-SHOT-2: standing in his
    goal area, neither rushed nor rounded; in a shoot-out always), None when nobody dives."""
    keeper = m.teams[other(shooter_team)].keeper()
    if keeper is not None and m.shootout is not None:
        return keeper
    if keeper is None or keeper.lying or m.kick is None or m.kick.rushed or m.kick.rounded:
        return None
    assert keeper.cell is not None
    if not geo.goal_area(m.fr(shooter_team, keeper.cell)):
        return None
    return keeper


def can_round(m: SoccerBoard) -> bool:
    """S-SHOT-2: a direct shooter with the keeper in or next to his cell may round him."""
    k = m.kick
    if k is None or not k.direct or k.header or k.rounded or k.penalty:
        return False
    shooter = m.player(m.possession, k.kicker)
    keeper = m.teams[other(shooter.team)].keeper()
    if keeper is None or keeper.lying or shooter.cell is None or keeper.cell is None:
        return False
    return distance(keeper.cell, shooter.cell) <= 1 and bool(round_cells(m))


def round_cells(m: SoccerBoard) -> list[Cell]:
    """Where the shooter may round the keeper: a neighbour farther from row 4 than the
    keeper, on the pitch, with room."""
    assert m.kick is not None
    shooter = m.player(m.possession, m.kick.kicker)
    keeper = m.teams[other(shooter.team)].keeper()
    if keeper is None or shooter.cell is None or keeper.cell is None:
        return []
    ky = abs(keeper.cell[1] - 4)
    return [c for c in neighbours(shooter.cell)
            if on_pitch(c) and abs(c[1] - 4) > ky and m.has_room(c, shooter)]


def ask_shot(m: SoccerBoard) -> None:
    """The shooter's aim, with the keeper's dive when he may dive (both secret, S-SHOT-2)."""
    team = m.possession
    keeper = diving_keeper(m, team)
    seats = (team,) if keeper is None else tuple(sorted((team, other(team))))
    m.phase = "shootout" if m.shootout is not None else "p1"
    m.pending = Pending("shoot", seats)


def on_shoot(m: SoccerBoard, joint: dict[int, Choice], out: list[ev.SoccerEvent]) -> Next | None:
    """The secret aim (or rounding the keeper) and dive, revealed together."""
    team = m.possession
    choice = joint[team]
    dive: str | None = None
    if other(team) in joint:
        side = expect(joint[other(team)], Dive, "S-SHOT-2", "the keeper's dive").side
        if side not in SIDES:
            raise IllegalChoice("S-SHOT-2", f"no side {side}")
        dive = side
    if isinstance(choice, Round):
        if not can_round(m):
            raise IllegalChoice("S-SHOT-2", "only a direct shooter with the keeper in or "
                                "next to his cell may round him")
        if choice.to not in round_cells(m):
            raise IllegalChoice("S-SHOT-2", f"round into a neighbour farther from row 4 than "
                                f"the keeper, with room, not {list(choice.to)}")
        return _round(m, choice.to, out)
    shoot = expect(choice, Shoot, "S-SHOT-2", "the shot's aim")
    if shoot.aim not in SIDES:
        raise IllegalChoice("S-SHOT-2", f"no side {shoot.aim}")
    return _strike(m, shoot.aim, shoot.high, dive, out)


def _round(m: SoccerBoard, to: Cell, out: list[ev.SoccerEvent]) -> Next | None:
    """S-SHOT-2: a dribble duel with the keeper; won, he lies down and the shooter shoots from
    ``to`` without a dive; lost, the keeper's ball."""
    team = m.possession
    assert m.kick is not None
    shooter = m.player(team, m.kick.kicker)
    keeper = m.teams[other(team)].keeper()
    assert keeper is not None and shooter.cell is not None
    result = kicks.dribble_duel(m, shooter, keeper, shooter.cell, "round", out)
    if result == "foul":
        restarts.foul(m, keeper, shooter.cell, True, None, out)
        return None
    if result == "lost":
        m.ball = keeper.cell or m.ball
        return settling.takes_ball(m, keeper, 0, "tackle", out)
    keeper.lying = True
    m.kick = replace(m.kick, rounded=True)
    shooter.cell = to
    m.ball = to
    m.pending = Pending("shoot", (team,))
    return None


# ----- the shot's end (S-SHOT-3) ------------------------------------------------------------------
def shot_need(origin: Cell, aimed: Cell, high: bool) -> int:
    """S-SHOT-3 b: the shooter's d6 + finishing must reach 2 x distance - 1, +1 if HIGH."""
    return 2 * distance(origin, aimed) - 1 + (1 if high else 0)


def has_rods(m: SoccerBoard, origin: Cell) -> bool:
    """S-SHOT-3 c: the keeper's +1 for the rods: a penalty (a shoot-out's too), or a shot
    that is no header from outside the penalty area."""
    k = m.kick
    assert k is not None
    return (k.penalty or m.shootout is not None or
            (not k.header and not geo.penalty_area(m.fr(m.possession, origin))))


def _shot_event(m: SoccerBoard, shooter: Player, aim: str, high: bool, dive: str | None,
                result: str, **after: Any) -> ev.Shot:
    """The ``shot`` line: the defence's keys, then the resolution's (S-SHOT-3)."""
    k = m.kick
    assert k is not None
    return ev.Shot(SEATS[shooter.team], shooter.num, aim, high, dive,
                   ev.ABSENT if k.intercept is None else k.intercept,
                   ev.ABSENT if k.keeper_to is None else k.keeper_to,
                   True if k.rushed else ev.ABSENT, result=result, **after)


def shot_origin(m: SoccerBoard) -> Cell:
    """Where the shot is taken from: the penalty spot in a shoot-out, else the shooter's cell."""
    team = m.possession
    if m.shootout is not None:
        return m.fr(team, geo.SPOT)
    assert m.kick is not None
    cell = m.player(team, m.kick.kicker).cell
    assert cell is not None
    return cell


def blocker(m: SoccerBoard, team: int, origin: Cell, aimed: Cell, diving: bool) -> Cell | None:
    """S-SHOT-3 a: the first cell after the shooter's on a low shot's line holding a player
    (not a diving or rounded keeper), an interceptor in the shooter's cell first."""
    k = m.kick
    assert k is not None
    if k.intercept is not None and m.player(other(team), k.intercept[0]).cell == origin:
        return origin
    for c in line(origin, aimed)[1:]:
        if [q for q in m.at(c) if not (q.keeper and q.team != team and (
                diving or k.rounded or k.rushed))]:
            return c
    return None


def finishing(m: SoccerBoard, shooter: Player, k: KickState) -> int:
    """S-SHOT-3 b: effective R read now (own R at a penalty, K for a header)."""
    if k.header:
        return shooter.count("K")
    if k.penalty or m.shootout is not None:
        return shooter.count("R")
    return m.effective(shooter, "R")


def _strike(m: SoccerBoard, aim: str, high: bool, dive: str | None,
            out: list[ev.SoccerEvent]) -> Next | None:
    """S-SHOT-3: blocked, wide, goal or saved."""
    team = m.possession
    k = m.kick
    assert k is not None
    shooter = m.player(team, k.kicker)
    in_shootout = m.shootout is not None
    keeper = m.teams[other(team)].keeper()
    origin = shot_origin(m)
    aimed = m.fr(team, geo.GOAL_MOUTH[aim])
    if not high and not in_shootout:
        block = blocker(m, team, origin, aimed, dive is not None)
        if block is not None:
            out.append(_shot_event(m, shooter, aim, high, dive, "blocked", cell=block))
            m.ball = block
            m.kick = replace(k, travelled=distance(origin, block))
            m.turn.attacker = team
            return settling.settle(m, block, out)
    skill = finishing(m, shooter, k)
    need = shot_need(origin, aimed, high)
    die = m.dice.d6()
    on_target = die + skill >= need
    read: dict[str, Any] = {"finishing": skill, "need": need, "die": die,
                            "on_target": on_target}
    if not on_target:
        out.append(_shot_event(m, shooter, aim, high, dive, "wide", **read))
        return _shot_done(m, team, shooter, False, out)
    if dive is None or keeper is None or duel.scores(duel.Side(aim), duel.Side(dive)):
        out.append(_shot_event(m, shooter, aim, high, dive, "goal", **read))
        return _shot_done(m, team, shooter, True, out)
    return _save_duel(m, shooter, keeper, origin, skill, (aim, high, dive), read, out)


def _save_duel(m: SoccerBoard, shooter: Player, keeper: Player, origin: Cell, finishing: int,
               sides: tuple[str, bool, str], read: dict[str, Any],
               out: list[ev.SoccerEvent]) -> Next | None:
    """S-SHOT-3 c, the same side: shooter d6 + finishing vs keeper d6 + X (+1 rods: a shot
    from outside the area, or a penalty); strictly higher, a goal; else saved, the ball to the
    keeper's neighbour a d6 picks, then the CdD."""
    team = shooter.team
    k = m.kick
    assert k is not None
    in_shootout = m.shootout is not None
    rods = has_rods(m, origin)
    a, b = m.dice.d6(), m.dice.d6()
    scored = a + finishing > b + keeper.count("X") + (1 if rods else 0)
    read.update(save=(a, b), rods=True if rods else ev.ABSENT)
    if scored:
        out.append(_shot_event(m, shooter, *sides, "goal", **read))
        return _shot_done(m, team, shooter, True, out)
    if in_shootout:
        out.append(_shot_event(m, shooter, *sides, "saved", **read))
        shootout.kick_done(m, team, False, out)
        return None
    rebound = m.dice.d6()
    assert keeper.cell is not None
    cell = geo.neighbour(keeper.cell, rebound - 1)
    out.append(_shot_event(m, shooter, *sides, "saved", rebound=rebound, cell=cell, **read))
    if not on_pitch(cell):
        return kicks.out_of_play(m, other(team), cell, keeper.cell, out)
    m.ball = cell
    m.kick = replace(k, travelled=0)
    m.turn.attacker = team
    return settling.settle(m, cell, out)


def _shot_done(m: SoccerBoard, team: int, shooter: Player, goal: bool,
               out: list[ev.SoccerEvent]) -> Next | None:
    """A goal (the kick-off to the conceder) or a shot wide (a goal kick, S-SHOT-3 b); once
    time is up either ends the half (S-TIME-2)."""
    if m.shootout is not None:
        shootout.kick_done(m, team, goal, out)
        return None
    if goal:
        m.score[team] += 1
        m.goals_half += 1
        out.append(ev.Goal(SEATS[team], shooter.num,
                           score={"red": m.score[0], "blue": m.score[1]}))
        if clock.ends_out(m, out, "goal"):
            return clock.end_half(m, out)
        restarts.kickoff(m, other(team))
        return None
    cell = geo.GOAL_KICK_CELL if m.east(team) else geo.mirror(geo.GOAL_KICK_CELL)
    out.append(ev.Out("goal_kick", SEATS[other(team)], cell))
    m.carrier, m.holding = None, False
    if clock.ends_out(m, out, "out"):
        return clock.end_half(m, out)
    restarts.reposition(m, other(team), cell, "goal_kick")
    return None
