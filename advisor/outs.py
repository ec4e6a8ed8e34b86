"""Outs: the live cards whose arrival lowers cards needed by one (RULES.md section 4).

A card is an out exactly when some optimal completion of the hand adds it. Each solve
asks for an optimal completion adding cards not yet known to be outs; from each one
found, every other way to complete the same held cards into a meld of the same kind
and cost gives further optimal completions without another solve. The search stops
when no optimal completion adds a new card.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from advisor.completions import completion_templates
from advisor.distance import (
    DEFAULT_TIME_LIMIT,
    Answer,
    CompletionSearch,
    Question,
    distance,
    is_lean,
    left_out,
)
from solver.candidates import Template
from solver.cards import NUM_KINDS, Card
from solver.rules import Rules


def outs(
    q: Question,
    held: Sequence[int],
    live: Sequence[int],
    *,
    known: Answer | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    deadline: float | None = None,
) -> tuple[Answer, dict[int, int]]:
    """The hand's distance and its outs as {card id: live copies}.

    ``known``: the distance already computed for this hand, to save a solve.
    ``deadline`` (a ``time.perf_counter`` value): stop searching then, and say so with
    ``optimal`` false on the answer.
    """
    first = known if known is not None else distance(q, held, live, time_limit=time_limit)
    if not first.needed:
        return first, {}
    budget = first.needed
    temps = (
        completion_templates(q.rules, held, live, budget, lean=is_lean(budget))
        if q.new_melds
        else []
    )
    found: set[int] = set()
    search: CompletionSearch | None = None
    answer: Answer | None = first
    while answer is not None:
        found.update(answer.added)
        found.update(_alternatives(q, held, live, answer, temps))
        candidates = [c for c in range(NUM_KINDS) if live[c] and c not in found]
        if not candidates:
            break
        if _past(deadline):
            first = replace(first, optimal=False)
            break
        search = search or CompletionSearch(q, held, live, budget)
        more, finished = search.next(candidates, time_limit)
        if not finished:
            first = replace(first, optimal=False)
        answer = more if more is not None and more.needed == first.needed else None
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
    r = q.rules
    wilds = [c for c in range(NUM_KINDS) if live[c] and r.is_wild(Card.from_id(c))]
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
        if extra and wilds and _takes_one_more_wild(r, meld):
            # a live wild in place of one added natural: the same cost
            out.update(c for c in wilds if rest[c] + 1 <= live[c])
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


def outs_by_discard(
    q: Question,
    held: Sequence[int],
    live: Sequence[int],
    levels: dict[int, int | None],
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    deadline: float | None = None,
) -> tuple[dict[int, dict[int, int]], bool]:
    """Outs of every discard of a hand that has drawn, searched card by card.

    ``levels``: cards needed after each discard (card id -> k). A live card ``c`` is an
    out of discard ``d`` exactly when the hand with ``c`` added, ``d`` and one more card
    left out (``q.reserve + 2`` in all), is within ``k - 1`` added cards of the goal.
    One model per candidate finds such a completion; every discard of the same level
    it leaves out is an out-pair at once, and the search repeats for the discards not
    yet paired with ``c``. A level with few discards and many candidates searches each
    discard's own outs instead (``outs``), which then takes fewer solves. Returns the
    outs per discard and whether every search ran to its end."""
    result: dict[int, dict[int, int]] = {d: {} for d in levels}
    complete = True
    wild = [q.rules.is_wild(Card.from_id(c)) for c in range(NUM_KINDS)]
    wide = q.goal == "knock" or bool(q.table)  # a card may help without a new meld
    for k in sorted({v for v in levels.values() if v}):
        group = {d for d, v in levels.items() if v == k}
        budget = k - 1
        if wide:
            candidates = [c for c in range(NUM_KINDS) if live[c]]
        else:
            holes = completion_templates(q.rules, held, live, k, lean=is_lean(k))
            seen = {c for t in holes for c in t.naturals}
            candidates = [c for c in range(NUM_KINDS) if live[c] and (c in seen or wild[c])]
        if k > 2 and len(candidates) > 4 * len(group):
            # few discards at this level: their own searches cost fewer solves
            for d in group:
                alone = list(held)
                alone[d] -= 1
                first = distance(q, alone, live, time_limit=time_limit, budget=k)
                answer, found = outs(
                    q, alone, live, known=first, time_limit=time_limit, deadline=deadline
                )
                complete &= answer.optimal
                result[d] = found
            continue
        wider = replace(q, reserve=q.reserve + 2)
        for c in candidates:
            more = list(held)
            more[c] += 1
            rest = list(live)
            rest[c] -= 1
            todo = set(group)
            while todo:
                if _past(deadline):
                    return {d: dict(sorted(o.items())) for d, o in result.items()}, False
                left, done = left_out(wider, more, rest, budget, todo, time_limit)
                complete &= done
                hits = left & todo
                if not hits:
                    break
                for d in hits:
                    result[d][c] = live[c]
                todo -= hits
    return {d: dict(sorted(o.items())) for d, o in result.items()}, complete


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() > deadline


def _takes_one_more_wild(rules: Rules, meld: Template) -> bool:
    naturals = len(meld.naturals) - 1
    least = rules.set_min_naturals if meld.kind == "set" else rules.run_min_naturals
    limit = rules.max_wilds_per_meld
    return naturals >= least and (limit is None or meld.wilds + 1 <= limit)
