"""Admission per lane (api/shedding.py): what waits and what is refused, stated as a client
sees it through one worker process."""

from __future__ import annotations

import threading

from api_support import HARD_GIN, make_app, problem_of
from werkzeug.test import TestResponse

# a round-6 hand holding five 2s: its advice takes a few tenths of a second (a second or
# more on a loaded machine)
SLOW_ADVICE = {
    "variant": "liverpool",
    "round": 6,
    "hand": "3H 3D 4D 7H 8H 6C KH JS 2C 2H 2C 2S 2D",
    "phase": "discard",
}


def _at_once(path: str, body: object, clients: int, **config: object) -> list[TestResponse]:
    """``clients`` requests sent together to one app (one worker's lanes)."""
    app = make_app(**{"REQUEST_TIME_LIMIT": 5.0, **config})
    start = threading.Barrier(clients)
    answers: list[TestResponse] = []
    lock = threading.Lock()

    def send() -> None:
        client = app.test_client()
        start.wait()
        r = client.post(path, json=body)
        with lock:
            answers.append(r)

    threads = [threading.Thread(target=send) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_four_solves_at_once_on_one_worker_are_all_answered() -> None:
    # a client's kept-alive connections may all land on one worker: solves take
    # milliseconds, so they wait their turn rather than being sent away
    answers = _at_once("/v1/solve", HARD_GIN, 4, SOLVER_TIME_LIMIT=0.2)
    assert [r.status_code for r in answers] == [200] * 4


def test_solves_beyond_the_solve_queue_are_refused_at_once() -> None:
    answers = _at_once("/v1/solve", HARD_GIN, 4, SOLVER_TIME_LIMIT=0.2, SOLVE_QUEUE_DEPTH=1)
    statuses = sorted(r.status_code for r in answers)
    assert statuses == [200, 200, 503, 503]
    for r in answers:
        if r.status_code == 503:
            assert "queue full" in problem_of(r, 503)["detail"]
            assert r.headers["Retry-After"] == "1"


def test_advice_keeps_its_own_shorter_queue() -> None:
    # a budget long enough that the queued advice never gives up waiting (a share of the
    # budget) however slow the machine: what is tested is the queue's depth
    answers = _at_once("/v1/advise", SLOW_ADVICE, 4, REQUEST_TIME_LIMIT=30.0)
    assert sorted(r.status_code for r in answers) == [200, 200, 200, 503]
