"""The race to go out, for the ``standard`` and ``deep`` advice where going out is a
deadwood threshold (``knock_max``): the chance that a hand has gone out within each of
the next draws, sampled over stock orders the player's view allows (docs/advisor.md,
"Effort").

An order is the live cards less those the opponents took from the pile, shuffled: each
card the player does not see is equally likely to come next. After each draw the hand
throws the card leaving the least deadwood and goes out as soon as its deadwood is
within ``knock_max``. Every option of a decision is raced over the same orders, so the
options differ by their cards and not by their luck. They are compared by the sum of
the chances (``Race.score``): the draws, of the next ``horizon``, at which the hand has
gone out, on average; one draw sooner is worth one.

The orders come from a seed derived from the request (``seed_of``): the same request
gives the same orders, and so the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import accumulate

from advisor.outlook.masks import MeldMasks
from advisor.outlook.playout import seed_of
from advisor.results import Effort, Race
from advisor.situation import Situation

# stock orders per effort, and the draws raced (measured on tuning seed 49, docs/sim.md;
# ``standard`` raced over 32 until 64 won more on evaluation seed 286, twenty-third step)
ORDERS = {Effort.STANDARD: 64, Effort.DEEP: 64}
HORIZON = 5
# options raced in a discard: the first of the fast order at the fewest cards needed
RACED = 4


class Racer:
    def __init__(
        self, masks: MeldMasks, knock_max: int, orders: Sequence[Sequence[int]], horizon: int
    ) -> None:
        self.masks = masks
        self.knock_max = knock_max
        self.orders = orders
        self.horizon = horizon

    @staticmethod
    def of(
        masks: MeldMasks, knock_max: int, sit: Situation, live: Sequence[int], effort: Effort
    ) -> Racer | None:
        """The racer of ``effort``'s orders, or None where ``effort`` does not race."""
        count = ORDERS.get(effort)
        if count is None:
            return None
        taken = {c.id for c in sit.seen}
        pool = [c for c, n in enumerate(live) if n and c not in taken]
        rng = random.Random(seed_of("race", effort, sit.hand, sit.discard_pile, sit.seen))
        orders = []
        for _ in range(count):
            rng.shuffle(pool)
            orders.append(tuple(pool[:HORIZON]))
        return Racer(masks, knock_max, orders, HORIZON)

    def after_discard(self, hand: int) -> Race:
        """``hand``: after its discard, before the next draw (a stock draw comes first)."""
        return self._race(hand, 0)

    def after_take(self, hand: int, top: int) -> Race:
        """Taking ``top`` (the first of the draws), then the best discard, then the stock."""
        dead, card = self.masks.least_after_discard(hand | (1 << top), keep=1 << top)
        if dead <= self.knock_max:
            return Race((1.0,) * self.horizon, self.horizon, len(self.orders), self.horizon)
        return self._race((hand | (1 << top)) & ~(1 << card), 1)

    def _race(self, start: int, done: int) -> Race:
        """``done`` draws of the horizon already made (not out after them)."""
        h = self.horizon
        # orders whose hand went out at each draw (compiled: ``MeldMasks.race``)
        out_at = self.masks.race(start, done, self.orders, h, self.knock_max)
        n = len(self.orders)
        gone = list(accumulate(out_at))
        chances = tuple(round(g / n, 4) for g in gone)
        return Race(chances, h, n, round(sum(gone) / n, 4))
