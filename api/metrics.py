"""Prometheus metrics: per-endpoint request count and latency, solve time and status.

With ``PROMETHEUS_MULTIPROC_DIR`` set (gunicorn.conf.py does it) every worker writes its
samples there and /metrics merges them; otherwise the process's own registry serves.
"""

from __future__ import annotations

import os

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

from advisor.engine import cache_stats
from advisor.engine.cache import KINDS

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REQUESTS = Counter(
    "rummy_http_requests_total",
    "HTTP requests answered, by endpoint, method and status.",
    ["endpoint", "method", "status"],
)
LATENCY = Histogram(
    "rummy_http_request_duration_seconds",
    "Time to answer an HTTP request, by endpoint.",
    ["endpoint", "method"],
    buckets=LATENCY_BUCKETS,
)
SOLVES = Counter(
    "rummy_solves_total",
    "Solver runs, by variant, goal and status (optimal, time_limit).",
    ["variant", "goal", "status"],
)
SOLVE_TIME = Histogram(
    "rummy_solve_duration_seconds",
    "Time spent in the solver per request, by variant and goal.",
    ["variant", "goal"],
    buckets=LATENCY_BUCKETS,
)

TIMED_OUT = Counter(
    "rummy_http_requests_timed_out_total",
    "Requests whose time budget ran out before an answer (answered 503), by endpoint.",
    ["endpoint"],
)

IN_FLIGHT = Gauge(
    "rummy_http_in_flight",
    "Requests running now, by lane (advise, solve, games), summed over live workers.",
    ["lane"],
    multiprocess_mode="livesum",
)
QUEUED = Gauge(
    "rummy_http_queued",
    "Requests waiting for their lane now, summed over live workers.",
    ["lane"],
    multiprocess_mode="livesum",
)
SHED = Counter(
    "rummy_http_shed_total",
    "Requests refused with 503 at once, by lane and reason (queue_full, queue_timeout).",
    ["lane", "reason"],
)

# The engine's cache (advisor/engine/cache.py), per live worker (a ``pid`` label each).
CACHE_BYTES = Gauge(
    "rummy_engine_cache_bytes",
    "Bytes the advice engine keeps between requests, by cache (plans, layoffs, shared).",
    ["cache"],
    multiprocess_mode="liveall",
)
CACHE_ENTRIES = Gauge(
    "rummy_engine_cache_entries",
    "Entries the advice engine keeps between requests, by cache (plans, layoffs).",
    ["cache"],
    multiprocess_mode="liveall",
)
CACHE_HITS = Counter(
    "rummy_engine_cache_hits", "Engine cache lookups that found their entry, by cache.", ["cache"]
)
CACHE_MISSES = Counter(
    "rummy_engine_cache_misses", "Engine cache lookups that built their entry, by cache.", ["cache"]
)
CACHE_EVICTIONS = Counter(
    "rummy_engine_cache_evictions",
    "Engine cache entries evicted to fit the budget, by cache.",
    ["cache"],
)
for _kind in KINDS:  # every series from the start, at 0
    for _counter in (CACHE_HITS, CACHE_MISSES, CACHE_EVICTIONS):
        _counter.labels(_kind)
# the engine's own counts already sent, so that each request adds only what is new
_sent: dict[tuple[str, str], int] = {}

CONTENT_TYPE = CONTENT_TYPE_LATEST


def record_request(endpoint: str, method: str, status: int, seconds: float) -> None:
    REQUESTS.labels(endpoint, method, str(status)).inc()
    LATENCY.labels(endpoint, method).observe(seconds)


def record_solve(variant: str, goal: str, optimal: bool, seconds: float) -> None:
    SOLVES.labels(variant, goal, "optimal" if optimal else "time_limit").inc()
    SOLVE_TIME.labels(variant, goal).observe(seconds)


def set_in_flight(lane: str, count: int) -> None:
    IN_FLIGHT.labels(lane).set(count)


def set_queued(lane: str, count: int) -> None:
    QUEUED.labels(lane).set(count)


def record_shed(lane: str, reason: str) -> None:
    SHED.labels(lane, reason).inc()


def record_timeout(endpoint: str) -> None:
    TIMED_OUT.labels(endpoint).inc()


def record_engine_cache() -> bool:
    """The engine cache's figures now (after a request: cheap, the engine counts them);
    whether it evicted since the last call."""
    evicted = False
    stats = cache_stats()
    for kind, (held, entries) in stats.held.items():
        CACHE_BYTES.labels(kind).set(held)
        if kind != "shared":
            CACHE_ENTRIES.labels(kind).set(entries)
    for name, counter, counts in (
        ("hits", CACHE_HITS, stats.hits),
        ("misses", CACHE_MISSES, stats.misses),
        ("evictions", CACHE_EVICTIONS, stats.evictions),
    ):
        for kind, count in counts.items():
            new = count - _sent.get((name, kind), 0)
            if new > 0:
                counter.labels(kind).inc(new)
                _sent[(name, kind)] = count
                evicted = evicted or name == "evictions"
    return evicted


def exposition() -> bytes:
    """The metrics text: merged over the workers in multiprocess mode."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)
