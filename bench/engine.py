"""Engine micro-benchmark (not a test): a whole discard advice's figures per hand.

For each hand of bench/advise.py's fixed corpus (dealt and mid-game hands of every
variant, the hand has drawn), times the engine questions of one discard advice: cards
needed of the drawn hand and the figures of every discard (``advisor.context.Context``).
Prints median, p95 and max per variant and situation. Targets: median <= 20 ms, p95 <=
100 ms (must: 50 / 250).

    .venv/bin/python bench/engine.py [--per-variant 6] [--seed 7] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from advise import corpus  # bench/advise.py: the shared fixed corpus

from advisor.context import Context
from solver.cards import counts_of


def _stats(times: list[float]) -> tuple[float, float, float]:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return statistics.median(ms), p95, ms[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-variant", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile")
    args = parser.parse_args()
    cases = corpus(args.per_variant, args.seed)
    profiler = cProfile.Profile() if args.profile else None
    groups: dict[str, list[float]] = {}
    slowest: list[tuple[float, str]] = []
    for variant, items in cases.items():
        for case in items:
            sit = case.situation
            held = counts_of(sit.hand)
            if profiler:
                profiler.enable()
            started = time.perf_counter()
            ctx = Context(sit)  # the advisor's questions, each asked once
            ctx.needed_after_draw(held)
            ctx.discard_figures(held)
            elapsed = time.perf_counter() - started
            if profiler:
                profiler.disable()
            groups.setdefault(variant, []).append(elapsed)
            label = case.name.split(" (")[0] if variant == "liverpool" else case.name
            groups.setdefault("  " + label, []).append(elapsed)
            slowest.append((elapsed, case.name))
    print(f"{'hands':<34} {'n':>3} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    met = True
    for name, times in groups.items():
        median, p95, top = _stats(times)
        if not name.startswith(" "):
            met &= median <= 50 and p95 <= 250
        print(f"{name:<34} {len(times):>3} {median:>10.1f} {p95:>8.1f} {top:>8.1f}")
    print("slowest:", ", ".join(f"{n} {t * 1000:.0f} ms" for t, n in sorted(slowest)[-4:]))
    print("must-reach (median <= 50 ms, p95 <= 250 ms):", "met" if met else "NOT met")
    if profiler:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
