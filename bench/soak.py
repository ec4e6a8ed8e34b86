"""Soak benchmark (not a test): N requests of a realistic mix against the real gunicorn on
loopback; each worker's memory over time, the engine cache's hit rate, advice latency.

The mix, seeded: bench/answers.py's situations of every preset (tables laid, down or not,
every round, a third under house rules that switch flags, jokers, decks), each asked as
advice in every phase its rules have (discard, draw, buy) and as one solve; every fifth
situation also under a house-rule card value (a new plan for the engine, as a table of
house rules each game would be). Requests go in the generated order from ``--clients``
threads at once.

Every ``--every`` requests each worker's RSS (``/proc/PID/status``) and PSS
(``/proc/PID/smaps_rollup``) is read, and at the end ``/metrics``' engine cache figures
(hits, misses, evictions, bytes and entries per worker; absent on a tree without them).
Workers are not recycled (``MAX_REQUESTS=0``) unless ``--max-requests`` says so: what is
measured is what the engine keeps, not what recycling hides.

    nice -n 10 .venv/bin/python bench/soak.py [--requests 10000] [--clients 3]
        [--workers 2] [--port 8102] [--seed 1] [--cache-mb MB] [--max-requests 0]
        [--every 500] [--out bench/results/soak.txt]
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py shadows the standard library's ``http`` while this folder leads sys.path.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent / "tests"))
sys.path.insert(0, str(_HERE.parent))

import argparse  # noqa: E402
import importlib.util  # noqa: E402
import itertools  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import statistics  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from typing import Any  # noqa: E402

import requests  # noqa: E402
from server_process import Server, gunicorn_process  # noqa: E402

from solver.rules import PRESETS  # noqa: E402


def _answers_module() -> Any:
    """bench/answers.py (its situations), loaded by path: bench/ is not a package."""
    spec = importlib.util.spec_from_file_location("bench_answers", _HERE / "answers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


RANKS = "A23456789TJQK"
Request = tuple[str, str, dict[str, Any]]  # (label, path, body)


def mix(seed: int) -> Iterator[Request]:
    """Endless requests: rounds of a few situations of every preset, interleaved."""
    answers = _answers_module()
    rng = random.Random(seed)
    for round_ in itertools.count():
        for name in PRESETS:
            for k, s in enumerate(answers._situations(name, rng, 6)):
                base, hand, drawn = dict(s["base"]), s["hand"], s["drawn"]
                if (round_ * 6 + k) % 5 == 4:
                    rules = dict(base.get("rules", {}))
                    rules["card_values"] = {rng.choice(RANKS): rng.randint(1, 20)}
                    base["rules"] = rules
                full = [str(c) for c in [*hand, drawn]]
                held = [str(c) for c in hand]
                yield "advise discard", "/v1/advise", {**base, "hand": full, "phase": "discard"}
                yield "advise draw", "/v1/advise", {**base, "hand": held, "phase": "draw"}
                if s["rules"].buying:
                    buy = {**base, "hand": held, "phase": "buy", "buys_made": rng.randint(0, 2)}
                    yield "advise buy", "/v1/advise", buy
                yield "solve", "/v1/solve", {**base, "hand": full}


@dataclass
class Tally:
    seconds: dict[str, list[float]] = field(default_factory=dict)
    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    done: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


def _memory(pid: int) -> tuple[float, float]:
    """(RSS, PSS) of a process, MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))  # type: ignore[union-attr]
    rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    pss = int(re.search(r"^Pss:\s+(\d+) kB", rollup, re.M).group(1))  # type: ignore[union-attr]
    return rss / 1024, pss / 1024


def _metrics(url: str) -> dict[str, float]:
    """The engine cache's samples of /metrics, by sample name and labels."""
    out: dict[str, float] = {}
    for line in requests.get(f"{url}/metrics", timeout=10).text.splitlines():
        if line.startswith("rummy_engine_cache"):
            name, value = line.rsplit(" ", 1)
            out[name] = float(value)
    return out


def _client(url: str, work: Iterator[Request], tally: Tally, total: int) -> None:
    session = requests.Session()
    while True:
        with tally.lock:
            if tally.done >= total:
                return
            tally.done += 1
            label, path, body = next(work)
        start = time.perf_counter()
        try:
            status = session.post(f"{url}{path}", json=body, timeout=30).status_code
        except requests.RequestException:
            status = 0
        took = time.perf_counter() - start
        with tally.lock:
            tally.statuses[(label, status)] += 1
            if status == 200:
                tally.seconds.setdefault(label, []).append(took)


def _percentiles(xs: list[float]) -> str:
    if not xs:
        return "-"
    q = statistics.quantiles(xs, n=100, method="inclusive")
    return f"{statistics.median(xs) * 1000:7.1f} {q[89] * 1000:7.1f} {q[98] * 1000:8.1f}"


def soak(server: Server, args: argparse.Namespace, say: Any) -> None:
    tally = Tally()
    work = mix(args.seed)
    threads = [
        threading.Thread(target=_client, args=(server.url, work, tally, args.requests))
        for _ in range(args.clients)
    ]
    samples: list[tuple[int, float, dict[int, tuple[float, float]]]] = []
    start = time.monotonic()

    def sample() -> None:
        pids = server.worker_pids()
        samples.append((tally.done, time.monotonic() - start, {p: _memory(p) for p in pids}))

    sample()
    for t in threads:
        t.start()
    mark = args.every
    while any(t.is_alive() for t in threads):
        time.sleep(0.2)
        if tally.done >= mark:
            sample()
            mark += args.every
    for t in threads:
        t.join()
    sample()
    elapsed = time.monotonic() - start

    pids = sorted({p for _, _, mem in samples for p in mem})
    say(f"{args.requests} requests, {args.clients} clients, {elapsed:.0f} s")
    say("\nRSS (PSS) per worker, MB, by requests sent:")
    say("requests  seconds  " + "  ".join(f"{'pid ' + str(p):>15}" for p in pids))
    for done, at, mem in samples:
        cells = [f"{mem[p][0]:7.0f} ({mem[p][1]:4.0f})" if p in mem else " " * 15 for p in pids]
        say(f"{done:8d}  {at:7.0f}  " + "  ".join(cells))
    half = [m for d, _, m in samples if d >= args.requests // 2]
    for p in pids:
        rss = [m[p][0] for _, _, m in samples if p in m]
        later = [m[p][0] for m in half if p in m]
        spread = f"{min(later):.0f}-{max(later):.0f}" if later else "-"
        say(f"worker {p}: RSS max {max(rss):.0f} MB, over the second half {spread} MB")

    say("\nlatency of answered requests, ms:      p50     p90      p99   answers")
    advice = [x for k, xs in tally.seconds.items() if k.startswith("advise") for x in xs]
    for label in sorted(tally.seconds):
        say(f"  {label:32s} {_percentiles(tally.seconds[label])}  {len(tally.seconds[label])}")
    say(f"  {'advice, every phase':32s} {_percentiles(advice)}  {len(advice)}")
    say(
        "\nstatuses: " + ", ".join(f"{k[0]} {k[1]}: {n}" for k, n in sorted(tally.statuses.items()))
    )

    found = _metrics(server.url)
    if not found:
        say("\nengine cache: no figures in /metrics on this tree")
        return
    say("\nengine cache (/metrics):")
    for name, value in sorted(found.items()):
        say(f"  {name} {value:.0f}")
    hits = sum(v for k, v in found.items() if k.startswith("rummy_engine_cache_hits_total"))
    misses = sum(v for k, v in found.items() if k.startswith("rummy_engine_cache_misses_total"))
    if hits + misses:
        say(f"hit rate {hits / (hits + misses):.3f} ({hits:.0f} hits, {misses:.0f} misses)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=8102)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache-mb", type=float, help="ENGINE_CACHE_MB (default: the app's)")
    parser.add_argument("--max-requests", type=int, default=0, help="0: never recycle")
    parser.add_argument("--every", type=int, default=500, help="requests between samples")
    parser.add_argument("--out", type=Path, help="also write the report here")
    args = parser.parse_args()
    lines: list[str] = []

    def say(text: str) -> None:
        print(text, flush=True)
        lines.append(text)

    env = {"MAX_REQUESTS": str(args.max_requests)}
    if args.cache_mb is not None:
        env["ENGINE_CACHE_MB"] = str(args.cache_mb)
    with gunicorn_process(env, workers=args.workers, port=args.port) as server:
        say(f"soak: {' '.join(sys.argv[1:]) or 'defaults'}; master {server.proc.pid}")
        soak(server, args, say)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
