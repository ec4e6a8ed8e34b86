"""The runners on this machine: this process, or a pool of worker processes."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TypeVar

from sim.runner.base import WithWorkers, in_order

T = TypeVar("T")
R = TypeVar("R")


class InProcess:
    """Every item in this process, one after the other."""

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        return map(fn, items)


class Processes(WithWorkers):
    """``jobs`` worker processes forked from a fork server: a clean, single-threaded
    process that imported the work's module once, so a worker starts at once and inherits
    none of this process's threads."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self._context = multiprocessing.get_context("forkserver")
        self._pool: ProcessPoolExecutor | None = None

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        if self._pool is None:
            # read only when the fork server starts (ignored if it already runs)
            self._context.set_forkserver_preload([fn.__module__])
            self._pool = ProcessPoolExecutor(self.jobs, mp_context=self._context)
        pool = self._pool

        def submit(item: T) -> Future[R]:
            return pool.submit(fn, item)

        # a few items queued per worker, so none idles while its result is read
        return in_order(submit, Future.result, items, 4 * self.jobs)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
