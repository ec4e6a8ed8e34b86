"""The answer of a solve: the chosen melds, the deadwood and the figures around them."""

from __future__ import annotations

from dataclasses import dataclass

from solver.cards import Card
from solver.goals import Goal
from solver.melds import Meld


@dataclass(frozen=True)
class Placed:
    """A rack tile laid by a play of the goal ``place``, and the meld it went into (an
    index into the table after the play)."""

    card: Card
    meld: int


@dataclass(frozen=True)
class Solution:
    """``goal`` solved; ``feasible``: the goal is met by ``melds``; otherwise ``melds`` is the
    least-deadwood partition found with no goal, and ``feasible`` is None when the time
    limit stopped the search before the goal was proven out of reach. ``optimal`` is false
    only when the time limit stopped the search. ``discard``: the card kept out as the
    final discard, when one was reserved (for ``win`` it is also listed in ``deadwood``, as
    RULES.md says). The goal ``place`` (solver/place.py) also answers ``table``, the table
    after the play, ``placed``, where the rack's tiles went, and before the opening
    ``opening``, the opening's points; other goals leave them None."""

    goal: Goal
    feasible: bool | None
    optimal: bool
    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int
    discard: Card | None = None
    table: tuple[Meld, ...] | None = None
    placed: tuple[Placed, ...] | None = None
    opening: int | None = None

    @property
    def melded_points(self) -> int:
        return sum(m.points for m in self.melds)
