"""The EAAI 2021 gin rummy challenge's baseline (``SimpleGinRummyPlayer``, Todd Neller),
generalised to every rule set: take the top discard only when it joins a meld of the
best partition of the hand holding it; go down, open and go out as soon as the rules
allow; discard the card whose throw leaves the least deadwood (never the discard just
taken, while another card may go). Buys and Rummy calls follow the take test.

Where it departs from the Java (docs/sim.md, "The players"): ties between discards go
to the highest-valued card, then card order, instead of a random pick; the EAAI rule
against repeating a (draw, discard) pair is left out (it only matters to a bot that
could loop); the take test asks the best partition, not any meld containing the card.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from sim.moves import Melds, Play, View
from sim.players.plans import (
    BASELINE_BUYS,
    defence,
    lay_down,
    left_after,
    may_take,
    minus,
    solve_hand,
)
from solver.cards import Card
from solver.rules import Rules


def joins_best_meld(view: View, card: Card) -> bool:
    """``card`` is in a meld of the least-deadwood partition of the hand holding it."""
    sol = solve_hand([*view.hand, card], view.rules, "deadwood")
    return any(card in m.cards for m in sol.melds)


def least_deadwood_discard(
    cards: Sequence[Card], rules: Rules, taken: Card | None = None
) -> Card | None:
    """The card whose throw leaves the least deadwood; ``taken`` only if nothing else."""
    if not cards:
        return None
    choices = [c for c in dict.fromkeys(cards) if c != taken or list(cards).count(c) > 1]
    choices = choices or list(cards)

    def key(c: Card) -> tuple[int, int, tuple[int, int]]:
        left = solve_hand(minus(cards, [c]), rules, "deadwood").deadwood_points
        return (left, -rules.value(c), c.sort_key)

    return min(choices, key=key)


class SimplePlayer:
    def __init__(self) -> None:
        self.taken: Card | None = None  # the discard taken this turn

    def takes(self, view: View, card: Card) -> bool:
        """The take test of the top discard: it joins a meld of the best partition."""
        return joins_best_meld(view, card)

    def draw(self, view: View) -> bool:
        top = view.top_discard
        take = top is not None and self.takes(view, top) and may_take(view, top)
        self.taken = top if take else None
        return take

    def buy(self, view: View) -> bool:
        top = view.top_discard
        if top is None or view.down or view.buys_made >= BASELINE_BUYS:
            return False
        return joins_best_meld(view, top)

    def call_rummy(self, view: View) -> bool:
        return self.buy(view)

    def play(self, view: View) -> Play:
        taken, self.taken = self.taken, None
        plan = lay_down(view) or Play()
        if plan.discard is not None or view.rules.play_or_draw:
            return plan  # a win, hand rummy or knock fixes its discard; no discard at all
        left = left_after(view.hand, plan)
        card = least_deadwood_discard(left, view.rules, taken)
        return dataclasses.replace(plan, discard=card)

    def defend(self, view: View, melds: Melds, gin: bool) -> Play:
        return defence(view, melds, gin)
