"""What every runner does: map a function over work items, the results in the items'
order whatever order the workers finish in, with a bounded number of items in flight."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol, Self, TypeVar

T = TypeVar("T")
R = TypeVar("R")
H = TypeVar("H")


class RunnerUnavailable(Exception):
    """A runner that cannot start here (Ray is not installed, no cluster answers)."""


class Runner(Protocol):
    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``fn`` over ``items``, the results in the items' order. ``fn`` and the items
        must pickle: a module-level function and plain data."""
        ...


class WithWorkers:
    """A runner that holds workers: used in a ``with``, it releases them at its end."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def in_order(
    submit: Callable[[T], H], collect: Callable[[H], R], items: Iterable[T], window: int
) -> Iterator[R]:
    """Keep up to ``window`` items submitted (``submit`` returns a handle) and yield each
    result (``collect`` of its handle) in turn; the workers meanwhile play the others."""
    pending: deque[H] = deque()
    for item in items:
        pending.append(submit(item))
        if len(pending) >= window:
            yield collect(pending.popleft())
    while pending:
        yield collect(pending.popleft())
