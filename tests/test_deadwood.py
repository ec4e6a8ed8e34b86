"""advisor.deadwood: the least deadwood after each discard, against the exhaustive
reference (small hands) and the CP-SAT solver (full-size hands)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import reference
from solver_cases import DEADWOOD_RULES, SETTINGS, built_hands, hands

from advisor.deadwood import DeadwoodSearch
from solver.cards import Card, counts_of, parse_cards
from solver.rules import Rules, make_rules
from solver.solve import solve

WILD_HEAVY = {
    "liverpool-3decks-jokers": make_rules("liverpool", {"decks": 3, "jokers": 4}),
    "rummy40-unlimited-wilds": make_rules("rummy40", {"max_wilds_per_meld": None}),
}


def each_discard(hand: list[Card], rules: Rules) -> dict[int, int]:
    found, optimal = DeadwoodSearch(rules).after_each_discard(counts_of(hand))
    assert optimal
    return found


def without(hand: list[Card], card_id: int) -> list[Card]:
    rest = list(hand)
    rest.remove(Card.from_id(card_id))
    return rest


@pytest.mark.parametrize("name", sorted(DEADWOOD_RULES))
@settings(SETTINGS, max_examples=40)
@given(data=st.data())
def test_each_discard_matches_the_exhaustive_reference(name: str, data: st.DataObject) -> None:
    rules = DEADWOOD_RULES[name]
    hand = data.draw(st.one_of(hands(rules, 5, 10), built_hands(rules, 5, 10)))
    for d, points in each_discard(hand, rules).items():
        assert points == reference(without(hand, d), rules).deadwood_points


@pytest.mark.parametrize("name", sorted({**DEADWOOD_RULES, **WILD_HEAVY}))
@settings(SETTINGS, max_examples=25)
@given(data=st.data())
def test_each_discard_matches_the_solver_on_full_hands(name: str, data: st.DataObject) -> None:
    rules = {**DEADWOOD_RULES, **WILD_HEAVY}[name]
    hand = data.draw(st.one_of(hands(rules, 11, 15), built_hands(rules, 11, 15)))
    for d, points in each_discard(hand, rules).items():
        assert points == solve(without(hand, d), rules, "deadwood").deadwood_points


def test_gin_deadwood_after_each_discard() -> None:
    # AS 2S 3S and 7H 7D 7C meld; JD QD wait for KD
    hand = parse_cards("AS 2S 3S 7H 7D 7C JD QD 5C 9H KD")
    found = each_discard(hand, make_rules("gin"))
    assert found[parse_cards("9H")[0].id] == 5  # JD QD KD melds, 5C is left
    assert found[parse_cards("KD")[0].id] == 34
