"""Rule bounds, one table for the library and the API; set shapes enumerated without blow-up."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.candidates import set_shapes
from solver.cards import card_id, rank_ids
from solver.errors import RulesError
from solver.rules import PRESETS, Rules, make_rules, rule_bounds


def _reference_shapes(
    rules: Rules, rank: int, supply: list[int], max_wilds: int
) -> list[tuple[tuple[int, ...], int]]:
    """Every subset of the physical copies, deduplicated: the exhaustive definition."""
    limit = rules.set_limit
    per_suit = 1 if rules.set_distinct_suits else limit
    pool = [c for c in rank_ids(rank) for _ in range(min(supply[c], per_suit))]
    out: list[tuple[tuple[int, ...], int]] = []
    seen: set[tuple[int, ...]] = set()
    for k in range(rules.set_min_naturals, min(len(pool), limit) + 1):
        for nat in combinations(pool, k):
            if nat in seen:
                continue
            seen.add(nat)
            top = min(max_wilds, limit - k)
            if rules.set_distinct_suits:
                top = min(top, 4 - k)
            out.extend((nat, w) for w in range(max(0, rules.set_min - k), top + 1))
    return out


@settings(max_examples=150, derandomize=True, deadline=None)
@given(
    copies=st.lists(st.integers(0, 3), min_size=4, max_size=4),
    distinct=st.booleans(),
    set_min=st.integers(2, 4),
    extra=st.integers(0, 4),
    naturals=st.integers(1, 3),
    max_wilds=st.integers(0, 3),
)
def test_set_shapes_are_every_distinct_choice_of_copies(
    copies: list[int], distinct: bool, set_min: int, extra: int, naturals: int, max_wilds: int
) -> None:
    rules = replace(
        PRESETS["gin"],
        decks=3,
        set_min=set_min,
        set_max=set_min + extra,
        set_distinct_suits=distinct,
        set_min_naturals=min(naturals, set_min),
    )
    rank = 7
    supply = [0] * 53
    for suit, n in enumerate(copies):
        supply[card_id(rank, suit)] = n
    assert list(set_shapes(rules, rank, supply, max_wilds)) == _reference_shapes(
        rules, rank, supply, max_wilds
    )


def test_the_largest_accepted_sets_have_few_shapes() -> None:
    # three decks, sets of up to 8 of any suits: at most 4 copies choices per suit
    rules = make_rules("gin", {"decks": 3, "set_max": 8})
    supply = [3] * 52 + [0]
    shapes = list(set_shapes(rules, 1, supply, 0))
    assert len(shapes) == len(set(shapes)) <= 4**4


def test_eight_decks_of_aces_is_refused_not_enumerated() -> None:
    # the request that ran for hours: 8 decks, sets up to 60 cards
    with pytest.raises(RulesError) as err:
        make_rules("gin", {"decks": 8, "set_max": 60})
    assert err.value.field == "decks"
    assert "between 1 and 3" in err.value.message


@pytest.mark.parametrize("name", sorted(rule_bounds()))
def test_every_bound_is_enforced_with_one_message_at_both_ends(name: str) -> None:
    bound = rule_bounds()[name]
    for value in (bound.lo - 1, bound.hi + 1):
        with pytest.raises(RulesError) as err:
            make_rules("gin", {name: value})
        assert err.value.field == name
        assert err.value.reason == f"must be between {bound.lo} and {bound.hi}"


def test_contracts_are_bounded_in_rounds_and_melds() -> None:
    with pytest.raises(RulesError) as err:
        make_rules("liverpool", {"contracts": [{"sets": 1}] * 11})
    assert err.value.field == "contracts"
    with pytest.raises(RulesError) as err:
        make_rules("liverpool", {"contracts": [{"sets": 3, "runs": 2}]})
    assert err.value.field == "contracts[0]"
    assert make_rules("liverpool", {"contracts": [{"sets": 1, "runs": 3}] * 10}).contracts
