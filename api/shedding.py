"""Admission control: expensive endpoints run in lanes of bounded concurrency and queue.

Each worker process serves requests on a few threads. Advice and solves are CPU-bound, so
each has its own lane: a few run at once, a few more may wait (for at most a share of
their budget), and the rest are refused at once with 503 + Retry-After instead of hanging.
Cheap endpoints (/livez, /readyz, /metrics, /v1/validate, ...) take no lane, so a burst
of advice never starves them; separate lanes keep solves moving behind slow advice.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from flask import Flask, Response, current_app, g, request

from api import budget, metrics
from api.errors import problem

# Set when the worker is told to stop (SIGTERM): /readyz answers 503 from then on.
DRAINING = threading.Event()

# Endpoint -> lane. Score is a solve; a game's move runs bots (advice).
LANE_OF: dict[str, str] = {
    "/v1/advise": "advise",
    "/v1/solve": "solve",
    "/v1/score": "solve",
    "/v1/games": "games",
    "/v1/games/move": "games",
}
_LANES_KEY = "rummy.lanes"
# A queued request gives up after this share of its budget, keeping the rest for its work.
QUEUE_SHARE = 0.4


@dataclass
class Lane:
    """At most ``limit`` requests running and ``depth`` waiting, in one process."""

    name: str
    limit: int
    depth: int
    running: int = 0
    waiting: int = 0
    cond: threading.Condition = field(default_factory=threading.Condition)

    def enter(self, wait: float) -> str | None:
        """Take a place within ``wait`` seconds; None when taken, else why not."""
        with self.cond:
            if self.running < self.limit and not self.waiting:
                self._run()
                return None
            if self.waiting >= self.depth:
                return "queue_full"
            self.waiting += 1
            metrics.set_queued(self.name, self.waiting)
            deadline = time.monotonic() + wait
            try:
                while self.running >= self.limit:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return "queue_timeout"
                    self.cond.wait(left)
            finally:
                self.waiting -= 1
                metrics.set_queued(self.name, self.waiting)
            self._run()
            return None

    def _run(self) -> None:
        self.running += 1
        metrics.set_in_flight(self.name, self.running)

    def leave(self) -> None:
        with self.cond:
            self.running -= 1
            metrics.set_in_flight(self.name, self.running)
            self.cond.notify()


def _admit() -> Response | None:
    rule = request.url_rule.rule if request.url_rule is not None else None
    name = LANE_OF.get(rule or "")
    if name is None:
        return None
    lane: Lane = current_app.extensions[_LANES_KEY][name]
    why = lane.enter(QUEUE_SHARE * budget.current().remaining())
    if why is not None:
        metrics.record_shed(name, why)
        return problem(503, f"The server is busy ({name} requests: {why.replace('_', ' ')}).")
    g.lane = lane
    return None


def _release(error: BaseException | None) -> None:
    lane = g.pop("lane", None)
    if isinstance(lane, Lane):
        lane.leave()


def install(app: Flask) -> None:
    config = app.config
    app.extensions[_LANES_KEY] = {
        "advise": Lane("advise", config["ADVISE_CONCURRENCY"], config["QUEUE_DEPTH"]),
        "solve": Lane("solve", config["SOLVE_CONCURRENCY"], config["SOLVE_QUEUE_DEPTH"]),
        # a move's bot decisions are advice: the same bounds, in a lane of their own
        "games": Lane("games", config["ADVISE_CONCURRENCY"], config["QUEUE_DEPTH"]),
    }
    app.before_request(_admit)
    app.teardown_request(_release)
