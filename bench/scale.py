"""Requests per second through nginx (not a test): deploy/nginx/rummy.conf in front of one
and of two gunicorn servers of one worker each, on loopback, with bench/http.py's solve
mix and clients; one server straight, without nginx, for reference. The targets
alternate in rounds (the machine's speed drifts); the rates are the rounds' medians, the
percentiles those of every latency together, and the CPU per request is the servers'
(nginx's and gunicorn's) and this client's, which says which side bounds the rate.

    .venv/bin/python bench/scale.py [--requests 600] [--rounds 3] [--clients 4]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import statistics
import sys
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
# bench/http.py, loaded by its path: its name would shadow the standard library's
_spec = importlib.util.spec_from_file_location("bench_http", _HERE / "http.py")
assert _spec is not None and _spec.loader is not None
bench_http = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_http)  # puts tests/ on sys.path, as its helpers need

import requests  # noqa: E402
from nginx_process import nginx_balancer  # noqa: E402
from server_process import Server, gunicorn_process  # noqa: E402


def nginx_pids(url: str) -> list[int]:
    """nginx's processes: those listening on the url's port (from /proc/net/tcp)."""
    port = int(url.rsplit(":", 1)[1])
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) == port and fields[3] == "0A":  # LISTEN
            inodes.add(fields[9])
    pids = []
    for fd_dir in Path("/proc").glob("[0-9]*/fd"):
        with contextlib.suppress(OSError):
            if any(f"socket:[{i}]" == str(p.readlink()) for p in fd_dir.iterdir() for i in inodes):
                pids.append(int(fd_dir.parent.name))
    return pids


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=600, help="requests per target a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clients", type=int, default=4, help="concurrent clients")
    args = parser.parse_args()
    total = max(10, min(args.requests, 5000))
    rounds = max(1, min(args.rounds, 20))
    bodies = bench_http.SOLVE_BODIES
    # no worker is recycled during the run
    env = {"MAX_REQUESTS": "1000000"}
    with contextlib.ExitStack() as stack:
        servers: list[Server] = [
            stack.enter_context(gunicorn_process(env, workers=1)) for _ in range(2)
        ]
        ports = [int(s.url.rsplit(":", 1)[1]) for s in servers]
        one = stack.enter_context(nginx_balancer(ports[:1]))
        two = stack.enter_context(nginx_balancer(ports))
        workers = [pid for s in servers for pid in s.worker_pids()]
        targets: dict[str, tuple[str, list[int]]] = {
            "one server, no nginx": (servers[0].url, servers[0].worker_pids()),
            "nginx, one server": (one.url, [*servers[0].worker_pids(), *nginx_pids(one.url)]),
            "nginx, two servers": (two.url, [*workers, *nginx_pids(two.url)]),
        }
        for url, _ in targets.values():  # warm every worker's solver, check the bodies
            for body in bodies * 2:
                requests.post(f"{url}/v1/solve", json=body, timeout=10).raise_for_status()
        done: dict[str, list[dict[str, Any]]] = {name: [] for name in targets}
        for k in range(rounds):
            order = list(targets) if k % 2 == 0 else list(reversed(targets))
            for name in order:
                url, pids = targets[name]

                def solve(session: requests.Session, i: int, url: str = url) -> Any:
                    body = bodies[i % len(bodies)]
                    return session.post(f"{url}/v1/solve", json=body, timeout=10)

                done[name].append(bench_http.run(name, solve, total, args.clients, pids))
                print(f"round {k + 1}: {name}: {done[name][-1]['rps']:.1f} req/s", file=sys.stderr)
    print(
        f"POST /v1/solve, {args.clients} clients, {total} requests a round, {rounds} rounds;"
        " each server: gunicorn with 1 worker"
    )
    print(
        f"{'target':<22} {'requests':>8} {'errors':>6} {'req/s':>8} {'p50 ms':>7} {'p90 ms':>7}"
        f" {'p99 ms':>7} {'server cpu ms':>14} {'client cpu ms':>14}"
    )
    for name, runs in done.items():
        row = bench_http.summary(runs)
        cuts = statistics.quantiles([x for r in runs for x in r["latencies"]], n=100)
        print(
            f"{name:<22} {row['requests']:>8} {row['errors']:>6} {row['rps']:>8.1f}"
            f" {row['p50_ms']:>7.2f} {cuts[89] * 1000:>7.2f} {row['p99_ms']:>7.2f}"
            f" {row['server_cpu_ms']:>14.2f} {row['client_cpu_ms']:>14.2f}"
        )
    ratios = [
        b["rps"] / a["rps"]
        for a, b in zip(done["nginx, one server"], done["nginx, two servers"], strict=True)
    ]
    print(
        f"two servers / one through nginx, median of the rounds: {statistics.median(ratios):.2f}x"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
