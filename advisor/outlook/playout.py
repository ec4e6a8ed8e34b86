"""Seeded Monte Carlo over hidden worlds for the look-ahead (rules with ``knock_max``).

A world deals what the player cannot see: the next player's hand (the cards it took
from the pile and still holds, then live cards at random) and the stock's order (the
other live cards, shuffled). Each option is played out in the same worlds by a fast
policy for both seats, the EAAI baseline's: take the top discard when it melds, throw
the card leaving the least deadwood, knock as soon as allowed. The knock is settled
as the rules score it, without layoffs; a stock run out voids the hand (0).

The worlds come from a seed derived from the request (``seed_of``): the same request
gives the same worlds, and so the same answer.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from advisor.outlook.masks import MeldMasks
from solver.rules import Rules

# a play-out ends after this many turns without a knock (a void hand, 0)
MAX_TURNS = 60


@dataclass(frozen=True)
class World:
    their_hand: int
    stock: tuple[int, ...]  # drawn from the front


def seed_of(*parts: object) -> int:
    """A seed from the request's contents (its cards and rules, as text)."""
    text = "|".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def worlds(
    live: Sequence[int], taken: Sequence[int], their_cards: int, samples: int, seed: int
) -> list[World]:
    """``samples`` worlds: ``live`` card ids unseen by the player (one copy each),
    ``taken`` the next player's known cards."""
    rng = random.Random(seed)
    pool = sorted(set(live) - set(taken))
    hidden = max(0, min(len(pool), their_cards - len(taken)))
    out = []
    for _ in range(samples):
        cards = pool[:]
        rng.shuffle(cards)
        hand = 0
        for c in (*taken, *cards[:hidden]):
            hand |= 1 << c
        out.append(World(hand, tuple(cards[hidden:])))
    return out


class Playout:
    def __init__(self, rules: Rules, masks: MeldMasks) -> None:
        assert rules.knock_max is not None
        self.knock_max = rules.knock_max
        self.gin_bonus = rules.gin_bonus
        self.undercut_bonus = rules.undercut_bonus
        self.masks = masks

    def settle(self, knocker: int, defender: int) -> int:
        """The knocker's points (negative: it pays), from the two hands after the knock's
        discard, without layoffs."""
        dk, dd = self.masks.least(knocker), self.masks.least(defender)
        if dk == 0:
            return dd + self.gin_bonus
        if dd <= dk:
            return -(dk - dd + self.undercut_bonus)
        return dd - dk

    def melds(self, hand: int, card: int) -> bool:
        """``card`` is not deadwood in a best partition of ``hand`` with it."""
        least = self.masks.least
        return least(hand | (1 << card)) - least(hand) < self.masks.value[card]

    def play(
        self, mine: int, theirs: int, top: int, stock: Sequence[int], mover: int, drawn: int = 0
    ) -> tuple[int, bool]:
        """(my points, whether I went out) from the position: hands ``mine`` and
        ``theirs`` (before drawing), ``top`` the top discard, ``mover`` 1 when the next
        player moves first; ``drawn``: stock cards already drawn."""
        hands = [mine, theirs]
        masks = self.masks
        i = drawn
        p = mover
        for _ in range(MAX_TURNS):
            hand = hands[p]
            keep = 0
            if top >= 0 and self.melds(hand, top):
                hand |= 1 << top
                keep = 1 << top
            elif i < len(stock):
                hand |= 1 << stock[i]
                i += 1
            else:
                return 0, False
            dead, card = masks.least_after_discard(hand, keep)
            hand &= ~(1 << card)
            if dead <= self.knock_max:
                won = self.settle(hand, hands[1 - p])
                return (won, True) if p == 0 else (-won, False)
            hands[p] = hand
            top = card
            p = 1 - p
        return 0, False
