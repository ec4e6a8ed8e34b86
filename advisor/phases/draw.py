"""Draw phase: take the top discard or draw from the stock.

After drawing a card and discarding well, cards needed drops by one exactly when the
card is an out of the hand (else no optimal completion used it, and one copy fewer
live changes none), so a stock draw's expected cards needed is
``k - out copies / live copies``. Taking the top discard is judged on the hand that
holds it: the card is not live (it lies on the pile) but it is in hand, and the
figures are those of that hand's best discard.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from advisor.context import Context, out_copies, protected_joker, with_card, without
from advisor.engine import Figures
from advisor.outlook.ahead import draw_ahead
from advisor.outlook.decide import DRAW_MARGIN, draw_played_out, draw_race
from advisor.outlook.montecarlo import HAND_WON_TEXT, Scores, choose
from advisor.reasons import plural
from advisor.results import (
    Action,
    AdvicePhase,
    DrawAdvice,
    Effort,
    Race,
    Recommendation,
    StockDraw,
    TakeDiscard,
    out_cards,
)
from solver.cards import Card, counts_of
from solver.goals import Goal


def stock_draw(ctx: Context, now: Figures) -> StockDraw:
    live = sum(ctx.live)
    expected: float | None = None
    if now.needed is not None:
        share = out_copies(now) / live if live else 0.0
        expected = round(now.needed - share, 4)
    return StockDraw(expected, out_copies(now), out_cards(now.outs), live)


def best_discard(
    ctx: Context, figures: Mapping[int, Figures], taken: Card | None = None
) -> tuple[Card | None, Figures]:
    """The discard leaving the best figures (fewest cards needed, then most outs; a
    protected joker last), and those figures. ``taken``: the card just taken from the
    pile, which may not be thrown back unless another copy is held."""

    def key(c: int) -> tuple[Any, ...]:
        fig, card = figures[c], Card.from_id(c)
        return (
            fig.needed is None,
            fig.needed or 0,
            protected_joker(card, ctx.rules),
            -out_copies(fig),
            -ctx.rules.value(card),
            card.sort_key,
        )

    held = counts_of(ctx.sit.hand)
    choices = [c for c in figures if taken is None or c != taken.id or held[c]]
    if not choices:
        return None, Figures(None, {})
    best = min(choices, key=key)
    return Card.from_id(best), figures[best]


def _obliged_meld(ctx: Context, card: Card) -> tuple[bool, Card | None]:
    """Rules where a taken discard must go into a meld laid this turn (Rummy 40; before
    opening, a valid opening). Returns (allowed, the discard that follows); a search cut
    short by time allows nothing it has not shown."""
    opening = not ctx.sit.down and ctx.rules.opening_min is not None
    goal = Goal.OPENING if opening else Goal.DEADWOOD
    sol = ctx.solve([*ctx.sit.hand, card], goal, discard=True, must_meld=[card])
    return sol.feasible is True, sol.discard


def take_discard(ctx: Context, top: Card, now: Figures) -> TakeDiscard:
    allowed, forced = True, None
    if ctx.rules.take_discard_obliges_meld:
        allowed, forced = _obliged_meld(ctx, top)
    held = with_card(counts_of(ctx.sit.hand), top.id)
    best, fig = best_discard(ctx, ctx.discard_figures(held), taken=top)
    if not fig.optimal:
        best = None  # the budget ran out before the discards were compared
    if forced is not None and forced != best:
        best, fig = forced, ctx.figures(without(held, forced.id), drawn=False)
    lower = fig.needed is not None and (now.needed is None or fig.needed < now.needed)
    return TakeDiscard(
        card=top,
        allowed=allowed,
        is_out=lower,
        cards_needed=fig.needed,
        outs=out_copies(fig),
        outs_cards=out_cards(fig.outs),
        best_discard=best,
    )


def _recommend(now: Figures, stock: StockDraw, take: TakeDiscard | None) -> Recommendation:
    expected = stock.expected_cards_needed
    if take is None:
        return Recommendation(Action.DRAW_STOCK, None, "There is no discard to take.")
    if not take.allowed:
        why = f"{take.card} cannot go into a meld laid this turn, as the rules require."
        return Recommendation(Action.DRAW_STOCK, None, why)
    if take.cards_needed is not None:
        lower = expected is None or take.cards_needed < expected
        tie = take.cards_needed == expected and take.outs > out_copies(now)
        if lower or tie:
            why = f"Taking {take.card} leaves {plural(take.cards_needed, 'card')} needed"
            if take.best_discard is not None:
                why += f" after throwing {take.best_discard}"
            if expected is not None:
                why += f", against {expected:g} expected after a stock draw"
            return Recommendation(Action.TAKE_DISCARD, take.card, why + ".")
    if expected is None and not now.optimal:
        why = "The search ran out of time before the draws could be compared."
    elif expected is None:
        why = "No live cards can reach the goal either way."
    else:
        why = f"A stock draw leaves {expected:g} cards needed on average"
        if take.cards_needed is not None:
            why += f", {take.card} {take.cards_needed}"
        why += "."
    return Recommendation(Action.DRAW_STOCK, None, why)


def _recommend_by_race(card: Card, take: Race, stock: Race, fast: Recommendation) -> Recommendation:
    """The race's choice where one side goes out sooner by more than ``DRAW_MARGIN``
    draws; else the one-step figures' (``fast``)."""
    figures = (
        f"out at {take.score:.2f} of the next {take.horizon} draws on average after"
        f" taking {card}, at {stock.score:.2f} after a stock draw ({take.samples} stock"
        " orders)"
    )
    if take.score > stock.score + DRAW_MARGIN:
        return Recommendation(Action.TAKE_DISCARD, card, f"Take {card}: {figures}.")
    if stock.score > take.score + DRAW_MARGIN:
        return Recommendation(Action.DRAW_STOCK, None, f"Draw from the stock: {figures}.")
    return fast


def _recommend_by_playouts(
    card: Card, take: Scores, stock: Scores, before: Recommendation
) -> Recommendation:
    """The other draw than ``before`` where its play-outs clearly beat it (``choose``)."""
    taking = before.action is Action.TAKE_DISCARD
    incumbent, challenger = (take, stock) if taking else (stock, take)
    if not choose([incumbent, challenger]):
        return before
    figures = (
        f"played out in {len(take.points)} hidden worlds, taking {card} {take.summary()},"
        f" a stock draw {stock.summary()} ({HAND_WON_TEXT})"
    )
    if taking:
        return Recommendation(Action.DRAW_STOCK, None, f"Draw from the stock: {figures}.")
    return Recommendation(Action.TAKE_DISCARD, card, f"Take {card}: {figures}.")


def _recommend_by_needed(take: TakeDiscard, taken: float, stock: float) -> Recommendation:
    """The two-step choice: fewer cards needed expected two draws ahead; a tie draws from
    the stock (it shows the opponents nothing)."""
    figures = (
        f"{taken:.2f} cards needed expected two draws ahead after taking {take.card},"
        f" {stock:.2f} after a stock draw"
    )
    if round(taken, 9) < round(stock, 9):
        return Recommendation(Action.TAKE_DISCARD, take.card, f"Take {take.card}: {figures}.")
    return Recommendation(Action.DRAW_STOCK, None, f"Draw from the stock: {figures}.")


def advise_draw(ctx: Context) -> DrawAdvice:
    now = ctx.figures(counts_of(ctx.sit.hand), drawn=False)
    stock = stock_draw(ctx, now)
    top = ctx.sit.top_discard
    take = None if top is None else take_discard(ctx, top, now)
    recommendation = _recommend(now, stock, take)
    # ``standard`` and ``deep`` race the two draws where they can, ``deep`` elsewhere
    # looks two draws ahead
    if ctx.effort is not Effort.FAST and take is not None and take.allowed:
        races = draw_race(ctx, take.card)
        if races is not None:
            take = replace(take, race=races[0])
            stock = replace(stock, race=races[1])
            recommendation = _recommend_by_race(take.card, *races, recommendation)
            played = draw_played_out(ctx, take.card)
            if played is not None:
                take = replace(take, playouts=played[0].playouts())
                stock = replace(stock, playouts=played[1].playouts())
                recommendation = _recommend_by_playouts(take.card, *played, recommendation)
        elif ctx.effort is Effort.DEEP and take.cards_needed is not None:
            # no deadwood look-ahead for these rules: two draws ahead instead
            two = draw_ahead(ctx, now, take.cards_needed, take.outs)
            if two is not None:
                recommendation = _recommend_by_needed(take, *two)
    return DrawAdvice(
        phase=AdvicePhase.DRAW,
        goal=ctx.goal,
        cards_needed=now.needed,
        outs=out_copies(now),
        outs_cards=out_cards(now.outs),
        draw_stock=stock,
        take_discard=take,
        recommendation=recommendation,
        live_cards=sum(ctx.live),
        optimal=ctx.optimal,
    )
