"""Two-player zero-sum matrix games, solved by regret matching+ (card play, in search).

>>> row, col = solve([[0.2, 0.9], [0.9, 0.2]])
>>> [round(p, 3) for p in row], [round(p, 3) for p in col]
([0.5, 0.5], [0.5, 0.5])

The games are small (at most 4 x 4: the active cards) and solved thousands of times a
second inside the strong CPU's search, so the loop keeps its sums in C (``map``).
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import exp
from operator import mul


def solve(payoff: Sequence[Sequence[float]], iterations: int = 400) -> tuple[list[float], list[float]]:
    """Approximate equilibrium (row, column) strategies; the row player gets ``payoff[i][j]``
    and the column player its opposite. Returns the average strategies of regret
    matching+ with alternating updates and linear averaging, which converge to an
    equilibrium."""
    n, m = len(payoff), len(payoff[0])
    rows = [list(map(float, row)) for row in payoff]
    cols = [[-rows[i][j] for i in range(n)] for j in range(m)]
    row_regret, col_regret = [0.0] * n, [0.0] * m
    row_sum, col_sum = [0.0] * n, [0.0] * m
    row, col = [1 / n] * n, [1 / m] * m
    for t in range(1, iterations + 1):
        values = [sum(map(mul, r, col)) for r in rows]
        mean = sum(map(mul, row, values))
        row_regret = [max(0.0, r + v - mean) for r, v in zip(row_regret, values)]
        row = _matching(row_regret, n)
        row_sum = [s + t * p for s, p in zip(row_sum, row)]
        values = [sum(map(mul, c, row)) for c in cols]
        mean = sum(map(mul, col, values))
        col_regret = [max(0.0, r + v - mean) for r, v in zip(col_regret, values)]
        col = _matching(col_regret, m)
        col_sum = [s + t * p for s, p in zip(col_sum, col)]
    return _normal(row_sum), _normal(col_sum)


def _matching(regret: list[float], size: int) -> list[float]:
    total = sum(regret)
    if total <= 0:
        return [1 / size] * size
    return [r / total for r in regret]


def _normal(weights: list[float]) -> list[float]:
    total = sum(weights)
    return [w / total for w in weights]


_EPS = 1e-9


def solve_exact(payoff: Sequence[Sequence[float]]) -> tuple[list[float], list[float], float]:
    """An exact equilibrium (row, column, value) of a small zero-sum game, for the strong
    CPU's search: a saddle point when there is one, else the smallest pair of equal-sized
    supports on which both players are indifferent and nothing outside pays more (support
    enumeration, after removing dominated rows and columns: in a zero-sum game an optimal
    strategy of the smaller game stays optimal in the whole one). Far cheaper than
    :func:`solve` on the 4 x 4 games of card play, and without its noise; a degenerate
    game with no such support pair falls back to :func:`solve`."""
    n, m = len(payoff), len(payoff[0])
    rows = [list(map(float, row)) for row in payoff]
    lows = [min(row) for row in rows]
    highs = [max(rows[i][j] for i in range(n)) for j in range(m)]
    best_low, best_high = max(lows), min(highs)
    if best_low >= best_high - _EPS:
        i, j = lows.index(best_low), highs.index(best_high)
        row, col = [0.0] * n, [0.0] * m
        row[i] = col[j] = 1.0
        return row, col, rows[i][j]
    keep_rows, keep_cols = _undominated(rows, list(range(n)), list(range(m)))
    for size in range(2, min(len(keep_rows), len(keep_cols)) + 1):
        for row_support in combinations(keep_rows, size):
            for col_support in combinations(keep_cols, size):
                found = _support_equilibrium(rows, row_support, col_support, n, m)
                if found is not None:
                    return found
    row, col = solve(rows, 2000)
    value = sum(p * sum(map(mul, r, col)) for p, r in zip(row, rows))
    return row, col, value


def game_value(payoff: Sequence[Sequence[float]]) -> float:
    """The value of a small zero-sum game to its row player (:func:`solve_exact`)."""
    return solve_exact(payoff)[2]


def _undominated(rows: list[list[float]], keep_rows: list[int],
                 keep_cols: list[int]) -> tuple[list[int], list[int]]:
    """Rows and columns left once weakly dominated ones are removed, again and again."""
    changed = True
    while changed:
        changed = False
        for i in keep_rows:
            if any(k != i and all(rows[k][j] >= rows[i][j] for j in keep_cols)
                   for k in keep_rows):
                keep_rows = [k for k in keep_rows if k != i]
                changed = True
                break
        for j in keep_cols:
            if any(k != j and all(rows[i][k] <= rows[i][j] for i in keep_rows)
                   for k in keep_cols):
                keep_cols = [k for k in keep_cols if k != j]
                changed = True
                break
    return keep_rows, keep_cols


def _support_equilibrium(rows: list[list[float]], row_support: tuple[int, ...],
                         col_support: tuple[int, ...], n: int,
                         m: int) -> tuple[list[float], list[float], float] | None:
    size = len(row_support)
    if size == 2:  # closed form: the 2 x 2 game is the common case after dominance
        (i1, i2), (j1, j2) = row_support, col_support
        a, b, c, d = rows[i1][j1], rows[i1][j2], rows[i2][j1], rows[i2][j2]
        den = a - b - c + d
        if abs(den) < 1e-12:
            return None
        x1, y1 = (d - c) / den, (d - b) / den
        if not (-_EPS <= x1 <= 1 + _EPS and -_EPS <= y1 <= 1 + _EPS):
            return None
        x = [x1, 1.0 - x1, (a * d - b * c) / den]
        y = [y1, 1.0 - y1]
        return _checked(rows, row_support, col_support, x, y, n, m)
    # Row mixture x on row_support: every column of col_support pays v; x sums to 1.
    row_mix = _linear([[rows[i][j] for i in row_support] + [-1.0] for j in col_support]
                      + [[1.0] * size + [0.0]], [0.0] * size + [1.0])
    if row_mix is None or min(row_mix[:size]) < -_EPS:
        return None
    col_mix = _linear([[rows[i][j] for j in col_support] + [-1.0] for i in row_support]
                      + [[1.0] * size + [0.0]], [0.0] * size + [1.0])
    if col_mix is None or min(col_mix[:size]) < -_EPS:
        return None
    return _checked(rows, row_support, col_support, row_mix, col_mix, n, m)


def _checked(rows: list[list[float]], row_support: tuple[int, ...],
             col_support: tuple[int, ...], x: list[float], y: list[float], n: int,
             m: int) -> tuple[list[float], list[float], float] | None:
    """The candidate (x, value) and y on these supports, if no row or column outside
    them does better."""
    value = x[len(row_support)]
    row, col = [0.0] * n, [0.0] * m
    for i, p in zip(row_support, x):
        row[i] = max(0.0, p)
    for j, p in zip(col_support, y):
        col[j] = max(0.0, p)
    for i in range(n):
        if sum(map(mul, rows[i], col)) > value + 1e-7:
            return None
    for j in range(m):
        if sum(row[i] * rows[i][j] for i in range(n)) < value - 1e-7:
            return None
    return _normal(row), _normal(col), value


def _linear(matrix: list[list[float]], vector: list[float]) -> list[float] | None:
    """Solve a small square linear system by Gaussian elimination; None when singular."""
    size = len(vector)
    a = [row + [v] for row, v in zip(matrix, vector)]
    for c in range(size):
        pivot = max(range(c, size), key=lambda r: abs(a[r][c]))
        if abs(a[pivot][c]) < 1e-12:
            return None
        a[c], a[pivot] = a[pivot], a[c]
        lead = a[c]
        for r in range(size):
            if r != c and a[r][c]:
                f = a[r][c] / lead[c]
                a[r] = [u - f * w for u, w in zip(a[r], lead)]
    return [a[i][size] / a[i][i] for i in range(size)]


def solve_typed(games: Sequence[tuple[float, Sequence[Sequence[float]]]],
                iterations: int = 300) -> list[float]:
    """The row player's optimal strategy when the column player has a type it knows and
    the row player does not: ``games`` is (probability of the type, that type's payoffs),
    all with the same rows. Regret matching+ for the row player against one regret
    matching+ column player per type at once (alternating updates, linear averaging):
    the row strategy converges to the one whose worst case, type by type, is best."""
    n = len(games[0][1])
    weights = [w for w, _ in games]
    tables = [[list(map(float, row)) for row in payoff] for _, payoff in games]
    columns = [[[-t[i][j] for i in range(n)] for j in range(len(t[0]))] for t in tables]
    col_strategies = [[1 / len(t[0])] * len(t[0]) for t in tables]
    col_regrets = [[0.0] * len(t[0]) for t in tables]
    row_regret, row_sum, row = [0.0] * n, [0.0] * n, [1 / n] * n
    for t in range(1, iterations + 1):
        values = [0.0] * n
        for w, table, col in zip(weights, tables, col_strategies):
            for i in range(n):
                values[i] += w * sum(map(mul, table[i], col))
        mean = sum(map(mul, row, values))
        row_regret = [max(0.0, r + v - mean) for r, v in zip(row_regret, values)]
        row = _matching(row_regret, n)
        row_sum = [s + t * p for s, p in zip(row_sum, row)]
        for k, cols in enumerate(columns):
            col_values = [sum(map(mul, c, row)) for c in cols]
            col = col_strategies[k]
            mean = sum(map(mul, col, col_values))
            regret = [max(0.0, r + v - mean) for r, v in zip(col_regrets[k], col_values)]
            col_regrets[k] = regret
            col_strategies[k] = _matching(regret, len(regret))
    return _normal(row_sum)


def solve_logit(payoff: Sequence[Sequence[float]], precision: float,
                iterations: int = 200) -> list[float]:
    """The row strategy of the logit quantal-response equilibrium of a zero-sum game:
    each side plays every choice with a weight ``exp(precision * its payoff)`` against the
    other's mixture (damped fixed-point iteration, averaged). ``precision`` large tends to
    the equilibrium (:func:`solve_exact`); smaller spreads play over choices whose payoff
    is close to the best, which a reader of the strategy cannot then count on."""
    n, m = len(payoff), len(payoff[0])
    rows = [list(map(float, row)) for row in payoff]
    cols = [[rows[i][j] for i in range(n)] for j in range(m)]
    row, col = [1 / n] * n, [1 / m] * m
    for t in range(1, iterations + 1):
        step = 1 / (t + 1) ** 0.6
        target = _softmax([precision * sum(map(mul, r, col)) for r in rows])
        row = [p + step * (q - p) for p, q in zip(row, target)]
        target = _softmax([-precision * sum(map(mul, c, row)) for c in cols])
        col = [p + step * (q - p) for p, q in zip(col, target)]
    return row


def _softmax(values: list[float]) -> list[float]:
    top = max(values)
    weights = [exp(v - top) for v in values]
    total = sum(weights)
    return [w / total for w in weights]
