"""Command line: ``python -m solver solve --variant liverpool --round 2 "8H 8S 2C 4H ..."``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from solver.cards import check_pack, parse_cards
from solver.errors import SolverError
from solver.goals import SOLVE_GOALS
from solver.rules import PRESETS, make_rules
from solver.solution import Solution
from solver.solve import DEFAULT_TIME_LIMIT, solve


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m solver", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("solve", help="the optimal meld partition of a hand")
    p.add_argument("hand", nargs="+", help="cards, e.g. '8H 8S 2C' (spaces or commas)")
    p.add_argument("--variant", choices=sorted(PRESETS), required=True)
    p.add_argument("--round", type=int, default=None, help="Liverpool round (1..6)")
    p.add_argument(
        "--goal",
        default="auto",
        choices=["auto", *SOLVE_GOALS],
        help="auto: the variant's goal before going down",
    )
    p.add_argument("--rules", default=None, help="JSON object of rule overrides")
    p.add_argument("--discard", action="store_true", help="keep one card out as the discard")
    p.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT)
    p.add_argument("--json", action="store_true", help="print the API's JSON shape")
    return parser


def _text(sol: Solution) -> str:
    lines = [f"goal {sol.goal}: {'met' if sol.feasible else 'not met'}"]
    if not sol.optimal:
        lines.append("(stopped by the time limit: not proven optimal)")
    for meld in sol.melds:
        lines.append(f"  {meld.kind:<3}  {' '.join(map(str, meld.cards))}  ({meld.points} pts)")
    lines.append(f"deadwood: {' '.join(map(str, sol.deadwood)) or '-'}")
    if sol.discard is not None:
        lines.append(f"discard: {sol.discard}")
    lines.append(f"deadwood points: {sol.deadwood_points}")
    lines.append(f"melded points: {sol.melded_points}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        rules = make_rules(args.variant, json.loads(args.rules) if args.rules else None)
        hand = parse_cards(" ".join(args.hand))
        check_pack(hand, rules)
        goal = args.goal
        if goal == "auto":
            goal = rules.goal
        sol = solve(hand, rules, goal, args.round, time_limit=args.time_limit, discard=args.discard)
    except (SolverError, json.JSONDecodeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(sol.to_dict(), indent=2) if args.json else _text(sol))
    return 0


if __name__ == "__main__":
    sys.exit(main())
