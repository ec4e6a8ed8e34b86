"""The figures bench/sim.py and bench/pool.py report: hands scored as matches to a
target, as gin matches are played, and a win rate pooled over strata of deals."""

from __future__ import annotations

import doctest

import pytest

import sim.stats
from sim.stats import matches_to, pooled_strata


def test_a_match_goes_to_the_first_side_whose_points_reach_the_target() -> None:
    # 30 + 25 + 50 reach 100 for the first player before the other's 40 + 45 = 85
    assert matches_to([30, -40, 25, -45, 50], 100) == [True]
    assert matches_to([30, -40, 25, -65], 100) == [False]


def test_the_next_hand_starts_a_new_match_and_an_unfinished_one_is_dropped() -> None:
    assert matches_to([100, -20, -90, 0, 10, 5], 100) == [True, False]


def test_a_void_hand_gives_nobody_points() -> None:
    assert matches_to([0, 0, 99, 0, 1], 100) == [True]


def test_pooled_strata_weigh_by_their_deals_and_add_their_spreads() -> None:
    # two strata of 100 deals each, standard errors 0.1 / Z95: the pool's is 0.1 / Z95 / sqrt 2
    mean, low, high = pooled_strata([(100, 0.6, 0.5, 0.7), (100, 0.5, 0.4, 0.6)])
    assert mean == pytest.approx(0.55)
    assert high - mean == pytest.approx(0.1 / 2**0.5)
    assert mean - low == pytest.approx(high - mean)
    # a stratum of three times the deals weighs three times as much
    assert pooled_strata([(300, 0.6, 0.55, 0.65), (100, 0.4, 0.3, 0.5)])[0] == pytest.approx(0.55)


def test_the_examples_of_sim_stats_hold() -> None:
    # sim is outside test_doctests.py's packages (its runners import optional extras)
    result = doctest.testmod(sim.stats)
    assert result.attempted > 0 and result.failed == 0
