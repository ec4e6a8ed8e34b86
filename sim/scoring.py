"""Penalty points at the end of a hand, read from rule values."""

from __future__ import annotations

from collections.abc import Sequence

from advisor.scoring import Finish, penalty
from solver.cards import Card
from solver.goals import Goal
from solver.rules import Rules
from solver.solve import solve

# A loser's hand is small; this only bounds a pathological solve.
_SOLVE_SECONDS = 2.0


def hand_penalty(hand: Sequence[Card], rules: Rules, *, hand_rummy: bool = False) -> int:
    """What a loser's ``hand`` counts: every card's value, or with ``penalty_after_melding``
    only the deadwood of its best melds; a hand rummy's finish applies its penalty."""
    counted: Sequence[Card] = hand
    if rules.penalty_after_melding and hand:
        counted = solve(hand, rules, Goal.DEADWOOD, time_limit=_SOLVE_SECONDS).deadwood
    base = sum(rules.value(c) for c in counted)
    return penalty(base, rules, Finish.HAND_RUMMY if hand_rummy else Finish.NORMAL)


def knock_penalties(
    rules: Rules, knocker: int, points: int, defenders: dict[int, int]
) -> tuple[int | None, dict[int, int]]:
    """Gin scoring: the winner and each seat's penalty. A knock with no deadwood is gin
    (``gin_bonus``); a defender with deadwood at most the knocker's undercuts
    (``undercut_bonus``); otherwise each defender pays the difference."""
    out = {knocker: 0, **{seat: 0 for seat in defenders}}
    if points > 0:
        lowest = min(defenders, key=lambda s: (defenders[s], s))
        if defenders[lowest] <= points:
            out[knocker] = points - defenders[lowest] + rules.undercut_bonus
            return lowest, out
    bonus = rules.gin_bonus if points == 0 else 0
    for seat, dw in defenders.items():
        out[seat] = dw - points + bonus
    return knocker, out
