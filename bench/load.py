"""Load benchmark (not a test): the real gunicorn (2 workers) on loopback, mixed traffic.

Three phases, each a fixed number of seconds with a fixed set of client threads:
  1. unloaded: solve clients alone (the reference solve p99);
  2. mixed: /livez, /v1/solve and /v1/advise clients together;
  3. slow: the mix plus clients sending slow advice (a hard Liverpool hand).
Per endpoint: answers, throughput, p50/p99/max latency, answers by status (connection
errors and client timeouts included), and answers later than the budget + 0.5 s.
Targets: no 500 in any phase; nothing past its budget + 0.5 s; in the slow phase, solve
p99 at most 10 times its unloaded p99.

    .venv/bin/python bench/load.py [--seconds 10] [--clients 2] [--slow 2]
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py shadows the standard library's ``http`` while this folder leads sys.path.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent / "tests"))

import argparse  # noqa: E402
import statistics  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from typing import Any  # noqa: E402

import requests  # noqa: E402
from server_process import gunicorn_server  # noqa: E402

REQUEST_BUDGET = 2.5  # the default REQUEST_TIME_LIMIT; a late answer is one past this + 0.5 s
SOLVE_BODIES: list[dict[str, Any]] = [
    {"variant": "gin", "hand": "AS 2S 3S 7H 7D 7C JD QD KD 5C"},
    {"variant": "liverpool", "round": 2, "hand": "3H 4H 5H 6H 9S 9D 9C 2C KD QS"},
    {"variant": "rummy40", "hand": "QS QH QD 9C TC JC 3D 5H 8S AH KH 4C 6D"},
    {"variant": "israeli", "hand": "AS 2S 3S 4S 7H 7D 7C KD QD JD 5C 5H 5S 9C"},
]
ADVISE_BODIES: list[dict[str, Any]] = [
    {"variant": "gin", "hand": "AS 2S 3S 7H 7D 7C JD QD KD 5C 9H"},
    {"variant": "gin", "phase": "draw", "hand": "AS 2S 3S 7H 7D 7C JD QD 5C 9H"},
]
SLOW_ADVICE: dict[str, Any] = {
    "variant": "liverpool",
    "round": 6,
    "rules": {"decks": 3},
    "hand": ["2S", "2H", "2D", "2C", "2S", "2H", "2D", "2C", "5D", "6C", "9H", "KS", "QD", "7C"],
}

Call = Callable[[requests.Session, int], requests.Response]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)
    late: int = 0


def _client(call: Call, until: float, tally: Tally, lock: threading.Lock) -> None:
    session = requests.Session()
    i = 0
    while time.monotonic() < until:
        started = time.perf_counter()
        try:
            status = str(call(session, i).status_code)
        except requests.Timeout:
            status = "client-timeout"
        except requests.ConnectionError:
            status = "connection-error"
            session = requests.Session()
        elapsed = time.perf_counter() - started
        with lock:
            tally.latencies.append(elapsed)
            tally.statuses[status] += 1
            tally.late += elapsed > REQUEST_BUDGET + 0.5
        i += 1


def phase(seconds: float, clients: dict[str, tuple[Call, int]]) -> dict[str, Tally]:
    """Run ``clients`` (name -> (call, thread count)) for ``seconds``; a tally per name."""
    until = time.monotonic() + seconds
    lock = threading.Lock()
    tallies = {name: Tally() for name in clients}
    threads = [
        threading.Thread(target=_client, args=(call, until, tallies[name], lock))
        for name, (call, count) in clients.items()
        for _ in range(count)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return tallies


def _p(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def report(title: str, seconds: float, tallies: dict[str, Tally]) -> None:
    print(f"\n{title}")
    print(
        f"{'endpoint':<14} {'answers':>7} {'req/s':>7} {'p50 ms':>8} {'p99 ms':>8}"
        f" {'max ms':>8} {'late':>4}  statuses"
    )
    for name, t in tallies.items():
        statuses = ", ".join(f"{k}: {v}" for k, v in sorted(t.statuses.items()))
        lat = t.latencies
        print(
            f"{name:<14} {len(lat):>7} {len(lat) / seconds:>7.1f} {_p(lat, 50) * 1000:>8.1f}"
            f" {_p(lat, 99) * 1000:>8.1f} {max(lat, default=0) * 1000:>8.1f} {t.late:>4}"
            f"  {statuses}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each phase")
    parser.add_argument("--clients", type=int, default=2, help="clients per endpoint")
    parser.add_argument("--slow", type=int, default=2, help="slow-advice clients")
    args = parser.parse_args()
    seconds = max(1.0, min(args.seconds, 120.0))
    n = max(1, min(args.clients, 16))
    slow = max(0, min(args.slow, 16))

    with gunicorn_server(workers=2) as base:

        def livez(s: requests.Session, i: int) -> requests.Response:
            return s.get(f"{base}/livez", timeout=60)

        def solve(s: requests.Session, i: int) -> requests.Response:
            return s.post(f"{base}/v1/solve", json=SOLVE_BODIES[i % len(SOLVE_BODIES)], timeout=60)

        def advise(s: requests.Session, i: int) -> requests.Response:
            body = ADVISE_BODIES[i % len(ADVISE_BODIES)]
            return s.post(f"{base}/v1/advise", json=body, timeout=60)

        def slow_advise(s: requests.Session, i: int) -> requests.Response:
            return s.post(f"{base}/v1/advise", json=SLOW_ADVICE, timeout=60)

        for body in SOLVE_BODIES:  # warm both workers
            for _ in range(2):
                requests.post(f"{base}/v1/solve", json=body, timeout=60)
        runs = [
            ("1. unloaded: solve alone", {"solve": (solve, n)}),
            (
                "2. mixed",
                {"livez": (livez, n), "solve": (solve, n), "advise": (advise, n)},
            ),
            (
                f"3. mixed + {slow} slow-advice clients",
                {
                    "livez": (livez, n),
                    "solve": (solve, n),
                    "advise": (advise, n),
                    "slow advise": (slow_advise, slow),
                },
            ),
        ]
        results = []
        for title, clients in runs:
            tallies = phase(seconds, clients)
            report(title, seconds, tallies)
            results.append(tallies)

    errors = sum(t.statuses["500"] for tallies in results for t in tallies.values())
    late = sum(t.late for tallies in results for t in tallies.values())
    base_p99 = _p(results[0]["solve"].latencies, 99)
    slow_p99 = _p(results[2]["solve"].latencies, 99)
    ratio = slow_p99 / base_p99
    print(f"\n500 answers: {errors} (target 0); past budget + 0.5 s: {late} (target 0)")
    print(f"solve p99 with slow advice / unloaded: {ratio:.1f}x (target <= 10x)")
    print("targets met" if errors == 0 and late == 0 and ratio <= 10 else "targets NOT met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
