"""Two-player zero-sum matrix games, solved by regret matching+ (card play, in search).

>>> row, col = solve([[0.2, 0.9], [0.9, 0.2]])
>>> [round(p, 3) for p in row], [round(p, 3) for p in col]
([0.5, 0.5], [0.5, 0.5])

The games are small (at most 4 x 4: the active cards) and solved thousands of times a
second inside the strong CPU's search, so the loop keeps its sums in C (``map``).
"""
from __future__ import annotations

from collections.abc import Sequence
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
