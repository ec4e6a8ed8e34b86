"""HTTP benchmark (not a test): gunicorn with 2 workers on loopback, concurrent clients.

Measures requests/s and p50/p99 latency of POST /v1/solve (realistic hands, several variants)
and GET /livez, in rounds that alternate the two, for a bounded number of requests, and the
CPU the server's workers and this client spent per request (Linux: from /proc), which says
which side bounds the rate. Targets: /v1/solve throughput at least half of /livez's (the
median of the rounds' ratios), p99 of /v1/solve at most 50 ms.

    .venv/bin/python bench/http.py [--requests 400] [--rounds 5] [--clients 4]
"""

from __future__ import annotations

import sys
from pathlib import Path

# This file's name shadows the standard library's ``http`` for anything imported while its
# folder leads sys.path (as it does for ``python bench/http.py``): take the folder out first.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent / "tests"))

import argparse  # noqa: E402
import itertools  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

import requests  # noqa: E402
from server_process import gunicorn_process  # noqa: E402

SOLVE_BODIES: list[dict[str, Any]] = [
    {"variant": "gin", "hand": "AS 2S 3S 7H 7D 7C JD QD KD 5C"},
    {"variant": "gin", "hand": "4H 5H 6H 9C 9S TD JD QD 2C KS 3D"},
    {"variant": "liverpool", "round": 1, "hand": "AS AD 2C 7H 7D 7C KD QD JD 5C"},
    {"variant": "liverpool", "round": 2, "hand": "3H 4H 5H 6H 9S 9D 9C 2C KD QS"},
    {"variant": "liverpool", "round": 3, "hand": "3H 4H 5H 6H 8S 9S TS JS 2D KC QD"},
    {"variant": "rummy40", "hand": "QS QH QD 9C TC JC 3D 5H 8S AH KH 4C 6D"},
    {"variant": "rummy40", "hand": "JK 7S 8S 9S KD KC KH 2D 4C 6H TS 3H AC"},
    {"variant": "israeli", "hand": "AS 2S 3S 4S 7H 7D 7C KD QD JD 5C 5H 5S 9C"},
    {"variant": "israeli", "hand": "AH 2H 3H 8D 8C 8S TC JC QC 4S 4D 4C 6H 9H 9D"},
]

TargetFn = Callable[[requests.Session, int], requests.Response]


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU of processes (all their threads) so far; 0 where /proc is not."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def run(name: str, call: TargetFn, total: int, clients: int, pids: list[int]) -> dict[str, Any]:
    counter = itertools.count()
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()

    def worker() -> None:
        nonlocal errors
        session = requests.Session()
        while (i := next(counter)) < total:
            started = time.perf_counter()
            try:
                ok = call(session, i).status_code == 200
            except requests.RequestException:  # a timeout under load is an error, not a crash
                ok = False
            elapsed = time.perf_counter() - started
            with lock:
                latencies.append(elapsed)
                if not ok:
                    errors += 1

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    server_before, client_before = cpu_seconds(pids), time.process_time()
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    server_cpu = cpu_seconds(pids) - server_before
    client_cpu = time.process_time() - client_before
    return {
        "name": name,
        "latencies": latencies,
        "errors": errors,
        "rps": len(latencies) / wall,
        "server_cpu_ms": server_cpu / len(latencies) * 1000,
        "client_cpu_ms": client_cpu / len(latencies) * 1000,
    }


def summary(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """One endpoint over every round: medians of the rates and CPU, percentiles of all
    latencies together."""
    latencies = [x for r in rounds for x in r["latencies"]]
    cuts = statistics.quantiles(latencies, n=100)
    return {
        "name": rounds[0]["name"],
        "requests": len(latencies),
        "errors": sum(r["errors"] for r in rounds),
        "rps": statistics.median(r["rps"] for r in rounds),
        "p50_ms": cuts[49] * 1000,
        "p99_ms": cuts[98] * 1000,
        "server_cpu_ms": statistics.median(r["server_cpu_ms"] for r in rounds),
        "client_cpu_ms": statistics.median(r["client_cpu_ms"] for r in rounds),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=400, help="requests per endpoint a round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of /livez then /v1/solve")
    parser.add_argument("--clients", type=int, default=4, help="concurrent clients")
    args = parser.parse_args()
    total = max(10, min(args.requests, 5000))
    rounds = max(1, min(args.rounds, 20))

    # no worker is recycled during the run: the rounds compare the endpoints, not restarts
    with gunicorn_process({"MAX_REQUESTS": "1000000"}, workers=2) as server:
        base, pids = server.url, server.worker_pids()

        def livez(session: requests.Session, i: int) -> requests.Response:
            return session.get(f"{base}/livez", timeout=10)

        def solve(session: requests.Session, i: int) -> requests.Response:
            body = SOLVE_BODIES[i % len(SOLVE_BODIES)]
            return session.post(f"{base}/v1/solve", json=body, timeout=10)

        for body in SOLVE_BODIES:  # warm both workers' solver and check the bodies
            for _ in range(2):
                r = requests.post(f"{base}/v1/solve", json=body, timeout=10)
                r.raise_for_status()
        # the endpoints alternate, so that the machine's drift (this VM's speed varies by
        # tens of percent from minute to minute) falls on both alike; the ratio is the
        # median of the rounds' ratios
        done: list[tuple[dict[str, Any], dict[str, Any]]] = []
        print(f"{'round':<6} {'livez req/s':>11} {'solve req/s':>11} {'ratio':>6}")
        for i in range(rounds):
            pair = (
                run("GET /livez", livez, total, args.clients, pids),
                run("POST /v1/solve", solve, total, args.clients, pids),
            )
            done.append(pair)
            print(
                f"{i + 1:<6} {pair[0]['rps']:>11.1f} {pair[1]['rps']:>11.1f} "
                f"{pair[1]['rps'] / pair[0]['rps']:>6.0%}"
            )
    rows = [summary([pair[k] for pair in done]) for k in (0, 1)]

    print(
        f"{'endpoint':<16} {'requests':>8} {'errors':>6} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8}"
        f" {'server cpu ms':>14} {'client cpu ms':>14}"
    )
    for row in rows:
        print(
            f"{row['name']:<16} {row['requests']:>8} {row['errors']:>6} {row['rps']:>8.1f}"
            f" {row['p50_ms']:>8.2f} {row['p99_ms']:>8.2f}"
            f" {row['server_cpu_ms']:>14.2f} {row['client_cpu_ms']:>14.2f}"
        )
    ratio = statistics.median(solve["rps"] / livez["rps"] for livez, solve in done)
    ok = ratio >= 0.5 and rows[1]["p99_ms"] <= 50 and rows[1]["errors"] == 0
    print(f"solve/livez throughput, median of {rounds} rounds: {ratio:.0%} (target >= 50%);")
    print("solve p99 target <= 50 ms")
    print("targets met" if ok else "targets NOT met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
