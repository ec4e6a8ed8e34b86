"""Buy phase (rules with ``buying``, out of turn): buy the top discard or pass.

A buy takes the discard and one unknown stock card. It is worth it when the hand that
holds the discard is closer to going down; the cost is the extra card and the points
it puts at risk. After going down new melds are over, so buying never helps: pass.
"""

from __future__ import annotations

from advisor.context import Context, out_copies, with_card
from advisor.engine import Figures
from advisor.results import (
    Action,
    AdvicePhase,
    BuyAdvice,
    BuyCost,
    BuyFigures,
    Recommendation,
    out_cards,
)
from solver.cards import Card, counts_of


def _expected_value(ctx: Context) -> float:
    live = sum(ctx.live)
    if not live:
        return 0.0
    total = sum(n * ctx.rules.value(Card.from_id(c)) for c, n in enumerate(ctx.live))
    return total / live


def _bought(ctx: Context, top: Card, now: Figures) -> BuyFigures:
    """The hand holding ``top`` (not live: it lies on the pile); an all-cards round must
    meld the unknown penalty card too, one card more."""
    rules = ctx.rules
    after = ctx.figures(with_card(counts_of(ctx.sit.hand), top.id), drawn=False)
    needed = after.needed
    if needed is not None and rules.contract(ctx.sit.round).all_cards:
        needed += 1
    points_now = rules.points(ctx.sit.hand)
    points_after = points_now + rules.value(top) + _expected_value(ctx)
    return BuyFigures(
        card=top,
        cards_needed=needed,
        outs=out_copies(after),
        outs_cards=out_cards(after.outs),
        best_discard=None,
        cost=BuyCost(1, points_now, round(points_after, 1)),
    )


def advise_buy(ctx: Context, buys_made: int = 0) -> BuyAdvice:
    rules, top = ctx.rules, ctx.sit.top_discard
    now = Figures(None, {})
    bought: BuyFigures | None = None
    if not rules.contracts:
        action, why = Action.PASS, "A buy is weighed only toward a contract."
    else:
        now = ctx.figures(counts_of(ctx.sit.hand), drawn=False)
        action, why = Action.PASS, ""
        if top is None:
            why = "There is no discard to buy."
        elif rules.max_buys is not None and buys_made >= rules.max_buys:
            why = f"The limit of {rules.max_buys} buys is reached."
        elif ctx.sit.down:
            why = "After going down a bought card cannot help: no new melds."
        else:
            bought = _bought(ctx, top, now)
            n = bought.cards_needed
            if n is not None and (now.needed is None or n < now.needed):
                action, why = Action.BUY, f"{top} lowers cards needed to {n}."
            elif n is None and not ctx.optimal:
                why = f"The search ran out of time before {top} could be judged."
            else:
                why = f"{top} does not lower cards needed."
    return BuyAdvice(
        phase=AdvicePhase.BUY,
        goal=ctx.goal,
        cards_needed=now.needed,
        outs=out_copies(now),
        outs_cards=out_cards(now.outs),
        buy=bought,
        buys_made=buys_made,
        max_buys=rules.max_buys,
        recommendation=Recommendation(action, top if action is Action.BUY else None, why),
        live_cards=sum(ctx.live),
        optimal=ctx.optimal,
    )
