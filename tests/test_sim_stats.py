"""The figures bench/sim.py, bench/pool.py and bench/paired.py report: hands scored as
matches to a target, as gin matches are played, a win rate pooled over strata of deals,
and two runs of the same deals paired game by game."""

from __future__ import annotations

import doctest

import pytest

import sim.stats
from sim.stats import Z95, matches_to, mean_interval, paired_difference, pooled_strata


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


def test_a_change_that_touches_one_game_in_ten_is_measured_on_it() -> None:
    # two runs of the same 10 deals: one game won instead of lost, the rest alike
    before = [1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0]
    after = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0]
    mean, low, high = paired_difference(before, after)
    assert mean == pytest.approx(0.1)
    assert (low, high) == pytest.approx(mean_interval([0.0] * 5 + [1.0] + [0.0] * 4)[1:])
    # unpaired, the difference of the two runs' means has an interval over twice as wide
    var = [sum((v - sum(r) / 10) ** 2 for v in r) / 9 for r in (before, after)]
    unpaired_width = 2 * Z95 * ((var[0] + var[1]) / 10) ** 0.5
    assert unpaired_width > 2 * (high - low)


def test_duplicate_deals_are_the_units_of_a_paired_difference() -> None:
    # deals of two games each: the first deal gains 1 in one of its games, the second 0
    assert paired_difference([0, 0, 1, 1], [1, 0, 1, 1], group=2) == mean_interval([0.5, 0.0])


def test_runs_of_other_games_cannot_be_paired() -> None:
    with pytest.raises(ValueError):
        paired_difference([1, 0, 1], [1, 0])
    with pytest.raises(ValueError):
        paired_difference([1, 0, 1], [1, 0, 1], group=2)
