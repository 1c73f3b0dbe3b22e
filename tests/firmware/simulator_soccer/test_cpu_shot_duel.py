"""The console's CPU in the shot duel (S-SHOT-2/3) at every level: a person who finds one shot
that works repeats it. At Medium the keeper dived to each side a third of the time, so from
(15, 3) a high shot to ◀ went in 63 % of the time against the duel's value of 48.5 % (issue 40:
"three times of three"); the CPU shooter aimed low at random, a third of its shots into the
defender on its line. Each level now plays the duel's equilibrium, drawn from the console's own
CPU generators (the match seed, the seat, the decision, keyed by the CPU secret): no fixed aim
and height scores more than the value against its keeper, no fixed dive holds its shooter
under it. The draws are counted, then each fixed pattern's chance is computed exactly against
the counted mix (the odds are the engine's, die for die: tests/engine/simulator_soccer/
test_shot_duel.py)."""
from __future__ import annotations

import math
from collections import Counter

import pytest

from engine.simulator_soccer.choices import SIDES, Dive, Shoot
from engine.simulator_soccer.match import SoccerMatch
from engine.simulator_soccer.position import position
from engine.simulator_soccer.shot_duel import ROWS, equilibrium, shot_duel
from firmware.simulator_soccer.session import CPU
from soccer_rig import play

DRAWS = 1500
CELLS = ((15, 3), (18, 6), (14, 4), (16, 6))


def shooting(cell: tuple[int, int]) -> SoccerMatch:
    m = position(red={9: cell})
    play(m, red={"kick": "shot"})
    play(m, blue={"defend": None})
    return m


def draws(m: SoccerMatch, seat: str, level: str) -> Counter[object]:
    """``DRAWS`` choices of the console's CPU at ``level`` in ``seat``, each with the generator
    the console gives one decision (a different decision number each)."""
    cpu = CPU.seats({seat: level}, {"cpu_secret": f"test-{level}"})[seat]
    view, legal = m.view(seat), m.legal_choices(seat)
    return Counter(cpu.choose(view, legal, CPU.rng(7, seat, n)) for n in range(DRAWS))


def margin(on: float, spared: float, share: float) -> float:
    """Four standard errors of a pattern's chance computed from ``DRAWS`` counted dives."""
    return 4 * on * spared * math.sqrt(max(share * (1 - share), 0.01) / DRAWS) + 1e-9


@pytest.mark.parametrize("level", CPU.difficulties())
@pytest.mark.parametrize("cell", CELLS)
def test_S_SHOT_2_no_fixed_aim_beats_the_duels_value_against_the_cpu_keeper(level: str, cell) -> None:
    m = shooting(cell)
    duel, value = shot_duel(m), equilibrium(shot_duel(m)).value
    counted = draws(m, "blue", level)
    assert all(isinstance(choice, Dive) for choice in counted)
    dive = {side: counted[Dive(side)] / DRAWS for side in SIDES}
    for aim, high in ROWS:
        chance = duel.scores(aim, high, dive)
        assert chance <= value + margin(duel.on[(aim, high)], 1 - duel.beat, dive[aim]), (
            f"{level}: {aim} {'high' if high else 'low'} from {cell} scores {chance:.3f} against "
            f"dives {dive}, the duel's value is {value:.3f}")


@pytest.mark.parametrize("level", CPU.difficulties())
@pytest.mark.parametrize("cell", CELLS)
def test_S_SHOT_2_no_fixed_dive_holds_the_cpu_shooter_under_the_duels_value(level: str, cell) -> None:
    m = shooting(cell)
    duel, value = shot_duel(m), equilibrium(shot_duel(m)).value
    counted = draws(m, "red", level)
    assert all(isinstance(choice, Shoot) for choice in counted)
    for dive in SIDES:
        chance = sum(n / DRAWS * duel.scores(shot.aim, shot.high, dive) for shot, n in counted.items()
                     if isinstance(shot, Shoot))
        share = sum(n for shot, n in counted.items() if isinstance(shot, Shoot) and shot.aim == dive) / DRAWS
        assert chance >= value - margin(max(duel.on.values()), 1, share), (
            f"{level}: a keeper always diving {dive} holds the shooter from {cell} to {chance:.3f}, "
            f"the duel's value is {value:.3f} ({dict(counted)})")
