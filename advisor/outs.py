"""Outs: the live cards whose arrival lowers cards needed by one (RULES.md section 4).

A card is an out exactly when some optimal completion of the hand adds it. Each solve
asks for an optimal completion adding cards not yet known to be outs; from each one
found, every other way to complete the same held cards into a meld of the same kind
and cost gives further optimal completions without another solve. The search stops
when no optimal completion adds a new card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from advisor.completions import completion_templates
from advisor.distance import _BUDGETS, DEFAULT_TIME_LIMIT, Answer, Question, distance
from solver.candidates import Template
from solver.cards import NUM_KINDS


def outs(
    q: Question,
    held: Sequence[int],
    live: Sequence[int],
    *,
    known: Answer | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> tuple[Answer, dict[int, int]]:
    """The hand's distance and its outs as {card id: live copies}.

    ``known``: the distance already computed for this hand, to save a solve.
    """
    first = known if known is not None else distance(q, held, live, time_limit=time_limit)
    if not first.needed:
        return first, {}
    budget = first.needed
    temps = (
        completion_templates(q.rules, held, live, budget, lean=budget > _BUDGETS[-1])
        if q.new_melds
        else []
    )
    found: set[int] = set()
    answer: Answer | None = first
    while answer is not None:
        found.update(answer.added)
        found.update(_alternatives(q, held, live, answer, temps))
        candidates = [c for c in range(NUM_KINDS) if live[c] and c not in found]
        if not candidates:
            break
        more = distance(q, held, live, require_new=candidates, time_limit=time_limit, budget=budget)
        answer = more if more.needed == first.needed else None
    return first, {c: live[c] for c in sorted(found)}


def _alternatives(
    q: Question,
    held: Sequence[int],
    live: Sequence[int],
    answer: Answer,
    temps: Sequence[Template],
) -> set[int]:
    """Cards added by completions that differ from ``answer`` in one meld: the same held
    cards completed into another meld of the same kind, size and wild slots (so the
    same cost), whose added cards are live beyond what the rest of ``answer`` adds."""
    added = Counter(answer.added)
    # held copies still free to be a meld's held core, meld by meld
    spare = Counter({c: held[c] for c in range(NUM_KINDS) if held[c]})
    out: set[int] = set()
    for meld in answer.melds:
        core: Counter[int] = Counter()
        extra: Counter[int] = Counter()
        for c in meld.naturals:
            if spare[c] > 0:
                spare[c] -= 1
                core[c] += 1
            else:
                extra[c] += 1
        rest = added - extra  # what the other melds add
        for alt in temps:
            if (
                alt.kind != meld.kind
                or len(alt.slots) != len(meld.slots)
                or alt.wilds != meld.wilds
                or (q.goal == "opening" and alt.points < meld.points)
            ):
                continue
            nat = Counter(alt.naturals)
            if any(nat[c] < k for c, k in core.items()):
                continue
            new = nat - core
            if any(held[c] and c not in extra for c in new):
                continue  # would take a held card the rest of the completion may use
            if all(rest[c] + k <= live[c] for c, k in new.items()):
                out.update(new)
    return out
