"""The budget shared by all the work of one request: a work allowance that decides the
answer, and a wall-clock deadline that only guards it.

CP-SAT counts its effort in deterministic time; with one worker and a fixed seed, a solve
stopped on it returns the same answer however loaded the machine is. So a budget of
``seconds`` allows ``seconds * WORK_PER_SECOND`` units of solver work, measured on this
machine (solver/speed.py), and whatever the allowance cuts short says
``optimal: false`` the same way every time. The deadline is the backstop for work the
allowance does not count: past it, searches stop where they stand (what they had not
settled stays unknown) or, with nothing known, ``BudgetExhausted`` is raised.

Passed explicitly (no global state). Library code asks ``limit(cap)`` for the seconds of
work a solve may do, charges what it did with ``spend``, and checks ``expired`` between
steps.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from solver.speed import WORK_PER_SECOND

# A solve given less than this cannot answer anything useful; it still runs, briefly.
MIN_SOLVE_SECONDS = 0.005


@dataclass
class Budget:
    """``deadline``: a ``time.monotonic()`` instant; ``work``: the allowance, in
    deterministic units (``spent`` so far)."""

    deadline: float
    work: float = float("inf")
    started: float = field(default_factory=time.monotonic)
    spent: float = 0.0
    # set once the work has been cut by the deadline and is only assembling its answer
    stopped: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)
    # the budget this one is a part of (``part``): what is spent here is spent there too
    whole: Budget | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, seconds: float, work_seconds: float | None = None) -> Budget:
        """A deadline ``seconds`` from now, and an allowance of ``work_seconds`` of work
        (default ``seconds``; less leaves the deadline room for the work not counted)."""
        now = time.monotonic()
        work = seconds if work_seconds is None else min(work_seconds, seconds)
        return cls(now + seconds, work * WORK_PER_SECOND, now)

    @classmethod
    def unlimited(cls) -> Budget:
        return cls(float("inf"))

    def remaining(self) -> float:
        """Wall-clock seconds left (the guard; never what decides an answer)."""
        return max(0.0, self.deadline - time.monotonic())

    @property
    def overdue(self) -> bool:
        return time.monotonic() >= self.deadline

    @property
    def work_left(self) -> float:
        return max(0.0, self.work - self.spent)

    @property
    def expired(self) -> bool:
        """The allowance is spent, or (the guard) the deadline has passed."""
        return self.work_left <= 0 or self.overdue

    def limit(self, cap: float) -> float:
        """Seconds of work a solve may do: ``cap``, or what is left of the allowance if less
        (a function of the work done so far, not of the clock)."""
        return max(MIN_SOLVE_SECONDS, min(cap, self.work_left / WORK_PER_SECOND))

    def part(self) -> Budget:
        """A budget within this one, to count the work of one step apart: the same
        deadline and what is left of the allowance; what it spends, or a stop, counts
        here too.

        >>> whole = Budget(float("inf"), work=1.0)
        >>> step = whole.part()
        >>> step.spend(0.25)
        >>> step.spent, whole.spent, step.work_left, whole.work_left
        (0.25, 0.25, 0.75, 0.75)
        """
        return Budget(self.deadline, self.work_left, self.started, whole=self)

    def spend(self, units: float) -> None:
        self.spent += units
        if self.whole is not None:
            self.whole.spend(units)

    def stop(self) -> None:
        """The work was cut by the deadline; what follows only assembles the answer."""
        with self.lock:
            self.stopped = True
        if self.whole is not None:
            self.whole.stop()


class BudgetExhausted(Exception):
    """A request's budget ran out before anything could be answered."""
