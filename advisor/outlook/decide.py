"""The ``standard`` and ``deep`` decisions: options ranked by their look-ahead worth.

The look-ahead applies where going out is a deadwood threshold (``knock_max``) and the
pack has one copy of each card and no wild cards (``MeldMasks``); elsewhere every level
answers as ``fast`` (docs/advisor.md says so). It reads nothing but the situation: the
hand, the live cards, the top discard.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from advisor.context import Context
from advisor.outlook.masks import MeldMasks, mask_of
from advisor.outlook.value import Lookahead, Outlook
from advisor.reasons import plural
from advisor.results import DiscardOption, Effort
from solver.cards import Card

# draws looked ahead per level
HORIZON = {Effort.STANDARD: 1, Effort.DEEP: 2}


def lookahead(ctx: Context, effort: Effort) -> Lookahead | None:
    if effort is Effort.FAST or ctx.rules.knock_max is None:
        return None
    masks = MeldMasks.of(ctx.rules)
    if masks is None:
        return None
    taken = [c.id for c in ctx.sit.seen]
    return Lookahead(ctx.rules, masks, ctx.live, taken, ctx.rules.hand_size)


def _hand(cards: Sequence[Card]) -> int:
    return mask_of([c.id for c in cards])


def rank_discards(ctx: Context, ranked: list[DiscardOption], effort: Effort) -> list[DiscardOption]:
    """``ranked`` (the fast order) with each option's outlook, re-ranked by its worth;
    equal worths keep the fast order."""
    look = lookahead(ctx, effort)
    if look is None or not ranked:
        return ranked
    hand = _hand(ctx.sit.hand)
    out = []
    for o in ranked:
        seen = look.outlook(hand & ~(1 << o.card.id), HORIZON[effort], o.card.id)
        out.append(_with(o, seen))
    order = sorted(range(len(out)), key=lambda i: (-(out[i].expected_points or 0.0), i))
    return [out[i] for i in order]


def _with(o: DiscardOption, seen: Outlook) -> DiscardOption:
    reason = (
        f"Throwing {o.card} leaves {plural(o.deadwood_points, 'deadwood point')}:"
        f" {seen.go_out_chance:.0%} to go out within {plural(seen.horizon, 'draw')},"
        f" worth {seen.expected_points:+.1f} points on average."
    )
    return replace(
        o,
        go_out_chance=seen.go_out_chance,
        expected_points=seen.expected_points,
        horizon=seen.horizon,
        samples=seen.samples,
        reason=reason,
    )


def take_worth(ctx: Context, look: Lookahead, top: Card) -> tuple[float, float]:
    """(worth of taking ``top`` and throwing the best other card, expected worth of a
    stock draw), each right after the draw's discard."""
    hand = _hand(ctx.sit.hand)
    take = look.after_draw(hand | (1 << top.id), keep=1 << top.id)
    stock = sum(n * look.after_draw(hand | (1 << c)) for c, n in look.live) / look.total
    return take, stock
