"""Cards needed for the goals of /v1/solve (docs/rules.md section 4), from the engine."""

from __future__ import annotations

from advisor.engine import Figures, Question, figures
from advisor.situation import Situation
from solver.budget import Budget
from solver.cards import counts_of
from solver.goals import Goal
from solver.solve import reserves_discard


def cards_needed(situation: Situation, goal: Goal, *, budget: Budget | None = None) -> Figures:
    """Least live cards to add for the hand to meet ``goal`` (``needed``; 0 for
    ``deadwood``, always met; None when no live cards can reach it, or, with ``optimal``
    false, when ``budget`` ran out first)."""
    if goal is Goal.DEADWOOD:
        return Figures(0, {})
    rules, hand = situation.rules, situation.hand
    q = Question(
        rules,
        goal,
        reserve=int(reserves_discard(rules, goal, len(hand))),
        contract=rules.contract(situation.round) if goal is Goal.CONTRACT else None,
    )
    return figures(q, counts_of(hand), situation.live_counts(), budget)
