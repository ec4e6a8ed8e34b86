"""End-of-round penalty of a hand: card values, hand rummy penalties, gin deadwood."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.budget import Budget
from solver.cards import Card, sort_cards
from solver.errors import GoalError
from solver.goals import Goal
from solver.rules import Rules
from solver.solve import DEFAULT_TIME_LIMIT, solve

FINISHES: tuple[str, ...] = ("normal", "hand_rummy")
HAND_RUMMY_BONUS = 25


def penalty(base: int, rules: Rules, finish: str) -> int:
    """The hand's count after the finish: a hand rummy doubles it or adds 25 (per the rules)."""
    if finish != "hand_rummy":
        return base
    if rules.hand_rummy_penalty == "plus25":
        return base + HAND_RUMMY_BONUS
    return base * 2


def score_hand(
    hand: Sequence[Card],
    rules: Rules,
    finish: str = "normal",
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    budget: Budget | None = None,
) -> dict[str, Any]:
    """What a losing hand counts at the end of a round (the /v1/score response).

    Every card counts its ``rules.value`` (a joker its ``JK`` value). Under rules that knock
    (gin: ``knock_max`` set) the hand is first melded optimally and only deadwood counts.
    """
    if finish not in FINISHES:
        raise GoalError(f"finish must be one of {', '.join(FINISHES)}", field="finish")
    melds: list[dict[str, Any]] = []
    counted: Sequence[Card] = hand
    melded: dict[str, Any] = {}
    if rules.knock_max is not None:
        solution = solve(hand, rules, Goal.DEADWOOD, time_limit=time_limit, budget=budget)
        melds = [m.to_dict() for m in solution.melds]
        counted, melded = solution.deadwood, {"optimal": solution.optimal}
    values = [(c, rules.value(c)) for c in sort_cards(counted)]
    cards = [{"card": str(c), "points": points} for c, points in values]
    base = sum(points for _, points in values)
    return {
        "points": penalty(base, rules, finish),
        "cards": cards,
        "finish": finish,
        "base_points": base,
        "melds": melds,
        **melded,
    }
