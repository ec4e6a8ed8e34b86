"""The budget of the request being served, and its hard backstop.

The library stops its searches on the budget's work allowance, the same way on every run.
Work the allowance does not count (building one large model, the engine's sweeps) is
stopped by a watchdog thread, which raises ``BudgetExhausted`` in a request thread still
working ``OVERRUN`` seconds past its deadline. A library that can answer from what it
established catches it and stops the budget (the advice: ``optimal: false``); the
watchdog then leaves it ``FINISH`` seconds to assemble the answer before raising again.
Uncaught, the error handler answers 503. A thread busy inside a CP-SAT solve gets it when
the solve returns, which the solve's own wall-clock guard (the deadline) keeps short.
"""

from __future__ import annotations

import ctypes
import heapq
import itertools
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from flask import current_app, g

from solver.budget import Budget, BudgetExhausted

# Past its deadline a request may work this long before it is stopped: the answer (a 503)
# then still leaves within the documented half second.
OVERRUN = 0.2
# A stopped budget's answer is assembled from figures already known: a few milliseconds;
# past this the watchdog raises again, so the 503 still leaves within half a second.
FINISH = 0.15
_AGAIN = 0.05


def start() -> None:
    # the solver's limit is the whole request's allowance of work: the rest of the wall
    # budget is room for the work it does not count (model building, the engine)
    config = current_app.config
    g.budget = Budget.of(float(config["REQUEST_TIME_LIMIT"]), float(config["SOLVER_TIME_LIMIT"]))


def current() -> Budget:
    """This request's budget (a fresh one outside a request that started one)."""
    budget = g.get("budget")
    if not isinstance(budget, Budget):
        start()
        budget = g.budget
    assert isinstance(budget, Budget)
    return budget


@dataclass
class _Guard:
    deadline: float  # time.monotonic()
    thread_id: int
    budget: Budget
    done: bool = False
    finishing: bool = False  # the budget was stopped: the deadline was moved by FINISH
    lock: threading.Lock = field(default_factory=threading.Lock)


class _Watchdog:
    """One thread per process; it wakes at the earliest deadline of the guarded work."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[tuple[float, int, _Guard]] = []
        self._seq = itertools.count()
        self._pid = 0

    def watch(self, guard: _Guard) -> None:
        with self._cond:
            if self._pid != os.getpid():  # first use in this (forked) process
                self._pid = os.getpid()
                self._heap = []
                threading.Thread(target=self._run, name="budget-watchdog", daemon=True).start()
            heapq.heappush(self._heap, (guard.deadline, next(self._seq), guard))
            # the thread sleeps until the earliest deadline; waking it for a later one (the
            # usual case: every request has the same budget) would cost every request a
            # thread switch, and finished guards are dropped when it wakes anyway
            if self._heap[0][2] is guard:
                self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._heap or self._heap[0][2].done:
                    if self._heap:
                        heapq.heappop(self._heap)
                        continue
                    self._cond.wait()
                deadline, _, guard = self._heap[0]
                wait = deadline - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                heapq.heappop(self._heap)
            with guard.lock, guard.budget.lock:
                if guard.done:
                    continue
                if guard.budget.stopped and not guard.finishing:
                    guard.finishing = True
                    guard.deadline += FINISH
                else:
                    ctypes.pythonapi.PyThreadState_SetAsyncExc(
                        ctypes.c_ulong(guard.thread_id), ctypes.py_object(BudgetExhausted)
                    )
                    # raised inside a gc or weakref callback, the exception is ignored: try
                    # again until the guarded work is over
                    guard.deadline = time.monotonic() + _AGAIN
            with self._cond:
                heapq.heappush(self._heap, (guard.deadline, next(self._seq), guard))


_WATCHDOG = _Watchdog()


@contextmanager
def enforced(budget: Budget) -> Iterator[None]:
    """Run the body within ``budget``: past it by ``OVERRUN``, ``BudgetExhausted`` is raised
    in this thread. An unlimited budget is not watched."""
    if budget.deadline == float("inf"):
        yield
        return
    guard = _Guard(budget.deadline + OVERRUN, threading.get_ident(), budget)
    _WATCHDOG.watch(guard)
    try:
        yield
    finally:
        with guard.lock:
            guard.done = True
