"""glibc's malloc in a worker process: fewer arenas, and freed memory handed back.

A worker's threads each get a malloc arena of their own (up to eight per CPU), and an
arena keeps what was freed in it for its next allocations: with the engine's plans
evicted from one thread and built again in another, a worker's memory would be the sum
of every arena's peak. Two arenas (one for the request running advice, one for the rest)
and a trim after the engine cache evicts keep a worker near what it holds
(docs/operations.md, "Memory"). Elsewhere than glibc, both do nothing.
"""

from __future__ import annotations

import ctypes
from typing import Any

M_ARENA_MAX = -8  # glibc's malloc.h
ARENAS = 2


def _libc() -> Any:
    try:
        libc = ctypes.CDLL(None)  # the process's own C library
        libc.mallopt, libc.malloc_trim  # noqa: B018 - glibc's, or not there
    except (AttributeError, OSError):
        return None
    return libc


_LIBC = _libc()


def limit_arenas() -> bool:
    """At most ``ARENAS`` arenas from now on: call before the threads start."""
    return _LIBC is not None and bool(_LIBC.mallopt(M_ARENA_MAX, ARENAS))


def trim() -> None:
    """Hand the free pages of every arena back to the system."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)
