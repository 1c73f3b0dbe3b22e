"""The confidence interval every bot benchmark prints beside a win rate or a share.

    from intervals import wilson          # the bench folder is on sys.path for a bench script
    low, high = wilson(wins, matches)     # a draw counted as half a win is fine: wins may be 12.5
"""
from __future__ import annotations

import math


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % with the default ``z``) of the proportion
    ``successes / n``; (0, 1) when nothing was counted, so a run with no decided match prints
    an interval that says so instead of dividing by zero."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
