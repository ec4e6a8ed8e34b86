"""What to lay down this turn (discard phase): go down, open, lay off, declare, knock.

``onto`` indexes the request's table melds first, then the melds laid this turn in
the order listed. Every choice here is read from rule values and the goal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from advisor.context import Context
from advisor.engine import Question
from advisor.layoffs import LayoffPlan, best_layoffs
from advisor.results import JokerSwap, LayDown, Layoff
from solver.cards import JOKER, Card, counts_of, sort_cards
from solver.goals import Goal
from solver.melds import Meld, make_run, make_set


@dataclass(frozen=True)
class LayDownAdvice:
    """``final_discard``: the card thrown to go out, when the lay-down goes out."""

    lay_down: LayDown | None
    final_discard: Card | None = None
    note: str | None = None


def _lay_down(
    melds: Sequence[Meld],
    layoffs: Sequence[Layoff],
    left: Sequence[Card],
    keep: int,
    swaps: Sequence[JokerSwap] = (),
) -> LayDownAdvice:
    """The lay-down leaving ``left`` in hand; it goes out when only the ``keep`` cards
    of the final discard remain."""
    goes_out = len(left) == keep
    final = left[0] if goes_out and left else None
    lay = LayDown(tuple(melds), tuple(layoffs), tuple(swaps), goes_out, tuple(sort_cards(left)))
    return LayDownAdvice(lay, final)


def _points(cards: Sequence[Card], ctx: Context) -> int:
    return sum(ctx.rules.value(c) for c in cards)


def _onto(ctx: Context, i: int) -> int:
    """DFS index (legal table melds, then new melds) to the response's index."""
    if i < len(ctx.table):
        return ctx.table[i].index
    return len(ctx.sit.table) + (i - len(ctx.table))


def _with_layoffs(
    ctx: Context,
    new: Sequence[Meld],
    rest: Sequence[Card],
    keep: int,
    table: Sequence[Meld] | None = None,
) -> tuple[LayoffPlan, list[Layoff]]:
    base = [t.meld for t in ctx.table] if table is None else list(table)
    plan = best_layoffs(rest, [*base, *new], ctx.rules, keep=keep)
    return plan, _layoffs(ctx, plan)


def _layoffs(ctx: Context, plan: LayoffPlan) -> list[Layoff]:
    return [Layoff(lo.card, _onto(ctx, lo.onto)) for lo in plan.layoffs]


def _rest(hand: Sequence[Card], melds: Sequence[Meld]) -> list[Card]:
    left = Counter(hand)
    for m in melds:
        left.subtract(m.cards)
    return sort_cards(left.elements())


def advise_lay_down(ctx: Context, hand: Sequence[Card], needed: int | None) -> LayDownAdvice:
    """``needed``: cards needed of the hand as sent (it has drawn)."""
    goal = ctx.goal
    if goal is Goal.CONTRACT:
        return _go_down(ctx, hand) if needed == 0 else LayDownAdvice(None)
    if ctx.plan.layoffs_only:
        return _lay_off(ctx, hand)
    if goal is Goal.OPENING:
        return _open(ctx, hand, needed)
    if goal is Goal.OUT:
        return _meld_and_lay_off(ctx, hand)
    if goal is Goal.WIN:
        return _declare(ctx, hand) if needed == 0 else LayDownAdvice(None)
    if goal is Goal.KNOCK:
        return _knock(ctx, hand)
    return LayDownAdvice(None)


def _go_down(ctx: Context, hand: Sequence[Card]) -> LayDownAdvice:
    """The contract melds leaving the fewest points, then layoffs on the same turn."""
    contract = ctx.rules.contract(ctx.sit.round)
    keep = 0 if contract.all_cards else 1
    sol = ctx.solve(hand, Goal.CONTRACT, discard=bool(keep))
    if not sol.feasible:
        return LayDownAdvice(None)
    plan, layoffs = _with_layoffs(ctx, sol.melds, _rest(hand, sol.melds), keep)
    return _lay_down(sol.melds, layoffs, plan.left, keep)


def _lay_off(ctx: Context, hand: Sequence[Card]) -> LayDownAdvice:
    keep = 1 if ctx.plan.keeps_discard else 0
    plan, layoffs = _with_layoffs(ctx, [], hand, keep)
    if not layoffs:
        return LayDownAdvice(None)
    return _lay_down([], layoffs, plan.left, keep)


def _open(ctx: Context, hand: Sequence[Card], needed: int | None) -> LayDownAdvice:
    """Rummy 40 before opening: a hand rummy now, else open unless a hand rummy is one
    card away (it doubles the others' count), else nothing."""
    whole = None
    if ctx.least_deadwood_after_discard(hand) == 0:
        whole = ctx.solve(hand, Goal.DEADWOOD, discard=True)
    if whole is not None and not whole.deadwood and whole.melds:
        final = whole.discard
        note = "Hand rummy: every card but the discard melds at once."
        lay = LayDown(tuple(whole.melds), (), (), True, (final,) if final else ())
        return LayDownAdvice(lay, final, note)
    if needed != 0:
        return LayDownAdvice(None)
    rummy_q = Question(ctx.rules, Goal.OUT, reserve=1)
    if ctx.figures_of(rummy_q, counts_of(hand)).needed == 1:
        note = (
            "Holding: a hand rummy is one card away and doubles the others' count;"
            " opening now gives it up."
        )
        return LayDownAdvice(None, note=note)
    sol = ctx.solve(hand, Goal.OPENING, discard=True)
    if not sol.feasible:
        return LayDownAdvice(None)
    plan, layoffs = _with_layoffs(ctx, sol.melds, _rest(hand, sol.melds), 1)
    return _lay_down(sol.melds, layoffs, plan.left, 1)


def _meld_and_lay_off(ctx: Context, hand: Sequence[Card]) -> LayDownAdvice:
    """After opening: new melds and layoffs shedding the most points, tried both ways
    round (melds first, layoffs first); then a joker release when it sheds more."""
    base = _best_meld_plan(ctx, hand, [t.meld for t in ctx.table])
    return _joker_release(ctx, hand, base) or base


def _best_meld_plan(ctx: Context, hand: Sequence[Card], table: Sequence[Meld]) -> LayDownAdvice:
    sol = ctx.solve(hand, Goal.DEADWOOD, discard=True)
    plan_a, lay_a = _with_layoffs(ctx, sol.melds, _rest(hand, sol.melds), 1, table)
    first = best_layoffs(hand, table, ctx.rules, keep=1)
    sol_b = ctx.solve(first.left, Goal.DEADWOOD, discard=True)
    plan_b, lay_b = _with_layoffs(ctx, sol_b.melds, _rest(first.left, sol_b.melds), 1, first.melds)
    options = [(plan_a, lay_a, sol.melds), (plan_b, [*_layoffs(ctx, first), *lay_b], sol_b.melds)]
    plan, layoffs, melds = min(options, key=lambda o: (_points(o[0].left, ctx), len(o[0].left)))
    if not melds and not layoffs:
        return LayDownAdvice(None)
    return _lay_down(melds, layoffs, plan.left, 1)


def _joker_release(ctx: Context, hand: Sequence[Card], base: LayDownAdvice) -> LayDownAdvice | None:
    """Take a joker from a table meld by placing the natural card(s) it stands for, when
    the lay-down that follows leaves fewer points in hand."""
    base_points = _points(base.lay_down.left if base.lay_down else hand, ctx)
    held = Counter(hand)
    for pos, t in enumerate(ctx.table):
        swap = _swap(t.meld, held)
        if swap is None:
            continue
        naturals, grown = swap
        new_hand = list(hand)
        for c in naturals:
            new_hand.remove(c)
        new_hand.append(JOKER)
        table = [x.meld for x in ctx.table]
        table[pos] = grown
        after = _best_meld_plan(ctx, new_hand, table)
        left = after.lay_down.left if after.lay_down else tuple(new_hand)
        if _points(left, ctx) < base_points:
            entry = JokerSwap(t.index, naturals[0], tuple(naturals), JOKER)
            if after.lay_down is None:
                nothing = LayDown((), (), (), False, tuple(sort_cards(new_hand)))
                return LayDownAdvice(replace(nothing, joker_swaps=(entry,)))
            return replace(after, lay_down=replace(after.lay_down, joker_swaps=(entry,)))
    return None


def _swap(meld: Meld, held: Counter[Card]) -> tuple[list[Card], Meld] | None:
    """The naturals that free a joker from ``meld`` and the meld after, if held."""
    jokers = [i for i, c in enumerate(meld.cards) if c.is_joker]
    if not jokers:
        return None
    if meld.kind == "run":
        i = jokers[0]
        natural = meld.stands_for[i]
        if not held[natural]:
            return None
        cards = list(meld.cards)
        cards[i] = natural
        assert meld.suit is not None and meld.low is not None
        return [natural], make_run(meld.suit, meld.low, cards)
    if len(meld.cards) != 3 or len(jokers) != 1 or meld.rank is None:
        return None
    present = {c.suit for c in meld.cards if not c.is_joker}
    missing = [Card(meld.rank, s) for s in range(4) if s not in present]
    if len(missing) != 2 or any(not held[c] for c in missing):
        return None
    naturals = [c for c in meld.cards if not c.is_joker]
    return missing, make_set(meld.rank, [*naturals, *missing], [])


def _declare(ctx: Context, hand: Sequence[Card]) -> LayDownAdvice:
    sol = ctx.solve(hand, Goal.WIN, discard=True)
    if not sol.feasible:
        return LayDownAdvice(None)
    final = sol.discard
    lay = LayDown(tuple(sol.melds), (), (), True, (final,) if final else ())
    return LayDownAdvice(lay, final)


def _knock(ctx: Context, hand: Sequence[Card]) -> LayDownAdvice:
    knock_max = ctx.rules.knock_max
    assert knock_max is not None
    if ctx.least_deadwood_after_discard(hand) > knock_max:
        return LayDownAdvice(None)
    sol = ctx.solve(hand, Goal.DEADWOOD, discard=True)
    if sol.deadwood_points > knock_max:
        return LayDownAdvice(None)
    left = sort_cards([*sol.deadwood, *([sol.discard] if sol.discard else [])])
    lay = LayDown(tuple(sol.melds), (), (), True, tuple(left))
    if sol.deadwood_points == 0:
        return LayDownAdvice(lay, sol.discard, "Gin: no deadwood after the discard.")
    return LayDownAdvice(lay, sol.discard, f"Knock with {sol.deadwood_points} deadwood.")
