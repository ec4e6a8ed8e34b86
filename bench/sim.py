"""Advisor against greedy players (not a test): whole seeded games per variant, seats
rotated game by game, heads-up and (Liverpool, Rummy 40) one advisor among four.

Prints per table the advisor's win rate against its fair share (1/players) and the mean
penalty of the advisor and of the greedy seats, each with its 95% interval, and whether
the goal holds: the whole win-rate interval above the fair share and a lower mean penalty;
then per table and round the share of hands that stalled (open at the turn limit).

    .venv/bin/python bench/sim.py [--games 200] [--variants gin,israeli,rummy40,liverpool]
        [--players N] [--seed 1] [--round N] [--advisor-time-limit S] [--jobs N]
        [--ray [ADDRESS]] [--json]

``--jobs N`` plays the games in N processes, ``--ray`` as Ray tasks: the same figures
for any N and on Ray (sim/runner/).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import Any

# the repository instead of bench/ (whose http.py would shadow the standard library's)
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from sim.match import run_match, stalled_text  # noqa: E402
from sim.runner.base import Runner  # noqa: E402
from sim.runner.choose import open_runner  # noqa: E402
from sim.stats import mean_interval  # noqa: E402
from solver.rules import PRESETS, make_rules  # noqa: E402

# (variant, players at the table): heads-up everywhere, four where the rules seat them
TABLES: tuple[tuple[str, int], ...] = (
    ("gin", 2),
    ("israeli", 2),
    ("rummy40", 2),
    ("rummy40", 4),
    ("liverpool", 2),
    ("liverpool", 4),
)


def measure(
    variant: str,
    players: int,
    games: int,
    seed: str,
    round_: int | None,
    limit: float | None,
    runner: Runner | None = None,
) -> dict[str, Any]:
    rules = make_rules(variant)
    names = ["advisor", *["greedy"] * (players - 1)]
    result = run_match(
        rules,
        names,
        games,
        f"{seed}-{variant}-{players}",
        round_=round_,
        rotate=True,
        progress=sys.stderr,
        advisor_time_limit=limit,
        runner=runner,
    )
    advisor, greedy = result.entries[0], result.entries[1:]
    share = 1 / players
    a = advisor.to_dict()
    pooled = [p for g in greedy for p in g.penalties]
    g_mean, g_low, g_high = mean_interval(pooled)
    return {
        "variant": variant,
        "players": players,
        "games": games,
        "fair_share": share,
        "advisor_win_rate": a["win_rate"],
        "advisor_win_rate_95": a["win_rate_95"],
        "advisor_mean_penalty": a["mean_penalty"],
        "advisor_mean_penalty_95": a["mean_penalty_95"],
        "greedy_mean_penalty": round(g_mean, 2),
        "greedy_mean_penalty_95": [round(g_low, 2), round(g_high, 2)],
        "illegal_moves": sum(e.illegal for e in result.entries),
        "illegal_reasons": [f"{e.name}: {r}" for e in result.entries for r in e.illegal_reasons],
        "goal_met": a["win_rate_95"][0] > share and a["mean_penalty"] < g_mean,
        "advisor_decisions_per_second": a["decisions_per_second"],
        "finishes": result.finishes,
        "stalled_by_round": result.to_dict()["stalled_by_round"],
        "seconds": round(result.seconds, 1),
    }


def _row(r: dict[str, Any]) -> str:
    lo, hi = r["advisor_win_rate_95"]
    alo, ahi = r["advisor_mean_penalty_95"]
    glo, ghi = r["greedy_mean_penalty_95"]
    return (
        f"{r['variant']:<10} {r['players']:>2} {r['games']:>5}"
        f" {r['advisor_win_rate']:>7.1%} [{lo:>5.1%}, {hi:>5.1%}] vs {r['fair_share']:>4.0%}"
        f" {r['advisor_mean_penalty']:>7.1f} [{alo:>6.1f}, {ahi:>6.1f}]"
        f" {r['greedy_mean_penalty']:>7.1f} [{glo:>6.1f}, {ghi:>6.1f}]"
        f" {r['illegal_moves']:>7} {'yes' if r['goal_met'] else 'NO':>5}"
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--variants", default=",".join(dict.fromkeys(v for v, _ in TABLES)))
    p.add_argument("--players", type=int, default=None, help="only the tables of N seats")
    p.add_argument("--seed", default="1")
    p.add_argument("--round", type=int, default=None, help="Liverpool: only this round")
    p.add_argument("--advisor-time-limit", type=float, default=None)
    p.add_argument("--jobs", type=int, default=None, help="play the games in N processes")
    p.add_argument("--ray", nargs="?", const="", default=None, help="as Ray tasks (docs/sim.md)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    wanted = [v.strip() for v in args.variants.split(",") if v.strip()]
    unknown = [v for v in wanted if v not in PRESETS]
    if unknown:
        p.error(f"unknown variant {unknown[0]!r}")
    rows = []
    with contextlib.ExitStack() as stack:
        runner = stack.enter_context(open_runner(args.jobs, args.ray))
        for variant, players in TABLES:
            if variant not in wanted or args.players not in (None, players):
                continue
            round_ = args.round if PRESETS[variant].contracts else None
            limit = args.advisor_time_limit
            rows.append(measure(variant, players, args.games, args.seed, round_, limit, runner))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(
        f"{'variant':<10} {'n':>2} {'games':>5} {'advisor win rate [95%]':>33}"
        f" {'advisor penalty [95%]':>24} {'greedy penalty [95%]':>24} {'illegal':>7} {'goal':>5}"
    )
    for r in rows:
        print(_row(r))
    print("stalled at the turn limit (rounds stalled/played, share [95%]), by round:")
    for r in rows:
        print(f"{r['variant']:<10} {r['players']:>2} {stalled_text(r['stalled_by_round'])}")
    for r in rows:
        for reason in r["illegal_reasons"]:
            print(f"illegal, {r['variant']} {r['players']}: {reason}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
