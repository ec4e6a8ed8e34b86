"""Hands scored as matches to a target, as gin matches are played (bench/sim.py)."""

from __future__ import annotations

from sim.stats import matches_to


def test_a_match_goes_to_the_first_side_whose_points_reach_the_target() -> None:
    # 30 + 25 + 50 reach 100 for the first player before the other's 40 + 45 = 85
    assert matches_to([30, -40, 25, -45, 50], 100) == [True]
    assert matches_to([30, -40, 25, -65], 100) == [False]


def test_the_next_hand_starts_a_new_match_and_an_unfinished_one_is_dropped() -> None:
    assert matches_to([100, -20, -90, 0, 10, 5], 100) == [True, False]


def test_a_void_hand_gives_nobody_points() -> None:
    assert matches_to([0, 0, 99, 0, 1], 100) == [True]
