"""Draw phase: take the top discard or draw from the stock.

After drawing a card and discarding well, cards needed drops by one exactly when the
card is an out of the hand, so a stock draw's expected cards needed is
``k - out copies / live copies``; taking the discard is worth its exact figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from advisor.discards import DiscardOption, protected_joker
from advisor.evaluate import Evaluator, Figures, with_card, without
from solver.cards import Card, counts_of, sort_cards


def outs_cards(fig: Figures) -> list[dict[str, Any]]:
    return [{"card": str(Card.from_id(c)), "live": n} for c, n in sorted(fig.outs.items())]


def stock_figures(ev: Evaluator, now: Figures) -> dict[str, Any]:
    live = sum(ev.live)
    expected: float | None = None
    if now.needed is not None:
        share = now.out_copies / live if live else 0.0
        expected = round(now.needed - share, 4)
    return {
        "expected_cards_needed": expected,
        "outs": now.out_copies,
        "outs_cards": outs_cards(now),
        "live": live,
    }


def best_after_taking(
    ev: Evaluator, hand: Sequence[Card], card: Card, now: Figures
) -> tuple[Card | None, Figures]:
    """The best discard of ``hand`` + ``card`` (not the taken card itself, unless another
    copy is held) and the figures of the hand left. Taking an out of the hand lowers
    cards needed by one, anything else leaves it, so each discard needs one solve
    within that budget, and outs only for the discards that reach it."""
    if now.needed is None:
        return None, Figures(None, {})
    target = now.needed - 1 if card.id in now.outs else now.needed
    held = with_card(counts_of(hand), card.id)
    choices = [c for c in dict.fromkeys(sort_cards([*hand, card])) if c != card or card in hand]
    reach = [c for c in choices if ev.within(without(held, c.id), False, target) == target]
    if not reach:  # not the usual shape (a rule where the bound fails): solve each exactly
        needed = {c: ev.needed(without(held, c.id), drawn=False) for c in choices}
        found = [n for n in needed.values() if n is not None]
        if not found:
            return None, Figures(None, {})
        reach = [c for c in choices if needed[c] == min(found)]
    options: list[tuple[tuple[Any, ...], Card, Figures]] = []
    for c in reach:
        fig = ev.figures(without(held, c.id), drawn=False, guess=target)
        opt = DiscardOption(c, fig, 0, False, ev.rules.value(c), False)
        key = (protected_joker(c, ev.rules), -fig.out_copies, -opt.points_shed, c.sort_key)
        options.append((key, c, fig))
    _, best, fig = min(options, key=lambda o: o[0])
    return best, fig


def _obliged_meld(ev: Evaluator, hand: Sequence[Card], card: Card) -> tuple[bool, Card | None]:
    """Rules with an opening (Rummy 40): a taken discard must go into a meld laid this
    turn (before opening, a valid opening). Returns (allowed, the discard that follows)."""
    goal = "deadwood" if ev.sit.down else "opening"
    sol = ev.solve([*hand, card], goal, discard=True, must_meld=[card])
    return sol.feasible is True, sol.discard


def advise_draw(ev: Evaluator) -> dict[str, Any]:
    sit = ev.sit
    hand = list(sit.hand)
    now = ev.figures(counts_of(hand), drawn=False)
    stock = stock_figures(ev, now)
    top = sit.top_discard
    out: dict[str, Any] = {
        "phase": "draw",
        "goal": ev.goal.name,
        "cards_needed": now.needed,
        "outs": now.out_copies,
        "outs_cards": outs_cards(now),
        "draw_stock": stock,
        "take_discard": None,
    }
    take_it = False
    if top is not None:
        allowed, forced_discard = True, None
        if ev.rules.opening_min is not None:
            allowed, forced_discard = _obliged_meld(ev, hand, top)
        best, fig = best_after_taking(ev, hand, top, now)
        if forced_discard is not None:
            best = forced_discard
        out["take_discard"] = {
            "card": str(top),
            "allowed": allowed,
            "is_out": top.id in now.outs,
            "cards_needed": fig.needed,
            "outs": fig.out_copies,
            "outs_cards": outs_cards(fig),
            "best_discard": None if best is None else str(best),
        }
        expected = stock["expected_cards_needed"]
        if allowed and fig.needed is not None:
            lower = expected is None or fig.needed < expected
            tie = fig.needed == expected and fig.out_copies > now.out_copies
            take_it = lower or tie
    out["recommendation"] = {"action": "take_discard" if take_it else "draw_stock"}
    if take_it and top is not None:
        out["recommendation"]["card"] = str(top)
    return out
