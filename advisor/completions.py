"""Meld templates a hand could complete with at most ``budget`` live cards.

Like the solver's templates, but a natural card may also be one the player does not
hold yet (a live card, at a cost of one addition), and a wild slot costs an
addition once the held wilds run out. Templates whose cost alone is over the budget
are left out, which keeps the model small.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from solver.candidates import Template, card_id, set_shapes
from solver.cards import NUM_KINDS, Card
from solver.melds import opening_value
from solver.rules import Rules


def _wild_counts(
    rules: Rules, held: Sequence[int], live: Sequence[int], budget: int
) -> tuple[int, int]:
    held_w = live_w = 0
    for c in range(NUM_KINDS):
        if rules.is_wild(Card.from_id(c)):
            held_w += held[c]
            live_w += live[c]
    return held_w, held_w + min(live_w, budget)


def completion_templates(
    rules: Rules, held: Sequence[int], live: Sequence[int], budget: int, *, lean: bool = False
) -> list[Template]:
    """``lean`` (large budgets, where placing live wilds in every run position would
    multiply the templates): a run takes wilds beyond the held ones only where no
    natural card is live. Adding the natural there costs the same one card, so the
    distance stays exact unless one live copy would be needed twice; but a live wild
    can then be missing from the outs. Sets are never lean."""
    hw, pool_w = _wild_counts(rules, held, live, budget)
    limit = rules.max_wilds_per_meld
    max_w = pool_w if limit is None else min(pool_w, limit)
    run_w = min(pool_w, hw) if lean else pool_w
    return [
        *_sets(rules, held, live, budget, hw, max_w),
        *_runs(rules, held, live, budget, hw, run_w if limit is None else min(run_w, limit), lean),
    ]


def _sets(
    rules: Rules, held: Sequence[int], live: Sequence[int], budget: int, hw: int, max_w: int
) -> Iterator[Template]:
    supply = [held[c] + live[c] for c in range(NUM_KINDS)]
    for rank in range(1, 14):
        suits_held = sum(1 for s in range(4) if held[s * 13 + rank - 1])
        if rules.set_min - suits_held - hw > budget:
            continue  # even the smallest set of this rank costs more than the budget
        value = opening_value(rank)
        for nat, w in set_shapes(rules, rank, supply, max_w):
            miss = sum(max(0, nat.count(c) - held[c]) for c in set(nat))
            if miss + max(0, w - hw) <= budget:
                yield Template("set", rank, 0, (*nat, *([-1] * w)), value * (len(nat) + w))


def _runs(
    rules: Rules,
    held: Sequence[int],
    live: Sequence[int],
    budget: int,
    hw: int,
    max_w: int,
    lean: bool,
) -> Iterator[Template]:
    lo, hi = rules.min_position, rules.max_position
    for suit in range(4):
        held_at = [0] * 16  # prefix counts of held positions, to skip windows fast
        for p in range(1, 15):
            held_at[p + 1] = held_at[p] + (held[card_id(p, suit)] > 0)
        for low in range(lo, hi + 1):
            for high in range(low + rules.run_min - 1, hi + 1):
                # positions not held only grow with the window: stop once over budget
                if (high - low + 1) - (held_at[high + 1] - held_at[low]) - hw > budget:
                    break
                window = list(range(low, high + 1))
                ids = [card_id(p, suit) for p in window]
                # positions a natural can fill: held, or live (at a cost)
                held_pos = [i for i, c in enumerate(ids) if held[c] >= ids.count(c)]
                other = [i for i in range(len(ids)) if i not in held_pos]
                if len(other) - hw > budget:
                    continue
                must_wild = [i for i in other if held[ids[i]] + live[ids[i]] < ids.count(ids[i])]
                optional = [i for i in other if i not in must_wild]
                points = sum(opening_value(p) for p in window)
                for w_other in range(0, len(optional) + 1):
                    for wild_o in combinations(optional, w_other):
                        wilds_o = len(must_wild) + w_other
                        miss = len(optional) - w_other
                        for w_held in range(0, len(held_pos) + 1):
                            wilds = wilds_o + w_held
                            if lean and w_other + w_held > hw:
                                break
                            if (
                                wilds > (len(must_wild) + max_w if lean else max_w)
                                or miss + max(0, wilds - hw) > budget
                            ):
                                break
                            if len(ids) - wilds < rules.run_min_naturals:
                                break
                            for wild_h in combinations(held_pos, w_held):
                                wild = set(must_wild) | set(wild_o) | set(wild_h)
                                slots = tuple(-1 if i in wild else c for i, c in enumerate(ids))
                                yield Template("run", suit, low, slots, points)
