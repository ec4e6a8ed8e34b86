"""Cards needed for the goals of /v1/solve (RULES.md section 4)."""

from __future__ import annotations

from advisor.distance import DEFAULT_TIME_LIMIT, Answer, Question, distance
from advisor.situation import Situation
from solver.budget import Budget
from solver.cards import counts_of
from solver.solve import reserves_discard


def cards_needed(
    situation: Situation,
    goal: str,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    budget: Budget | None = None,
) -> int | None:
    """Least live cards to add for the hand to meet ``goal``; 0 for ``deadwood`` (always
    met) and None when no live cards can reach it."""
    return needed_answer(situation, goal, time_limit=time_limit, budget=budget).needed


def needed_answer(
    situation: Situation,
    goal: str,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    budget: Budget | None = None,
) -> Answer:
    """cards_needed's answer; ``optimal`` false (with ``needed`` None when nothing was
    found) when a time limit or ``budget`` stopped the search."""
    if goal == "deadwood":
        return Answer(0)
    rules, hand = situation.rules, situation.hand
    q = Question(
        rules,
        goal,
        reserve=reserves_discard(rules, goal, len(hand)),
        contract=rules.contract(situation.round) if goal == "contract" else None,
    )
    return distance(
        q, counts_of(hand), situation.live_counts(), time_limit=time_limit, clock=budget
    )
