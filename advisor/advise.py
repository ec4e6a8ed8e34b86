"""POST /v1/advise as a library call: what to lay down and discard, draw, or buy."""

from __future__ import annotations

from typing import Any

from advisor.buy import advise_buy
from advisor.discards import DiscardOption, discard_options
from advisor.distance import DEFAULT_TIME_LIMIT, Question
from advisor.draw import advise_draw
from advisor.evaluate import Evaluator, without
from advisor.goals import goal_for, read_table
from advisor.laydown_advice import LayDown, advise_lay_down
from advisor.situation import Situation
from solver.budget import Budget
from solver.cards import counts_of

PHASES: tuple[str, ...] = ("discard", "draw", "buy")


def advise(
    situation: Situation,
    phase: str = "discard",
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    budget: Budget | None = None,
    buys_made: int = 0,
) -> dict[str, Any]:
    """The /v1/advise response for ``phase`` (API.md). ``time_limit`` bounds each solve;
    the whole advice gets a few of them, within ``budget``. ``buys_made``: buys so far this
    round."""
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}")
    table = read_table(situation)
    ev = Evaluator(situation, goal_for(situation, table), table, time_limit, budget)
    if phase == "draw":
        out = advise_draw(ev)
    elif phase == "buy":
        out = advise_buy(ev, buys_made)
    else:
        out = _discard_phase(ev)
    out["live_cards"] = sum(ev.live)
    out["optimal"] = ev.optimal
    return out


def _discard_phase(ev: Evaluator) -> dict[str, Any]:
    hand = list(ev.sit.hand)
    held = counts_of(hand)
    needed = ev.needed(held, drawn=True)
    guess = None if needed is None else needed + 1
    ranked = discard_options(ev, hand, guess, ev.goal.name)
    advice = advise_lay_down(ev, hand, needed)
    lay = advice.lay_down
    return {
        "phase": "discard",
        "goal": ev.goal.name,
        "cards_needed": needed,
        "lay_down": None if lay is None else lay.to_dict(),
        "discards": [o.to_dict() for o in ranked],
        "recommendation": _recommend(ev, ranked, lay, advice.note is not None and lay is None),
        "note": advice.note,
    }


def _recommend(
    ev: Evaluator, ranked: list[DiscardOption], lay: LayDown | None, holding_rummy: bool
) -> dict[str, Any]:
    if lay is not None and lay.goes_out:
        final = lay.final_discard
        return {"action": "go_out", "card": None if final is None else str(final)}
    if not ranked:
        return {"action": "discard", "card": None}
    if lay is None and len(ev.sit.hand) == 1 and ranked[0].goes_out:
        # the last card in hand: throwing it is going out
        return {"action": "go_out", "card": str(ranked[0].card)}
    choices = ranked
    if lay is not None:
        # the discard comes from what the lay-down leaves in hand
        left = set(lay.left)
        choices = [o for o in ranked if o.card in left] or ranked
    elif holding_rummy:
        choices = _keeping_hand_rummy(ev, ranked)
    return {"action": "discard", "card": str(choices[0].card)}


def _keeping_hand_rummy(ev: Evaluator, ranked: list[DiscardOption]) -> list[DiscardOption]:
    """The ranked discards that keep a hand rummy one card away (Rummy 40 holding)."""
    q = Question(ev.rules, "out")
    held = counts_of(ev.sit.hand)
    keep = [o for o in ranked if ev.answer(q, without(held, o.card.id), guess=1).needed == 1]
    return keep or ranked
