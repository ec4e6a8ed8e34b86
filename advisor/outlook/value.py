"""What a hand is worth a few draws ahead, for the ``standard`` and ``deep`` advice.

The model (docs/advisor.md, "Effort"): the player draws from its live cards (every card
it does not see, each copy alike: the view says nothing more about the stock's order)
and after each draw throws the card leaving the least deadwood; a hand whose deadwood
is within ``knock_max`` goes out at once. A hand ending at deadwood ``x`` is worth
``KNOCK_GAIN - x`` (plus ``gin_bonus`` at 0) if it went out, else ``-x``: the points it
risks when the opponent goes out first. The options are compared by the expected worth
over every sequence of draws within the horizon, enumerated exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from advisor.outlook._masks import worth
from advisor.outlook.masks import MeldMasks
from solver.rules import Rules

# What a knock is expected to win beyond the knocker's own deadwood: about the
# deadwood an opponent holds when the knock comes (tuning seeds, docs/sim.md).
KNOCK_GAIN = 20
# What a throw that completes a meld of the next player's is expected to cost, times the
# chance that it does (tuning seeds).
FEED_COST = 8.0


@dataclass(frozen=True)
class Outlook:
    """``go_out_chance``: of going out within ``horizon`` draws; ``expected_points``:
    the model's worth of the hand (above); ``samples``: draw sequences weighed."""

    go_out_chance: float
    expected_points: float
    horizon: int
    samples: int


class Lookahead:
    def __init__(
        self,
        rules: Rules,
        masks: MeldMasks,
        live: Sequence[int],
        taken: Sequence[int] = (),
        their_cards: int = 0,
    ) -> None:
        """``taken``: card ids the opponents took from the pile and still hold;
        ``their_cards``: the cards the next player holds."""
        assert rules.knock_max is not None
        self.knock_max = rules.knock_max
        self.gin_bonus = rules.gin_bonus
        self.masks = masks
        self.live = [(c, n) for c, n in enumerate(live) if n]
        self.total = sum(n for _, n in self.live)
        self.taken = frozenset(taken)
        hidden = max(0, their_cards - len(self.taken))
        self.p_hidden = hidden / self.total if self.total else 0.0
        self.live_ids = frozenset(c for c, _ in self.live)

    def feed_chance(self, card: int) -> float:
        """The chance that ``card`` completes a meld with two cards of the next player's:
        each live card is in its hand with the same chance, a card it took surely."""
        miss = 1.0
        for pair in self.masks.partners[card]:
            p = 1.0
            while pair:
                bit = pair & -pair
                pair ^= bit
                c = bit.bit_length() - 1
                p *= 1.0 if c in self.taken else self.p_hidden if c in self.live_ids else 0.0
            miss *= 1.0 - p
        return 1.0 - miss

    def worth(self, deadwood: int) -> float:
        """The worth of a hand that can go out now at ``deadwood``, else of holding it
        (the kernel's, which ``outlook`` sums)."""
        return worth(deadwood, self.knock_max, KNOCK_GAIN, self.gin_bonus)

    def outlook(self, hand: int, horizon: int, thrown: int | None = None) -> Outlook:
        """``hand``: after the discard ``thrown``, before the next draw. Every sequence
        of ``horizon`` draws is walked (compiled: ``MeldMasks.walk``): each live card
        drawn with its share of the live copies, the least-deadwood throw after it, the
        hand's ``worth`` where it goes out, else its deadwood lost after the last draw."""
        out, worth, samples = self.masks.walk(
            hand, horizon, self.live, self.total, self.knock_max, KNOCK_GAIN, self.gin_bonus
        )
        if thrown is not None:
            worth -= FEED_COST * self.feed_chance(thrown)
        return Outlook(round(out, 4), round(worth, 2), horizon, samples)
