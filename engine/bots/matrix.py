"""Two-player zero-sum matrix games, solved by regret matching+ (for shots and penalties).

>>> row, col = solve([[0.2, 0.9], [0.9, 0.2]])
>>> [round(p, 3) for p in row], [round(p, 3) for p in col]
([0.5, 0.5], [0.5, 0.5])
"""
from __future__ import annotations

from collections.abc import Sequence


def solve(payoff: Sequence[Sequence[float]], iterations: int = 400) -> tuple[list[float], list[float]]:
    """Approximate equilibrium (row, column) strategies; the row player gets ``payoff[i][j]``
    and the column player its opposite. Returns the average strategies of regret
    matching+ with alternating updates, which converge to an equilibrium."""
    n, m = len(payoff), len(payoff[0])
    row_regret, col_regret = [0.0] * n, [0.0] * m
    row_sum, col_sum = [0.0] * n, [0.0] * m
    for t in range(1, iterations + 1):
        row = _matching(row_regret)
        col = _matching(col_regret)
        values = [sum(payoff[i][j] * col[j] for j in range(m)) for i in range(n)]
        mean = sum(row[i] * values[i] for i in range(n))
        for i in range(n):
            row_regret[i] = max(0.0, row_regret[i] + values[i] - mean)
            row_sum[i] += t * row[i]
        row = _matching(row_regret)
        values = [-sum(payoff[i][j] * row[i] for i in range(n)) for j in range(m)]
        mean = sum(col[j] * values[j] for j in range(m))
        for j in range(m):
            col_regret[j] = max(0.0, col_regret[j] + values[j] - mean)
            col_sum[j] += t * col[j]
    return _normal(row_sum), _normal(col_sum)


def _matching(regret: list[float]) -> list[float]:
    total = sum(r for r in regret if r > 0)
    if total <= 0:
        return [1 / len(regret)] * len(regret)
    return [r / total if r > 0 else 0.0 for r in regret]


def _normal(weights: list[float]) -> list[float]:
    total = sum(weights)
    return [w / total for w in weights]
