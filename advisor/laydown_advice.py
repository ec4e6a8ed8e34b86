"""What to lay down this turn (discard phase): go down, open, lay off, declare, knock.

``onto`` indexes the request's table melds first, then the melds laid this turn in
the order listed. Every choice here is read from rule values and the goal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from advisor.distance import Question
from advisor.evaluate import Evaluator
from advisor.layoffs import LayoffPlan, best_layoffs
from solver.cards import JOKER, Card, counts_of, sort_cards
from solver.melds import Meld, make_run, make_set


@dataclass
class LayDown:
    melds: list[Meld]
    layoffs: list[dict[str, Any]]
    left: list[Card]  # cards in hand after the lay-down, the final discard among them
    goes_out: bool
    final_discard: Card | None = None
    joker_swaps: list[dict[str, Any]] = field(default_factory=list)
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "melds": [m.to_dict() for m in self.melds],
            "layoffs": self.layoffs,
            "joker_swaps": self.joker_swaps,
            "goes_out": self.goes_out,
            "left": [str(c) for c in sort_cards(self.left)],
        }


@dataclass
class LayDownAdvice:
    lay_down: LayDown | None
    note: str | None = None


def _points(cards: Sequence[Card], ev: Evaluator) -> int:
    return sum(ev.rules.value(c) for c in cards)


def _onto(ev: Evaluator, i: int) -> int:
    """DFS index (legal table melds, then new melds) to the response's index."""
    if i < len(ev.table):
        return ev.table[i].index
    return len(ev.sit.table) + (i - len(ev.table))


def _with_layoffs(
    ev: Evaluator,
    new: Sequence[Meld],
    rest: Sequence[Card],
    keep: int,
    table: Sequence[Meld] | None = None,
) -> tuple[LayoffPlan, list[dict[str, Any]]]:
    base = [t.meld for t in ev.table] if table is None else list(table)
    plan = best_layoffs(rest, [*base, *new], ev.rules, keep=keep)
    layoffs = [{"card": str(lo.card), "onto": _onto(ev, lo.onto)} for lo in plan.layoffs]
    return plan, layoffs


def _rest(hand: Sequence[Card], melds: Sequence[Meld]) -> list[Card]:
    left = Counter(hand)
    for m in melds:
        left.subtract(m.cards)
    return sort_cards(left.elements())


def advise_lay_down(ev: Evaluator, hand: Sequence[Card], needed: int | None) -> LayDownAdvice:
    """``needed``: cards needed of the hand as sent (it has drawn)."""
    goal = ev.goal
    if goal.name == "contract":
        return LayDownAdvice(_go_down(ev, hand) if needed == 0 else None)
    if goal.layoffs_only:
        return LayDownAdvice(_lay_off(ev, hand))
    if goal.name == "opening":
        return _open(ev, hand, needed)
    if goal.name == "out":
        return LayDownAdvice(_meld_and_lay_off(ev, hand))
    if goal.name == "win":
        return LayDownAdvice(_declare(ev, hand) if needed == 0 else None)
    if goal.name == "knock":
        return _knock(ev, hand)
    return LayDownAdvice(None)


def _go_down(ev: Evaluator, hand: Sequence[Card]) -> LayDown | None:
    """The contract melds leaving the fewest points, then layoffs on the same turn."""
    contract = ev.rules.contract(ev.sit.round)
    keep = 0 if contract.all_cards else 1
    sol = ev.solve(hand, "contract", discard=bool(keep))
    if not sol.feasible:
        return None
    plan, layoffs = _with_layoffs(ev, sol.melds, _rest(hand, sol.melds), keep)
    goes_out = len(plan.left) == keep
    final = plan.left[0] if goes_out and plan.left else None
    return LayDown(list(sol.melds), layoffs, list(plan.left), goes_out, final)


def _lay_off(ev: Evaluator, hand: Sequence[Card]) -> LayDown | None:
    keep = 1 if ev.goal.keeps_discard else 0
    plan, layoffs = _with_layoffs(ev, [], hand, keep)
    if not layoffs:
        return None
    goes_out = len(plan.left) == keep
    final = plan.left[0] if goes_out and plan.left else None
    return LayDown([], layoffs, list(plan.left), goes_out, final)


def _open(ev: Evaluator, hand: Sequence[Card], needed: int | None) -> LayDownAdvice:
    """Rummy 40 before opening: a hand rummy now, else open unless a hand rummy is one
    card away (it doubles the others' count), else nothing."""
    whole = ev.solve(hand, "deadwood", discard=True)
    if not whole.deadwood and whole.melds:
        final = whole.discard
        lay = LayDown(list(whole.melds), [], [final] if final else [], True, final)
        return LayDownAdvice(lay, "Hand rummy: every card but the discard melds at once.")
    if needed != 0:
        return LayDownAdvice(None)
    rummy_q = Question(ev.rules, "out", reserve=1)
    rummy = ev.answer(rummy_q, counts_of(hand)).needed
    if rummy == 1:
        note = (
            "Holding: a hand rummy is one card away and doubles the others' count;"
            " opening now gives it up."
        )
        return LayDownAdvice(None, note)
    sol = ev.solve(hand, "opening", discard=True)
    if not sol.feasible:
        return LayDownAdvice(None)
    plan, layoffs = _with_layoffs(ev, sol.melds, _rest(hand, sol.melds), 1)
    goes_out = len(plan.left) == 1
    lay = LayDown(list(sol.melds), layoffs, list(plan.left), goes_out)
    lay.final_discard = plan.left[0] if goes_out else None
    return LayDownAdvice(lay)


def _meld_and_lay_off(
    ev: Evaluator, hand: Sequence[Card], table: Sequence[Meld] | None = None
) -> LayDown | None:
    """After opening: new melds and layoffs shedding the most points, tried both ways
    round (melds first, layoffs first); then a joker release when it sheds more."""
    base = _best_meld_plan(ev, hand, table)
    if table is None:
        swapped = _joker_release(ev, hand, base)
        if swapped is not None:
            return swapped
    return base


def _best_meld_plan(
    ev: Evaluator, hand: Sequence[Card], table: Sequence[Meld] | None
) -> LayDown | None:
    tab = [t.meld for t in ev.table] if table is None else list(table)
    sol = ev.solve(hand, "deadwood", discard=True)
    plan_a, lay_a = _with_layoffs(ev, sol.melds, _rest(hand, sol.melds), 1, tab)
    first = best_layoffs(hand, tab, ev.rules, keep=1)
    sol_b = ev.solve(first.left, "deadwood", discard=True)
    plan_b, lay_b = _with_layoffs(ev, sol_b.melds, _rest(first.left, sol_b.melds), 1, first.melds)
    lay_b = [{"card": str(lo.card), "onto": _onto(ev, lo.onto)} for lo in first.layoffs] + lay_b
    options = [(plan_a, lay_a, list(sol.melds)), (plan_b, lay_b, list(sol_b.melds))]
    plan, layoffs, melds = min(options, key=lambda o: (_points(o[0].left, ev), len(o[0].left)))
    if not melds and not layoffs:
        return None
    goes_out = len(plan.left) == 1
    final = plan.left[0] if goes_out else None
    return LayDown(melds, layoffs, list(plan.left), goes_out, final)


def _joker_release(ev: Evaluator, hand: Sequence[Card], base: LayDown | None) -> LayDown | None:
    """Take a joker from a table meld by placing the natural card(s) it stands for, when
    the lay-down that follows leaves fewer points in hand."""
    base_points = _points(base.left, ev) if base else _points(hand, ev)
    held = Counter(hand)
    for pos, t in enumerate(ev.table):
        swap = _swap(t.meld, held)
        if swap is None:
            continue
        naturals, grown = swap
        new_hand = list(hand)
        for c in naturals:
            new_hand.remove(c)
        new_hand.append(JOKER)
        table = [x.meld for x in ev.table]
        table[pos] = grown
        after = _best_meld_plan(ev, new_hand, table)
        left = after.left if after else new_hand
        if _points(left, ev) < base_points:
            entry = {
                "onto": t.index,
                "card": str(naturals[0]),
                "cards": [str(c) for c in naturals],
                "joker": str(JOKER),
            }
            if after is None:
                after = LayDown([], [], sort_cards(new_hand), False)
            after.joker_swaps = [entry]
            return after
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


def _declare(ev: Evaluator, hand: Sequence[Card]) -> LayDown | None:
    sol = ev.solve(hand, "win", discard=True)
    if not sol.feasible:
        return None
    final = sol.discard
    return LayDown(list(sol.melds), [], [final] if final else [], True, final)


def _knock(ev: Evaluator, hand: Sequence[Card]) -> LayDownAdvice:
    knock_max = ev.rules.knock_max
    assert knock_max is not None
    sol = ev.solve(hand, "deadwood", discard=True)
    if sol.deadwood_points > knock_max:
        return LayDownAdvice(None)
    left = [*sol.deadwood, *([sol.discard] if sol.discard else [])]
    lay = LayDown(list(sol.melds), [], left, True, sol.discard)
    if sol.deadwood_points == 0:
        return LayDownAdvice(lay, "Gin: no deadwood after the discard.")
    return LayDownAdvice(lay, f"Knock with {sol.deadwood_points} deadwood.")
