"""An exhaustive reference partitioner, written straight from docs/rules.md sections 2 and 4.

It shares nothing with the solver but the card and rule value types: meld legality is
decided here by trying every reading of a multiset of cards (each wild-rank card as
itself or as a wild, a set of each rank, a run of each suit at every window of
positions), and partitions are found by plain recursion: the first remaining card is
either left over or lies in one of the hand's legal melds that contains it. Slow but
obviously correct for hands up to about 12 cards.
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from solver.cards import Card
from solver.rules import Rules

INFEASIBLE = None


def opening_value(position: int) -> int:
    """Rummy 40 count of a rank position (1..14): A 11, T-K 10, pips their value."""
    rank = (position - 1) % 13 + 1
    if rank == 1:
        return 11
    return 10 if rank >= 10 else rank


def rank_at(position: int) -> int:
    """The rank (1..13) that stands at run position 1..14."""
    return (position - 1) % 13 + 1


@dataclass(frozen=True, order=True)
class Reading:
    """One legal reading of a multiset of cards as a meld.

    Sets: ``rank``; runs: ``suit``, ``low``, ``high`` (positions, 14 the high ace).
    """

    kind: str
    rank: int = 0
    suit: int = -1
    low: int = 0
    high: int = 0
    points: int = 0


def readings(cards: Sequence[Card], rules: Rules) -> list[Reading]:
    """Every legal reading of ``cards`` (a multiset) as one meld; empty when it is no meld."""
    n = len(cards)
    jokers = [c for c in cards if c.is_joker]
    optional = [c for c in cards if not c.is_joker and rules.is_wild(c)]
    fixed = [c for c in cards if not rules.is_wild(c)]
    found: set[Reading] = set()
    if len({c.rank for c in fixed}) > 1 and len({c.suit for c in fixed}) > 1:
        return []  # natural in every reading, they fit neither one set nor one run
    for choice in itertools.product((True, False), repeat=len(optional)):
        naturals = fixed + [c for c, nat in zip(optional, choice, strict=True) if nat]
        wilds = len(jokers) + sum(1 for nat in choice if not nat)
        if not naturals:
            continue  # a meld of wild cards only is never legal
        if rules.max_wilds_per_meld is not None and wilds > rules.max_wilds_per_meld:
            continue
        ranks = {c.rank for c in naturals}
        suits = [c.suit for c in naturals]
        # a set: one rank; with distinct suits no natural suit twice, wilds take missing suits
        if (
            len(ranks) == 1
            and rules.set_min <= n <= rules.set_max
            and len(naturals) >= rules.set_min_naturals
            and (not rules.set_distinct_suits or (len(set(suits)) == len(suits) and n <= 4))
        ):
            (rank,) = ranks
            found.add(Reading("set", rank=rank, points=opening_value(rank) * n))
        # a run: one suit, the cards fill a window of consecutive positions exactly
        if len(set(suits)) == 1 and n >= rules.run_min and len(naturals) >= rules.run_min_naturals:
            lowest = 2 if rules.ace == "high" else 1
            highest = 13 if rules.ace == "low" else 14
            have = Counter(c.rank for c in naturals)
            for low in range(lowest, highest - n + 2):
                window = range(low, low + n)
                need = Counter(rank_at(p) for p in window)
                if all(have[r] <= need[r] for r in have):
                    points = sum(opening_value(p) for p in window)
                    found.add(
                        Reading("run", suit=suits[0], low=low, high=low + n - 1, points=points)
                    )
    return sorted(found)


def is_legal_meld(cards: Sequence[Card], rules: Rules) -> bool:
    return bool(readings(cards, rules))


@dataclass(frozen=True)
class RefResult:
    """The reference's answer for one goal.

    ``deadwood_points``/``deadwood_cards`` are those of the optimal partition meeting the
    goal when ``feasible``, else of the least-deadwood partition with no goal.
    ``max_melded_points``: the most melded points of any partition meeting the goal
    (opening count), ``None`` when infeasible.
    """

    feasible: bool
    deadwood_points: int
    deadwood_cards: int
    max_melded_points: int | None = None


class Partitioner:
    """Exhaustive partitions of one hand under one rule set."""

    def __init__(self, hand: Sequence[Card], rules: Rules):
        self.rules = rules
        self.kinds: list[Card] = sorted(set(hand), key=lambda c: c.id)
        self.counts: tuple[int, ...] = tuple(sum(1 for c in hand if c == k) for k in self.kinds)
        self.values = [rules.value(k) for k in self.kinds]
        # every sub-multiset of the hand with its best points per kind of meld
        self.melds: list[tuple[tuple[int, ...], str, int]] = []
        for sub in itertools.product(*(range(c + 1) for c in self.counts)):
            size = sum(sub)
            if size < 2:
                continue
            cards = [k for k, m in zip(self.kinds, sub, strict=True) for _ in range(m)]
            best: dict[str, int] = {}
            for r in readings(cards, rules):
                best[r.kind] = max(best.get(r.kind, 0), r.points)
            for kind, points in best.items():
                self.melds.append((sub, kind, points))
        self.melds_with: list[list[tuple[tuple[int, ...], str, int]]] = [
            [m for m in self.melds if m[0][i] > 0] for i in range(len(self.kinds))
        ]

    def search(
        self,
        *,
        allow_deadwood: bool = True,
        discards: int = 0,
        discard_counts: bool = False,
        sets: int | None = None,
        runs: int | None = None,
        min_points: int = 0,
        need_run: bool = False,
    ) -> tuple[int, int, int] | None:
        """Best (deadwood points, deadwood cards, -melded points) meeting the constraints.

        ``discards``: exactly that many cards kept out as the final discard (counted in
        the deadwood figures when ``discard_counts``). ``sets``/``runs``: exactly that many
        melds of the kind (``None``: any number). ``min_points``: melded points at least.
        Returns ``None`` when no partition meets them.
        """
        cap = min_points

        @cache
        def go(
            rest: tuple[int, ...], n_sets: int, n_runs: int, pts: int, disc: int
        ) -> tuple[int, int, int] | None:
            first = next((i for i, c in enumerate(rest) if c), None)
            if first is None:
                ok = (
                    disc == discards
                    and (sets is None or n_sets == sets)
                    and (runs is None or n_runs == runs)
                    and pts >= min_points
                    and (not need_run or n_runs > 0)
                )
                return (0, 0, 0) if ok else None
            options: list[tuple[int, int, int]] = []
            less = (*rest[:first], rest[first] - 1, *rest[first + 1 :])
            value = self.values[first]
            if allow_deadwood:
                sub = go(less, n_sets, n_runs, pts, disc)
                if sub is not None:
                    options.append((sub[0] + value, sub[1] + 1, sub[2]))
            if disc < discards:
                sub = go(less, n_sets, n_runs, pts, disc + 1)
                if sub is not None:
                    extra = (value, 1) if discard_counts else (0, 0)
                    options.append((sub[0] + extra[0], sub[1] + extra[1], sub[2]))
            for sub_counts, kind, points in self.melds_with[first]:
                ns, nr = n_sets + (kind == "set"), n_runs + (kind == "run")
                if (sets is not None and ns > sets) or (runs is not None and nr > runs):
                    continue
                if not all(map(operator.le, sub_counts, rest)):
                    continue
                left = tuple(r - m for r, m in zip(rest, sub_counts, strict=True))
                sub = go(left, ns, nr, min(cap, pts + points) if cap else 0, disc)
                if sub is not None:
                    options.append((sub[0], sub[1], sub[2] - points))
            return min(options) if options else None

        return go(self.counts, 0, 0, 0, 0)

    def max_points(self) -> int:
        """Most melded points of any partition, whatever its deadwood."""

        @cache
        def go(rest: tuple[int, ...]) -> int:
            first = next((i for i, c in enumerate(rest) if c), None)
            if first is None:
                return 0
            less = (*rest[:first], rest[first] - 1, *rest[first + 1 :])
            top = go(less)
            for sub_counts, _kind, points in self.melds_with[first]:
                if all(m <= r for m, r in zip(sub_counts, rest, strict=True)):
                    left = tuple(r - m for r, m in zip(rest, sub_counts, strict=True))
                    top = max(top, points + go(left))
            return top

        return go(self.counts)


def reference(
    hand: Sequence[Card],
    rules: Rules,
    goal: str = "deadwood",
    round_: int | None = None,
    *,
    discard: bool = False,
) -> RefResult:
    """The optimal figures docs/rules.md section 4 defines, by exhaustive search."""
    part = Partitioner(hand, rules)
    plain = part.search()
    assert plain is not None  # all deadwood is always a partition
    if goal == "deadwood":
        if discard and len(hand) > 0:
            best = part.search(discards=1)
            assert best is not None
        else:
            best = plain
        return RefResult(True, best[0], best[1], -best[2])
    if goal == "contract":
        contract = rules.contract(round_)
        best = part.search(
            allow_deadwood=not contract.all_cards, sets=contract.sets, runs=contract.runs
        )
    elif goal == "opening":
        assert rules.opening_min is not None
        best = part.search(min_points=rules.opening_min)
        if best is not None:
            # the largest opening count is a separate question from least deadwood
            return RefResult(True, best[0], best[1], part.max_points())
    elif goal == "win":
        best = part.search(
            allow_deadwood=False,
            discards=1 if len(hand) == rules.hand_size + 1 else 0,
            discard_counts=True,
            need_run=rules.require_run,
        )
    else:
        raise ValueError(f"unknown goal {goal!r}")
    if best is None:
        return RefResult(False, plain[0], plain[1], None)
    return RefResult(True, best[0], best[1], -best[2])
