"""Buy phase (rules with contracts, out of turn): buy the top discard or pass.

A buy takes the discard and one unknown stock card. It is worth it when the discard
lowers cards needed before going down; the cost is the extra card and the points it
puts at risk. After going down new melds are over, so buying never helps: pass.
"""

from __future__ import annotations

from typing import Any

from advisor.draw import outs_cards
from advisor.evaluate import Evaluator, with_card
from solver.cards import Card, counts_of


def _expected_value(ev: Evaluator) -> float:
    live = sum(ev.live)
    if not live:
        return 0.0
    total = sum(n * ev.rules.value(Card.from_id(c)) for c, n in enumerate(ev.live))
    return total / live


def advise_buy(ev: Evaluator, buys_made: int = 0) -> dict[str, Any]:
    sit, rules = ev.sit, ev.rules
    top = sit.top_discard
    out: dict[str, Any] = {"phase": "buy", "goal": ev.goal.name, "buy": None}

    def answer(action: str, why: str) -> dict[str, Any]:
        out["recommendation"] = {"action": action, "reason": why}
        if action == "buy" and top is not None:
            out["recommendation"]["card"] = str(top)
        return out

    if not rules.contracts:
        out["cards_needed"] = None
        return answer("pass", "These rules have no buying.")
    held = counts_of(sit.hand)
    now = ev.figures(held, drawn=False)
    out.update(
        cards_needed=now.needed,
        outs=now.out_copies,
        outs_cards=outs_cards(now),
        buys_made=buys_made,
        max_buys=rules.max_buys,
    )
    if top is None:
        return answer("pass", "There is no discard to buy.")
    if rules.max_buys is not None and buys_made >= rules.max_buys:
        return answer("pass", f"The limit of {rules.max_buys} buys is reached.")
    if sit.down:
        return answer("pass", "After going down a bought card cannot help: no new melds.")
    contract = rules.contract(sit.round)
    after = ev.figures(with_card(held, top.id), drawn=False, guess=now.needed)
    # an all-cards round must meld the unknown penalty card too
    after_needed = after.needed
    if after_needed is not None and contract.all_cards:
        after_needed += 1
    points_now = sum(rules.value(c) for c in sit.hand)
    points_after = points_now + rules.value(top) + _expected_value(ev)
    out["buy"] = {
        "card": str(top),
        "cards_needed": after_needed,
        "outs": after.out_copies,
        "outs_cards": outs_cards(after),
        "best_discard": None,
        "cost": {
            "extra_cards": 1,
            "points_in_hand": points_now,
            "points_after": round(points_after, 1),
        },
    }
    better = after_needed is not None and (now.needed is None or after_needed < now.needed)
    if better:
        return answer("buy", f"{top} lowers cards needed to {after_needed}.")
    return answer("pass", f"{top} does not lower cards needed.")
