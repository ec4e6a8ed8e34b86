"""advisor.context: figures the advice derives rather than asks the engine for."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solver_reference import SETTINGS, hands

from advisor.context import Context
from advisor.situation import Situation
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
