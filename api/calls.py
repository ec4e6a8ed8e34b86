"""The library calls the views delegate to, timed and counted for the metrics."""

from __future__ import annotations

import time
from typing import Any

from advisor.advise import advise
from advisor.needed import cards_needed as needed_for
from advisor.results import to_json
from advisor.scoring import score_hand
from advisor.situation import Situation
from api import metrics
from solver.budget import Budget
from solver.cards import Card
from solver.solution import Solution
from solver.solve import resolve_goal, solve


def run_solve(situation: Situation, goal: str, time_limit: float) -> Solution:
    """Solve the hand under ``goal`` (``auto`` resolved against ``down``)."""
    rules = situation.rules
    resolved = resolve_goal(rules, goal, situation.down)
    started = time.perf_counter()
    solution = solve(list(situation.hand), rules, resolved, situation.round, time_limit=time_limit)
    metrics.record_solve(rules.variant, resolved, solution.optimal, time.perf_counter() - started)
    return solution


def cards_needed(situation: Situation, solution: Solution, time_limit: float) -> int | None:
    """The advisor's distance to the goal solved; 0 when the goal is met now."""
    if solution.feasible:
        return 0
    return needed_for(situation, solution.goal, budget=Budget.of(time_limit))


def run_validate(
    situation: Situation,
    melds: list[list[Card]],
    layoffs: list[tuple[Card, int]],
    action: str,
) -> dict[str, Any]:
    from solver.laydown import validate_laydown

    check = validate_laydown(
        list(situation.hand),
        situation.rules,
        melds,
        layoffs=layoffs,
        table=[list(m) for m in situation.table],
        action=action,
        round=situation.round,
        down=situation.down,
    )
    result: dict[str, Any] = check.to_dict()
    return result


def run_score(situation: Situation, finish: str, time_limit: float) -> dict[str, Any]:
    return score_hand(list(situation.hand), situation.rules, finish, time_limit=time_limit)


def run_advise(
    situation: Situation, phase: str, time_limit: float, buys_made: int = 0
) -> dict[str, Any]:
    # the advice as a whole gets a few solves' time, as before a request budget existed
    budget = Budget.of(4 * time_limit)
    result: dict[str, Any] = to_json(advise(situation, phase, budget=budget, buys_made=buys_made))
    return result
