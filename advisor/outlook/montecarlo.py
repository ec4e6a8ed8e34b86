"""Determinised Monte Carlo over hidden worlds where going out is a deadwood threshold
(``knock_max``; docs/advisor.md, "Effort"): the discard, the draw and the knock of
``standard`` and ``deep`` (``WORLDS``).

A world deals what the player cannot see, consistently with its view: the next player's
hand (the cards it took from the pile and still holds, the rest drawn from the unseen
cards) and the stock's order (the other unseen cards, shuffled). A real opponent has
been keeping melds since the deal, so a uniform hand would be too weak: each world keeps
the least-deadwood of several uniform draws that fit its moves (the cards it took meld,
the pile's top cards it refused do not), more of them the more cards the pile holds
(``strength``). Every option is played out to the end of the hand in the same worlds
(common random numbers), both seats by the EAAI baseline's policy (``playout``), and
scored by the points it wins or pays. An option is worth its points and ``HAND_WON``
for each hand won, less as much for each lost: the advice is judged by hands won as much
as by points.

The options' worths differ by less than the play-outs' spread, so a decision leaves the
look-ahead's choice (the incumbent) only when a challenger's mean worth, paired world by
world, is higher by ``GATE`` standard errors: deviating on noise plays worse than the
look-ahead (a lesson of jdh8/gin-rummy-engine's Monte Carlo bot, and of tuning seed 42
here, docs/sim.md).

The worlds come from a seed derived from the request: the same request gives the same
worlds, and so the same answer.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from advisor.context import Context
from advisor.outlook.masks import MeldMasks
from advisor.outlook.playout import Playout, World, seed_of
from advisor.results import Effort, Playouts

# the decisions played out, each with worlds of its own (the seed names it)
Decision = Literal["discard", "draw", "knock"]
# worlds per decision and level: ``standard`` plays out its discard, draw and knock in 128
# (docs/sim.md, nineteenth step: more hands and points won against ``simple`` than the
# knock alone, within its speed); ``deep`` in 512, which with the gate at one standard
# error let more real differences through (evaluation seed 274, docs/sim.md: 59.3% of
# hands against ``simple`` where 128 won 58.1%; at a gate of 2, 256 had won less, tuning
# seeds 51-52 and 78-79; 1024 won less on tuning seed 95)
WORLDS: dict[Decision, dict[Effort, int]] = {
    "discard": {Effort.STANDARD: 128, Effort.DEEP: 512},
    "draw": {Effort.STANDARD: 128, Effort.DEEP: 512},
    "knock": {Effort.STANDARD: 128, Effort.DEEP: 512},
}
# options played out in a discard per level: the first of the look-ahead's order (6 at
# ``deep`` won more than 4 on evaluation seed 276, and at ``standard`` on 281; docs/sim.md,
# twenty-second and twenty-third steps)
PLAYED_OUT: dict[Effort, int] = {Effort.STANDARD: 6, Effort.DEEP: 6}
# standard errors by which a challenger's paired mean must pass the incumbent's: 2 while
# the worlds' opponent was too weak (tuning seeds 51-52: at 1 the deviations lost
# games); 1 in worlds that judge it right (evaluation seed 270, docs/sim.md: 1.3 hands
# in a hundred more against ``simple``, and more points)
GATE = 1.0
# what a hand won counts beside its points when the play-outs choose, and a hand lost
# against them (tuning seeds 63 and 64, docs/sim.md: against ``fast``, 0.7 hands in a
# hundred more won for 0.3-0.4 points a hand fewer; the traditional score's box bonus
# is 25)
HAND_WON = 25
HAND_WON_TEXT = f"a hand won counts {HAND_WON} points beside its points, a hand lost as much"
# uniform hands drawn per world, at most, times ``strength``, to find that many that fit
# the next player's moves
TRIES = 8
# the pile's top cards the next player refused lately: heads-up, each was its own throw
# or one of the player's it passed over (the EAAI baseline takes a card that melds)
REFUSED = 4


def strength(pile: int) -> int:
    """Uniform hands drawn per world, the least deadwood kept: one at the deal, then two
    more for every card on the pile after the first (the opponent has kept the best of
    what it saw). Measured against the EAAI baseline's real hands (``bench/worlds.py``,
    tuning seed 76): from the ninth discard on the worlds' opponent holds within half a
    point of the baseline's mean deadwood, where one more for every two cards on the
    pile left it 7-9 points weaker from the fifth (docs/sim.md, twentieth step)."""
    return max(1, 2 * pile - 2)


def sample_worlds(
    masks: MeldMasks,
    live: Sequence[int],
    taken: Sequence[int],
    their_cards: int,
    pile: int,
    count: int,
    seed: int,
    draws_of: Callable[[int], int] = strength,
    refused: Sequence[int] = (),
) -> list[World]:
    """``count`` worlds: ``live`` the copies of each card id unseen by the player (one
    each in the packs this applies to), ``taken`` the ids the next player took and still
    holds, ``their_cards`` its hand's size, ``pile`` the discard pile's size;
    ``draws_of``: uniform hands drawn per world for a pile's size (``bench/worlds.py``
    compares rules); ``refused``: ids the next player threw or passed over lately, with
    none of which its hand should make a meld."""
    rng = random.Random(seed)
    took = set(taken)
    pool = sorted(c for c, n in enumerate(live) if n and c not in took)
    known = 0
    for c in taken:
        known |= 1 << c
    pairs = [pair for c in refused for pair in masks.partners[c]]
    hidden = max(0, min(len(pool), their_cards - len(taken)))
    draws = draws_of(pile)
    out = []
    for _ in range(count):
        # a card it took from the pile it took for a meld, and one it threw or let pass
        # it did not want: the least deadwood of the first hands in which the one melds
        # and the other would not (compiled: ``Kernel.best_of``); a hand that does not
        # fit only when none does
        theirs = masks.best_of(
            pool, known, hidden, draws, TRIES * draws, taken, pairs, rng.getrandbits(64)
        )
        stock = [c for c in pool if not theirs >> c & 1]
        rng.shuffle(stock)
        out.append(World(theirs, tuple(stock)))
    return out


@dataclass(frozen=True)
class Scores:
    """One option's points in each world, in world order."""

    points: tuple[int, ...]

    @property
    def mean(self) -> float:
        return sum(self.points) / len(self.points) if self.points else 0.0

    @property
    def worth(self) -> tuple[int, ...]:
        """What the play-outs choose by: each world's points, ``HAND_WON`` more for a
        hand won and less for a hand lost (a void hand 0)."""
        return tuple(p + HAND_WON if p > 0 else p - HAND_WON if p < 0 else 0 for p in self.points)

    @property
    def won(self) -> float:
        """The share of worlds in which the hand is won."""
        return sum(1 for p in self.points if p > 0) / len(self.points) if self.points else 0.0

    def summary(self) -> str:
        return f"wins {self.won:.0%} of hands and {self.mean:+.1f} points on average"

    def playouts(self) -> Playouts:
        return Playouts(len(self.points), round(self.won, 4), round(self.mean, 2))


def beats(challenger: Scores, incumbent: Scores, gate: float = GATE) -> bool:
    """The challenger's mean worth, paired world by world, passes the incumbent's by
    ``gate`` standard errors."""
    diffs = [a - b for a, b in zip(challenger.worth, incumbent.worth, strict=True)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    if mean <= 0:
        return False
    var = sum((d - mean) ** 2 for d in diffs) / n
    return mean > gate * math.sqrt(var / n)


def choose(scored: Sequence[Scores], gate: float = GATE) -> int:
    """The index of the option to play: the incumbent (0) unless some challenger beats it,
    then the best mean worth of those that do."""
    best = 0
    for i in range(1, len(scored)):
        if beats(scored[i], scored[0], gate) and (
            best == 0 or sum(scored[i].worth) > sum(scored[best].worth)
        ):
            best = i
    return best


@dataclass(frozen=True)
class Rollouts:
    """The options of one decision played out in the same worlds."""

    masks: MeldMasks
    knock_max: int
    po: Playout
    worlds: tuple[World, ...]

    @staticmethod
    def of(ctx: Context, kind: Decision) -> Rollouts | None:
        """The worlds of the advice's level for a decision of ``kind`` (its seed), or None
        where the level or the rules play none out, or the budget has run out."""
        count = WORLDS[kind].get(ctx.effort)
        rules = ctx.rules
        masks = MeldMasks.of(rules)
        if count is None or masks is None or rules.knock_max is None:
            return None
        if ctx.budget is not None and ctx.budget.expired:
            ctx.optimal = False
            return None
        sit = ctx.sit
        taken = [c.id for c in sit.seen]
        seed = seed_of("worlds", kind, ctx.effort, sit.hand, sit.discard_pile, sit.seen)
        # only heads-up was every pile card offered to the next player
        heads_up = rules.max_players == 2
        refused = [c.id for c in sit.discard_pile[-REFUSED:]] if heads_up else []
        found = sample_worlds(
            masks,
            ctx.live,
            taken,
            rules.hand_size,
            len(sit.discard_pile),
            count,
            seed,
            refused=refused,
        )
        if not found:
            return None
        return Rollouts(masks, rules.knock_max, Playout(rules, masks), tuple(found))

    def after_discard(self, hand: int, thrown: int) -> Scores:
        """``hand``: after throwing ``thrown`` without going out; the next player moves."""
        return Scores(
            tuple(self.po.play(hand, w.their_hand, thrown, w.stock, 1)[0] for w in self.worlds)
        )

    def knock(self, hand: int) -> Scores:
        """Going out with ``hand`` (after the knock's discard), the next player laying off."""
        return Scores(tuple(self.po.settle(hand, w.their_hand) for w in self.worlds))

    def _after_draw(self, hand: int, card: int, keep: int, w: World, drawn: int) -> int:
        held = hand | 1 << card
        dead, thrown = self.masks.least_after_discard(held, keep)
        left = held & ~(1 << thrown)
        if dead <= self.knock_max:
            return self.po.settle(left, w.their_hand)
        return self.po.play(left, w.their_hand, thrown, w.stock, 1, drawn)[0]

    def after_take(self, hand: int, top: int) -> Scores:
        """Taking ``top`` (not thrown back), the least-deadwood throw, going out if it can."""
        return Scores(tuple(self._after_draw(hand, top, 1 << top, w, 0) for w in self.worlds))

    def after_stock(self, hand: int) -> Scores:
        """Drawing the world's next stock card, then as ``after_take``."""
        return Scores(
            tuple(
                self._after_draw(hand, w.stock[0], 0, w, 1) if w.stock else 0 for w in self.worlds
            )
        )
