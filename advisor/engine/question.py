"""What the engine is asked (a hand's goal) and what it answers (cards needed and outs)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from solver.goals import Goal
from solver.melds import Meld
from solver.rules import Contract, Rules


@dataclass(frozen=True)
class Question:
    """What the hand must reach (RULES.md section 4).

    ``reserve``: cards kept out of the melds as the final discard (0 or 1).
    ``table``: legal table melds that cards may be laid off onto. ``new_melds``: False
    for Liverpool after going down, where only layoffs remain and cards needed is the
    count of cards to shed.
    """

    rules: Rules
    goal: Goal
    reserve: int = 0
    contract: Contract | None = None
    table: tuple[Meld, ...] = ()
    new_melds: bool = True


@dataclass(frozen=True)
class Figures:
    """``needed`` is None when no live cards can ever reach the goal; ``outs``: card id to
    its live copies; ``optimal`` is False only when a budget guard ran out."""

    needed: int | None
    outs: Mapping[int, int] = field(default_factory=dict)
    optimal: bool = True
