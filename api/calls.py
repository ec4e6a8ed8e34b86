"""The library calls the views delegate to, within the request budget, timed and counted."""

from __future__ import annotations

import time
from dataclasses import dataclass

from flask import request

from advisor.advise import advise
from advisor.engine import Figures
from advisor.needed import cards_needed as needed_for
from advisor.results import Advice
from advisor.scoring import Score, score_hand
from advisor.situation import Situation
from api import metrics
from api.budget import enforced
from solver.budget import Budget, BudgetExhausted
from solver.goals import Goal
from solver.place import PlaceBy, place
from solver.solution import Solution
from solver.solve import resolve_goal, solve
from solver.turn import Seat, Turn, TurnVerdict, judge_turn


@dataclass(frozen=True)
class SolveAnswer:
    """The /v1/solve answer: the solution and the cards needed to meet its goal. ``reason``
    ``time_limit``: a figure is unknown because time ran out, not disproved; ``optimal``:
    neither the partition nor the cards needed was cut short."""

    solution: Solution
    cards_needed: int | None
    optimal: bool
    reason: str | None = None


def run_solve(
    situation: Situation,
    goal: str,
    time_limit: float,
    budget: Budget,
    place_by: PlaceBy = PlaceBy.TILES,
) -> Solution:
    """Solve the hand under ``goal`` (``auto`` resolved against ``down``); the goal
    ``place`` lays the hand onto the table by ``place_by``."""
    rules = situation.rules
    resolved = resolve_goal(rules, goal, situation.down)
    if budget.overdue:
        raise BudgetExhausted()
    started = time.perf_counter()
    with enforced(budget):
        if resolved is Goal.PLACE:
            solution = place(
                situation.hand,
                situation.table,
                rules,
                down=situation.down,
                by=place_by,
                time_limit=time_limit,
                budget=budget,
            )
        else:
            solution = solve(
                list(situation.hand),
                rules,
                resolved,
                situation.round,
                time_limit=time_limit,
                budget=budget,
            )
    metrics.record_solve(rules.variant, resolved, solution.optimal, time.perf_counter() - started)
    return solution


def answer_solve(
    situation: Situation,
    goal: str,
    time_limit: float,
    budget: Budget,
    place_by: PlaceBy = PlaceBy.TILES,
) -> SolveAnswer:
    """The solution under ``goal`` and, when it is not met, the cards needed to meet it."""
    solution = run_solve(situation, goal, time_limit, budget, place_by)
    if solution.goal is Goal.PLACE and solution.feasible is False and situation.down:
        # once down, the place goal has no distance: what a drawn tile would lay is not
        # measured by cards needed
        return SolveAnswer(solution, None, solution.optimal, "not_measured")
    needed = cards_needed(situation, solution, budget)
    unknown = solution.feasible is None or (needed.needed is None and not needed.optimal)
    optimal = solution.optimal and needed.optimal
    return SolveAnswer(solution, needed.needed, optimal, "time_limit" if unknown else None)


def cards_needed(situation: Situation, solution: Solution, budget: Budget) -> Figures:
    """The advisor's distance to the goal solved; 0 when the goal is met now. Not
    ``optimal`` (and ``needed`` None when nothing was found) when time ran out: the
    solution is known by then, so it is answered without the distance."""
    if solution.feasible:
        return Figures(0, {})
    # before the opening, placing is the opening from the rack alone
    goal = Goal.OPENING if solution.goal is Goal.PLACE else solution.goal
    try:
        with enforced(budget):
            return needed_for(situation, goal, budget=budget)
    except BudgetExhausted:
        return Figures(None, {}, optimal=False)


def run_validate(situation: Situation, seat: Seat, turn: Turn) -> TurnVerdict:
    return judge_turn(situation.rules, seat, turn)


def run_score(situation: Situation, finish: str, time_limit: float, budget: Budget) -> Score:
    if budget.overdue:
        raise BudgetExhausted()
    with enforced(budget):
        return score_hand(
            list(situation.hand), situation.rules, finish, time_limit=time_limit, budget=budget
        )


def run_advise(
    situation: Situation, phase: str, budget: Budget, buys_made: int = 0, effort: str = "standard"
) -> Advice:
    with enforced(budget):
        advice = advise(situation, phase, budget=budget, buys_made=buys_made, effort=effort)
    if budget.stopped:  # answered from what was established when the deadline cut it
        metrics.record_timeout(request.url_rule.rule if request.url_rule else "unmatched")
    return advice
