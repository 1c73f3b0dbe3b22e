"""What a seat may choose now, as a structure to walk rather than a flat list.

A move list may move up to 11 players, each to any cell within reach: listing every list is
out of the question. :class:`ListMenu` answers "which players may come next, and to which
cells" for a list begun with ``prefix``; pads walk it (player, then cell) and CPU players
build lists from it. :func:`legal_choices` lists every choice of the other decisions; for
the list decisions (moves, placements, headers, a defence) it is a :class:`SoccerChoices`,
whose ``in`` asks the rules and whose listing (the empty and the one-entry lists the rules
accept) is made only when asked for.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from . import geometry as geo
from . import kicks, moves, restarts, shootout, shots
from .board import SoccerBoard
from .choices import (
    FORMATIONS, NO_CHALLENGE, SIDES, Challenge, Choice, Cross, Defend, Dive, Entry, Formation,
    Headers, Kick, Kicker, Move, Place, Remove, Round, Shoot,
)
from .geometry import Cell, distance
from .state import SEATS, DefendPending, MovePending, Player

CHOICES = (Formation, Place, Kick, Cross, Defend, Shoot, Round, Dive, Challenge, Move, Remove,
           Kicker, Headers)


class ListMenu:
    """The next entry of a move, placement or header list, given the entries so far."""

    def __init__(self, match: SoccerBoard, team: int, thrower: int | None = None) -> None:
        self.match = match
        self.team = team
        self.thrower = thrower
        """At a throw-in, the thrower named with the list (he goes to the throw-in cell)."""
        self.kind = match.pending.kind
        self.phase = match.move_phase
        pending = match.pending
        self.challenger = (pending.challenge.player if isinstance(pending, MovePending)
                           and pending.challenge is not None else None)
        """Phase 3's challenger: he has moved already (S-P3-2)."""
        self.exempt: set[int] = set() if self.challenger is None else {self.challenger}
        self._last: tuple[tuple[Entry, ...], SoccerBoard, set[int]] | None = None

    def _scratch(self, prefix: tuple[Entry, ...]) -> tuple[SoccerBoard, set[int]]:
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
                pending = m.pending
                assert isinstance(pending, MovePending)
                m.player(self.team, self.thrower).cell = pending.cell
                m.carrier = (self.team, self.thrower)
                done.add(self.thrower)
            rest = prefix
        if rest or cached is None or m.frozen_index is None:
            m.index_as(None)
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
            assert isinstance(m.pending, MovePending)
            return m.pending.a
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
                if p.num in done or p.lying or not p.count("K") or (
                        m.kick is not None and p.num == m.kick.kicker):
                    continue
                assert p.cell is not None
                cells = [c for c in geo.neighbours(p.cell) if geo.on_pitch(c)
                         and geo.penalty_area(m.fr(team, c)) and m.has_room(c, p)]
                if cells:
                    result[p.num] = cells
            return result
        return self._move_options(m, done, prefix, only)

    def _move_options(self, m: SoccerBoard, done: set[int], prefix: Sequence[Entry],
                      only: int | None) -> dict[int, list[Cell]]:
        team = self.team
        result: dict[int, list[Cell]] = {}
        limit = self.limit()
        phase = "p2" if self.phase in ("p2", "throw") else "p3"
        field_used = keeper_used = False
        # S-RST-3: a wall's spreading 1-cell moves are free of the quick-turn limit (as apply has it)
        wall = self.match.wall[1] if self.match.wall and self.match.wall[0] == team else frozenset()

        def spreads(num: int, cell: Cell | None) -> bool:
            start = self.match.player(team, num).cell
            return start in wall and cell is not None and distance(start, cell) == 1

        if self.phase == "p3" and m.quick():
            challenger = self.challenger
            entries: list[tuple[int, Cell | None]] = [*prefix]
            if challenger is not None:
                entries.append((challenger, None))
            for num, cell in entries:
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
                     if moves.move_problem(m, team, p, c, limit, phase) is None]
            if cells:
                result[p.num] = cells
        return result

    def _place_options(self, m: SoccerBoard, done: set[int],
                       only: int | None) -> dict[int, list[Cell]]:
        r = m.restart
        assert r is not None
        step = r.step
        result: dict[int, list[Cell]] = {}
        relocated = set(r.relocated) if step == 1 else set()
        if step == 1:
            relocated |= {n for n in done if not m.player(self.team, n).keeper}
        for p in m.teams[self.team].on_pitch():
            if p.num in done or (step == 3 and p.num in r.relocated):
                continue
            if only is not None and p.num != only:
                continue
            if step == 1 and not p.keeper and len(relocated) >= 7:
                continue
            cells = [c for c in geo.CELLS
                     if c != p.cell and restarts.place_problem(m, p, c, step) is None]
            if step == 3 and self.team == r.team and not self._kicker_still_possible(m, done, p):
                cells = [c for c in cells if c == r.cell]
            if cells:
                result[p.num] = cells
        return result

    def _kicker_still_possible(self, m: SoccerBoard, done: set[int], p: Player) -> bool:
        """S-RST-2 (3) ends with one kicking player on the ball. Once ``p`` is placed
        anywhere but the ball, can someone still stand on it? If not, the ball is ``p``'s
        only cell: the menu does not offer a dead end (a walk that took the only kicker off
        the ball and then placed everyone else, which no DONE could finish)."""
        r = m.restart
        assert r is not None
        ball = r.cell
        others = [q for q in m.at(ball) if q is not p]
        if any(q.team == self.team for q in others):
            return True
        if m.frozen_index is None:
            m.freeze_index()
        frozen = m.frozen_index
        m.index_as({**(frozen or {}), ball: others})
        try:
            return any(q.num not in done and q is not p and q.num not in r.relocated
                       and restarts.place_problem(m, q, ball, 3) is None
                       for q in m.teams[self.team].on_pitch())
        finally:
            m.index_as(frozen)

    def choice(self, entries: Sequence[Entry]) -> Choice:
        if self.kind == "place":
            return Place(tuple(entries))
        if self.kind == "headers":
            return Headers(tuple(entries))
        if self.thrower is not None:
            return Move(tuple(entries), thrower=self.thrower)
        return Move(tuple(entries))


def menu(match: SoccerBoard, seat: str) -> ListMenu | None:
    """The walkable list menu of ``seat`` when it must give a list now, else None."""
    if seat not in match.to_act() or match.pending.kind not in ("move", "place", "headers"):
        return None
    return ListMenu(match, SEATS.index(seat))


class SoccerChoices(Sequence[Choice]):
    """What a seat may choose now, made only when asked for. A list decision's (moves,
    placements, headers, a throw-in, a defence): ``choice in legal`` asks the rules
    (``accepts``: any list they take, not only the listed ones), and ``menu`` is the rules'
    :class:`ListMenu` to walk (None for a defence); listing, indexing and ``len`` give the
    empty and the one-entry lists (each defence) the rules take. Any other decision's is its
    whole list, and ``in`` looks it up there. It answers for the decision asked when it was
    made: ask the match again once it has changed."""

    __slots__ = ("_listing", "_accepts", "_listed", "_set", "menu")

    def __init__(self, listing: Callable[[], tuple[Choice, ...]],
                 accepts: Callable[[Choice], bool] | None = None, menu: ListMenu | None = None) -> None:
        self._listing = listing
        self._accepts = accepts
        self._listed: tuple[Choice, ...] | None = None
        self._set: frozenset[Choice] | None = None
        self.menu = menu

    def __contains__(self, choice: object) -> bool:
        if not isinstance(choice, CHOICES):
            return False
        if self._accepts is not None:
            return self._accepts(choice)
        if self._set is None:
            self._set = frozenset(self._all())
        return choice in self._set

    def _all(self) -> tuple[Choice, ...]:
        if self._listed is None:
            self._listed = self._listing()
        return self._listed

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, index: int) -> Choice: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Choice]: ...

    def __getitem__(self, index: int | slice) -> Choice | Sequence[Choice]:
        return self._all()[index]

    def __iter__(self) -> Iterator[Choice]:
        return iter(self._all())

    def __repr__(self) -> str:
        listed = "unlisted" if self._listed is None else f"{len(self._listed)} listed"
        return f"<SoccerChoices {listed}>"


def _accepted(candidates: list[Choice], accepts: Callable[[Choice], bool]) -> tuple[Choice, ...]:
    return tuple(choice for choice in candidates if accepts(choice))


def legal_choices(match: SoccerBoard, seat: str,
                  accepts: Callable[[Choice], bool]) -> SoccerChoices:
    """Every choice ``seat`` may make now (``accepts``: the rules' answer for one choice), as
    a lazy :class:`SoccerChoices`."""
    if seat not in match.to_act():
        return SoccerChoices(tuple)
    team = SEATS.index(seat)
    kind = match.pending.kind
    if kind == "defend":
        return SoccerChoices(lambda: _accepted(defend_candidates(match, team), accepts), accepts)
    if kind in ("move", "place", "headers"):
        list_menu = ListMenu(match, team)
        return SoccerChoices(lambda: _accepted(_list_candidates(match, list_menu), accepts),
                             accepts, list_menu)
    return SoccerChoices(lambda: _listed_choices(match, team, kind))


def _list_candidates(match: SoccerBoard, list_menu: ListMenu) -> list[Choice]:
    """A list decision's short lists: at a throw-in one per thrower, else the empty list and
    every one-entry list the menu offers."""
    if list_menu.phase == "throw":
        pending = match.pending
        assert isinstance(pending, MovePending) and pending.cell is not None
        cell = pending.cell
        return [Move((), thrower=p.num) for p in match.teams[list_menu.team].on_pitch()
                if restarts.may_throw(p, cell)]
    if list_menu.kind == "place":
        subs = restarts.required_subs(match, list_menu.team)
        if subs:
            # S-SUB-1 requires substitutions in this step: each listed step makes them first.
            twin = match.clone()
            restarts.apply_subs(twin, list_menu.team, subs, [], False)
            return [Place(entries, subs) for entries in _short_lists(ListMenu(twin, list_menu.team))]
    return [list_menu.choice(entries) for entries in _short_lists(list_menu)] + _wall_spread(
        match, list_menu)


def _wall_spread(match: SoccerBoard, list_menu: ListMenu) -> list[Choice]:
    """The list that spreads the team's wall (S-RST-3: one player a cell) with the fewest
    moves, built on the menu: a wall of three needs two moves, which no short list holds, so
    without it the listing of a legal decision could be empty."""
    team = list_menu.team
    if list_menu.phase not in ("p2", "p3") or not match.wall or match.wall[0] != team:
        return []
    walled = {q.num for c in match.wall[1] for q in match.at(c) if q.team == team}
    entries: list[Entry] = []
    while sum(1 for c in match.wall[1] for q in match.at(c)
              if q.team == team and q.num not in {n for n, _ in entries}) > len(match.wall[1]):
        options = list_menu.options(entries)
        movers = [num for num in options if num in walled]
        if not movers:
            return []
        entries.append((movers[0], options[movers[0]][0]))
    return [list_menu.choice(entries)] if len(entries) > 1 else []


def _short_lists(list_menu: ListMenu) -> list[tuple[Entry, ...]]:
    """The empty list and every one-entry list ``list_menu`` offers."""
    lists: list[tuple[Entry, ...]] = [()]
    for num, cells in list_menu.options().items():
        lists += [((num, c),) for c in cells]
    return lists


def _listed_choices(match: SoccerBoard, team: int, kind: str) -> tuple[Choice, ...]:
    """Every choice of a decision that is not a list (S-K-1, S-CRS-1, S-SHOT-2, S-P3-2,
    S-FOUL-2, S-END-1, S-KO-1)."""
    if kind == "formation":
        return tuple(Formation(name) for name in FORMATIONS)
    if kind == "kick":
        return tuple(Kick(k, to) for k, targets in kicks.kick_options(match).items()
                     for to in targets)
    if kind == "cross":
        assert match.kick is not None
        kicker = match.player(team, match.kick.kicker)
        return tuple(Cross(c, high) for c in kicks.cross_targets(match, kicker)
                     for high in (False, True))
    if kind == "shoot":
        if team != match.possession:
            return tuple(Dive(side) for side in SIDES)
        shots_: list[Choice] = [Shoot(aim, high) for aim in SIDES for high in (False, True)]
        if shots.can_round(match):
            shots_ += [Round(c) for c in shots.round_cells(match)]
        return tuple(shots_)
    if kind == "challenge":
        carrier = match.carrier_player()
        assert carrier is not None and carrier.cell is not None
        return (NO_CHALLENGE, *(Challenge(q.num, carrier.cell, tackle)
                                for q in moves.challengers(match) for tackle in (False, True)))
    if kind == "remove":
        return tuple(Remove(p.num) for p in match.teams[team].on_pitch() if not p.keeper)
    if kind == "kicker":
        return tuple(Kicker(p.num) for p in shootout.kickers(match, team))
    return ()


def defend_candidates(match: SoccerBoard, team: int) -> list[Choice]:
    """The keeper's cells (None: stays) times the interceptions (None: none), unchecked."""
    keeper = match.teams[team].keeper()
    keeper_cells: list[Cell | None] = [None]
    pending = match.pending
    cross = isinstance(pending, DefendPending) and pending.cross
    if keeper is not None and keeper.cell is not None and not keeper.lying and not cross:
        keeper_cells += geo.within(keeper.cell, 2)
    intercepts: list[Entry | None] = [None]
    kick = match.kick
    reach = 0 if kick is None else kick.moved
    if kick is not None and (kick.direct or cross) and reach >= 1:
        for q in match.teams[team].on_pitch():
            if q.lying or q.keeper or q.cell is None:
                continue
            intercepts += [(q.num, c) for c in geo.CELLS if distance(q.cell, c) <= reach]
    return [Defend(k, i) for k in keeper_cells for i in intercepts]
