"""The ball settles (S-OFF-1, S-CDD-1 .. S-CDD-3, S-SKL-1) and crosses (S-CRS-1, S-CRS-2,
S-PRO-HEADER): offside first, then a cross's header in the area or the distance rule; the
new carrier's skill replays, or Phase 2; a ball won by the other team starts a relance turn.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import IllegalChoice
from . import clock, kicks, moves, restarts
from . import events as ev
from . import geometry as geo
from .board import SoccerBoard, expect, other
from .choices import Choice, Cross, Headers
from .flow import Next
from .geometry import Cell, distance, neighbours, on_pitch
from .state import RED, BLUE, SEATS, KickPending, Pending, Player


def _candidates(m: SoccerBoard, cell: Cell) -> list[tuple[int, Player]]:
    """S-CDD-1: who may reach the ball, and at what distance (S-PRO-SPEED's one less)."""
    k = m.kick
    assert k is not None
    attacker = m.turn.attacker
    excluded: set[tuple[int, int]] = set()
    if k.kind in ("cross", "shot") or k.set_piece:
        excluded.add((attacker, k.kicker))
    for num in k.dribbled:
        excluded.add((other(attacker), num))
    for num in k.headers:
        excluded.add((attacker, num))
    result = []
    there = m.at(cell) if on_pitch(cell) else None
    for q in m.players():
        if q.lying or (q.team, q.num) in excluded or there is None:
            continue
        # S-PIT-2's room (has_room, the cell's players found once for all candidates).
        others = [o for o in there if o is not q]
        if len(others) >= 2 or any(o.team == q.team for o in others):
            continue
        assert q.cell is not None
        d = distance(q.cell, cell)
        if m.options.has("speed") and d > 0 and q.count("S") and _speedy(m, q, cell):
            d -= 1
        result.append((d, q))
    return result


def _speedy(m: SoccerBoard, q: Player, cell: Cell) -> bool:
    """S-PRO-SPEED: the ball rests in an empty cell with empty neighbours and he is
    unmarked."""
    if m.at(cell) or any(m.at(n) for n in neighbours(cell) if on_pitch(n)):
        return False
    return not m.marked_by(q)


def cdd_winner(m: SoccerBoard, cell: Cell) -> tuple[Player, int] | None:
    """S-CDD-1, S-CDD-2: the nearest standing candidate, ties by the rules."""
    cands = _candidates(m, cell)
    if not cands:
        return None
    assert m.kick is not None
    best = min(d for d, _ in cands)
    offside = m.kick.offside
    attacker = m.turn.attacker
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
        winner = picks[attacker] if _tie_to_attacker(m) else picks[other(attacker)]
    assert winner.cell is not None
    return winner, distance(winner.cell, cell)


def _tie_to_attacker(m: SoccerBoard) -> bool:
    """S-CDD-2 between teams: the defender's cases checked first."""
    k = m.kick
    assert k is not None
    if k.kind in ("cross", "shot") or k.relance_first or k.pressed:
        return False
    if m.options.has("through_ball") and k.kind in ("pass", "lob"):
        return True
    return k.kind in kicks.PASSES and k.travelled <= 5


def settle(m: SoccerBoard, cell: Cell, out: list[ev.SoccerEvent]) -> Next | None:
    """The ball rests at ``cell`` after a kick: offside first, then a cross's header or the
    CdD; nobody able to reach it: the defender's free kick there (ruling)."""
    assert m.kick is not None
    m.ball = cell
    m.carrier, m.holding = None, False
    attacker = m.turn.attacker
    offside = set(m.kick.offside)
    while True:
        in_cell = sorted((q for q in m.at(cell) if q.team == attacker and not q.lying
                          and q.num in offside), key=lambda q: q.num)
        offender = in_cell[0] if in_cell else None
        win = None
        if offender is None:
            if m.kick.kind == "cross" and geo.penalty_area(m.fr(attacker, cell)):
                standing = [q for q in m.at(cell) if not q.lying]
                if standing:
                    return _cross_in_area(m, cell, standing, out)
            win = cdd_winner(m, cell)
            if win is not None and win[0].team == attacker and win[0].num in offside:
                offender = win[0]
        if offender is None:
            break
        if m.options.has("offside_line") and _step_back(m, offender):
            offside.discard(offender.num)
            m.kick = replace(m.kick, offside=frozenset(offside))
            continue
        out.append(ev.Offside(SEATS[attacker], offender.num, cell))
        restarts.reposition(m, other(attacker), cell, "free_kick")
        return None
    if win is None:
        # Nobody can reach it (every player lying or without room): the defender's ball
        # where it lies, taken as a free kick (ruling, docs/rules/simulator-soccer.md).
        restarts.reposition(m, other(attacker), cell, "free_kick")
        return None
    winner, moved = win
    return takes_ball(m, winner, moved, "cdd", out)


def _step_back(m: SoccerBoard, offender: Player) -> bool:
    """S-PRO-LINE: to the first free onside behind neighbour; False when none."""
    assert offender.cell is not None
    team = offender.team
    line_x = _offside_line(m, team)
    for c in geo.behind_neighbours(offender.cell, m.east(team)):
        if on_pitch(c) and m.has_room(c, offender) and m.fr(team, c)[0] <= line_x:
            offender.cell = c
            return True
    return False


def _offside_line(m: SoccerBoard, team: int) -> int:
    assert m.kick is not None
    kicker = m.player(team, m.kick.kicker)
    assert kicker.cell is not None
    opp_x = sorted((m.fr(team, q.cell)[0] for q in m.teams[other(team)].on_pitch()
                    if q.cell is not None), reverse=True)
    return max(10, m.fr(team, kicker.cell)[0], opp_x[1] if len(opp_x) > 1 else -1)


def _cross_in_area(m: SoccerBoard, cell: Cell, standing: list[Player],
                   out: list[ev.SoccerEvent]) -> Next | None:
    """S-CRS-1: a cross resting in the penalty area with a standing attacker (he heads), a
    standing defender (his ball), or both (the header duel d6 + K vs d6 + K)."""
    attacker = m.turn.attacker
    att = [q for q in standing if q.team == attacker]
    dfn = [q for q in standing if q.team != attacker]
    if att and dfn:
        a, d = att[0], dfn[0]
        x, y = m.dice.d6(), m.dice.d6()
        won = x + a.count("K") > y + d.count("K")
        out.append(ev.Duel("header", SEATS[attacker], a.num, d.num, cell, (x, y), won=won))
        if won:
            _header(m, a, out)
            return None
        return takes_ball(m, d, 0, "cross", out)
    if att:
        _header(m, att[0], out)
        return None
    return takes_ball(m, dfn[0], 0, "cross", out)


def _header(m: SoccerBoard, p: Player, out: list[ev.SoccerEvent]) -> None:
    """S-CRS-2: he must head: a header pass or a header shot."""
    assert p.cell is not None
    out.append(ev.BallWon(SEATS[p.team], p.num, p.cell, 0, "header"))
    m.carrier, m.possession = (p.team, p.num), p.team
    m.pending = KickPending("kick", (p.team,), mode="header")


def takes_ball(m: SoccerBoard, p: Player, moved: int, how: str,
               out: list[ev.SoccerEvent]) -> Next | None:
    """``p`` gets the ball where it is, having moved ``moved`` cells: the other team's ball
    starts a relance turn (S-TURN-1), a teammate's may offer a skill (S-SKL-1), else Phase 2.
    A keeper getting it in his area, not from a teammate's kick, holds it (S-GK-1)."""
    cell = m.ball
    p.cell = cell
    out.append(ev.BallWon(SEATS[p.team], p.num, cell, moved, how))
    attacker = m.turn.attacker
    kind = None if m.kick is None else m.kick.kind
    from_teammate = p.team == attacker and kind is not None
    m.carrier, m.possession = (p.team, p.num), p.team
    m.holding = (p.keeper and geo.penalty_area(m.fr(other(p.team), cell)) and not from_teammate)
    if p.team != attacker:
        m.hold_used = False
        # Ruling (S-TURN-1, S-TIME-1): a ball won during a relance turn steps the clock once,
        # so a chain of relance turns (a shot blocked, the keeper's pass intercepted, ...)
        # cannot hold a half at its last minute for ever; S-TIME-2's test follows.
        ends = clock.step(m, out, test=True) if m.turn.relance else clock.ends_at_rest(m, out)
        if ends:
            return clock.end_half(m, out)
        return kicks.start_turn(m, p.team, out, relance=True, limit=max(3, moved))
    if moved >= 1:
        m.turn.cdd_moved.add(p.num)
        m.turn.most = max(m.turn.most, moved)
        m.turn.limit = max(m.turn.limit, moved)
    if kind == "pass" and m.options.has("assist") and ("G" in p.dots or "R" in p.dots):
        m.turn.assisted = p.num
    if clock.ends_at_rest(m, out):
        return clock.end_half(m, out)
    skills = _skills(m, p, moved, kind)
    if skills:
        m.pending = KickPending("kick", (p.team,), mode="skill", kinds=skills, moved=moved)
        return None
    moves.phase2(m)
    return None


def _skills(m: SoccerBoard, p: Player, moved: int, kind: str | None) -> tuple[str, ...]:
    """S-SKL-1: what the new carrier may kick again."""
    assert p.cell is not None
    fcell = m.fr(p.team, p.cell)
    kinds: list[str] = []
    kicker = None if m.kick is None else m.kick.kicker
    if (kind in kicks.PASSES and kicker != p.num and moved == 0
            and p.num not in m.turn.passed and m.effective(p, "Y") >= 1):
        kinds += ["pass", "lob", "dribble"]
    cross_zone = geo.wide_crossing_zone if m.options.has("wide_crossing") else geo.crossing_zone
    if not m.turn.crossed and cross_zone(fcell) and m.effective(p, "G") >= 1 \
            and kicks.cross_targets(m, p):
        kinds.append("cross")
    if not m.turn.shot and geo.shooting_zone(fcell) and (
            m.effective(p, "R") >= 1 or m.options.has("torpedo")):
        kinds.append("shot")
    return tuple(kinds)


# ----- crosses (S-CRS-1, S-PRO-HEADER) -----------------------------------------------------------
def on_headers(m: SoccerBoard, team: int, choice: Choice) -> None:
    """S-PRO-HEADER: K-dot players step 1 cell into the area once a cross is announced."""
    headers = expect(choice, Headers, "S-PRO-HEADER", "the header moves")
    assert m.kick is not None
    movers: list[int] = []
    for num, cell in headers.entries:
        p = m.teams[team].by_num.get(num)
        if p is None or not p.standing or not p.count("K") or num in movers:
            raise IllegalChoice("S-PRO-HEADER", f"#{num} is not a standing K-dot player "
                                "who has not moved yet")
        assert p.cell is not None
        if (distance(p.cell, cell) != 1 or not geo.penalty_area(m.fr(team, cell))
                or not m.has_room(cell, p) or p.num == m.kick.kicker):
            raise IllegalChoice("S-PRO-HEADER", f"#{num} moves 1 cell into the penalty area")
        p.cell = cell
        movers.append(num)
    m.kick = replace(m.kick, headers=tuple(movers))
    m.pending = Pending("cross", (m.turn.attacker,))


def on_cross(m: SoccerBoard, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> Next | None:
    """The announced cross's target and height (S-CRS-1), kicked by S-K-2's model."""
    cross = expect(choice, Cross, "S-CRS-1", "the cross's target")
    assert m.kick is not None
    p = m.player(team, m.kick.kicker)
    assert p.cell is not None
    if cross.to not in kicks.cross_targets(m, p):
        raise IllegalChoice("S-K-1", f"a cross goes into the attacked penalty area, range "
                            f"1-10, not {list(cross.to)}")
    rng = distance(p.cell, cross.to)
    dots = m.effective(p, "G")
    chance = min(95, max(35, 95 - 6 * rng) + 5 * dots)
    marked = tuple(q.num for q in m.marked_by(p))
    m.kick = replace(m.kick, pressed=False, relance_first=False, dribbled=frozenset())
    return kicks.fly(m, p, "cross", cross.to, rng, marked, dots, chance, not cross.high, out)
