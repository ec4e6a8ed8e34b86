"""POST /v1/advise as a library call: what to lay down and discard, draw, or buy."""

from __future__ import annotations

from advisor.context import Context
from advisor.phases.buy import advise_buy
from advisor.phases.discard import advise_discard
from advisor.phases.draw import advise_draw
from advisor.phases.play import advise_play
from advisor.results import Advice, Effort, Phase
from advisor.situation import Situation
from solver.budget import Budget
from solver.errors import GoalError


def advise(
    situation: Situation,
    phase: Phase | str = Phase.DISCARD,
    *,
    budget: Budget | None = None,
    buys_made: int = 0,
    effort: Effort | str = Effort.FAST,
) -> Advice:
    """The advice for ``phase`` (API.md); under ``play_or_draw``, ``play``. ``budget``:
    the request's wall clock, a guard
    (the answer says ``optimal: false`` when it ran out). ``buys_made``: buys so far
    this round. ``effort``: ``fast``, ``standard`` or ``deep`` (docs/advisor.md)."""
    phase = Phase(phase)
    if situation.rules.play_or_draw:
        # a turn of these rules lays down or draws: the one phase they have
        if phase is Phase.BUY:
            raise GoalError("these rules have no buying: phase play", field="phase")
        return advise_play(situation, budget)
    if phase is Phase.PLAY:
        raise GoalError("phase play is for rules with play_or_draw", field="phase")
    ctx = Context(situation, budget, Effort(effort))
    if phase is Phase.DRAW:
        return advise_draw(ctx)
    if phase is Phase.BUY:
        return advise_buy(ctx, buys_made)
    return advise_discard(ctx)
