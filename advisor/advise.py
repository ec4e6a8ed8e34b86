"""POST /v1/advise as a library call: what to lay down and discard, draw, or buy."""

from __future__ import annotations

from advisor.context import Context
from advisor.phases.buy import advise_buy
from advisor.phases.discard import advise_discard
from advisor.phases.draw import advise_draw
from advisor.results import Advice, Effort, Phase
from advisor.situation import Situation
from solver.budget import Budget


def advise(
    situation: Situation,
    phase: Phase | str = Phase.DISCARD,
    *,
    budget: Budget | None = None,
    buys_made: int = 0,
    effort: Effort | str = Effort.FAST,
) -> Advice:
    """The advice for ``phase`` (API.md). ``budget``: the request's wall clock, a guard
    (the answer says ``optimal: false`` when it ran out). ``buys_made``: buys so far
    this round. ``effort``: ``fast``, ``standard`` or ``deep`` (docs/advisor.md)."""
    phase = Phase(phase)
    ctx = Context(situation, budget, Effort(effort))
    if phase is Phase.DRAW:
        return advise_draw(ctx)
    if phase is Phase.BUY:
        return advise_buy(ctx, buys_made)
    return advise_discard(ctx)
