"""A player that picks among legal moves at random (seeded): the floor any bot must beat."""

from __future__ import annotations

import dataclasses
import random

from sim.moves import Melds, Play, View
from sim.players.plans import BASELINE_BUYS, defence, lay_down, left_after, may_take


class RandomPlayer:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def draw(self, view: View) -> bool:
        top = view.top_discard
        return top is not None and self.rng.random() < 0.5 and may_take(view, top)

    def buy(self, view: View) -> bool:
        return not view.down and view.buys_made < BASELINE_BUYS and self.rng.random() < 0.25

    def call_rummy(self, view: View) -> bool:
        return self.buy(view)

    def play(self, view: View) -> Play:
        plan = lay_down(view)
        if plan is None or (view.obliged is None and self.rng.random() < 0.5):
            plan = Play()
        if plan.discard is not None or view.rules.play_or_draw:
            return plan  # a win, hand rummy or knock fixes its discard; or none is made
        # any prefix of the layoffs stays legal: each fits after the ones before it
        plan = dataclasses.replace(
            plan, layoffs=plan.layoffs[: self.rng.randint(0, len(plan.layoffs))]
        )
        left = left_after(view.hand, plan)
        return dataclasses.replace(plan, discard=self.rng.choice(left) if left else None)

    def defend(self, view: View, melds: Melds, gin: bool) -> Play:
        return defence(view, melds, gin)
