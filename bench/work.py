"""CP-SAT's deterministic time per wall-clock second on this machine: ``python bench/work.py``.

Solves are limited by deterministic time so that their answers do not depend on load
(solver/budget.py); ``WORK_PER_SECOND`` converts a budget in seconds to that unit. This
runs a seeded corpus of hard hands (30 cards of three decks and six jokers under
Liverpool round 6, gin, gin with the 2s wild too, and Israeli; the 14-card Liverpool hand
with eight 2s) on a wall clock only, and prints deterministic units per second of every
solve that ran long enough to matter: median, p10, min. Run it on an otherwise idle
machine; the constant is chosen near p10, so that a solve given t seconds of work takes at
most about t seconds. Then the same for the deadwood search's states per second
(``NODES_PER_SECOND``, the rate at which advisor/deadwood.py charges its states to the
allowance).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ortools.sat.python import cp_model

import solver.solve as solve_module
from advisor.deadwood import NODES_PER_SECOND, DeadwoodSearch
from solver.budget import WORK_PER_SECOND
from solver.cards import ALL_CARDS, JOKER, Card, counts_of, parse_cards
from solver.goals import Goal
from solver.model import new_solver
from solver.rules import Rules, make_rules

SEED = 20261201
WALL_LIMIT = 1.0
LONG_ENOUGH = 0.1  # seconds: shorter solves are mostly set-up, not search
EIGHT_TWOS = parse_cards("2S 2H 2D 2C 2S 2H 2D 2C 5D 6C 9H KS QD 7C")


def _corpus(hands: int) -> list[tuple[str, Rules, Goal, int | None, list[Card]]]:
    rng = random.Random(SEED)
    pack = [c for c in ALL_CARDS for _ in range(3)] + [JOKER] * 6
    cases: list[tuple[str, Rules, Goal, int | None, list[Card]]] = []
    for name, variant, extra, goal, round_ in [
        ("liverpool", "liverpool", {}, Goal.CONTRACT, 6),
        ("gin", "gin", {}, Goal.DEADWOOD, None),
        ("gin-2s-wild", "gin", {"wild_ranks": ["2"]}, Goal.DEADWOOD, None),
        ("israeli", "israeli", {}, Goal.WIN, None),
    ]:
        rules = make_rules(variant, {"decks": 3, "jokers": 6, **extra})
        cases += [(name, rules, goal, round_, rng.sample(pack, 30)) for _ in range(hands)]
    liverpool = make_rules("liverpool", {"decks": 3})
    cases.append(("liverpool-2s", liverpool, Goal.CONTRACT, 6, EIGHT_TWOS))
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="hands per variant")
    args = parser.parse_args()
    solvers: list[cp_model.CpSolver] = []

    def wall_only(time_limit: float, *, variables: int) -> cp_model.CpSolver:
        s = new_solver(WALL_LIMIT, variables=variables)
        s.parameters.max_deterministic_time = float("inf")
        s.parameters.max_time_in_seconds = WALL_LIMIT
        solvers.append(s)
        return s

    solve_module.new_solver = wall_only  # type: ignore[assignment]
    rates: dict[str, list[float]] = {}
    for name, rules, goal, round_, hand in _corpus(args.hands):
        solvers.clear()
        solve_module.solve(hand, rules, goal, round_)
        for s in solvers:
            if s.wall_time >= LONG_ENOUGH:
                rates.setdefault(name, []).append(s.deterministic_time / s.wall_time)
    every = sorted(r for rs in rates.values() for r in rs)
    print(f"{'corpus':14} {'solves':>6} {'median':>7} {'p10':>7} {'min':>7}  (units/s)")
    for name, rs in [*rates.items(), ("all", every)]:
        rs = sorted(rs)
        p10 = rs[len(rs) // 10]
        print(f"{name:14} {len(rs):6d} {statistics.median(rs):7.3f} {p10:7.3f} {rs[0]:7.3f}")
    print(f"WORK_PER_SECOND in solver/budget.py: {WORK_PER_SECOND}")
    solve_module.new_solver = new_solver
    states: list[float] = []
    for _, rules, _, _, hand in _corpus(args.hands):
        search = DeadwoodSearch(rules)
        started = time.perf_counter()
        search.least(counts_of(hand))
        elapsed = time.perf_counter() - started
        # a search past its cap hands over to CP-SAT, whose time is not the search's
        if elapsed >= LONG_ENOUGH and search.nodes <= search.cap:
            states.append(search.nodes / elapsed)
    states.sort()
    print(
        f"deadwood states/s over {len(states)} searches: median {statistics.median(states):.0f}"
        f" p10 {states[len(states) // 10]:.0f}; NODES_PER_SECOND: {NODES_PER_SECOND}"
    )


if __name__ == "__main__":
    main()
