"""The ``standard`` and ``deep`` decisions: options ranked by their expected result.

Discards (docs/advisor.md, "Effort"): fewest cards needed first, as ``fast`` ranks
them, then by the exact look-ahead over the next draws (``value``). The draw at
``deep``: taking the top discard against a stock draw, played out in ``SAMPLES`` hidden
worlds (``playout``) and decided by the mean points. Both apply where going out is a
deadwood threshold (``knock_max``) and the pack has one copy of each card and no wild
cards (``MeldMasks``); elsewhere ``standard`` answers as ``fast`` and ``deep`` ranks the
discards two draws ahead (``ahead``). They read nothing but the situation: the hand,
the live cards, the pile, the cards the opponents took.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from advisor.context import Context
from advisor.outlook.ahead import rank_ahead
from advisor.outlook.masks import MeldMasks, mask_of
from advisor.outlook.playout import MAX_TURNS, Playout, World, seed_of, worlds
from advisor.outlook.value import Lookahead, Outlook
from advisor.reasons import plural
from advisor.results import DiscardOption, Effort
from solver.cards import Card

# draws looked ahead exactly, and the worlds a draw decision is played out in. Discards
# are not played out (re-ranking the best 3-4 by 16-48 play-outs lost games), nor is
# `standard`'s draw (16 worlds lost games against the one-step rule): tuning seeds
# 47 and 48, docs/sim.md
HORIZON = {Effort.STANDARD: 1, Effort.DEEP: 2}
SAMPLES = {Effort.DEEP: 64}


@dataclass(frozen=True)
class Search:
    effort: Effort
    look: Lookahead
    playout: Playout
    worlds: list[World]
    hand: int


def search(ctx: Context, effort: Effort) -> Search | None:
    if effort is Effort.FAST or ctx.rules.knock_max is None or _cut(ctx):
        return None
    masks = MeldMasks.of(ctx.rules)
    if masks is None:
        return None
    sit = ctx.sit
    taken = [c.id for c in sit.seen]
    look = Lookahead(ctx.rules, masks, ctx.live, taken, ctx.rules.hand_size)
    found: list[World] = []
    if effort in SAMPLES:  # the worlds a draw is played out in
        live = [c for c, n in enumerate(ctx.live) if n]
        seed = seed_of(effort, repr(ctx.rules), sit.hand, sit.discard_pile, sit.seen, sit.table)
        found = worlds(live, taken, ctx.rules.hand_size, SAMPLES[effort], seed)
    return Search(effort, look, Playout(ctx.rules, masks), found, _hand(sit.hand))


def _hand(cards: Sequence[Card]) -> int:
    return mask_of([c.id for c in cards])


def _played(s: Search, mine: int, top: int) -> Outlook:
    """Mean points and the share of worlds I go out first, the next player to move."""
    points = outs = 0
    for w in s.worlds:
        won, out = s.playout.play(mine, w.their_hand, top, w.stock, 1)
        points += won
        outs += out
    n = len(s.worlds)
    return Outlook(round(outs / n, 4), round(points / n, 2), MAX_TURNS, n)


def rank_discards(ctx: Context, ranked: list[DiscardOption], effort: Effort) -> list[DiscardOption]:
    """``ranked`` (the fast order) with each option's outlook, re-ranked within each
    count of cards needed by the exact look-ahead's worth; ties keep the order before.
    Cards needed stay first: ranking by the worth alone throws towards the least
    deadwood far from a knock, as ``simple`` does, and loses the race to go out
    (tuning seeds 47, 48, docs/sim.md)."""
    s = search(ctx, effort)
    if s is None:
        # no deadwood look-ahead for these rules: ``deep`` looks two draws ahead
        return rank_ahead(ctx, ranked) if effort is Effort.DEEP else ranked
    if not ranked:
        return ranked
    h = HORIZON[effort]
    looked = []
    for o in ranked:
        if _cut(ctx):
            return ranked  # the fast order, said to be cut short
        looked.append(_with(o, _looked(s, o, h)))

    def key(i: int) -> tuple[bool, int, float, int]:
        o = looked[i]
        return (o.cards_needed is None, o.cards_needed or 0, -(o.expected_points or 0.0), i)

    return [looked[i] for i in sorted(range(len(looked)), key=key)]


def _cut(ctx: Context) -> bool:
    """The request's budget has run out: the look-ahead stops, and the answer says so
    (``optimal: false``)."""
    if ctx.budget is not None and ctx.budget.expired:
        ctx.optimal = False
        return True
    return False


def _looked(s: Search, o: DiscardOption, horizon: int) -> Outlook:
    if o.goes_out:  # the throw goes out now: its worth is the knock's, no draw to come
        return Outlook(1.0, s.look.worth(o.deadwood_points), 0, 1)
    return s.look.outlook(s.hand & ~(1 << o.card.id), horizon, o.card.id)


def _with(o: DiscardOption, seen: Outlook) -> DiscardOption:
    if seen.horizon == 0:
        reason = (
            f"Throwing {o.card} goes out now with"
            f" {plural(o.deadwood_points, 'deadwood point')}, worth"
            f" {seen.expected_points:+.1f} points by the model."
        )
        return replace(
            o,
            go_out_chance=1.0,
            expected_points=seen.expected_points,
            horizon=0,
            samples=1,
            reason=reason,
        )
    chance = f"{seen.go_out_chance:.0%} to go out within {plural(seen.horizon, 'draw')}"
    reason = (
        f"Throwing {o.card} leaves {plural(o.deadwood_points, 'deadwood point')}:"
        f" {chance}, worth {seen.expected_points:+.1f} points on average over the next"
        " draws."
    )
    return replace(
        o,
        go_out_chance=seen.go_out_chance,
        expected_points=seen.expected_points,
        horizon=seen.horizon,
        samples=seen.samples,
        reason=reason,
    )


def take_worth(ctx: Context, s: Search, top: Card) -> tuple[float, float]:
    """(mean points of taking ``top`` and throwing the least-deadwood other card, of a
    stock draw), played out in the same worlds."""
    masks, po = s.playout.masks, s.playout
    bit = 1 << top.id
    dead, card = masks.least_after_discard(s.hand | bit, keep=bit)
    mine = (s.hand | bit) & ~(1 << card)
    if dead <= po.knock_max:  # taking it goes out at once
        take = sum(po.settle(mine, w.their_hand) for w in s.worlds) / len(s.worlds)
    else:
        take = _played(s, mine, card).expected_points
    stock = 0
    for w in s.worlds:
        if not w.stock:
            continue
        drawn = s.hand | (1 << w.stock[0])
        dead, card = masks.least_after_discard(drawn)
        mine = drawn & ~(1 << card)
        if dead <= po.knock_max:
            stock += po.settle(mine, w.their_hand)
        else:
            stock += po.play(mine, w.their_hand, card, w.stock, 1, drawn=1)[0]
    return round(take, 2), round(stock / len(s.worlds), 2)
