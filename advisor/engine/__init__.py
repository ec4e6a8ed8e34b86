"""The exact engine for cards needed and outs under the advisor (RULES.md section 4).

``figures`` answers one hand; ``discard_figures`` answers every discard of a hand that
has drawn. Both read everything from the question's rules; see ``sweep`` for the
method and ``layoffs`` for Liverpool after going down.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

from advisor.engine.layoffs import Layoffs, shed_figures
from advisor.engine.plan import Plan
from advisor.engine.question import Figures, Question
from advisor.engine.sweep import Sweep
from solver.budget import Budget
from solver.cards import NUM_KINDS
from solver.goals import Goal

__all__ = ["Figures", "Question", "discard_figures", "figures"]

_PLANS: dict[tuple[Any, ...], Plan] = {}
_MAX_PLANS = 64


def _rules_key(q: Question) -> tuple[Any, ...]:
    r = q.rules
    values = []
    for f in fields(r):
        v = getattr(r, f.name)
        values.append(tuple(sorted(v.items())) if isinstance(v, Mapping) else v)
    return (tuple(values), q.goal, q.contract, q.table, q.new_melds)


def plan_for(q: Question) -> Plan:
    """The question's plan, shared by every hand asked about it (reserve aside)."""
    key = _rules_key(q)
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) >= _MAX_PLANS:
            _PLANS.clear()
        plan = _PLANS[key] = Plan(replace(q, reserve=0))
    return plan


def _impossible(q: Question, size: int) -> bool:
    """Too few cards for the contract, whatever is added."""
    c, r = q.contract, q.rules
    if q.goal == Goal.CONTRACT and c is not None:
        return c.sets * r.set_min + c.runs * r.run_min > size - q.reserve
    return False


def _outs(mask: int, live: Sequence[int]) -> dict[int, int]:
    return {c: live[c] for c in range(NUM_KINDS) if mask >> c & 1 and live[c]}


def figures(
    q: Question, held: Sequence[int], live: Sequence[int], budget: Budget | None = None
) -> Figures:
    """Cards needed and outs of ``held`` (counts per card id) for ``q``."""
    if not q.new_melds:
        return shed_figures(q, held, live, Layoffs(q))
    size = sum(held)
    if _impossible(q, size):
        return Figures(None, {})
    sweep = Sweep(plan_for(q), held, live, size, q.reserve)
    for bound in range(size + 1):
        if budget is not None and bound and budget.expired:
            return Figures(None, {}, optimal=False)
        found = sweep.best(bound)
        if found is not None:
            cost, mask = found
            return Figures(cost, _outs(mask, live) if cost else {})
    return Figures(None, {})


def discard_figures(
    q: Question, held: Sequence[int], live: Sequence[int], budget: Budget | None = None
) -> dict[int, Figures]:
    """For every distinct card id ``d`` in ``held`` (a hand that has drawn), the figures
    of ``held`` less ``d`` under ``q``; ``live`` is unchanged (``d`` was never live)."""
    out: dict[int, Figures] = {}
    layoffs = None if q.new_melds else Layoffs(q)
    for d in range(NUM_KINDS):
        if not held[d]:
            continue
        rest = list(held)
        rest[d] -= 1
        if layoffs is not None:
            out[d] = shed_figures(q, rest, live, layoffs)
        else:
            out[d] = figures(q, rest, live, budget)
    return out
