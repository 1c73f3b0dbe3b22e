"""CPU players for Simulator Soccer: Random, Simple and Search.

Every bot is ``choose(view, legal, rng) -> Choice``, like every game's bots: it decides from
its view (``view.public`` is the match as every seat may know it, without the generator), the
legal choices ``match.legal_choices(seat)`` returns and its own generator, never from the
real match. List decisions are built by walking :class:`~.legal.ListMenu` (player, then
cell); every choice a bot makes is checked (``choice in legal``, the rules' answer) and falls
back to a surely legal one.

* Random: uniform over kinds, then over targets; random short move lists.
* Simple: kicks by the kick model's odds (S-K-2) towards goal, shots in range, tackles when
  the odds favour it (S-P3-3), a formation that keeps its shape; the shot/dive duel from its
  equilibrium (:mod:`.shot_duel`: a mixed strategy no fixed aim or dive beats).
* Search: Simple's duel; kicks and moves by a short seeded look-ahead over determinized
  states.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from ..errors import IllegalChoice
from . import geometry as geo
from .board import other
from .choices import (
    FORMATIONS, NO_CHALLENGE, SIDES, Challenge, Choice, Cross, Defend, Formation, Kick, Kicker,
    Move, Place, Remove,
)
from .geometry import Cell, distance
from .legal import ListMenu
from .match import SoccerMatch
from .restarts import apply_subs, may_throw
from .shot_duel import duel_choice, equilibrium, penalty_duel
from .state import SEATS, KickPending, MovePending, Player
from .view import SoccerView, determinize

Legal = Sequence[Choice]
"""What ``match.legal_choices(seat)`` returns: ``in`` asks the rules."""
Policy = Callable[[SoccerMatch, int, Legal, random.Random], Choice]


class Bot(Protocol):
    """A CPU player of any game: one of ``legal``, from ``view`` and ``rng`` alone (the shape
    of ``engine/bots/base.py``'s and ``engine/chifoumi/bots.py``'s bots; kept here until the
    platform's generic protocol declares it)."""

    def choose(self, view: SoccerView[SoccerMatch], legal: Legal, rng: random.Random) -> Choice: ...


# ----- what every bot shares --------------------------------------------------------------------
def placement(match: SoccerMatch, team: int, rng: random.Random, tidy: bool) -> Place:
    """A legal S-RST-2 step: the kicker onto the ball, opponents off it and out of the area
    where S-RST-4 says; substitutions S-SUB-1 requires; with ``tidy`` nothing else."""
    r = match.restart
    assert r is not None
    subs: list[tuple[int, int]] = []
    t = match.teams[team]
    need = match.subs_needed(team)
    if need:
        bench = [p.num for p in t.bench()]
        field = [p for p in t.on_pitch() if not p.keeper and (team, p.num) != match.carrier]
        rng.shuffle(field)
        field += [p for p in t.on_pitch() if p.keeper and (team, p.num) != match.carrier]
        subs = [(p.num, n) for p, n in zip(field, bench[:need])]
    entries: list[tuple[int, Cell]] = []
    twin = match.clone()
    if subs:
        apply_subs(twin, team, tuple(subs), [], False)
    menu = ListMenu(twin, team)
    ball, kicking, step = r.cell, r.team, r.step

    def move(num: int, goal: Cell) -> bool:
        options = menu.options(entries, only=num).get(num, [])
        if not options:
            return False
        best = min(options, key=lambda c: (distance(c, goal), rng.random()))
        entries.append((num, best))
        return True

    on_pitch = twin.teams[team].on_pitch()
    if team == kicking and step in (1, 3):
        on_ball = [p for p in on_pitch if p.cell == ball]
        if not on_ball and step == 1:
            field = [p for p in on_pitch if not p.keeper] or on_pitch
            for p in sorted(field, key=lambda p: (distance(p.cell or ball, ball), p.num)):
                if ball in menu.options(entries, only=p.num).get(p.num, []):
                    entries.append((p.num, ball))
                    break
        if step == 1 and r.kind == "penalty":
            for p in on_pitch:
                if p.cell != ball and p.cell and geo.penalty_area(match.fr(team, p.cell)) \
                        and p.num not in [e[0] for e in entries]:
                    move(p.num, match.fr(team, (14, p.cell[1])))
    if team != kicking:
        for p in on_pitch:
            assert p.cell is not None
            f = match.fr(kicking, p.cell)
            bad = p.cell == ball or (r.kind == "goal_kick" and geo.penalty_area(
                match.fr(team, p.cell))) or (r.kind == "penalty" and not p.keeper
                                             and geo.penalty_area(f))
            if bad:
                move(p.num, match.fr(kicking, (13, f[1])) if r.kind == "penalty"
                     else match.fr(team, (12, 4)))
    if not tidy and not subs and r.kind != "penalty" and rng.random() < 0.3:
        placed = {n for n, _ in entries}
        free = [p.num for p in on_pitch if p.num not in placed and p.cell != ball]
        if free:
            num = rng.choice(free)
            cells = menu.options(entries, only=num).get(num)
            if cells:
                entries.append((num, rng.choice(cells)))
    return Place(tuple(entries), tuple(subs))


def random_moves(match: SoccerMatch, team: int, rng: random.Random, count: int,
                 thrower: int | None = None,
                 score: Callable[[Player, Cell], float] | None = None) -> Move:
    """Up to ``count`` entries from the menu; by ``score`` (highest) or at random."""
    menu = ListMenu(match, team, thrower)
    entries: list[tuple[int, Cell]] = []
    if score is None:
        players = [p.num for p in match.teams[team].on_pitch()]
        rng.shuffle(players)
        for num in players:
            if len(entries) >= count:
                break
            cells = menu.options(entries, only=num).get(num)
            if cells:
                entries.append((num, rng.choice(cells)))
        return Move(tuple(entries), thrower=thrower)
    for _ in range(count):
        options = menu.options(entries)
        if not options:
            break
        best = max(((score(match.player(team, n), c) + rng.random() * 1e-3, n, c)
                    for n, cells in options.items() for c in cells))
        if best[0] <= 0:
            break
        _, num, cell = best
        entries.append((num, cell))
    return Move(tuple(entries), thrower=thrower)


def thrower_for(match: SoccerMatch, team: int) -> int:
    """The nearest player who may throw in (S-RST-1), one with room on the cell first."""
    pending = match.pending
    assert isinstance(pending, MovePending) and pending.cell is not None
    cell = pending.cell
    throwers = [p for p in match.teams[team].on_pitch() if may_throw(p, cell)]
    return min(throwers, key=lambda p: (p.cell != cell and not match.has_room(cell, p),
                                        distance(p.cell or cell, cell), p.num)).num


def safe(match: SoccerMatch, team: int, legal: Legal, choice: Choice,
         fallback: Callable[[], Choice]) -> Choice:
    """``choice`` if the rules take it, else ``fallback()``'s, else the first listed legal
    choice (the listing holds one whenever the decision has one, a wall's spread included)."""
    if choice in legal:
        return choice
    alternative = fallback()
    if alternative in legal:
        return alternative
    return legal[0]


# ----- Random -----------------------------------------------------------------------------------
def random_policy(match: SoccerMatch, team: int, legal: Legal, rng: random.Random) -> Choice:
    kind = match.pending.kind
    if kind == "formation":
        return Formation(rng.choice(FORMATIONS))
    if kind == "place":
        return safe(match, team, legal, placement(match, team, rng, tidy=False),
                    lambda: placement(match, team, rng, tidy=True))
    if kind == "kick":
        options = match.kick_options()
        k = rng.choice(sorted(options))
        return Kick(k, rng.choice(options[k]))
    if kind == "move":
        thrower = thrower_for(match, team) if match.move_phase == "throw" else None
        choice = random_moves(match, team, rng, rng.randint(0, 3), thrower)
        return safe(match, team, legal, choice, lambda: Move((), thrower=thrower))
    if kind == "defend":
        return safe(match, team, legal, Defend(), lambda: Defend())
    if kind == "shoot":
        return rng.choice(legal)
    if kind == "challenge":
        # Uniform over the challenges but the violent entries: a 2+ cell entry is a foul and
        # a red card whatever the dice (S-P3-2), never a way to the ball; choosing it at
        # random sent off about seven players a match and ended almost every match early,
        # a team left with 6 losing (S-FOUL-2's ruling).
        return rng.choice([c for c in legal
                           if not isinstance(c, Challenge) or c.player is None
                           or match.entry_kind(match.player(team, c.player)) != "violent"])
    return rng.choice(legal)


# ----- Simple -----------------------------------------------------------------------------------
def _goal_cell(match: SoccerMatch, team: int) -> Cell:
    return match.fr(team, (20, 4))


def _heading(match: SoccerMatch) -> bool:
    """A heading player's kick is asked (S-CRS-2: his lob is a header pass)."""
    return isinstance(match.pending, KickPending) and match.pending.mode == "header"


def kick_odds(match: SoccerMatch, p: Player, kind: str, target: Cell) -> int:
    """S-K-2's chance that the kick lands on ``target``."""
    assert p.cell is not None
    colour = {"pass": "Y", "lob": "Y", "dribble": "Y", "throw": "", "header_pass": "K"}[kind]
    dots = match.effective(p, colour) if colour else 0
    return min(95, max(35, 95 - 6 * distance(p.cell, target)) + 5 * dots)


def kick_values(match: SoccerMatch, team: int, p: Player) -> list[tuple[float, Kick]]:
    """The kicks worth weighing (to each teammate's cell and the cell ahead of him, and
    every dribble), each valued: how far up the pitch the ball ends times the chance it is
    still ours there. That chance follows the rules: a ground ball stops in the first cell of
    its line holding a player (S-K-3: an opponent on the way takes it); a kick that misses
    (S-K-2) lands on a neighbour of the target; whoever is nearest gets the ball, a tie going
    to us only after a kick that travelled 5 or less, neither pressed nor a relance turn's
    first (S-CDD-2). Reading the target's surroundings alone let an opponent who stood on
    the line of the keeper's restart take it again and again (issue 32)."""
    assert p.cell is not None
    header = _heading(match)
    mates = [q.cell for q in match.teams[team].on_pitch() if q is not p and not q.lying and q.cell]
    opps = [q.cell for q in match.teams[other(team)].on_pitch() if not q.lying and q.cell]
    stops: dict[Cell, bool] = {}
    """The cells holding a player, True where a standing opponent would take the ball."""
    for q in match.players():
        if q is not p and q.cell is not None:
            stops[q.cell] = stops.get(q.cell, False) or (q.team != team and not q.lying)
    east = match.east(team)
    pressed = geo.midfield_zone(match.fr(team, p.cell)) and any(
        q.team != team and not q.lying for q in match.at(p.cell))
    tie_ours = not pressed and not (match.turn.relance and match.turn.kicks == 0)
    wanted: set[Cell] = set()
    for c in mates:
        wanted.add(c)
        wanted.add((c[0] + (2 if east else -2), c[1]))
    nearest: dict[Cell, tuple[int, int]] = {}

    def ours(cell: Cell, travelled: int) -> float:
        """The chance that a ball resting on ``cell`` is still ours (S-CDD-1, S-CDD-2)."""
        if not geo.on_pitch(cell):
            return 0.0
        near = nearest.get(cell)
        if near is None:
            near = nearest[cell] = (min((distance(c, cell) for c in mates), default=9),
                                    min((distance(c, cell) for c in opps), default=9))
        mine, theirs = near
        if mine != theirs:
            return 1.0 if mine < theirs else 0.1
        return 1.0 if tie_ours and travelled <= 5 else 0.1

    dots: dict[str, int] = {}
    values: list[tuple[float, Kick]] = []
    for kind, targets in match.kick_options().items():
        if kind not in ("pass", "lob", "dribble", "throw"):
            continue
        model = "header_pass" if header and kind == "lob" else kind
        colour = {"pass": "Y", "lob": "Y", "dribble": "Y", "throw": "", "header_pass": "K"}[model]
        if colour not in dots:
            dots[colour] = match.effective(p, colour) if colour else 0
        bonus = 5 * dots[colour]
        for t in targets:
            if t is None or (t not in wanted and kind != "dribble"):
                continue
            odds = min(95, max(35, 95 - 6 * distance(p.cell, t)) + bonus) / 100
            rest = _rests(p.cell, t, stops) if kind in ("pass", "dribble") else t
            if rest is None:                   # an opponent on the way stops it
                values.append((0.02, Kick(kind, t)))
                continue
            missed = geo.neighbours(t)
            chance = odds * ours(rest, distance(p.cell, rest)) + (1 - odds) * sum(
                ours(n, distance(p.cell, n)) for n in missed) / len(missed)
            advance = (rest[0] if east else geo.WIDTH - rest[0]) / 20
            values.append((chance * (0.5 + advance), Kick(kind, t)))
    return values


def _rests(origin: Cell, target: Cell, stops: dict[Cell, bool]) -> Cell | None:
    """Where a ground ball aimed at ``target`` rests when it lands there (S-K-3): the first
    cell of its line holding a player, the target otherwise; None when a standing opponent
    is there to take it."""
    for cell in geo.line(origin, target)[1:]:
        if cell in stops:
            return None if stops[cell] else cell
    return target


def shot_value(match: SoccerMatch, p: Player) -> float:
    """The chance a shot from ``p``'s cell is on target with an average aim (S-SHOT-3 b)."""
    assert p.cell is not None
    finishing = match.effective(p, "R")
    best = 0.0
    for aim in SIDES:
        need = 2 * distance(p.cell, match.fr(p.team, geo.GOAL_MOUTH[aim])) - 1
        best = max(best, sum(1 for d in range(1, 7) if d + finishing >= need) / 6)
    return best


def simple_policy(match: SoccerMatch, team: int, legal: Legal, rng: random.Random) -> Choice:
    kind = match.pending.kind
    if kind == "formation":
        return Formation("4-4-2")
    if kind == "place":
        return safe(match, team, legal, placement(match, team, rng, tidy=True),
                    lambda: placement(match, team, rng, tidy=True))
    if kind == "kick":
        return simple_kick(match, team, rng)
    if kind == "cross":
        east = match.east(team)
        crosses = [c for c in legal if isinstance(c, Cross)]
        return max(crosses, key=lambda c: (c.to[0] if east else -c.to[0], abs(c.to[1] - 4) * -1,
                                           rng.random()))
    if kind == "defend":
        return Defend()
    if kind == "shoot":
        return duel_choice(match, team, rng)
    if kind == "challenge":
        return simple_challenge(match, team)
    if kind == "move":
        return simple_moves(match, team, legal, rng)
    if kind == "kicker":
        return Kicker(shootout_order(match, team)[0].num)
    if kind == "remove":
        field = [p for p in match.teams[team].on_pitch() if not p.keeper]
        return Remove(min(field, key=lambda p: (len(p.dots), p.num)).num)
    return legal[0]


def simple_kick(match: SoccerMatch, team: int, rng: random.Random) -> Choice:
    p = match.carrier_player()
    assert p is not None
    options = match.kick_options()
    if "shot" in options and (shot_value(match, p) >= 0.5 or _heading(match)):
        return Kick("shot")
    if "cross" in options:
        return Kick("cross")
    best: tuple[float, Choice] = (-1.0, Kick("end"))
    values = kick_values(match, team, p)
    for value, kick in values:
        if value > best[0]:
            best = (value, kick)
    if best[0] > 0 and (p.keeper or match.turn.set_piece == "goal_kick"):
        # The keeper's restart varies among the kicks nearly as good as the best: one an
        # opponent could read from the position alone was taken again and again (issue 32).
        near = [kick for value, kick in values if value >= 0.85 * best[0]]
        best = (best[0], near[int(rng.random() * len(near))])
    if "end" in options and best[0] < 0.45:
        return Kick("end")
    if best[0] < 0 and "hold" in options:
        return Kick("hold")
    if best[0] < 0:
        k = sorted(options)[0]
        return Kick(k, options[k][0])
    return best[1]


def simple_challenge(match: SoccerMatch, team: int) -> Choice:
    carrier = match.carrier_player()
    if carrier is None or carrier.cell is None:
        return NO_CHALLENGE
    fronts = geo.front_neighbours(carrier.cell, match.east(carrier.team))
    best = None
    for q in match.challengers():
        assert q.cell is not None
        d = distance(q.cell, carrier.cell)
        if d >= 2 or (d == 1 and q.cell not in fronts):
            continue
        # S-P3-3: win iff d6 + T > d6 + R; tackle when that is likelier than not.
        wins = sum(1 for a in range(1, 7) for b in range(1, 7)
                   if a + q.duel[2] > b + carrier.duel[3]) / 36
        foul_risk = 1 / 6 if geo.defence_zone(match.fr(team, carrier.cell)) else 0
        value = wins - foul_risk
        if best is None or value > best[0]:
            best = (value, q)
    if best is None:
        return NO_CHALLENGE
    return Challenge(best[1].num, carrier.cell, best[0] > 0.5)


def simple_moves(match: SoccerMatch, team: int, legal: Legal, rng: random.Random) -> Choice:
    """Keep the formation's shape around the ball: the few players nearest the ball move,
    attackers forward into space at passing distance, defenders closer and goal-side."""
    thrower = thrower_for(match, team) if match.move_phase == "throw" else None
    ball = match.ball
    attacking = team == match.possession
    goal = match.fr(team, (0, 4))
    menu = ListMenu(match, team, thrower)

    def score(p: Player, cell: Cell) -> float:
        assert p.cell is not None
        if p.keeper:
            return distance(p.cell, goal) - distance(cell, goal) - 0.5
        if attacking:
            forward = (match.fr(team, cell)[0] - match.fr(team, p.cell)[0]) * 0.3
            return forward + (abs(distance(p.cell, ball) - 3) - abs(distance(cell, ball) - 3)) * 0.2
        closer = distance(p.cell, ball) - distance(cell, ball)
        goal_side = 0.5 if distance(cell, goal) < distance(ball, goal) else -0.5
        return closer * 0.6 + goal_side - 0.4

    movers = sorted((p for p in match.teams[team].on_pitch() if p.cell is not None
                     and (team, p.num) != match.carrier and p.num != thrower),
                    key=lambda p: (distance(p.cell or ball, ball), p.num))[:4 if attacking else 5]
    entries: list[tuple[int, Cell]] = []
    used: set[Cell] = set()
    for p in movers:
        cells = [c for c in menu.options(entries, only=p.num).get(p.num, []) if c not in used]
        if not cells:
            continue
        value, cell = max((score(p, c) + rng.random() * 1e-3, c) for c in cells)
        if value > 0:
            entries.append((p.num, cell))
            used.add(cell)
    choice = Move(tuple(entries), thrower=thrower)
    return safe(match, team, legal, choice, lambda: Move((), thrower=thrower))


def shootout_order(match: SoccerMatch, team: int) -> list[Player]:
    """The players ``team`` may send to the spot now (S-END-1: on the pitch, fewest kicks),
    best first: by the odds that the kick goes in (:func:`shootout_odds`), the keeper last.
    Ranking by finishing dots alone with the lowest shirt breaking ties sent the keeper (#1)
    third, before every field player without an R dot."""
    kickers = match.shootout_kickers(team)
    odds = {r: shootout_odds(match, team, r) for r in {p.count("R") for p in kickers}}
    return sorted(kickers, key=lambda p: (-odds[p.count("R")], p.keeper, p.num))


def shootout_odds(match: SoccerMatch, team: int, finishing: int) -> float:
    """The chance a shoot-out kick by a player with ``finishing`` R dots goes in (S-SHOT-2/3
    on the penalty spot against the other team's keeper, both playing the shot duel's
    equilibrium): the kick model's odds, which depend on the kicker's finishing only."""
    return equilibrium(penalty_duel(match, team, finishing)).value


# ----- Search -----------------------------------------------------------------------------------
def evaluate(match: SoccerMatch, team: int) -> float:
    """A position's worth to ``team``: goals, then the ball and how far up it is."""
    goals: float = match.score[team] - match.score[other(team)]
    if match.shootout is not None:
        goals += (match.shootout[team] - match.shootout[other(team)]) * 0.5
    x = match.fr(team, match.ball)[0] / 20
    has = 1.0 if match.possession == team else -1.0
    danger = (x if has > 0 else (1 - x)) * has
    return goals * 10 + has * 0.6 + danger


MARGIN = 0.5
"""How much better (in :func:`evaluate` per sample) a kick or challenge must play out than
Simple's own choice for Search to take it: two short noisy look-aheads otherwise overrule a
kick Simple chose by the rules' own odds."""


def search_policy(match: SoccerMatch, team: int, legal: Legal, rng: random.Random,
                  samples: int = 2, horizon: int = 2) -> Choice:
    """The shot/dive duel from its equilibrium; each kick and challenge weighed by playing
    it out ``samples`` times over determinized states (fresh dice from the bot's own
    generator) for ``horizon`` decisions of the Simple player; the rest as Simple."""
    kind = match.pending.kind
    if kind == "shoot":
        return duel_choice(match, team, rng)
    if kind not in ("kick", "challenge"):
        return simple_policy(match, team, legal, rng)
    candidates = _search_candidates(match, team, legal, rng, kind)
    if len(candidates) == 1:
        return candidates[0]
    view = match.view(SEATS[team])
    best: tuple[float, Choice] | None = None
    for choice in candidates:
        total = 0.0
        for s in range(samples):
            sim = determinize(view, random.Random(rng.getrandbits(32) + s))
            try:
                sim.play({SEATS[team]: choice})
            except IllegalChoice:
                total = -1e9
                break
            roll = random.Random(rng.getrandbits(32))
            for _ in range(horizon):
                seats = sim.to_act()
                if not seats:
                    break
                sim.play({seat: simple_policy(sim, SEATS.index(seat), sim.legal_choices(seat), roll)
                          for seat in seats})
            total += evaluate(sim, team)
        if best is None:
            best = (total + MARGIN * samples, choice)   # Simple's own choice, first
        elif total > best[0]:
            best = (total, choice)
    assert best is not None
    return best[1]


def _search_candidates(match: SoccerMatch, team: int, legal: Legal, rng: random.Random,
                       kind: str) -> list[Choice]:
    simple = simple_policy(match, team, legal, rng)
    out: list[Choice] = [simple]
    if kind == "kick":
        p = match.carrier_player()
        assert p is not None
        options = match.kick_options()
        ranked = sorted(kick_values(match, team, p), key=lambda vc: -vc[0])
        out += [c for _, c in ranked[:3]]
        for k in ("shot", "cross", "end", "hold"):
            if k in options:
                out.append(Kick(k))
    else:
        out += list(legal)[:5]
    unique: list[Choice] = []
    for c in out:
        if c not in unique and c in legal:
            unique.append(c)
    return unique or [simple]


POLICIES: dict[str, Policy] = {"random": random_policy, "simple": simple_policy,
                               "search": search_policy}


class SoccerBot:
    """A CPU seat (:class:`Bot`): decides from its view and legal choices only, with its own
    generator."""

    def __init__(self, name: str) -> None:
        if name not in POLICIES:
            raise ValueError(f"no Simulator Soccer bot called {name!r} ({', '.join(POLICIES)})")
        self.name = name
        self.policy = POLICIES[name]

    def choose(self, view: SoccerView[SoccerMatch], legal: Legal, rng: random.Random) -> Choice:
        return self.policy(view.public, SEATS.index(view.seat), legal, rng)

    def __repr__(self) -> str:
        return f"<SoccerBot {self.name}>"


def play_match(match: SoccerMatch, bots: Mapping[str, Bot], rngs: Mapping[str, random.Random],
               limit: int = 20000) -> None:
    """Play to the end, each seat's bot deciding from its own view and legal choices."""
    for _ in range(limit):
        seats = match.to_act()
        if not seats:
            return
        match.apply({seat: bots[seat].choose(match.view(seat), match.legal_choices(seat),
                                             rngs[seat]) for seat in seats})
    raise RuntimeError("the match did not end")
