"""95% intervals: Wilson's for a win rate, the normal one for a mean, and the paired one
for two runs of the same deals."""

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


def pooled_strata(strata: Sequence[tuple[int, float, float, float]]) -> tuple[float, float, float]:
    """(mean, low, high): the 95% normal interval of the mean over every unit of several
    strata, each given as (units, mean, low, high) of its own 95% normal interval (a
    duplicate match's rows, one per Liverpool round: the win rate per deal). Strata
    weigh by their units; their spreads add as independent.

    >>> [round(x, 4) for x in pooled_strata([(100, 0.6, 0.5, 0.7), (100, 0.5, 0.4, 0.6)])]
    [0.55, 0.4793, 0.6207]
    """
    total = sum(units for units, _, _, _ in strata)
    mean = sum(units * m for units, m, _, _ in strata) / total
    var = sum((units / total * (high - low) / (2 * Z95)) ** 2 for units, _, low, high in strata)
    half = Z95 * math.sqrt(var)
    return (mean, mean - half, mean + half)


def paired_difference(
    before: Sequence[float], after: Sequence[float], group: int = 1
) -> tuple[float, float, float]:
    """(mean, low, high): the mean of ``after`` minus ``before`` game by game, two runs of
    the same deals (a change played against the code before it), with its normal 95%
    interval over units of ``group`` consecutive games (a duplicate deal's games).
    Games that play alike in both runs add nothing to the spread, so a change that
    touches few games is measured on those.

    >>> paired_difference([0, 1, 0, 1], [1, 1, 0, 1])[0]
    0.25
    >>> paired_difference([1, 0], [1, 0])
    (0.0, 0.0, 0.0)
    """
    if len(before) != len(after) or len(before) % group:
        raise ValueError("two runs of the same games, whole groups of them, are needed")
    diff = [b - a for a, b in zip(before, after, strict=True)]
    return mean_interval(group_means(diff, group))


def group_means(values: Sequence[float], group: int) -> list[float]:
    """The mean of each ``group`` consecutive values (a duplicate deal's games).

    >>> group_means([1, 0, 0, 0], 2)
    [0.5, 0.0]
    """
    return [sum(values[u : u + group]) / group for u in range(0, len(values) - group + 1, group)]
