"""What a seat may choose now, as a structure to walk rather than a flat list.

A move list may move up to 11 players, each to any cell within reach: listing every list is
out of the question. :class:`ListMenu` answers "which players may come next, and to which
cells" for a list begun with ``prefix``; pads walk it (player, then cell) and CPU players
build lists from it. :func:`legal_choices` lists every choice of the other decisions, and
for list decisions the empty list and the one-entry lists that ``apply`` accepts.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import IllegalChoice
from . import geometry as geo
from .choices import (
    FORMATIONS, NO_CHALLENGE, SIDES, Challenge, Choice, Cross, Defend, Dive, Entry, Formation,
    Headers, Kick, Kicker, Move, Place, Remove, Round, Shoot,
)
from .geometry import Cell, distance
from .state import SEATS, Player

if TYPE_CHECKING:
    from .match import SoccerMatch


class ListMenu:
    """The next entry of a move, placement or header list, given the entries so far."""

    def __init__(self, match: SoccerMatch, team: int, thrower: int | None = None) -> None:
        self.match = match
        self.team = team
        self.thrower = thrower
        """At a throw-in, the thrower named with the list (he goes to the throw-in cell)."""
        self.kind = match.pending.kind
        extra = match.pending.extra
        self.phase = extra.get("phase", "")
        self.exempt: set[int] = set()
        if extra.get("challenger") is not None:
            self.exempt.add(extra["challenger"])
        self._last: tuple[tuple[Entry, ...], SoccerMatch, set[int]] | None = None

    def _scratch(self, prefix: tuple[Entry, ...]) -> tuple[SoccerMatch, set[int]]:
        """A scratch copy of the match with ``prefix`` played, and who is done. Walking a
        list asks with the same prefix, or one entry longer, again and again: the last
        scratch is kept and extended rather than copied anew (a copy is most of the cost)."""
        cached = self._last
        if cached is not None and prefix[:len(cached[0])] == cached[0]:
            known, m, done = cached
            rest = prefix[len(known):]
        else:
            m = self.match.clone()
            done = set(self.exempt)
            if self.thrower is not None:
                m.player(self.team, self.thrower).cell = m.pending.extra["cell"]
                m.carrier = (self.team, self.thrower)
                done.add(self.thrower)
            rest = prefix
        if rest or cached is None or m.frozen_index is None:
            m.frozen_index = None
            for num, cell in rest:
                p = m.player(self.team, num)
                p.cell = cell
                if m.carrier == (self.team, num):
                    m.ball = cell
                done.add(num)
            m.freeze_index()
        self._last = (prefix, m, done)
        return m, set(done)

    def limit(self) -> int:
        m = self.match
        if self.phase == "p2":
            return m.turn.limit
        if self.phase == "p3":
            return m.p3_limit()
        if self.phase == "throw":
            return 3
        if self.phase == "throw_answer":
            return int(m.pending.extra["a"])
        return 0

    def options(self, prefix: Sequence[Entry] = (), only: int | None = None) -> dict[int, list[Cell]]:
        """Players who may be the next entry, each with the cells he may go to (``only``:
        just that player)."""
        m, done = self._scratch(tuple(prefix))
        team = self.team
        result: dict[int, list[Cell]] = {}
        if self.kind == "place":
            return self._place_options(m, done, only)
        if self.kind == "headers":
            for p in m.teams[team].on_pitch():
                if p.num in done or p.lying or not p.count("K") or p.num == m.kick.get("kicker"):
                    continue
                assert p.cell is not None
                cells = [c for c in geo.neighbours(p.cell) if geo.on_pitch(c)
                         and geo.penalty_area(m.fr(team, c)) and m.has_room(c, p)]
                if cells:
                    result[p.num] = cells
            return result
        limit = self.limit()
        phase = "p2" if self.phase in ("p2", "throw") else "p3"
        field_used = keeper_used = False
        # S-RST-3: a wall's spreading 1-cell moves are free of the quick-turn limit (as apply has it)
        wall = self.match.wall[1] if self.match.wall and self.match.wall[0] == team else frozenset()

        def spreads(num: int, cell: Cell | None) -> bool:
            start = self.match.player(team, num).cell
            return start in wall and cell is not None and distance(start, cell) == 1

        if self.phase == "p3" and m.quick():
            challenger = m.pending.extra.get("challenger")
            for num, cell in [*prefix, *([(challenger, None)] if challenger is not None else [])]:
                if m.player(team, num).keeper:
                    keeper_used = True
                elif not spreads(num, cell):
                    field_used = True
        for p in m.teams[team].on_pitch():
            if p.num in done or (only is not None and p.num != only):
                continue
            if self.phase == "p3" and m.quick() and (keeper_used if p.keeper else field_used) \
                    and not (not p.keeper and p.cell in wall):
                continue
            assert p.cell is not None
            reach = max(limit, 1)
            cells = [c for c in geo.within(p.cell, reach)
                     if m.move_problem(team, p, c, limit, phase) is None]
            if cells:
                result[p.num] = cells
        return result

    def _place_options(self, m: SoccerMatch, done: set[int],
                       only: int | None) -> dict[int, list[Cell]]:
        r = m.restart
        step = r["step"]
        result: dict[int, list[Cell]] = {}
        relocated = set(r["relocated"]) if step == 1 else set()
        if step == 1:
            relocated |= {n for n in done if not m.player(self.team, n).keeper}
        for p in m.teams[self.team].on_pitch():
            if p.num in done or (step == 3 and p.num in r["relocated"]):
                continue
            if only is not None and p.num != only:
                continue
            if step == 1 and not p.keeper and len(relocated) >= 7:
                continue
            cells = [c for c in geo.CELLS
                     if c != p.cell and m._place_rule_cell_ok(p, c, step) is None]
            if step == 3 and self.team == r["team"] and not self._kicker_still_possible(m, done, p):
                cells = [c for c in cells if c == r["cell"]]
            if cells:
                result[p.num] = cells
        return result

    def _kicker_still_possible(self, m: SoccerMatch, done: set[int], p: Player) -> bool:
        """S-RST-2 (3) ends with one kicking player on the ball. Once ``p`` is placed
        anywhere but the ball, can someone still stand on it? If not, the ball is ``p``'s
        only cell: the menu does not offer a dead end (a walk that took the only kicker off
        the ball and then placed everyone else, which no DONE could finish)."""
        ball = m.restart["cell"]
        others = [q for q in m.at(ball) if q is not p]
        if any(q.team == self.team for q in others):
            return True
        if m.frozen_index is None:
            m.freeze_index()
        frozen = m.frozen_index
        m.frozen_index = {**(frozen or {}), ball: others}
        try:
            return any(q.num not in done and q is not p and q.num not in m.restart["relocated"]
                       and m._place_rule_cell_ok(q, ball, 3) is None
                       for q in m.teams[self.team].on_pitch())
        finally:
            m.frozen_index = frozen

    def choice(self, entries: Sequence[Entry]) -> Choice:
        if self.kind == "place":
            return Place(tuple(entries))
        if self.kind == "headers":
            return Headers(tuple(entries))
        if self.thrower is not None:
            return Move(tuple(entries), thrower=self.thrower)
        return Move(tuple(entries))


def menu(match: SoccerMatch, seat: str) -> ListMenu | None:
    """The walkable list menu of ``seat`` when it must give a list now, else None."""
    if seat not in match.to_act() or match.pending.kind not in ("move", "place", "headers"):
        return None
    return ListMenu(match, SEATS.index(seat))


def _accepted(match: SoccerMatch, seat: str, choices: list[Choice]) -> tuple[Choice, ...]:
    legal = []
    for choice in choices:
        try:
            match.clone().play({seat: choice})
        except IllegalChoice:
            continue
        legal.append(choice)
    return tuple(legal)


def legal_choices(match: SoccerMatch, seat: str) -> tuple[Choice, ...]:
    """Every choice ``seat`` may make now (list decisions: the empty and one-entry lists)."""
    if seat not in match.to_act():
        return ()
    team = SEATS.index(seat)
    kind = match.pending.kind
    if kind == "formation":
        return tuple(Formation(name) for name in FORMATIONS)
    if kind == "kick":
        return tuple(Kick(k, to) for k, targets in match.kick_options().items() for to in targets)
    if kind == "cross":
        kicker = match.player(team, match.kick["kicker"])
        return tuple(Cross(c, high) for c in match._cross_targets(kicker) for high in (False, True))
    if kind == "shoot":
        if team != match.possession:
            return tuple(Dive(side) for side in SIDES)
        shots: list[Choice] = [Shoot(aim, high) for aim in SIDES for high in (False, True)]
        if match.can_round():
            shots += [Round(c) for c in match.round_cells()]
        return tuple(shots)
    if kind == "challenge":
        carrier = match.carrier_player()
        assert carrier is not None and carrier.cell is not None
        return (NO_CHALLENGE, *(Challenge(q.num, carrier.cell, tackle)
                                for q in match.challengers() for tackle in (False, True)))
    if kind == "remove":
        return tuple(Remove(p.num) for p in match.teams[team].on_pitch() if not p.keeper)
    if kind == "kicker":
        return tuple(Kicker(p.num) for p in match.shootout_kickers(team))
    if kind == "defend":
        return _accepted(match, seat, defend_candidates(match, team))
    list_menu = ListMenu(match, team)
    candidates: list[Choice] = []
    if kind == "move" and list_menu.phase == "throw":
        carrier_team = team
        for p in match.teams[carrier_team].on_pitch():
            if match.may_throw(p, match.pending.extra["cell"]):
                candidates.append(Move((), thrower=p.num))
        return _accepted(match, seat, candidates)
    candidates.append(list_menu.choice(()))
    for num, cells in list_menu.options().items():
        candidates += [list_menu.choice(((num, c),)) for c in cells]
    return _accepted(match, seat, candidates)


def defend_candidates(match: SoccerMatch, team: int) -> list[Choice]:
    """The keeper's cells (None: stays) times the interceptions (None: none), unchecked."""
    keeper = match.teams[team].keeper()
    keeper_cells: list[Cell | None] = [None]
    cross = bool(match.pending.extra.get("cross"))
    if keeper is not None and keeper.cell is not None and not keeper.lying and not cross:
        keeper_cells += geo.within(keeper.cell, 2)
    intercepts: list[Entry | None] = [None]
    reach = int(match.kick.get("moved", 0))
    if (match.kick.get("direct") or cross) and reach >= 1:
        for q in match.teams[team].on_pitch():
            if q.lying or q.keeper or q.cell is None:
                continue
            intercepts += [(q.num, c) for c in geo.CELLS if distance(q.cell, c) <= reach]
    return [Defend(k, i) for k in keeper_cells for i in intercepts]
