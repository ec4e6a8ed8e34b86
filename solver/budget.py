"""A wall-clock budget shared by all the work of one request: parsing, model building, solves.

Passed explicitly (no global state). Library code asks ``limit(cap)`` for the time a solve
may take and checks ``expired`` between steps; a caller that runs out reports
``optimal: false`` or, with nothing known yet, raises ``BudgetExhausted``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

# A solve given less than this cannot answer anything useful; it still runs, briefly.
MIN_SOLVE_SECONDS = 0.005


@dataclass(frozen=True)
class Budget:
    """``deadline``: a ``time.monotonic()`` instant."""

    deadline: float
    started: float = field(default_factory=time.monotonic)

    @classmethod
    def of(cls, seconds: float) -> Budget:
        now = time.monotonic()
        return cls(now + seconds, now)

    @classmethod
    def unlimited(cls) -> Budget:
        return cls(float("inf"))

    def remaining(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    @property
    def expired(self) -> bool:
        return time.monotonic() >= self.deadline

    def limit(self, cap: float) -> float:
        """Seconds a solve may take: ``cap``, or what is left of the budget if less."""
        return max(MIN_SOLVE_SECONDS, min(cap, self.remaining()))


class BudgetExhausted(Exception):
    """A request's budget ran out before anything could be answered."""
