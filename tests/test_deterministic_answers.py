"""A time-limited answer is a function of the request, not of the machine's load: solves
stop on CP-SAT's deterministic time, and the wall clock is only the backstop."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from api_support import HARD_GIN, make_client
from flask.testing import FlaskClient

from solver.budget import Budget
from solver.cards import parse_cards
from solver.rules import make_rules
from solver.solve import solve
from solver.speed import WORK_PER_SECOND

# twenty cards of three decks and six jokers holding the round-1 contract: going down is a
# solve the allowance cuts short
LIVERPOOL_20 = {
    "variant": "liverpool",
    "round": 1,
    "rules": {"decks": 3, "jokers": 6},
    "hand": "QH 2H 5H TH 2C 3D 2C AS JK 3H 3S 9S 9D 6C 8H JD 2H TC 6D 8C",
}
_BURN = "import time\nt = time.monotonic()\nwhile time.monotonic() - t < 4: pass\n"


@contextmanager
def _cpu_load(processes: int = 2) -> Iterator[None]:
    """Other processes keeping the cores busy (each stops by itself within 4 s)."""
    burners = [subprocess.Popen([sys.executable, "-c", _BURN]) for _ in range(processes)]
    try:
        time.sleep(0.2)  # let them start
        yield
    finally:
        for p in burners:
            p.kill()
            p.wait()


def _answers_idle_then_loaded(
    client: FlaskClient, path: str, body: object, idle: int
) -> list[bytes]:
    """The answer bodies of ``idle`` requests, then of one sent while the cores are busy."""
    bodies = [client.post(path, json=body).get_data() for _ in range(idle)]
    with _cpu_load():
        bodies.append(client.post(path, json=body).get_data())
    return bodies


def test_a_time_limited_solve_answers_the_same_bytes_loaded_or_not() -> None:
    client = make_client(SOLVER_TIME_LIMIT=0.3, REQUEST_TIME_LIMIT=5.0)
    bodies = _answers_idle_then_loaded(client, "/v1/solve", HARD_GIN, 3)
    answer = client.post("/v1/solve", json=HARD_GIN).get_json()
    assert answer["optimal"] is False  # the limit did cut it short
    assert all(b == bodies[0] for b in bodies), [b[:120] for b in bodies]


def test_an_advice_cut_by_its_work_allowance_answers_the_same_bytes_loaded_or_not() -> None:
    # the allowance (SOLVER_TIME_LIMIT of work) cuts it; the deadline is far. The engine's
    # states are charged to it too: this much lets the engine finish and cuts the solve
    client = make_client(SOLVER_TIME_LIMIT=0.25, REQUEST_TIME_LIMIT=8.0)
    bodies = _answers_idle_then_loaded(client, "/v1/advise", LIVERPOOL_20, 2)
    answer = client.post("/v1/advise", json=LIVERPOOL_20).get_json()
    assert answer["optimal"] is False
    assert answer["lay_down"] is not None  # what the cut solve found is still laid down
    assert all(b == bodies[0] for b in bodies), [b[:120] for b in bodies]


def test_the_library_solve_stopped_by_its_limit_is_reproducible_under_load() -> None:
    hand, rules = parse_cards(HARD_GIN["hand"]), make_rules("gin", HARD_GIN["rules"])
    first = solve(hand, rules, time_limit=0.2)
    with _cpu_load():
        loaded = solve(hand, rules, time_limit=0.2)
    assert not first.optimal
    assert loaded == first


def test_the_work_a_solve_may_do_depends_on_work_done_not_on_the_clock() -> None:
    budget = Budget.of(0.3)
    time.sleep(0.2)
    assert budget.limit(1.0) == 0.3
    budget.spend(0.1 * WORK_PER_SECOND)
    assert abs(budget.limit(1.0) - 0.2) < 1e-9
    assert not budget.expired


def test_a_spent_allowance_is_expired_before_the_deadline() -> None:
    budget = Budget.of(60.0)
    budget.spend(60.0 * WORK_PER_SECOND)
    assert budget.expired and not budget.overdue
