"""Engine micro-benchmark (not a test): a whole discard advice's figures per hand.

For each hand of bench/advise.py's fixed corpus (dealt and mid-game hands of every
variant, the hand has drawn), times ``figures`` of the hand plus ``discard_figures``
(every discard), the engine work of one discard advice. Prints median, p95 and max
per variant and situation. Targets: median <= 20 ms, p95 <= 100 ms (must: 50 / 250).

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

from advisor.engine import Question, discard_figures, figures
from advisor.situation import Situation
from solver.cards import counts_of
from solver.goals import Goal
from solver.legality import check_meld
from solver.melds import Meld


def questions(sit: Situation) -> tuple[Question, Question]:
    """(the drawn hand's question, the question after its discard), as the advisor asks."""
    r = sit.rules
    table = tuple(
        m for cards in sit.table if (m := check_meld(cards, r, ordered=True).meld) is not None
    )
    q: Question
    if r.goal == "contract":
        contract = r.contract(sit.round)
        if not sit.down:
            q = Question(r, Goal.CONTRACT, contract=contract)
            return q, q
        q = Question(r, Goal.OUT, table=table, new_melds=False)
        keep = 0 if contract.all_cards else 1
        return Question(r, Goal.OUT, keep, table=table, new_melds=False), q
    if r.goal == "opening" and not sit.down:
        q = Question(r, Goal.OPENING)
        return q, q
    goal = Goal.KNOCK if r.knock_max is not None else Goal.WIN if r.goal == "win" else Goal.OUT
    melds: tuple[Meld, ...] = table if goal == Goal.OUT else ()
    return Question(r, goal, 1, table=melds), Question(r, goal, 0, table=melds)


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
            drawn, after = questions(sit)
            held = counts_of(sit.hand)
            live = sit.live_counts()
            if profiler:
                profiler.enable()
            started = time.perf_counter()
            figures(drawn, held, live)
            discard_figures(after, held, live)
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
