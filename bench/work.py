"""The machine-speed constants of solver/speed.py, measured: ``python bench/work.py``.

Solves are limited by deterministic time so that their answers do not depend on load
(solver/budget.py); ``WORK_PER_SECOND`` converts a budget in seconds to that unit. This
runs a seeded corpus of hard hands (30 cards of three decks and six jokers under
Liverpool round 6, gin, gin with the 2s wild too, and Israeli; the 14-card Liverpool hand
with eight 2s) on a wall clock only, and prints deterministic units per second of every
solve that ran long enough to matter: median, p10, min. Run it on an otherwise idle
machine; the constant is chosen near p10, so that a solve given t seconds of work takes at
most about t seconds. Then the same for the deadwood search's states per second
(``NODES_PER_SECOND``, the rate at which advisor/deadwood.py charges its states to the
allowance), and for the cards-needed engine (``STATES_PER_SECOND``, over the passes of
the discard advices of bench/advise.py's corpus), with the most states one of its sweeps
took against the engine's guard ``WORK_LIMIT``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # bench/ stays next

from advise import corpus as advice_corpus  # bench/advise.py: the shared fixed corpus
from ortools.sat.python import cp_model

import solver.model as model_module
import solver.solve as solve_module
from advisor.advise import advise
from advisor.deadwood import DeadwoodSearch
from advisor.engine import sweep
from solver.cards import ALL_CARDS, JOKER, Card, counts_of, parse_cards
from solver.goals import Goal
from solver.model import new_solver
from solver.rules import Rules, make_rules
from solver.speed import NODES_PER_SECOND, STATES_PER_SECOND, WORK_LIMIT, WORK_PER_SECOND

SEED = 20261201
WALL_LIMIT = 1.0
LONG_ENOUGH = 0.1  # seconds: shorter solves are mostly set-up, not search
ENGINE_LONG_ENOUGH = 0.005  # seconds: an engine pass is fast; shorter ones are set-up
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

    model_module.new_solver = wall_only  # type: ignore[assignment]
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
    print(f"WORK_PER_SECOND in solver/speed.py: {WORK_PER_SECOND}")
    model_module.new_solver = new_solver
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
    engine_rates, most = _engine_rates(args.hands)
    print(
        f"engine states/s over {len(engine_rates)} passes: median"
        f" {statistics.median(engine_rates):.0f} p10 {engine_rates[len(engine_rates) // 10]:.0f};"
        f" STATES_PER_SECOND: {STATES_PER_SECOND}"
    )
    print(f"engine: most states of one sweep {most}; WORK_LIMIT: {WORK_LIMIT}")


def _engine_rates(per_variant: int) -> tuple[list[float], int]:
    """States per second of every engine pass long enough to matter, over the discard
    advices of bench/advise.py's corpus, and the most states one sweep expanded."""
    rates: list[float] = []
    most = [0]

    def timed(run: Any) -> Any:
        def call(self: sweep.Sweep, bound: int) -> Any:
            before, started = self.core.work, time.perf_counter()
            found = run(self, bound)
            elapsed = time.perf_counter() - started
            if elapsed >= ENGINE_LONG_ENOUGH:
                rates.append((self.core.work - before) / elapsed)
            most[0] = max(most[0], self.core.work)
            return found

        return call

    best, every = sweep.Sweep.best, sweep.Sweep.every_discard
    sweep.Sweep.best = timed(best)  # type: ignore[method-assign]
    sweep.Sweep.every_discard = timed(every)  # type: ignore[method-assign]
    try:
        for cases in advice_corpus(per_variant, SEED).values():
            for case in cases:
                advise(case.situation, "discard")
    finally:
        sweep.Sweep.best, sweep.Sweep.every_discard = best, every  # type: ignore[method-assign]
    return sorted(rates), most[0]


if __name__ == "__main__":
    main()
