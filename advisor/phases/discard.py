"""Discard phase: what to lay down, then every distinct card of the hand as the discard,
ranked best first, and the recommendation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from advisor.collecting import collected
from advisor.context import Context, out_copies, protected_joker, without
from advisor.engine import Figures, Question
from advisor.layoffs import playable
from advisor.outlook.decide import rank_discards
from advisor.outlook.knock import hold_or_knock
from advisor.outlook.montecarlo import HAND_WON_TEXT
from advisor.phases.lay_down import LayDownAdvice, advise_lay_down
from advisor.reasons import discard_reason, go_out_reason
from advisor.results import (
    Action,
    AdvicePhase,
    DiscardAdvice,
    DiscardOption,
    Recommendation,
    out_cards,
)
from solver.cards import Card, counts_of, sort_cards
from solver.goals import Goal
from solver.rules import Rules
from solver.turn import TurnAction


def _key(opt: DiscardOption, fed: frozenset[Card], melds_over: bool) -> tuple[Any, ...]:
    return (
        opt.cards_needed is None,
        opt.cards_needed or 0,
        -opt.outs,
        opt.playable_on_table,  # avoided when an equal alternative exists
        opt.card in fed,  # likewise a card an opponent visibly collects
        # the least deadwood left; once melds are over, the most points shed
        0 if melds_over else opt.deadwood_points,
        -opt.points_shed,
        opt.card.sort_key,
    )


def rank_options(
    options: Sequence[DiscardOption],
    rules: Rules,
    taken: Sequence[Card] = (),
    melds_over: bool = False,
) -> list[DiscardOption]:
    """Best first; ``taken``: the cards the opponents took from the pile and still hold;
    ``melds_over``: the hand may lay no new meld (``Context.melds_over``)."""
    fed = frozenset(o.card for o in options if collected(o.card, taken, rules))
    ranked = sorted(options, key=lambda o: _key(o, fed, melds_over))
    keep = [o for o in ranked if not protected_joker(o.card, rules)]
    jokers = [o for o in ranked if protected_joker(o.card, rules)]
    # a joker leads only when throwing it is the one way to go out this turn
    if jokers and keep and jokers[0].goes_out and not keep[0].goes_out:
        return [jokers[0], *keep, *jokers[1:]]
    if not keep:
        return jokers
    return [*keep, *jokers]


def _option(ctx: Context, card: Card, fig: Figures, deadwood: int) -> DiscardOption:
    return DiscardOption(
        card=card,
        cards_needed=fig.needed,
        outs=out_copies(fig),
        outs_cards=out_cards(fig.outs),
        deadwood_points=deadwood,
        playable_on_table=playable(card, [t.meld for t in ctx.table], ctx.rules),
        points_shed=ctx.rules.value(card),
        goes_out=fig.needed == 0 and ctx.goal.keeps_discard,
        reason="",
    )


def discard_options(ctx: Context, hand: Sequence[Card]) -> list[DiscardOption]:
    """Every distinct card of ``hand`` (a hand that has drawn) as the discard, ranked."""
    held = counts_of(hand)
    # deadwood first: if the deadline cuts the engine, the options still rank by it
    deadwood = ctx.deadwood_after_each_discard(held)
    figures = ctx.discard_figures(held)
    cards = list(dict.fromkeys(sort_cards(hand)))
    options = [_option(ctx, c, figures[c.id], deadwood[c.id]) for c in cards]
    ranked = rank_options(options, ctx.rules, ctx.sit.seen, ctx.melds_over)
    if not ranked:
        return ranked
    best = ranked[0]
    held_points = ctx.rules.points(hand) if ctx.melds_over else None
    out = []
    for o in ranked:
        shielded = protected_joker(o.card, ctx.rules) and not (o is best and o.goes_out)
        unknown = not figures[o.card.id].optimal
        reason = discard_reason(o, best, ctx.goal, shielded, unknown, held_points)
        out.append(replace(o, reason=reason))
    return out


def advise_discard(ctx: Context) -> DiscardAdvice:
    hand = list(ctx.sit.hand)
    ranked = rank_discards(ctx, discard_options(ctx, hand), ctx.effort)
    needed = ctx.needed_after_draw(counts_of(hand))
    advice = advise_lay_down(ctx, hand, needed)
    ranked, advice = _hold_knock(ctx, ranked, advice)
    return DiscardAdvice(
        phase=AdvicePhase.DISCARD,
        goal=ctx.goal,
        cards_needed=needed,
        lay_down=advice.lay_down,
        discards=tuple(ranked),
        recommendation=_recommend(ctx, ranked, advice),
        note=advice.note,
        live_cards=sum(ctx.live),
        optimal=ctx.optimal,
    )


def _hold_knock(
    ctx: Context, ranked: list[DiscardOption], advice: LayDownAdvice
) -> tuple[list[DiscardOption], LayDownAdvice]:
    """At ``standard`` and ``deep``, a knock with deadwood left may be worth less than
    playing on (``advisor.outlook.knock``, which says which levels weigh it): then nothing
    is laid down and the hold's throw leads the discards."""
    lay, card = advice.lay_down, advice.final_discard
    if (
        lay is None
        or lay.action is not TurnAction.KNOCK
        or card is None
        or (ctx.budget is not None and ctx.budget.expired)
    ):
        return ranked, advice
    held = hold_or_knock(ctx, card)
    if held is None:
        return ranked, advice
    note = (
        f"Holding: played out in hidden worlds, knocking now {held.knock.summary()}"
        f" (layoffs and undercuts included), throwing {held.card} and playing on"
        f" {held.hold.summary()} ({HAND_WON_TEXT})."
    )
    lead = [replace(o, reason=note) for o in ranked if o.card == held.card]
    return lead + [o for o in ranked if o.card != held.card], LayDownAdvice(None, note=note)


def _recommend(ctx: Context, ranked: list[DiscardOption], advice: LayDownAdvice) -> Recommendation:
    lay = advice.lay_down
    if lay is not None and lay.goes_out:
        final = advice.final_discard
        return Recommendation(Action.GO_OUT, final, go_out_reason(final))
    if not ranked:
        return Recommendation(Action.DISCARD, None, "There is no card to discard.")
    if lay is None and len(ctx.sit.hand) == 1 and ranked[0].goes_out:
        # the last card in hand: throwing it is going out
        card = ranked[0].card
        return Recommendation(Action.GO_OUT, card, go_out_reason(card))
    choices = ranked
    if lay is not None:
        # the discard comes from what the lay-down leaves in hand
        left = set(lay.left)
        choices = [o for o in ranked if o.card in left] or ranked
    elif advice.holds_hand_rummy:
        choices = _keeping_hand_rummy(ctx, ranked)
    return Recommendation(Action.DISCARD, choices[0].card, choices[0].reason)


def _keeping_hand_rummy(ctx: Context, ranked: list[DiscardOption]) -> list[DiscardOption]:
    """The ranked discards that keep a hand rummy one card away (Rummy 40 holding)."""
    q = Question(ctx.rules, Goal.OUT)
    held = counts_of(ctx.sit.hand)
    keep = [o for o in ranked if ctx.figures_of(q, without(held, o.card.id)).needed == 1]
    return keep or ranked
