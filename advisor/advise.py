"""POST /v1/advise as a library call: what to lay down and discard, draw, or buy."""

from __future__ import annotations

from advisor.context import Context
from advisor.phases.buy import advise_buy
from advisor.phases.discard import advise_discard
from advisor.phases.draw import advise_draw
from advisor.phases.play import advise_play
from advisor.results import Advice, AdvicePhase, Effort
from advisor.situation import Situation
from solver.budget import Budget
from solver.phases import Phase, check_phase


def advise(
    situation: Situation,
    phase: AdvicePhase | str = AdvicePhase.DISCARD,
    *,
    budget: Budget | None = None,
    buys_made: int = 0,
    effort: Effort | str = Effort.FAST,
) -> Advice:
    """The advice for ``phase`` (API.md); under ``play_or_draw``, ``play``. ``budget``:
    the request's wall clock, a guard
    (the answer says ``optimal: false`` when it ran out). ``buys_made``: buys so far
    this round. ``effort``: ``fast``, ``standard`` or ``deep`` (docs/advisor.md). A phase
    the rules do not have is a ``solver.phases.PhaseError``."""
    phase = AdvicePhase(phase)
    if situation.rules.play_or_draw and phase in (AdvicePhase.DISCARD, AdvicePhase.DRAW):
        # a turn of these rules lays down or draws: the phase sent is its play
        phase = AdvicePhase.PLAY
    check_phase(situation.rules, Phase(phase))
    if phase is AdvicePhase.PLAY:
        return advise_play(situation, budget)
    ctx = Context(situation, budget, Effort(effort))
    if phase is AdvicePhase.DRAW:
        return advise_draw(ctx)
    if phase is AdvicePhase.BUY:
        return advise_buy(ctx, buys_made)
    return advise_discard(ctx)
