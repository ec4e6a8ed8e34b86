"""The ``standard`` and ``deep`` decisions: options ranked by their expected result.

Two steps (docs/advisor.md, "Effort"): the exact look-ahead over the next draws
(``value``) ranks every discard; the best ``CANDIDATES`` of them are then played out in
``SAMPLES`` hidden worlds (``playout``) and ranked by their mean points. The look-ahead
applies where going out is a deadwood threshold (``knock_max``) and the pack has one
copy of each card and no wild cards (``MeldMasks``); elsewhere ``standard`` answers as
``fast`` and ``deep`` ranks the discards two draws ahead (``ahead``). It reads nothing
but the situation: the hand, the live cards, the pile, the cards the opponents took.
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

# draws looked ahead exactly, discards played out, and worlds each is played in
HORIZON = {Effort.STANDARD: 1, Effort.DEEP: 2}
# Discards are ranked by the exact look-ahead alone (no candidate played out): on the
# tuning seeds, re-ranking the best 3-4 by 16-48 play-outs lost
# games (docs/sim.md); the draw is decided by the play-outs.
CANDIDATES = {Effort.STANDARD: 0, Effort.DEEP: 0}
SAMPLES = {Effort.STANDARD: 16, Effort.DEEP: 64}


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
    """``ranked`` (the fast order) with each option's outlook, re-ranked: by the exact
    look-ahead's worth, then the best candidates by their play-outs; ties keep the
    order before."""
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
    order = sorted(range(len(looked)), key=lambda i: (-(looked[i].expected_points or 0.0), i))
    looked = [looked[i] for i in order]
    k = CANDIDATES[effort]
    played = [_with(o, _played(s, s.hand & ~(1 << o.card.id), o.card.id)) for o in looked[:k]]
    order = sorted(range(len(played)), key=lambda i: (-(played[i].expected_points or 0.0), i))
    return [played[i] for i in order] + looked[k:]


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
    if seen.horizon == MAX_TURNS:
        how = f"played out in {plural(seen.samples, 'world')}"
        chance = f"{seen.go_out_chance:.0%} to go out first"
    else:
        how = "over the next draws"
        chance = f"{seen.go_out_chance:.0%} to go out within {plural(seen.horizon, 'draw')}"
    reason = (
        f"Throwing {o.card} leaves {plural(o.deadwood_points, 'deadwood point')}:"
        f" {chance}, worth {seen.expected_points:+.1f} points on average {how}."
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
