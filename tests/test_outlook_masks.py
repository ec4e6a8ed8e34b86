"""The look-ahead's compiled kernel (advisor/outlook/_masks.pyx) against the search it
compiles, written plainly here: the same least deadwood and discard (the lowest card id
on a tie), and a memo that stays within its bound without changing an answer."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from advisor.outlook._masks import Kernel
from advisor.outlook.masks import MeldMasks
from solver.cards import parse_cards
from solver.rules import make_rules


def _plain(
    masks: MeldMasks,
) -> tuple[Callable[[int], int], Callable[[int, int], tuple[int, int]]]:
    @cache
    def least(hand: int) -> int:
        if not hand:
            return 0
        low = (hand & -hand).bit_length() - 1
        best = masks.value[low] + least(hand & ~(1 << low))
        for m in masks.by_low[low]:
            if hand & m == m:
                best = min(best, least(hand & ~m))
        return best

    def after_discard(hand: int, keep: int) -> tuple[int, int]:
        found = [(least(hand & ~(1 << c)), c) for c in range(64) if (hand & ~keep) >> c & 1]
        return min(found) if found else (-1, -1)

    return least, after_discard


def _hands(count: int, size: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [sum(1 << c for c in rng.sample(range(52), size)) for _ in range(count)]


def test_the_kernel_answers_as_the_plain_search() -> None:
    for rules in (make_rules("gin"), make_rules("gin", {"card_values": {"K": 11, "A": 0}})):
        masks = MeldMasks(rules)
        least, after_discard = _plain(masks)
        for size in (1, 4, 10, 11):
            for hand in _hands(60, size, seed=size):
                assert masks.least(hand) == least(hand)
                low = 1 << ((hand & -hand).bit_length() - 1)
                assert masks.least_after_discard(hand) == after_discard(hand, 0)
                assert masks.least_after_discard(hand, low) == after_discard(hand, low)


def test_a_tie_throws_the_lowest_card_id() -> None:
    masks = MeldMasks(make_rules("gin"))
    # two kings alone: either throw leaves 10, and the lower id goes
    hand = sum(1 << c.id for c in parse_cards("KS KH"))
    assert masks.least_after_discard(hand) == (10, min(c.id for c in parse_cards("KS KH")))


def test_the_memo_stays_within_its_bound_and_changes_no_answer() -> None:
    masks = MeldMasks(make_rules("gin"))
    small = Kernel(masks.value, masks.by_low, 40)
    for hand in _hands(500, 11, seed=7):
        assert small.least_after_discard(hand) == masks.least_after_discard(hand)
        assert small.memo_size() <= 40
