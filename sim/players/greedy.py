"""The baseline of the gin literature: take the discard only when it completes a meld, lay
down as soon as allowed, throw the highest-valued card not in a meld."""

from __future__ import annotations

import dataclasses

from sim.moves import Melds, Play, View
from sim.players.plans import (
    BASELINE_BUYS,
    completes_meld,
    defence,
    highest_deadwood,
    lay_down,
    left_after,
    may_take,
)


class GreedyPlayer:
    def draw(self, view: View) -> bool:
        top = view.top_discard
        return top is not None and completes_meld(view, top) and may_take(view, top)

    def buy(self, view: View) -> bool:
        top = view.top_discard
        if top is None or view.down or view.buys_made >= BASELINE_BUYS:
            return False
        return completes_meld(view, top)

    def call_rummy(self, view: View) -> bool:
        return self.buy(view)

    def play(self, view: View) -> Play:
        plan = lay_down(view) or Play()
        if plan.discard is not None or view.rules.play_or_draw:
            return plan
        left = left_after(view.hand, plan)
        return dataclasses.replace(plan, discard=highest_deadwood(left, view.rules))

    def defend(self, view: View, melds: Melds, gin: bool) -> Play:
        return defence(view, melds, gin)
