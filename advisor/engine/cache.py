"""What the engine keeps between requests, bounded in bytes (``ENGINE_CACHE_MB``).

Plans (their compiled tables grow with every hand asked about them) and layoff searches
(their memos) live in one least-recently-used store. An entry's size is
measured again after each use (a plan grows during a sweep), then the least recently used
entries go until the store and the shared run tables (``plan.shared_bytes``) fit the
budget; the entry just used goes too when it alone is beyond the budget, so one large
hand does not pin its peak for the life of the process. The shared run tables are
emptied when they hold more than half the budget and no sweep is running (every plan
is built on them, so the plans go with them).

A cache only saves time: an entry rebuilt gives the same answers (tests/test_engine_cache.py).
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

KINDS = ("plans", "layoffs")
DEFAULT_MB = 64.0


@dataclass
class _Entry:
    value: Any
    size: Callable[[], int]
    bytes: int


@dataclass(frozen=True)
class Stats:
    """Counts since the process started, and what is held now (bytes, entries) by kind;
    ``shared`` is the run tables every plan is built on."""

    limit: int
    held: dict[str, tuple[int, int]]
    hits: dict[str, int]
    misses: dict[str, int]
    evictions: dict[str, int]


class Store:
    def __init__(
        self, limit: int, shared_bytes: Callable[[], int], reset_shared: Callable[[], None]
    ):
        self.limit = limit
        self._shared_bytes, self._reset_shared = shared_bytes, reset_shared
        self._entries: OrderedDict[tuple[str, Hashable], _Entry] = OrderedDict()
        self._bytes = dict.fromkeys(KINDS, 0)
        self._count = dict.fromkeys(KINDS, 0)
        self.hits = dict.fromkeys(KINDS, 0)
        self.misses = dict.fromkeys(KINDS, 0)
        self.evictions = dict.fromkeys(KINDS, 0)
        self._lock = threading.RLock()
        self._running = 0  # sweeps and searches under way (threads of one worker)

    def get(self, kind: str, key: Hashable) -> Any:
        """The value kept for ``key``, or None; a hit makes it the most recently used."""
        with self._lock:
            entry = self._entries.get((kind, key))
            if entry is None:
                self.misses[kind] += 1
                return None
            self.hits[kind] += 1
            self._entries.move_to_end((kind, key))
            return entry.value

    def put(self, kind: str, key: Hashable, value: Any, size: Callable[[], int]) -> None:
        """Keep ``value``; ``size()`` tells its bytes now (asked again at each ``settle``)."""
        with self._lock:
            old = self._entries.pop((kind, key), None)
            if old is not None:
                self._forget(kind, old)
            entry = _Entry(value, size, size())
            self._entries[(kind, key)] = entry
            self._bytes[kind] += entry.bytes
            self._count[kind] += 1

    def touch(self, kind: str, key: Hashable) -> None:
        """Measure ``key``'s entry again (it grew) and fit the store to its budget."""
        with self._lock:
            entry = self._entries.get((kind, key))
            if entry is not None:
                now = entry.size()
                self._bytes[kind] += now - entry.bytes
                entry.bytes = now
            self.fit()

    def held(self) -> int:
        """Bytes held now: the entries and the shared run tables."""
        with self._lock:
            return sum(self._bytes.values()) + self._shared_bytes()

    @contextmanager
    def running(self) -> Iterator[None]:
        """Around a sweep or search: the shared tables are never emptied under one."""
        with self._lock:
            self._running += 1
        try:
            yield
        finally:
            with self._lock:
                self._running -= 1
                self.fit()

    def clear(self, kind: str | None = None) -> None:
        with self._lock:
            for k, entry in list(self._entries.items()):
                if kind is None or k[0] == kind:
                    del self._entries[k]
                    self._forget(k[0], entry)

    def stats(self) -> Stats:
        with self._lock:
            held = {k: (self._bytes[k], self._count[k]) for k in KINDS}
            held["shared"] = (self._shared_bytes(), 0)
            return Stats(self.limit, held, dict(self.hits), dict(self.misses), dict(self.evictions))

    def _forget(self, kind: str, entry: _Entry) -> None:
        self._bytes[kind] -= entry.bytes
        self._count[kind] -= 1

    def fit(self) -> None:
        """Evict the least recently used entries until the store fits its budget."""
        shared = self._shared_bytes()
        if shared > self.limit // 2 and not self._running:
            self.reset()
            shared = self._shared_bytes()
        while self._entries and sum(self._bytes.values()) + shared > self.limit:
            (kind, _), entry = self._entries.popitem(last=False)
            self._forget(kind, entry)
            self.evictions[kind] += 1

    def reset(self) -> None:
        """Empty the shared run tables and every plan built on them."""
        with self._lock:
            self.evictions["plans"] += self._count["plans"]
            self.clear("plans")
            self._reset_shared()


# A dict's slot and its share of the index, at the load a dict keeps.
SLOT = 40


def deep_size(obj: object, seen: set[int] | None = None) -> int:
    """Bytes of ``obj`` and of what its containers and attributes hold (each object once)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    total = sys.getsizeof(obj)
    if isinstance(obj, dict):
        total += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, list | tuple | set | frozenset):
        total += sum(deep_size(x, seen) for x in obj)
    elif hasattr(obj, "__dict__") and not isinstance(obj, type):
        total += deep_size(vars(obj), seen)
    return total


def flat_size(*objects: object) -> int:
    """Bytes of ``objects`` and of the items of those that are tuples or lists (one level:
    the packed moves, run entries and ids the engine keeps)."""
    total = 0
    for obj in objects:
        total += sys.getsizeof(obj)
        if isinstance(obj, list | tuple):
            total += sum(sys.getsizeof(x) for x in obj)
    return total
