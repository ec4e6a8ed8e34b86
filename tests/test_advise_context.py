"""advisor.context: figures the advice derives rather than asks the engine for."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_cases import SETTINGS, hands

from advisor.advise import advise
from advisor.context import Context
from advisor.situation import Situation
from solver.budget import Budget
from solver.cards import counts_of, parse_cards
from solver.rules import make_rules

# goals that keep a final discard: knock, win, out (opened, onto a table), out by layoffs
SITUATIONS = {
    "gin": (make_rules("gin"), (), False),
    "israeli": (make_rules("israeli", {"hand_size": 6}), (), False),
    "rummy40-opened": (make_rules("rummy40"), ("5H 6H 7H", "QS QH QD"), True),
    "liverpool-down": (make_rules("liverpool"), ("5H 6H 7H 8H", "9S 9D 9C"), True),
}


@pytest.mark.parametrize("name", sorted(SITUATIONS))
@settings(SETTINGS, max_examples=15)
@given(data=st.data())
def test_a_drawn_hand_needs_what_its_best_discard_leaves(name: str, data: st.DataObject) -> None:
    rules, table, down = SITUATIONS[name]
    hand = data.draw(hands(rules, 4, 7))
    sit = Situation(
        rules,
        tuple(hand),
        round=1 if rules.contracts else None,
        table=tuple(tuple(parse_cards(m)) for m in table),
        down=down,
    )
    ctx = Context(sit)
    assert ctx.plan.keeps_discard
    held = counts_of(hand)
    assert ctx.needed_after_draw(held) == ctx.needed(held, drawn=True)


def test_a_spent_budget_still_answers_and_says_it_is_not_optimal() -> None:
    sit = Situation(make_rules("gin"), tuple(parse_cards("AS 2S 3S 7H 7D 7C JD QD 5C 9H KS")))
    spent = Budget.of(0.0)
    assert advise(sit, budget=spent).optimal is False
    assert advise(sit).optimal is True
