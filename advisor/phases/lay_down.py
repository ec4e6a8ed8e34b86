"""What to lay down this turn (discard phase): go down, open, lay off, declare, knock.

``onto`` indexes the request's table melds first, then the melds laid this turn in
the order listed (``solver.turn``). Every choice here is read from rule values and the
goal, and only what the turn's legality (``solver.turn``) accepts is recommended: each
lay-down names its action, and posted back with it and its discard it is legal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from advisor.capacity import stays_open
from advisor.context import Context
from advisor.engine import Question
from advisor.layoffs import LayoffPlan, best_layoffs
from advisor.results import Effort, LayDown
from solver.cards import JOKER, Card, counts_of, sort_cards
from solver.goals import Goal
from solver.melds import Meld
from solver.turn import JokerSwap, Layoff, TurnAction, actions_of, release, tabled


@dataclass(frozen=True)
class LayDownAdvice:
    """``final_discard``: the card thrown to go out, when the lay-down goes out;
    ``holds_hand_rummy``: nothing is laid, to keep a hand rummy one card away."""

    lay_down: LayDown | None
    final_discard: Card | None = None
    note: str | None = None
    holds_hand_rummy: bool = False


def _lay_down(
    action: TurnAction,
    melds: Sequence[Meld],
    layoffs: Sequence[Layoff],
    left: Sequence[Card],
    keep: int,
) -> LayDownAdvice:
    """The lay-down leaving ``left`` in hand; it goes out when only the ``keep`` cards
    of the final discard remain."""
    goes_out = len(left) == keep
    final = left[0] if goes_out and left else None
    lay = LayDown(tuple(melds), tuple(layoffs), (), goes_out, tuple(sort_cards(left)), action)
    return LayDownAdvice(lay, final)


def _onto(ctx: Context, new: int) -> list[int]:
    """The turn's index of each meld searched: the legal table melds as the request has
    them, then ``new`` melds laid this turn."""
    return [t.index for t in ctx.table] + [len(ctx.sit.table) + k for k in range(new)]


def _with_layoffs(
    ctx: Context,
    new: Sequence[Meld],
    rest: Sequence[Card],
    keep: int,
    table: Sequence[Meld] | None = None,
) -> LayoffPlan:
    base = [t.meld for t in ctx.table] if table is None else list(table)
    onto = _onto(ctx, len(new))
    return best_layoffs(rest, [*base, *new], ctx.rules, keep=keep, onto=onto)


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
        return _laying_taken(ctx, hand, _open(ctx, hand, needed))
    if goal is Goal.OUT:
        # rules that put nothing on the table during play have no lay-down but a knock
        if not tabled(ctx.rules):
            return LayDownAdvice(None)
        return _laying_taken(ctx, hand, _meld_and_lay_off(ctx, hand))
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
    plan = _with_layoffs(ctx, sol.melds, _rest(hand, sol.melds), keep)
    if (
        not ctx.table
        and len(ctx.sit.discard_pile) < WAIT_PILE
        and not stays_open(plan.left, plan.melds, ctx.live, ctx.rules, keep)
    ):
        return LayDownAdvice(None, note=_WAIT_NOTE)
    return _lay_down(TurnAction.GO_DOWN, sol.melds, plan.layoffs, plan.left, keep)


# Going down first onto a bare table into a dead end gives the others room on one's own
# melds and leaves no way out; once anyone is down the table can no longer grow by waiting.
# The wait pays only while another seat may still go down first: a bare table under a
# pile of ``WAIT_PILE`` discards (the view has no turn count; the pile grows a card a
# turn) is most likely a table of seats that wait too, where waiting only keeps cards to
# be counted (tuning seed 69, docs/sim.md, sixteenth step: unbounded, a table of advisors
# never ended round 1; with 12 its round-1 penalties fell as with going down at once, and
# against ``simple`` nothing changed).
WAIT_PILE = 12
_WAIT_NOTE = (
    "Waiting: going down now leaves more cards than the table could ever take (no new"
    " melds after going down), and nobody else is down yet to add room."
    f" Once the pile holds {WAIT_PILE} cards with nobody down, the others are most likely"
    " waiting too, and the advice goes down."
)


def _lay_off(ctx: Context, hand: Sequence[Card]) -> LayDownAdvice:
    keep = 1 if ctx.plan.keeps_discard else 0
    plan = _with_layoffs(ctx, [], hand, keep)
    if not plan.layoffs:
        return LayDownAdvice(None)
    return _lay_down(TurnAction.LAY_OFF, [], plan.layoffs, plan.left, keep)


# ``fast`` holds an opening while a hand rummy is one card away (it doubles the others'
# count); ``standard`` and ``deep`` open: once open, the same card still takes the hand
# out, the table's layoffs besides, and a hand held whole is counted whole when another
# goes out first. Rummy 40 among four against ``simple`` (docs/sim.md, thirty-first
# step), paired on the same deals: +0.2 hands in a hundred and +0.36 [+0.05, +0.68]
# points a game on evaluation seed 306 (4000 games; tuning seeds 115-116 alike);
# heads-up the hold changed nothing measurable (tuning seed 56, fourteenth step).
def _holds_for_hand_rummy(ctx: Context, hand: Sequence[Card]) -> bool:
    """``fast`` holds: a hand rummy (the caller knows the rules have one) is one card away."""
    if ctx.effort is not Effort.FAST:
        return False
    rummy_q = Question(ctx.rules, Goal.OUT, reserve=1)
    return ctx.figures_of(rummy_q, counts_of(hand)).needed == 1


def _open(ctx: Context, hand: Sequence[Card], needed: int | None) -> LayDownAdvice:
    """Rummy 40 before opening: a hand rummy now (where the rules have it), else open
    (at ``fast`` unless a hand rummy is one card away), else nothing."""
    hand_rummy = TurnAction.HAND_RUMMY in actions_of(ctx.rules)
    whole = None
    if hand_rummy and ctx.least_deadwood_after_discard(hand) == 0:
        whole = ctx.solve(hand, Goal.DEADWOOD, discard=True)
    if whole is not None and not whole.deadwood and whole.melds:
        final = whole.discard
        note = "Hand rummy: every card but the discard melds at once."
        left = (final,) if final else ()
        lay = LayDown(tuple(whole.melds), (), (), True, left, TurnAction.HAND_RUMMY)
        return LayDownAdvice(lay, final, note)
    if needed != 0:
        return LayDownAdvice(None)
    if hand_rummy and _holds_for_hand_rummy(ctx, hand):
        note = (
            "Holding: a hand rummy is one card away and doubles the others' count;"
            " opening now gives it up."
        )
        return LayDownAdvice(None, note=note, holds_hand_rummy=True)
    sol = ctx.solve(hand, Goal.OPENING, discard=True)
    if not sol.feasible:
        return LayDownAdvice(None)
    plan = _with_layoffs(ctx, sol.melds, _rest(hand, sol.melds), 1)
    if len(plan.left) > 1 and holds_melds(ctx):
        return _least_opening(ctx, hand, sol.melds)
    return _lay_down(TurnAction.OPEN, sol.melds, plan.layoffs, plan.left, 1)


def _least_opening(
    ctx: Context, hand: Sequence[Card], melds: Sequence[Meld], taken: Card | None = None
) -> LayDownAdvice:
    """The opening of the fewest of ``melds``' cards (then the most points) that reaches
    ``opening_min`` (and lays ``taken``, when given); the others held as after the
    opening (``holds_melds``)."""
    least = ctx.rules.opening_min or 0
    subsets = (
        combo
        for k in range(1, len(melds) + 1)
        for combo in combinations(range(len(melds)), k)
        if sum(ctx.rules.meld_value(melds[i]) for i in combo) >= least
        and (taken is None or any(taken in melds[i].cards for i in combo))
    )
    chosen = min(
        subsets,
        key=lambda combo: (
            sum(len(melds[i].cards) for i in combo),
            -sum(ctx.rules.meld_value(melds[i]) for i in combo),
        ),
    )
    return _laying_some(ctx, hand, melds, chosen, TurnAction.OPEN)


def _meld_and_lay_off(ctx: Context, hand: Sequence[Card]) -> LayDownAdvice:
    """After opening: new melds and layoffs shedding the most points, tried both ways
    round (melds first, layoffs first); then a joker release, where the rules have it,
    when it sheds more."""
    base = _best_meld_plan(ctx, hand, [t.meld for t in ctx.table])
    if not ctx.rules.joker_release:
        return base
    return _joker_release(ctx, hand, base) or base


def _best_meld_plan(ctx: Context, hand: Sequence[Card], table: Sequence[Meld]) -> LayDownAdvice:
    sol = ctx.solve(hand, Goal.DEADWOOD, discard=True)
    plan_a = _with_layoffs(ctx, sol.melds, _rest(hand, sol.melds), 1, table)
    first = best_layoffs(hand, table, ctx.rules, keep=1, onto=_onto(ctx, 0))
    sol_b = ctx.solve(first.left, Goal.DEADWOOD, discard=True)
    plan_b = _with_layoffs(ctx, sol_b.melds, _rest(first.left, sol_b.melds), 1, first.melds)
    options = [
        (plan_a, plan_a.layoffs, sol.melds),
        (plan_b, (*first.layoffs, *plan_b.layoffs), sol_b.melds),
    ]
    plan, layoffs, melds = min(options, key=lambda o: (ctx.rules.points(o[0].left), len(o[0].left)))
    if melds and len(plan.left) > 1 and holds_melds(ctx):
        return _laying_some(ctx, hand, sol.melds, (), TurnAction.LAY_OFF, table)
    if not melds and not layoffs:
        return LayDownAdvice(None)
    action = TurnAction.MELD if melds else TurnAction.LAY_OFF
    return _lay_down(action, melds, layoffs, plan.left, 1)


# After the opening a meld laid down takes the others' layoffs (and their joker
# releases), and it can no longer be rearranged; kept in hand it costs its points only
# if another player goes out first. ``standard`` and ``deep`` keep new melds in hand
# until they go out, while every other player holds more than ``HOLD_OVER`` cards (the
# request's ``opponent_hand_sizes``; not sent, they are laid down as ``fast`` does).
# Only where new melds may follow the opening: elsewhere a meld held is never laid.
# Rummy 40 heads-up against ``simple`` (docs/sim.md, twenty-fourth step): holding
# whatever the others hold won 3.4 games in a hundred more and lost 0.75 points a game
# (tuning seed 100); over 3 cards, with the fewest-card opening, 62.4% and +4.08 points
# a game where laying down at once won 60.3% and +2.84 (evaluation seed 287).
HOLD_OVER = 3


def holds_melds(ctx: Context) -> bool:
    """New melds stay in hand this turn unless they go out."""
    sizes = ctx.sit.opponent_hand_sizes
    return (
        ctx.effort is not Effort.FAST
        and ctx.rules.new_melds_after_down
        and bool(sizes)
        and min(sizes) > HOLD_OVER
    )


def _laying_some(
    ctx: Context,
    hand: Sequence[Card],
    melds: Sequence[Meld],
    laid: Sequence[int],
    action: TurnAction,
    table: Sequence[Meld] | None = None,
) -> LayDownAdvice:
    """The melds of ``melds`` at the indexes ``laid`` go down and the rest of the hand
    lays off; the other melds stay in hand, and the note names them."""
    down = [melds[i] for i in laid]
    kept = [m for i, m in enumerate(melds) if i not in laid]
    plan = _with_layoffs(ctx, down, _rest(hand, melds), 1, table)
    note = _holding_note(kept) if kept else None
    if not down and not plan.layoffs:
        return LayDownAdvice(None, note=note)
    left = [*plan.left, *(c for m in kept for c in m.cards)]
    return replace(_lay_down(action, down, plan.layoffs, left, 1), note=note)


def _holding_note(melds: Sequence[Meld]) -> str:
    held = ", ".join(" ".join(str(c) for c in m.cards) for m in melds)
    return (
        f"Holding {held} in hand: laid down, a meld takes the others' layoffs and can no"
        f" longer be rearranged, and every other player holds more than {HOLD_OVER} cards."
    )


def _laying_taken(ctx: Context, hand: Sequence[Card], advice: LayDownAdvice) -> LayDownAdvice:
    """``advice`` where it lays the discard taken this turn, or no taking obliges it;
    else the lay-down that does (rules with ``take_discard_obliges_meld``): the best
    partition with the card in a meld (an opening, before it), all its melds or, while
    melds are held, the one with the card (before the opening, the fewest-card opening
    with it); else nothing (the take cannot stand: a layoff does not do)."""
    taken = ctx.sit.taken_discard
    if taken is None or not ctx.rules.take_discard_obliges_meld or _lays(advice, taken):
        return advice
    opening = ctx.goal is Goal.OPENING
    goal = Goal.OPENING if opening else Goal.DEADWOOD
    sol = ctx.solve(hand, goal, discard=True, must_meld=[taken])
    held = holds_melds(ctx)
    if sol.feasible and held and opening:
        return _least_opening(ctx, hand, sol.melds, taken)
    if sol.feasible:
        with_it = next(i for i, m in enumerate(sol.melds) if taken in m.cards)
        laid = (with_it,) if held else range(len(sol.melds))
        action = TurnAction.OPEN if opening else TurnAction.MELD
        return _laying_some(ctx, hand, sol.melds, laid, action)
    note = f"{taken} cannot go into a new meld this turn: taking it cannot stand."
    return LayDownAdvice(None, note=note)


def _lays(advice: LayDownAdvice, card: Card) -> bool:
    """``card`` goes into a new meld of ``advice``'s lay-down."""
    lay = advice.lay_down
    return lay is not None and any(card in m.cards for m in lay.melds)


def _joker_release(ctx: Context, hand: Sequence[Card], base: LayDownAdvice) -> LayDownAdvice | None:
    """Take a joker from a table meld by placing the natural card(s) it stands for, when
    the lay-down that follows leaves fewer points in hand."""
    base_points = ctx.rules.points(base.lay_down.left if base.lay_down else hand)
    held = Counter(hand)
    for pos, t in enumerate(ctx.table):
        freed = release(ctx.rules, t.meld, held)
        if freed is None:
            continue
        naturals, grown = freed
        new_hand = list(hand)
        for c in naturals:
            new_hand.remove(c)
        new_hand.append(JOKER)
        table = [x.meld for x in ctx.table]
        table[pos] = grown
        after = _best_meld_plan(ctx, new_hand, table)
        left = after.lay_down.left if after.lay_down else tuple(new_hand)
        if ctx.rules.points(left) < base_points:
            entry = JokerSwap(t.index, naturals, JOKER)
            if after.lay_down is None:
                nothing = LayDown(
                    (), (), (), False, tuple(sort_cards(new_hand)), TurnAction.LAY_OFF
                )
                return LayDownAdvice(replace(nothing, joker_swaps=(entry,)))
            return replace(after, lay_down=replace(after.lay_down, joker_swaps=(entry,)))
    return None


def _declare(ctx: Context, hand: Sequence[Card]) -> LayDownAdvice:
    sol = ctx.solve(hand, Goal.WIN, discard=True)
    if not sol.feasible:
        return LayDownAdvice(None)
    final = sol.discard
    lay = LayDown(tuple(sol.melds), (), (), True, (final,) if final else (), TurnAction.WIN)
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
    lay = LayDown(tuple(sol.melds), (), (), True, tuple(left), TurnAction.KNOCK)
    if sol.deadwood_points == 0:
        return LayDownAdvice(lay, sol.discard, "Gin: no deadwood after the discard.")
    return LayDownAdvice(lay, sol.discard, f"Knock with {sol.deadwood_points} deadwood.")
