"""The hex pitch (S-PIT-1 .. S-PIT-4): cells, neighbours, distance, lines, mirroring."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.simulator_soccer import geometry as geo
from engine.simulator_soccer.geometry import CELLS, distance, line, mirror, neighbours, on_pitch

cells = st.sampled_from(CELLS)


def test_S_PIT_1_95_cells_in_9_rows_x_plus_y_even():
    assert len(CELLS) == 95
    assert {y for _, y in CELLS} == set(range(9))
    assert all((x + y) % 2 == 0 and 0 <= x <= 20 for x, y in CELLS)
    assert [len([c for c in CELLS if c[1] == y]) for y in range(9)] == [11, 10] * 4 + [11]
    assert on_pitch((10, 4)) and not on_pitch((11, 4)) and not on_pitch((-2, 4))


def test_S_PIT_2_neighbours_in_draw_order_E_NE_NW_W_SW_SE():
    assert neighbours((10, 4)) == [(12, 4), (11, 3), (9, 3), (8, 4), (9, 5), (11, 5)]
    assert [geo.neighbour((10, 4), d) for d in range(6)] == neighbours((10, 4))


def test_S_PIT_2_distance_formula():
    assert distance((10, 4), (7, 5)) == 2
    assert distance((10, 4), (7, 1)) == 3
    assert distance((0, 4), (20, 4)) == 10
    assert distance((0, 0), (20, 8)) == 8 + 6
    assert all(distance((10, 4), n) == 1 for n in neighbours((10, 4)))


@given(cells, cells, cells)
def test_S_PIT_2_distance_is_a_metric(a, b, c):
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_S_PIT_3_line_of_the_worked_example_and_single_cell():
    assert line((10, 4), (7, 5)) == [(10, 4), (9, 5), (7, 5)]
    assert line((3, 3), (3, 3)) == [(3, 3)]
    assert line((0, 4), (6, 4)) == [(0, 4), (2, 4), (4, 4), (6, 4)]


def test_S_PIT_3_epsilon_breaks_ties_the_same_way_every_time():
    # A straight NE/E split: the epsilon decides which of two equally near cells is crossed.
    assert line((10, 4), (13, 3)) == [(10, 4), (12, 4), (13, 3)]
    assert line((10, 4), (12, 2)) == [(10, 4), (11, 3), (12, 2)]
    # (10,4)->(7,3) half-way: q 2.500001, r 3.500002, s -6.000003 -> q recomputed: (8, 4).
    assert line((10, 4), (7, 3)) == [(10, 4), (8, 4), (7, 3)]


@given(cells, cells)
def test_S_PIT_3_line_is_a_chain_of_neighbours_of_length_d_plus_1(a, b):
    path = line(a, b)
    assert path[0] == a and path[-1] == b and len(path) == distance(a, b) + 1
    assert all(distance(p, q) == 1 for p, q in zip(path, path[1:]))


def test_S_PIT_4_mirror_and_zones_seen_from_each_side():
    assert mirror((0, 4)) == (20, 4) and mirror((7, 1)) == (13, 7)
    assert geo.facing((13, 7), east=False) == (7, 1)
    assert geo.front_neighbours((10, 4), east=True) == [(12, 4), (11, 3), (11, 5)]
    assert geo.front_neighbours((10, 4), east=False) == [(8, 4), (9, 5), (9, 3)]
    assert geo.defence_zone((6, 4)) and geo.midfield_zone((7, 3)) and geo.attack_zone((14, 4))
    assert geo.crossing_zone((15, 1)) and not geo.crossing_zone((15, 3))
    assert geo.shooting_zone((15, 3)) and geo.penalty_area((17, 3)) and not geo.penalty_area((17, 1))
    assert geo.goal_area((19, 3)) and geo.goal_area((20, 4)) and not geo.goal_area((18, 4))
    assert geo.GOAL_MOUTH == {"left": (19, 3), "centre": (20, 4), "right": (19, 5)}


@given(cells)
def test_S_PIT_4_mirror_is_a_half_turn(c):
    assert mirror(mirror(c)) == c and on_pitch(mirror(c))
    assert [mirror(n) for n in neighbours(c)] == [neighbours(mirror(c))[(i + 3) % 6] for i in range(6)]
