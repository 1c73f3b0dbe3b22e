"""The hex pitch of Simulator Soccer (S-PIT-1 .. S-PIT-4): cells, neighbours, distance, the
line of a ground ball, mirroring and the zones seen by a team.

A cell is ``(x, y)`` in doubled coordinates: row ``y`` 0..8 from the top, ``x`` 0..20 in
half-cell steps with ``x + y`` even, so the 95 cells of the cloth are exactly the pairs that
pass :func:`on_pitch`. Pure integer arithmetic except the line, which follows the rules'
floating-point recipe to the digit so two implementations agree on every path.

>>> distance((10, 4), (7, 5)), line((10, 4), (7, 5))
(2, [(10, 4), (9, 5), (7, 5)])
>>> neighbours((0, 0))[:2], mirror((0, 4))
([(2, 0), (1, -1)], (20, 4))
"""
from __future__ import annotations

from functools import lru_cache

Cell = tuple[int, int]

WIDTH = 20
"""The largest x; the goals lie beyond x = 0 (west) and x = 20 (east)."""
ROWS = 9
CENTRE: Cell = (10, 4)

DIRECTIONS: tuple[tuple[int, int], ...] = ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1))
"""S-PIT-2's draw order: E, NE, NW, W, SW, SE (a d6 of 1 picks E)."""
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
FRONT = (0, 1, 5)
"""Front neighbours of a team attacking east (E, NE, SE); S-PIT-4."""
BEHIND = (3, 2, 4)
"""Behind neighbours of a team attacking east, in S-PRO-LINE's order (W, NW, SW)."""


def on_pitch(cell: Cell) -> bool:
    x, y = cell
    return 0 <= y < ROWS and 0 <= x <= WIDTH and (x + y) % 2 == 0


CELLS: tuple[Cell, ...] = tuple((x, y) for y in range(ROWS) for x in range(WIDTH + 1)
                                if (x + y) % 2 == 0)
"""Every cell of the pitch, row by row (95 cells)."""


def neighbours(cell: Cell) -> list[Cell]:
    """The six neighbours in S-PIT-2's order, off-pitch ones included."""
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in DIRECTIONS]


def neighbour(cell: Cell, direction: int) -> Cell:
    """The neighbour a die picks: ``direction`` 0..5 in S-PIT-2's order."""
    dx, dy = DIRECTIONS[direction]
    return cell[0] + dx, cell[1] + dy


def distance(a: Cell, b: Cell) -> int:
    """S-PIT-2: d = |dy| + max(0, (|dx| - |dy|) / 2)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    # dy + (dx - dy) // 2 == (dx + dy) // 2; no max() call: this runs millions of times.
    return dy if dx <= dy else (dx + dy) >> 1


@lru_cache(maxsize=4096)
def _within(cell: Cell, reach: int) -> tuple[Cell, ...]:
    return tuple(c for c in CELLS if 0 < distance(cell, c) <= reach)


def within(cell: Cell, reach: int) -> list[Cell]:
    """Cells of the pitch at distance 1..reach from ``cell`` (S-PIT-2: cells on the way are
    not checked)."""
    return list(_within(cell, reach))


_EPSILON = (1e-6, 2e-6, -3e-6)


def _cube_round(q: float, r: float, s: float) -> tuple[int, int]:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr


def line(a: Cell, b: Cell) -> list[Cell]:
    """S-PIT-3: the cells a ground ball crosses from ``a`` to ``b``, both included.

    Cube coordinates q = (x - y) / 2, r = y, s = -q - r; cell i is cube_round(A + eps +
    (B - A) * i / n) in doubles, n = d(A, B).
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = (a[0] - a[1]) / 2, float(a[1])
    bq, br = (b[0] - b[1]) / 2, float(b[1])
    a_s, b_s = -aq - ar, -bq - br
    cells = []
    for i in range(n + 1):
        q = aq + _EPSILON[0] + (bq - aq) * i / n
        r = ar + _EPSILON[1] + (br - ar) * i / n
        s = a_s + _EPSILON[2] + (b_s - a_s) * i / n
        cq, cr = _cube_round(q, r, s)
        cells.append((2 * cq + cr, cr))
    return cells


def mirror(cell: Cell) -> Cell:
    """The half-turn of the pitch (S-PIT-4): what a team attacking west sees as east."""
    return WIDTH - cell[0], ROWS - 1 - cell[1]


def facing(cell: Cell, east: bool) -> Cell:
    """``cell`` as seen by a team attacking east (``east``) or west (mirrored)."""
    return cell if east else mirror(cell)


def front_neighbours(cell: Cell, east: bool) -> list[Cell]:
    """Front neighbours of a player attacking east or west (S-PIT-4)."""
    sign = 1 if east else -1
    return [(cell[0] + sign * DIRECTIONS[d][0], cell[1] + sign * DIRECTIONS[d][1]) for d in FRONT]


def behind_neighbours(cell: Cell, east: bool) -> list[Cell]:
    """Behind neighbours (W, NW, SW as the team attacks), in S-PRO-LINE's order."""
    sign = 1 if east else -1
    return [(cell[0] + sign * DIRECTIONS[d][0], cell[1] + sign * DIRECTIONS[d][1]) for d in BEHIND]


# ----- zones, always given for a team attacking east (use ``facing`` first) ---------------
def own_half(c: Cell) -> bool:
    return c[0] < 10


def defence_zone(c: Cell) -> bool:
    return c[0] <= 6


def midfield_zone(c: Cell) -> bool:
    return 7 <= c[0] <= 13


def attack_zone(c: Cell) -> bool:
    return c[0] >= 14


def crossing_zone(c: Cell) -> bool:
    return c[0] >= 14 and c[1] in (0, 1, 7, 8)


def wide_crossing_zone(c: Cell) -> bool:
    """S-PRO-WIDE: the crossing zone and the cells next to it."""
    return crossing_zone(c) or any(crossing_zone(n) for n in neighbours(c) if on_pitch(n))


def shooting_zone(c: Cell) -> bool:
    return c[0] >= 14 and 2 <= c[1] <= 6


def penalty_area(c: Cell) -> bool:
    """The attacked penalty area: x >= 17, rows 2-6."""
    return c[0] >= 17 and 2 <= c[1] <= 6


def goal_area(c: Cell) -> bool:
    return c[0] >= 19 and 3 <= c[1] <= 5


GOAL_MOUTH: dict[str, Cell] = {"left": (19, 3), "centre": (20, 4), "right": (19, 5)}
"""The aimed goal-mouth cells in the shooter's view, attacking east."""
SPOT: Cell = (18, 4)
GOAL_KICK_CELL: Cell = (20, 4)
