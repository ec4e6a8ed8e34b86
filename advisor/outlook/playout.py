"""The play-out of a hidden world (rules with ``knock_max``): both seats by a fast
policy, the EAAI baseline's: take the top discard when it melds, throw the card leaving
the least deadwood, knock as soon as allowed. The knock is settled as the rules score
it: the knocker shows a least-deadwood partition, the defender lays off onto its melds
(not onto gin) what leaves it the least deadwood; a stock run out voids the hand (0).
``montecarlo`` deals the worlds, from a seed derived from the request (``seed_of``): the
same request gives the same worlds, and so the same answer.
"""

from __future__ import annotations

import hashlib
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


class Playout:
    def __init__(self, rules: Rules, masks: MeldMasks) -> None:
        assert rules.knock_max is not None
        self.knock_max = rules.knock_max
        self.gin_bonus = rules.gin_bonus
        self.undercut_bonus = rules.undercut_bonus
        self.masks = masks

    def settle(self, knocker: int, defender: int) -> int:
        """The knocker's points (negative: it pays), from the two hands after the knock's
        discard, the defender laying off onto the knocker's melds (not onto gin): gin
        wins the defender's deadwood and ``gin_bonus``; a defender at or below the
        knocker's deadwood undercuts it (the difference and ``undercut_bonus``); else
        the knocker wins the difference (compiled)."""
        return self.masks.settle(knocker, defender, self.gin_bonus, self.undercut_bonus)

    def play(
        self,
        mine: int,
        theirs: int,
        top: int,
        stock: Sequence[int],
        mover: int,
        drawn: int = 0,
    ) -> tuple[int, bool]:
        """(my points, whether I went out) from the position: hands ``mine`` and
        ``theirs`` (before drawing), ``top`` the top discard, ``mover`` 1 when the next
        player moves first; ``drawn``: stock cards already drawn. Each seat takes the top
        discard when it melds (it is not deadwood in a best partition with it), else
        draws, throws the least-deadwood card and knocks as soon as allowed (compiled:
        ``MeldMasks.play``); no knock within ``MAX_TURNS`` turns or a stock run out is a
        void hand, 0."""
        return self.masks.play(
            mine,
            theirs,
            top,
            stock,
            mover,
            drawn,
            self.knock_max,
            self.gin_bonus,
            self.undercut_bonus,
            MAX_TURNS,
        )
