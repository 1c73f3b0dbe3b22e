"""The shot's secret duel (S-SHOT-2/3) as a game: the chance each aim and height goes in
against each dive, and the duel's equilibrium, the best mixed strategy of each side.

The rules make the duel simple: the shot is on target by the shooter's die (S-SHOT-3 b: a
chance ``on`` for each aim and height, 0 for a low shot that a player on its line blocks,
S-SHOT-3 a); a dive to another side lets it in; a dive to the same side saves it unless the
shooter wins the save duel (S-SHOT-3 c: a chance ``beat``, the same for every side). So each
side's best height is the one more often on target, and the keeper's worth is the goals his
dive takes away: ``on * (1 - beat)`` on the side he picks.

The equilibrium has a closed form. Sides sorted by ``on`` (o1 >= o2 >= o3), the keeper dives on
the k likeliest sides with the probabilities that leave the shooter the same odds ``v`` on each
of them, ``o * (1 - (1 - beat) * q) = v``; the k is the largest for which the next side's ``o``
is above the ``v`` of the first k, ``v = (k - (1 - beat)) / sum(1 / o)``. The shooter aims at
those sides with probabilities proportional to ``1 / o``, which leaves the keeper the same
saves on each. Neither can gain by leaving his mix: no fixed aim of a person goes in more often
than ``v`` against the keeper's mix, and no fixed dive keeps the shooter's mix under ``v``.

>>> duel = ShotDuel.of({"left": 5 / 6, "centre": 3 / 6, "right": 3 / 6}, beat=1 / 6)
>>> eq = equilibrium(duel)
>>> round(eq.value, 3), {side: round(q, 3) for side, q in eq.dive.items()}
(0.417, {'left': 0.6, 'centre': 0.2, 'right': 0.2})
>>> max(duel.scores(aim, high, eq.dive) for aim, high in ROWS) <= eq.value + 1e-12
True
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from . import geometry as geo
from . import shots
from .board import SoccerBoard, other
from .choices import SIDES, Dive, Shoot

ROWS: tuple[tuple[str, bool], ...] = tuple((aim, high) for aim in SIDES for high in (False, True))
"""The shooter's fixed patterns: each aim (LEFT, CENTRE, RIGHT), LOW then HIGH."""


def on_target_odds(finishing: int, need: int) -> float:
    """S-SHOT-3 b: the chance a d6 + ``finishing`` reaches ``need``."""
    return sum(1 for die in range(1, 7) if die + finishing >= need) / 6


def save_duel_odds(finishing: int, saves: int, rods: bool) -> float:
    """S-SHOT-3 c: the chance the shooter's d6 + finishing is strictly higher than the
    keeper's d6 + X (+1 for the rods)."""
    keeper = saves + (1 if rods else 0)
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + finishing > b + keeper) / 36


@dataclass(frozen=True)
class ShotDuel:
    """One shot's duel: the chance each (aim, high) is on target and not blocked, the chance
    the shooter wins the save duel, and whether a keeper dives at all."""

    on: Mapping[tuple[str, bool], float]
    beat: float
    dives: bool = True

    @classmethod
    def of(cls, on: Mapping[str, float], beat: float, dives: bool = True) -> ShotDuel:
        """A duel where each side is as likely on target low as high (a test's or a doc's)."""
        return cls({(aim, high): on[aim] for aim, high in ROWS}, beat, dives)

    def scores(self, aim: str, high: bool, dive: Mapping[str, float] | str | None) -> float:
        """The chance the shot (``aim``, ``high``) goes in against ``dive``: a side, a mix of
        sides (side -> probability), or None (no dive)."""
        on = self.on[(aim, high)]
        if not self.dives or dive is None:
            return on
        caught = (1.0 if dive == aim else 0.0) if isinstance(dive, str) else dive.get(aim, 0.0)
        return on * (1 - caught * (1 - self.beat))

    def best_height(self, aim: str) -> bool:
        """The height more often on target at ``aim`` (LOW when they are alike)."""
        return self.on[(aim, True)] > self.on[(aim, False)]


@dataclass(frozen=True)
class Equilibrium:
    """The duel's best mixed strategies and what they are worth to the shooter."""

    shot: Mapping[tuple[str, bool], float]
    """(aim, high) -> probability."""
    dive: Mapping[str, float]
    """side -> probability (every side alike when no keeper dives or none can save)."""
    value: float
    """The chance the shot goes in when both play their mix, and the most a fixed aim gets
    against the keeper's mix (the least a fixed dive holds the shooter's mix to)."""


def shot_duel(m: SoccerBoard) -> ShotDuel:
    """The duel of the shot about to be taken (its decision is ``shoot``), read from the rules
    as they will resolve it: the shooter's finishing, the distances, who stands on each low
    shot's line, the keeper's saves and the rods."""
    team = m.possession
    k = m.kick
    assert k is not None
    shooter = m.player(team, k.kicker)
    origin = shots.shot_origin(m)
    skill = shots.finishing(m, shooter, k)
    keeper = shots.diving_keeper(m, team)
    on: dict[tuple[str, bool], float] = {}
    for aim, high in ROWS:
        aimed = m.fr(team, geo.GOAL_MOUTH[aim])
        blocked = (not high and m.shootout is None
                   and shots.blocker(m, team, origin, aimed, keeper is not None) is not None)
        on[(aim, high)] = 0.0 if blocked else on_target_odds(skill, shots.shot_need(origin, aimed, high))
    if keeper is None:
        return ShotDuel(on, 1.0, dives=False)
    return ShotDuel(on, save_duel_odds(skill, keeper.count("X"), shots.has_rods(m, origin)))


def penalty_duel(m: SoccerBoard, team: int, finishing: int) -> ShotDuel:
    """A shoot-out kick by a player of ``team`` with ``finishing`` R dots against the other
    team's keeper (S-END-1: from the spot, no block, the rods)."""
    keeper = m.teams[other(team)].keeper()
    origin = m.fr(team, geo.SPOT)
    on = {(aim, high): on_target_odds(finishing, shots.shot_need(origin, m.fr(team, geo.GOAL_MOUTH[aim]), high))
          for aim, high in ROWS}
    return ShotDuel(on, save_duel_odds(finishing, keeper.count("X") if keeper else 0, True))


def equilibrium(duel: ShotDuel) -> Equilibrium:
    """The duel's equilibrium (the module's closed form), exact."""
    heights = {aim: duel.best_height(aim) for aim in SIDES}
    on = {aim: duel.on[(aim, heights[aim])] for aim in SIDES}
    spared = 1 - duel.beat                           # a right guess's chance to save
    uniform = {side: 1 / len(SIDES) for side in SIDES}
    if not duel.dives or spared <= 0 or max(on.values()) <= 0:
        top = max(SIDES, key=lambda aim: on[aim])
        return Equilibrium({(top, heights[top]): 1.0}, uniform, on[top])
    order = sorted(SIDES, key=lambda aim: -on[aim])
    for k in range(1, len(order) + 1):
        support = order[:k]
        value = (k - spared) / sum(1 / on[aim] for aim in support)
        if k == len(order) or on[order[k]] <= value:
            break
    dive = {side: (1 - value / on[side]) / spared if side in support else 0.0 for side in SIDES}
    weight = sum(1 / on[aim] for aim in support)
    shot = {(aim, heights[aim]): (1 / on[aim]) / weight for aim in support}
    return Equilibrium(shot, dive, value)


def duel_choice(m: SoccerBoard, team: int, rng: random.Random) -> Shoot | Dive:
    """``team``'s side of the shot duel drawn from its equilibrium with ``rng`` (a CPU's own
    generator): the shooter's aim and height, or the keeper's dive. Every level plays it: a
    side a person could find by trying (always the same aim, always the same dive) would
    otherwise beat the CPU again and again."""
    eq = equilibrium(shot_duel(m))
    if team == m.possession:
        rows = [row for row in ROWS if eq.shot.get(row, 0.0) > 0]
        aim, high = rows[_draw([eq.shot[row] for row in rows], rng)]
        return Shoot(aim, high)
    return Dive(SIDES[_draw([eq.dive[side] for side in SIDES], rng)])


def _draw(weights: list[float], rng: random.Random) -> int:
    """An index drawn with the given weights (one ``rng.random()``)."""
    x = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return max(i for i, w in enumerate(weights) if w > 0)
