"""The shot duel as a game (``engine/simulator_soccer/shot_duel.py``): its odds are the rules'
own, die for die, and its closed-form equilibrium is one: no fixed aim beats the keeper's mix,
no fixed dive holds the shooter's mix under the same value."""
from __future__ import annotations

import random

import pytest

from engine.simulator_soccer.choices import SIDES
from engine.simulator_soccer.match import SoccerMatch
from engine.simulator_soccer.position import position
from engine.simulator_soccer.rng import Dice
from engine.simulator_soccer.shot_duel import ROWS, ShotDuel, equilibrium, shot_duel
from soccer_rig import play

SHOTS = {"open (15, 3), low left and centre blocked": (15, 3), "area (18, 6)": (18, 6),
         "long (14, 4)": (14, 4), "close (19, 3)": (19, 3)}
"""Red's #9 shooting from these cells of the 4-4-2 positions, Blue's keeper on CENTRE."""


def shooting(cell: tuple[int, int]) -> SoccerMatch:
    """Red's #9 at ``cell`` has announced a shot and Blue has not moved its keeper: the duel."""
    m = position(red={9: cell})
    play(m, red={"kick": "shot"})
    play(m, blue={"defend": None})
    assert m.to_act() == ("blue", "red")
    return m


def penalty() -> SoccerMatch:
    m = position(red={9: (15, 5)}, dice=(2, 1, 3))
    play(m, red={"kick": "dribble", "to": [17, 5]})
    play(m, red={"place": [[9, [18, 4]]]})
    play(m, blue={"place": [[5, [15, 7]], [4, [15, 3]]]})
    play(m, red={"place": []})
    assert m.to_act() == ("blue", "red")
    return m


def resolved(m: SoccerMatch, aim: str, high: bool, dive: str, dice: tuple[int, ...]) -> dict:
    twin = m.clone()
    twin.dice = Dice(0, dice + (1,) * 4)
    shot = [e for e in play(twin, red={"shoot": aim, "high": high}, blue={"dive": dive})
            if e["event"] == "shot"]
    assert len(shot) == 1
    return shot[0]


def goal_chance(m: SoccerMatch, aim: str, high: bool, dive: str) -> float:
    """The chance the engine scores this shot against this dive, every die enumerated: the
    on-target d6, then, when the engine draws it, the save duel's two."""
    chance = 0.0
    for die in range(1, 7):
        shot = resolved(m, aim, high, dive, (die, 1, 1))
        if "save" not in shot:
            chance += (shot["result"] == "goal") / 6
            continue
        goals = sum(resolved(m, aim, high, dive, (die, a, b))["result"] == "goal"
                    for a in range(1, 7) for b in range(1, 7))
        chance += goals / 36 / 6
    return chance


@pytest.mark.parametrize("name", [*SHOTS, "penalty"])
def test_S_SHOT_3_the_duels_odds_are_the_engines_die_for_die(name: str) -> None:
    m = penalty() if name == "penalty" else shooting(SHOTS[name])
    duel = shot_duel(m)
    for aim, high in ROWS:
        for dive in SIDES:
            assert duel.scores(aim, high, dive) == pytest.approx(goal_chance(m, aim, high, dive)), (
                aim, high, dive)


def test_S_SHOT_3_a_low_shot_a_player_blocks_never_scores() -> None:
    duel = shot_duel(shooting((15, 3)))
    assert duel.on[("left", False)] == 0 and duel.on[("left", True)] > 0


def random_duels(count: int) -> list[ShotDuel]:
    rng = random.Random(40)
    duels = []
    for _ in range(count):
        on = {row: rng.choice((0.0, 1 / 6, 1 / 3, 0.5, 2 / 3, 5 / 6, 1.0, rng.random())) for row in ROWS}
        duels.append(ShotDuel(on, rng.choice((0.0, 1 / 36, 0.25, 0.5, 1.0, rng.random())),
                              dives=rng.random() < 0.9))
    return duels


def test_S_SHOT_2_the_closed_form_is_an_equilibrium_of_every_duel() -> None:
    """The keeper's mix lets no fixed aim and height score more than the value, and the
    shooter's mix scores at least the value against every fixed dive: each side's mix is a
    best reply to the other's, so the value is the best a mixed strategy can get."""
    for duel in random_duels(3000) + [shot_duel(shooting(cell)) for cell in SHOTS.values()]:
        eq = equilibrium(duel)
        assert sum(eq.dive.values()) == pytest.approx(1) and min(eq.dive.values()) >= -1e-12
        assert sum(eq.shot.values()) == pytest.approx(1) and min(eq.shot.values()) >= 0
        best_fixed_aim = max(duel.scores(aim, high, eq.dive) for aim, high in ROWS)
        assert best_fixed_aim <= eq.value + 1e-9, duel
        worst_fixed_dive = min(sum(p * duel.scores(aim, high, dive) for (aim, high), p in eq.shot.items())
                               for dive in SIDES)
        assert worst_fixed_dive >= eq.value - 1e-9, duel
