"""95% intervals: Wilson's for a win rate, the normal one for a mean."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959964


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``successes`` in ``n`` (a tie counts a fraction)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = p + Z95 * Z95 / (2 * n)
    spread = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n))
    scale = 1 + Z95 * Z95 / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its 95% normal interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


def matches_to(points: Sequence[float], target: float) -> list[bool]:
    """Heads-up hands played on as matches to ``target`` points, as gin is scored (the
    EAAI challenge: 100, no bonuses beyond a hand's): ``points[h]`` is what hand ``h``
    gave the first player (negative: what it gave the other), a match lasts until either
    side's total reaches ``target``, and the next hand starts a new one. Per finished
    match, whether the first player won it; hands left after the last are dropped."""
    won: list[bool] = []
    mine = theirs = 0.0
    for p in points:
        mine += max(p, 0.0)
        theirs += max(-p, 0.0)
        if mine >= target or theirs >= target:
            won.append(mine >= target)
            mine = theirs = 0.0
    return won
