"""Outs: the live cards whose arrival lowers cards needed by one (RULES.md section 4).

A card is an out exactly when some optimal completion of the hand adds it, so each
solve asks for an optimal completion that adds a card not yet known to be an out,
until none is left at the same distance.
"""

from __future__ import annotations

from collections.abc import Sequence

from advisor.distance import DEFAULT_TIME_LIMIT, Answer, Question, distance
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
    found: set[int] = set(first.added)
    candidates = [c for c in range(NUM_KINDS) if live[c] and c not in found]
    while candidates:
        more = distance(
            q, held, live, require_new=candidates, time_limit=time_limit, budget=first.needed
        )
        if more.needed is None or more.needed > first.needed:
            break
        found.update(more.added)
        candidates = [c for c in candidates if c not in found]
    return first, {c: live[c] for c in sorted(found)}
