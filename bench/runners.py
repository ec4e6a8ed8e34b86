"""Games per second by runner (not a test): the same match in this process and in N local
processes (``--jobs``), in rounds that alternate the order, each run timed from the
runner's start (worker processes included) to its last game. Every run must give the
same figures but for the timings; the speed-up is the median of the rounds' ratios. The
load average is printed before and after: on a shared machine the other work takes cores.

    .venv/bin/python bench/runners.py [--variant gin] [--players advisor,greedy]
        [--games 40] [--rounds 3] [--jobs 2] [--seed runners]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sim.match import run_match
from sim.runner.base import Runner
from sim.runner.local import Processes
from solver.rules import make_rules

TIMINGS = ("seconds", "moves_per_second", "decisions_per_second")


def _figures(result: dict[str, Any]) -> Any:
    """The match's figures without the timings."""
    if isinstance(result, dict):
        return {k: _figures(v) for k, v in result.items() if k not in TIMINGS}
    if isinstance(result, list):
        return [_figures(v) for v in result]
    return result


def timed(
    runner: Callable[[], contextlib.AbstractContextManager[Runner | None]], args: argparse.Namespace
) -> tuple[float, Any]:
    start = time.perf_counter()
    with runner() as r:
        result = run_match(
            make_rules(args.variant),
            args.players.split(","),
            args.games,
            args.seed,
            rotate=True,
            runner=r,
        )
    return time.perf_counter() - start, _figures(result.to_dict())


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--variant", default="gin")
    p.add_argument("--players", default="advisor,greedy")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", default="runners")
    args = p.parse_args()
    runners: dict[str, Callable[[], contextlib.AbstractContextManager[Runner | None]]] = {
        "one process": lambda: contextlib.nullcontext(None),
        f"--jobs {args.jobs}": lambda: Processes(args.jobs),
    }
    seconds: dict[str, list[float]] = {name: [] for name in runners}
    load_before = os.getloadavg()[0]
    reference = None
    for k in range(args.rounds):
        order = list(runners) if k % 2 == 0 else list(reversed(runners))
        for name in order:
            took, figures = timed(runners[name], args)
            if reference is None:
                reference = figures
            if figures != reference:
                print(f"{name}: the figures differ from the first run's", file=sys.stderr)
                return 1
            seconds[name].append(took)
            print(f"round {k + 1}: {name}: {args.games / took:.2f} games/s", file=sys.stderr)
    base = "one process"
    print(
        f"{args.variant} {args.players}, {args.games} games a run, {args.rounds} rounds;"
        f" load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after"
    )
    print(f"{'runner':<14} {'games/s (median)':>17} {'speed-up (median of rounds)':>28}")
    for name in runners:
        ratios = [b / t for b, t in zip(seconds[base], seconds[name], strict=True)]
        rate = args.games / statistics.median(seconds[name])
        print(f"{name:<14} {rate:>17.2f} {statistics.median(ratios):>27.2f}x")
    print("the figures of every run: identical (timings aside)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
