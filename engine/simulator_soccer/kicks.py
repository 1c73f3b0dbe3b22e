"""Phase 1: a turn opens (S-TURN-1) and the carrier kicks (S-K-1 .. S-K-5): what he may kick,
the kick model's landing (S-K-2), a ground ball's run (S-K-3), the dribble duels (S-K-4),
the ball out of play (S-K-5). An announced cross or shot is answered in ``settling`` and
``shots``; a kick that stays in play settles there.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import IllegalChoice
from . import clock, moves, restarts
from . import events as ev
from . import geometry as geo
from .board import SoccerBoard, expect, other
from .choices import Choice, Kick
from .flow import AskShot, Next, Settle
from .geometry import Cell, distance, line, on_pitch
from .state import BLUE, RED, SEATS, DefendPending, KickPending, KickState, Pending, Player, Turn

PASSES = ("pass", "lob", "dribble", "throw", "header_pass")
"""The kicks that count as a player's pass (S-TURN-2)."""
OFFSIDE_KICKS = ("pass", "lob", "dribble", "cross", "header_pass")
HIGH = ("lob", "throw", "header_pass")
RANGES = {"pass": 10, "lob": 10, "dribble": 3, "throw": 2, "header_pass": 2, "cross": 10}
COLOUR = {"pass": "Y", "lob": "Y", "dribble": "Y", "cross": "G", "header_pass": "K", "throw": ""}
SET_PIECE_KICKS = {"kickoff": ("pass", "lob"), "goal_kick": ("pass", "lob"),
                   "free_kick": ("pass", "lob", "cross", "shot"), "corner": ("cross",),
                   "penalty": ("shot",), "throw_in": ("throw",)}


def start_turn(m: SoccerBoard, team: int, out: list[ev.SoccerEvent], set_piece: str | None = None,
               relance: bool = False, limit: int = 3) -> Next | None:
    """S-TURN-1: a turn opens for ``team``, the carrier to kick (a penalty is announced at
    once, S-RST-4)."""
    m.turn = Turn(team, relance=relance, set_piece=set_piece, limit=limit)
    m.failed_tackler, m.failed_next = m.failed_next, None
    m.possession = team
    m.phase = "p1"
    for p in m.players():
        p.stood = False
    m.kick = None
    if set_piece == "penalty":
        kicker = m.carrier_player()
        assert kicker is not None
        out.append(ev.Announced(SEATS[team], kicker.num, "shot"))
        m.turn.shot = True
        m.kick = KickState("shot", kicker.num, penalty=True)
        m.turn.set_piece = None
        return AskShot()
    m.pending = KickPending("kick", (team,))
    return None


def kick_options(m: SoccerBoard) -> dict[str, list[Cell | None]]:
    """The kicks the carrier may choose now, each with its targets (S-K-1, S-SKL-1)."""
    p = m.carrier_player()
    pending = m.pending
    if p is None or not isinstance(pending, KickPending):
        return {}
    assert p.cell is not None
    options: dict[str, list[Cell | None]] = {}
    if pending.mode == "header":
        options["lob"] = [c for c in geo.within(p.cell, 2)]
        if not m.turn.shot:
            options["shot"] = [None]
        return options
    if pending.mode == "start" and m.turn.set_piece:
        kinds = SET_PIECE_KICKS[m.turn.set_piece]
    elif pending.mode == "start":
        kinds = ("pass", "lob", "dribble", "cross", "shot")
    else:
        kinds = pending.kinds
    fcell = m.fr(p.team, p.cell)
    cross_zone = geo.wide_crossing_zone if m.options.has("wide_crossing") else geo.crossing_zone
    for kind in kinds:
        if kind in ("pass", "lob", "dribble", "throw"):
            if p.num in m.turn.passed:
                continue
            options[kind] = list(geo.within(p.cell, RANGES[kind]))
        elif kind == "cross":
            if not m.turn.crossed and cross_zone(fcell) and cross_targets(m, p):
                options["cross"] = [None]
        elif kind == "shot":
            if not m.turn.shot and geo.shooting_zone(fcell):
                options["shot"] = [None]
    if pending.mode == "start" and m.holding and not m.hold_used:
        options["hold"] = [None]
    if pending.mode == "skill":
        options["end"] = [None]
    return options


def cross_targets(m: SoccerBoard, p: Player) -> list[Cell]:
    """S-K-1: a cross goes into the attacked penalty area, range 1-10."""
    assert p.cell is not None
    return [c for c in geo.within(p.cell, 10) if geo.penalty_area(m.fr(p.team, c))]


def _refuse(m: SoccerBoard, p: Player, kick: Kick, options: dict[str, list[Cell | None]],
            mode: str) -> None:
    """Why the carrier may not kick ``kick`` now (S-K-1, S-TURN-2, S-SKL-1, S-CRS-2)."""
    assert p.cell is not None
    if kick.kind not in options:
        rule = "S-K-1" if mode == "start" else ("S-CRS-2" if mode == "header" else "S-SKL-1")
        if kick.kind == "end":
            raise IllegalChoice("S-K-1", "END is never legal at a turn's start")
        if kick.kind in ("pass", "lob", "dribble", "throw") and p.num in m.turn.passed:
            raise IllegalChoice("S-TURN-2", f"#{p.num} has passed this turn")
        raise IllegalChoice(rule, f"{kick.kind} is not legal now "
                            f"({', '.join(options) or 'nothing'})")
    if kick.to is not None and kick.to not in options[kick.kind]:
        rng = distance(p.cell, kick.to)
        raise IllegalChoice("S-K-1", f"{kick.kind} to {list(kick.to)}: range {rng} "
                            f"is not 1-{2 if mode == 'header' else RANGES[kick.kind]} on the pitch")


def on_kick(m: SoccerBoard, team: int, choice: Choice, out: list[ev.SoccerEvent]) -> Next | None:
    """The carrier's kick: declining a skill or holding (Phase 2 follows), announcing a cross
    or a shot (the defender answers), or a pass, lob, dribble, throw or header pass."""
    kick = expect(choice, Kick, "S-K-1", "a kick")
    pending = m.pending
    assert isinstance(pending, KickPending)
    options = kick_options(m)
    p = m.carrier_player()
    assert p is not None and p.cell is not None
    if kick.kind not in options or (kick.to is not None and kick.to not in options[kick.kind]):
        _refuse(m, p, kick, options, pending.mode)
    if kick.kind == "end":
        moves.phase2(m)
        return None
    if kick.kind == "hold":
        m.hold_used = True
        out.append(ev.Held(SEATS[team], p.num))
        moves.phase2(m)
        return None
    direct = pending.mode == "skill" and pending.moved >= 1
    set_piece = m.turn.set_piece
    m.turn.set_piece = None
    m.turn.kicks += 1
    if kick.kind == "cross":
        m.turn.crossed = True
        out.append(ev.Announced(SEATS[team], p.num, "cross"))
        m.kick = KickState("cross", p.num, set_piece=set_piece, direct=direct,
                           offside=m.offside_positions(p, set_piece), moved=pending.moved)
        if direct:
            m.pending = DefendPending("defend", (other(team),), cross=True)
        else:
            m.pending = Pending("headers" if m.options.has("header") else "cross", (team,))
        return None
    if kick.kind == "shot":
        m.turn.shot = True
        out.append(ev.Announced(SEATS[team], p.num, "shot"))
        m.kick = KickState("shot", p.num, set_piece=set_piece, direct=direct and set_piece is None,
                           header=pending.mode == "header", moved=pending.moved)
        m.pending = DefendPending("defend", (other(team),))
        return None
    assert kick.to is not None
    return _kick(m, p, "header_pass" if pending.mode == "header" else kick.kind, kick.to,
                 set_piece, out)


def _kick(m: SoccerBoard, p: Player, kind: str, target: Cell, set_piece: str | None,
          out: list[ev.SoccerEvent]) -> Next | None:
    """A pass, lob, dribble, throw or header pass from the carrier ``p``."""
    team = p.team
    assert p.cell is not None
    origin = p.cell
    rng = distance(origin, target)
    marked = tuple(q.num for q in m.marked_by(p))
    offside = m.offside_positions(p, set_piece) if kind in OFFSIDE_KICKS else frozenset()
    pressed = geo.midfield_zone(m.fr(team, origin)) and any(
        q.team != team and not q.lying for q in m.at(origin))
    dots = 0 if kind == "throw" else m.effective(p, COLOUR[kind])
    chance = min(95, max(35, 95 - 6 * rng) + 5 * dots)
    if kind in PASSES:
        m.turn.passed.add(p.num)
    if m.turn.assisted == p.num:
        m.turn.assisted = None
    relance_first = m.turn.relance and m.turn.kicks == 1
    m.kick = KickState(kind, p.num, set_piece=set_piece, offside=offside, pressed=pressed,
                       relance_first=relance_first)
    if kind == "dribble":
        dribbled, fouled = _dribble(m, p, target, out)
        if fouled is not None:
            out.append(ev.Kicked(SEATS[team], p.num, kind, target, rng, marked, dots, chance,
                                 foul=True))
            restarts.foul(m, fouled[0], fouled[1], True, None, out)
            return None
        m.kick = KickState(kind, p.num, set_piece=set_piece, offside=offside, pressed=pressed,
                           relance_first=relance_first, dribbled=dribbled)
    return fly(m, p, kind, target, rng, marked, dots, chance, kind not in HIGH, out)


def _dribble(m: SoccerBoard, p: Player, target: Cell, out: list[ev.SoccerEvent]
             ) -> tuple[frozenset[int], tuple[Player, Cell] | None]:
    """S-K-4: duels with each standing opponent in the dribbler's cell, then in the first
    cell of the line, until one is lost; the opponents dribbled past lie down. Their shirts,
    and the defender who fouled and where (his die 1 in the dribbler's attack zone)."""
    assert p.cell is not None
    dribbled: list[int] = []
    for cell in (p.cell, line(p.cell, target)[1]):
        for opp in sorted((q for q in m.at(cell) if q.team != p.team and not q.lying),
                          key=lambda q: q.num):
            result = dribble_duel(m, p, opp, cell, "dribble", out)
            if result == "foul":
                return frozenset(dribbled), (opp, cell)
            if result == "lost":
                return frozenset(dribbled), None
            opp.lying = True
            dribbled.append(opp.num)
    return frozenset(dribbled), None


def dribble_duel(m: SoccerBoard, p: Player, opp: Player, cell: Cell, kind: str,
                 out: list[ev.SoccerEvent]) -> str:
    """S-K-4 (and S-SHOT-2's round): 'won', 'lost' or 'foul'."""
    if m.failed_tackler == (opp.team, opp.num):
        out.append(ev.Duel(kind, SEATS[p.team], p.num, opp.num, cell, None, won=True))
        return "won"
    a = m.dice.d6()
    b = m.dice.d6()
    if b == 1 and m.in_attack_zone(p.team, cell):
        out.append(ev.Duel(kind, SEATS[p.team], p.num, opp.num, cell, (a, b), foul=True))
        return "foul"
    won = a + p.duel[0] > b + opp.duel[1]
    out.append(ev.Duel(kind, SEATS[p.team], p.num, opp.num, cell, (a, b), won=won))
    return "won" if won else "lost"


def fly(m: SoccerBoard, p: Player, kind: str, target: Cell, rng: int, marked: tuple[int, ...],
        dots: int, chance: int, ground: bool, out: list[ev.SoccerEvent]) -> Next | None:
    """S-K-2's landing, S-K-3's run of a ground ball, then the ball settles or goes out."""
    team = p.team
    assert p.cell is not None and m.kick is not None
    origin = p.cell
    roll = m.dice.d100()
    miss = ev.ABSENT
    lands = target
    if roll > chance:
        miss = m.dice.d6()
        lands = geo.neighbour(target, miss - 1)
    path = ev.ABSENT
    rests: Cell | None = lands if on_pitch(lands) else None
    if ground:
        cells = line(origin, lands)
        path = cells[1:]
        rests = _ground_stop(m, cells, team, lands)
    elif m.options.has("pinpoint_cross") and kind == "cross":
        rests = _pinpoint(m, team, origin, lands, rests)
    out.append(ev.Kicked(SEATS[team], p.num, kind, target, rng, marked, dots, chance,
                         roll=roll, miss=miss, lands=lands, path=path, rests=rests))
    if rests is None:
        return out_of_play(m, team, lands, target, out)
    m.kick = replace(m.kick, travelled=distance(origin, rests))
    return Settle(rests)


def _pinpoint(m: SoccerBoard, team: int, origin: Cell, lands: Cell, rests: Cell | None
              ) -> Cell | None:
    """S-PRO-PINPOINT: a high cross also rests at the first penalty-area cell of its line
    holding a standing attacker and no defender."""
    for c in line(origin, lands)[1:]:
        if on_pitch(c) and geo.penalty_area(m.fr(team, c)):
            there = [q for q in m.at(c) if not q.lying]
            if any(q.team == team for q in there) and not any(q.team != team for q in there):
                return c
    return rests


def _ground_stop(m: SoccerBoard, cells: list[Cell], team: int, lands: Cell) -> Cell | None:
    """S-K-3: the first cell after the kicker's holding a player stops a ground ball (an
    interceptor in the kicker's cell first)."""
    assert m.kick is not None
    dribbled = m.kick.dribbled
    if m.kick.intercept is not None:
        q = m.player(other(team), m.kick.intercept[0])
        if q.cell == cells[0]:
            return cells[0]
    for c in cells[1:]:
        if not on_pitch(c):
            continue
        if any(not (q.team != team and q.num in dribbled) for q in m.at(c)):
            return c
    return lands if on_pitch(lands) else None


def out_of_play(m: SoccerBoard, last: int, lands: Cell, target: Cell,
                out: list[ev.SoccerEvent]) -> Next | None:
    """S-K-5: past a goal line (checked first) a corner or goal kick, past a touchline a
    throw-in at the aimed target; once time is up, the half ends (S-TIME-2)."""
    x, _y = lands
    if x < 0 or x > geo.WIDTH:
        east_goal = x > geo.WIDTH
        defending = RED if m.east(RED) != east_goal else BLUE
        # ``defending`` is the team whose goal this is.
        if last == defending:
            team = other(defending)
            cell: Cell = (geo.WIDTH if east_goal else 0, 0 if target[1] <= 4 else 8)
            restart = "corner"
        else:
            team = defending
            cell = geo.GOAL_KICK_CELL if east_goal else geo.mirror(geo.GOAL_KICK_CELL)
            restart = "goal_kick"
    else:
        team, cell, restart = other(last), target, "throw_in"
    out.append(ev.Out(restart, SEATS[team], cell))
    m.carrier, m.holding = None, False
    m.ball, m.possession = cell, team
    if clock.ends_out(m, out, "out"):
        return clock.end_half(m, out)
    if restart == "throw_in":
        restarts.throw_in(m, team, cell)
    else:
        restarts.reposition(m, team, cell, restart)
    return None
