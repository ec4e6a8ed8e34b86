"""Games per second by runner (not a test): the same match in this process, in N local
processes (``--jobs``) and as tasks on a local Ray instance of N CPUs (``--ray``, when
Ray is installed), in rounds that alternate the order. Each run is timed twice: from the
runner's start (worker processes, Ray's start) to its last game, and the games alone
(``run_match``'s seconds). Every run must give the same figures but for the timings; the
speed-ups are the medians of the rounds' ratios. The load average is printed before and
after: on a shared machine the other work takes cores.

    .venv/bin/python bench/runners.py [--variant gin] [--players advisor,greedy]
        [--games 40] [--rounds 3] [--jobs 2] [--seed runners] [--no-ray]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

# the repository instead of bench/ (whose http.py would shadow the standard library's)
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from sim.match import run_match  # noqa: E402
from sim.runner.choose import open_runner  # noqa: E402
from solver.rules import make_rules  # noqa: E402

TIMINGS = ("seconds", "moves_per_second", "decisions_per_second")


def _figures(result: Any) -> Any:
    """The match's figures without the timings."""
    if isinstance(result, dict):
        return {k: _figures(v) for k, v in result.items() if k not in TIMINGS}
    if isinstance(result, list):
        return [_figures(v) for v in result]
    return result


def timed(jobs: int | None, ray: str | None, args: argparse.Namespace) -> tuple[float, float, Any]:
    """Seconds from the runner's start, seconds of the games, and the figures."""
    start = time.perf_counter()
    with open_runner(jobs, ray) as runner:
        result = run_match(
            make_rules(args.variant),
            args.players.split(","),
            args.games,
            args.seed,
            rotate=True,
            runner=runner,
        )
    return time.perf_counter() - start, result.seconds, _figures(result.to_dict())


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--variant", default="gin")
    p.add_argument("--players", default="advisor,greedy")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", default="runners")
    p.add_argument("--no-ray", action="store_true", help="leave Ray out")
    args = p.parse_args()
    runners: dict[str, tuple[int | None, str | None]] = {
        "one process": (None, None),
        f"--jobs {args.jobs}": (args.jobs, None),
    }
    if not args.no_ray and importlib.util.find_spec("ray") is not None:
        runners[f"--ray, {args.jobs} CPUs"] = (args.jobs, "")
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in runners}
    load_before = os.getloadavg()[0]
    reference = None
    for k in range(args.rounds):
        order = list(runners) if k % 2 == 0 else list(reversed(runners))
        for name in order:
            whole, games, figures = timed(*runners[name], args)
            reference = figures if reference is None else reference
            if figures != reference:
                print(f"{name}: the figures differ from the first run's", file=sys.stderr)
                return 1
            runs[name].append((whole, games))
            print(
                f"round {k + 1}: {name}: {args.games / whole:.2f} games/s with its start,"
                f" {args.games / games:.2f} games alone",
                file=sys.stderr,
            )
    print(
        f"{args.variant} {args.players}, {args.games} games a run, {args.rounds} rounds;"
        f" load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after"
    )
    print(
        f"{'runner':<16} {'games/s with start':>18} {'speed-up':>8}"
        f" {'games/s, games alone':>20} {'speed-up':>8}"
    )
    base = runs["one process"]
    for name, timings in runs.items():
        cells = []
        for i in (0, 1):
            rate = args.games / statistics.median(t[i] for t in timings)
            ratio = statistics.median(b[i] / t[i] for b, t in zip(base, timings, strict=True))
            cells.append(f"{rate:>{18 if i == 0 else 20}.2f} {ratio:>7.2f}x")
        print(f"{name:<16} {' '.join(cells)}")
    print("the figures of every run: identical (timings aside)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
