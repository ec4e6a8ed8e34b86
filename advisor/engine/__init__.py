"""The exact engine for cards needed and outs under the advisor (RULES.md section 4).

``figures`` answers one hand; ``discard_figures`` answers every discard of a hand that
has drawn. Both read everything from the question's rules; see ``sweep`` for the
method and ``layoffs`` for Liverpool after going down.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import fields, replace
from typing import Any

from advisor.engine._core import WorkLimit
from advisor.engine.cache import DEFAULT_MB, Stats, Store
from advisor.engine.layoffs import Layoffs, shed_figures
from advisor.engine.plan import Plan, reset_shared, shared_bytes, shared_full
from advisor.engine.question import Figures, Question
from advisor.engine.sweep import Sweep
from solver.budget import Budget
from solver.cards import NUM_KINDS
from solver.goals import Goal
from solver.speed import STATES_PER_SECOND, WORK_LIMIT, WORK_PER_SECOND

__all__ = [
    "Figures",
    "Question",
    "cache_stats",
    "discard_figures",
    "discards_within",
    "figures",
    "set_cache_budget",
]

# Plans and layoff searches, by question, within a budget of bytes (cache.py).
_STORE = Store(int(DEFAULT_MB * 2**20), shared_bytes, reset_shared)
# Least costs already found, by sweep, with the figures at that cost and the states it
# took: the drawn hand's figures and its discards' ask the same sweep for the goals that
# keep a discard, so the second call skips the deepening (and is charged as if it had not:
# what a request may still do never depends on what the process answered before). At most
# 256 entries of about a kilobyte.
_LEAST: dict[tuple[Any, ...], tuple[tuple[int, int] | None, int]] = {}
_MAX_LEAST = 256


def set_cache_budget(megabytes: float) -> None:
    """Bound what the engine keeps between requests to ``megabytes`` (ENGINE_CACHE_MB)."""
    _STORE.limit = int(megabytes * 2**20)
    _STORE.fit()


def cache_stats() -> Stats:
    """What the engine keeps now, and its hits, misses and evictions so far."""
    return _STORE.stats()


def _allowed(budget: Budget | None) -> int:
    """The states a sweep may expand: its guard, and no more than the allowance left."""
    if budget is None:
        return WORK_LIMIT
    states = budget.work_left / WORK_PER_SECOND * STATES_PER_SECOND
    return WORK_LIMIT if states >= WORK_LIMIT else int(states)


def _sweep(
    q: Question, held: Sequence[int], live: Sequence[int], size: int, budget: Budget | None
) -> Sweep:
    return Sweep(plan_for(q), held, live, size, q.reserve, _allowed(budget))


@contextmanager
def _using(kind: str, q: Question) -> Iterator[None]:
    """Around a sweep or search of the question's plan or layoffs: measured again after
    it, and the store fit to its budget."""
    with _STORE.running():
        try:
            yield
        finally:
            _STORE.touch(kind, _rules_key(q))


def _charge(budget: Budget | None, sweep: Sweep) -> None:
    if budget is not None:
        budget.spend(sweep.core.work * WORK_PER_SECOND / STATES_PER_SECOND)


def _least(
    sweep: Sweep, budget: Budget | None, start: int = 0
) -> tuple[tuple[int, int] | None, bool]:
    """((least cost, outs mask) of the sweep, finished); None when no target exists.
    ``start``: a bound the least cost is known to reach (the passes below it are skipped)."""
    key = (sweep.key(), start)
    if key in _LEAST:
        least, work = _LEAST[key]
        sweep.charge(work)
        return least, True
    least = None
    for bound in range(start, sweep.target + 1):
        if budget is not None and bound > start and budget.expired:
            return None, False
        least = sweep.best(bound)
        if least is not None:
            break
    if len(_LEAST) >= _MAX_LEAST:
        _LEAST.clear()
    _LEAST[key] = (least, sweep.core.work)
    return least, True


def _rules_key(q: Question) -> tuple[Any, ...]:
    r = q.rules
    values = []
    for f in fields(r):
        v = getattr(r, f.name)
        values.append(tuple(sorted(v.items())) if isinstance(v, Mapping) else v)
    return (tuple(values), q.goal, q.contract, q.table, q.new_melds)


def plan_for(q: Question) -> Plan:
    """The question's plan, shared by every hand asked about it (reserve aside)."""
    if shared_full():
        _STORE.reset()
    key = _rules_key(q)
    plan: Plan | None = _STORE.get("plans", key)
    if plan is None:
        plan = Plan(replace(q, reserve=0))
        _STORE.put("plans", key, plan, plan.nbytes)
    return plan


def layoffs_for(q: Question) -> Layoffs:
    """The question's layoff search, its memo shared by every hand asked about it."""
    key = _rules_key(q)
    found: Layoffs | None = _STORE.get("layoffs", key)
    if found is None:
        found = Layoffs(q)
        _STORE.put("layoffs", key, found, found.nbytes)
    return found


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
        with _using("layoffs", q):
            return shed_figures(q, held, live, layoffs_for(q))
    size = sum(held)
    if _impossible(q, size):
        return Figures(None, {})
    return _swept_figures(q, held, live, budget)


def discard_figures(
    q: Question, held: Sequence[int], live: Sequence[int], budget: Budget | None = None
) -> dict[int, Figures]:
    """For every distinct card id ``d`` in ``held`` (a hand that has drawn), the figures
    of ``held`` less ``d`` under ``q``; ``live`` is unchanged (``d`` was never live)."""
    if not q.new_melds:
        out: dict[int, Figures] = {}
        with _using("layoffs", q):
            layoffs = layoffs_for(q)
            for d in range(NUM_KINDS):
                if held[d]:
                    rest = list(held)
                    rest[d] -= 1
                    out[d] = shed_figures(q, rest, live, layoffs)
        return out
    size = sum(held) - 1
    kinds = [d for d in range(NUM_KINDS) if held[d]]
    if _impossible(q, size):
        return {d: Figures(None, {}) for d in kinds}
    # The sweep over the whole hand, asked for one card fewer, is the least any discard
    # needs, and some discard needs exactly that (a target of fewer cards than the hand
    # leaves a held card out). A discard needs at most one more when a copy of its kind
    # is live to draw back; the every-discard pass finds those within that bound.
    with _using("plans", q):
        sweep = _sweep(q, held, live, size, budget)
        try:
            least, finished = _least(sweep, budget)
            if finished and least is not None:
                found = sweep.every_discard(least[0] + 1)
        except (OverflowError, WorkLimit):  # beyond what a sweep holds, or the allowance
            finished = False
        finally:
            _charge(budget, sweep)
    if not finished:
        return {d: Figures(None, {}, optimal=False) for d in kinds}
    if least is None:
        return {d: Figures(None, {}) for d in kinds}
    out = {d: _figures(found[d], live) for d in kinds if d in found}
    # The rest need two or more beyond the least (their kind has no live copy left to
    # replace the one thrown, or too few): each its own sweep, deepened from there.
    for d in kinds:
        if d not in out:
            out[d] = _far_discard(q, held, d, live, least[0] + 2, budget)
    return {d: out[d] for d in kinds}


def discards_within(
    q: Question, held: Sequence[int], live: Sequence[int], bound: int, budget: Budget | None = None
) -> dict[int, Figures] | None:
    """The figures of each discard of ``held`` (a hand that has drawn) that leaves at
    most ``bound`` cards needed, from one every-discard pass (the look-ahead's: it knows
    the least a discard needs, and wants only the discards that need that few); None
    when the pass could not finish. ``q`` lays new melds."""
    size = sum(held) - 1
    if _impossible(q, size):
        return {}
    with _using("plans", q):
        sweep = _sweep(q, held, live, size, budget)
        try:
            found = sweep.every_discard(bound)
        except (OverflowError, WorkLimit):  # beyond what a sweep holds, or the allowance
            return None
        finally:
            _charge(budget, sweep)
    return {d: _figures(e, live) for d, e in found.items()}


def _far_discard(
    q: Question,
    held: Sequence[int],
    d: int,
    live: Sequence[int],
    start: int,
    budget: Budget | None,
) -> Figures:
    """The figures of ``held`` less one ``d``, known to need at least ``start``."""
    rest = list(held)
    rest[d] -= 1
    return _swept_figures(q, rest, live, budget, start)


def _swept_figures(
    q: Question,
    held: Sequence[int],
    live: Sequence[int],
    budget: Budget | None,
    start: int = 0,
) -> Figures:
    """The figures of ``held`` from one sweep of its own, known to need at least
    ``start``; not optimal when the sweep cannot finish."""
    with _using("plans", q):
        sweep = _sweep(q, held, live, sum(held), budget)
        try:
            least, finished = _least(sweep, budget, start)
        except (OverflowError, WorkLimit):  # beyond what a sweep holds, or the allowance
            return Figures(None, {}, optimal=False)
        finally:
            _charge(budget, sweep)
    if not finished:
        return Figures(None, {}, optimal=False)
    return _figures(least, live)


def _figures(found: tuple[int, int] | None, live: Sequence[int]) -> Figures:
    if found is None:
        return Figures(None, {})
    cost, mask = found
    return Figures(cost, _outs(mask, live) if cost else {})
