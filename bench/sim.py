"""Pairings of players (not a test): whole seeded games per variant, seats rotated game
by game, heads-up and (Liverpool, Rummy 40) one player among three others.

Per table, the first entry's win rate (a tie counts 1/k), its win rate of decided games
(a game every seat finished level is left out: a gin hand voided by the empty stock),
its mean score against the others (heads-up: the other's penalty minus its own, per
game) and each side's mean penalty, all with their 95% intervals. The deals are the same
for every pairing of a table: game i of ``--seed S`` is dealt from
``"{S}-{variant}-{players}-{i}"``. With ``--duplicate`` game i is dealt from
``"{S}-{variant}-{players}-{i // players}"`` instead: every deal is played once with the
first entry at each seat, and the rows add the win rate and the mean score per deal (the
mean of a deal's games, a normal 95% interval over the deals), which shares the luck of
the cards between the players and so narrows the interval. With ``--match-to P`` a
heads-up row also plays its hands on as matches to P points (``sim.stats.matches_to``;
gin's EAAI challenge and published bots count matches to 100): consecutive hands, the
first entry leading every other one; under ``--duplicate`` twice, the second sequence
the same deals with the seats swapped, so its matches mirror the first's (the two share
deals, and the Wilson interval over all matches takes them as independent). Then per
table and round the share of hands that stalled (open at the turn limit, scored by the
rule ``stalled_round``), and how the first entry's hands ended: per finish, the hands it
won (their points: the others' penalties) and lost (its penalty), the count and the mean
points (gin: a knock, gin or undercut by the seat that won it); in games of several
rounds (Liverpool), per round the share of hands the first entry won by going out and
its and the others' mean penalty a hand, which say the rounds its games are decided in.

    .venv/bin/python bench/sim.py [--games 200] [--variants gin,israeli,rummy40,liverpool]
        [--pairings advisor/simple,advisor:deep/advisor:fast] [--players N] [--seed 1]
        [--round N] [--advisor-time-limit S] [--jobs N] [--ray [ADDRESS]] [--duplicate]
        [--match-to P] [--json]

With ``--json`` each row also holds the first entry's win (a tie 1/k) and score game by
game (``per_game``), which ``bench/paired.py`` pairs across two runs of the same deals.

A pairing is "FIRST/OTHER": FIRST plays one seat, OTHER every other seat, e.g.
``advisor:deep/simple``. ``--jobs N`` plays the games in N processes, ``--ray`` as Ray
tasks: the same figures for any N and on Ray (sim/runner/).
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
from sim.stats import group_means, matches_to, mean_interval, wilson  # noqa: E402
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
HEADS_UP = (
    "advisor/simple",
    "advisor:deep/simple",
    "advisor/greedy",
    "advisor:deep/greedy",
    "advisor:deep/advisor:fast",
)
FOUR = ("advisor/simple", "advisor:deep/simple")


def _interval(values: list[float]) -> tuple[float, list[float]]:
    mean, low, high = mean_interval(values)
    return round(mean, 2), [round(low, 2), round(high, 2)]


def measure(
    variant: str,
    players: int,
    pairing: str,
    games: int,
    seed: str,
    round_: int | None,
    limit: float | None,
    runner: Runner | None = None,
    duplicate: bool = False,
    match_to: float | None = None,
) -> dict[str, Any]:
    first, other = pairing.split("/")
    names = [first, *[other] * (players - 1)]
    result = run_match(
        make_rules(variant),
        names,
        games,
        f"{seed}-{variant}-{players}",
        round_=round_,
        rotate=True,
        progress=sys.stderr,
        advisor_time_limit=limit,
        runner=runner,
        duplicate=duplicate,
    )
    me, others = result.entries[0], result.entries[1:]
    mine = me.penalties
    theirs = [[e.penalties[g] for e in others] for g in range(games)]
    # a game is decided when some seat finished below another
    decided = [g for g in range(games) if len({mine[g], *theirs[g]}) > 1]
    won = sum(1 for g in decided if mine[g] < min(theirs[g]))
    tied_first = sum(
        1 / (1 + theirs[g].count(mine[g])) for g in decided if mine[g] == min(theirs[g])
    )
    d_wins = won + tied_first
    d_low, d_high = wilson(d_wins, len(decided))
    score = [sum(theirs[g]) / len(theirs[g]) - mine[g] for g in range(games)]
    low, high = wilson(me.wins, games)
    # a game won by k tied seats counts 1/k, as in the win rate
    wins = [0.0 if m > min(t) else 1 / (1 + t.count(m)) for m, t in zip(mine, theirs, strict=True)]
    per_deal = _per_deal(wins, score, players) if duplicate else {}
    matches = _matches(score, match_to, duplicate) if match_to and players == 2 else {}
    return {
        "variant": variant,
        "players": players,
        "pairing": pairing,
        "games": games,
        "seed": seed,
        "fair_share": 1 / players,
        "win_rate": round(me.wins / games, 4),
        "win_rate_95": [round(low, 4), round(high, 4)],
        "decided": len(decided),
        "decided_win_rate": round(d_wins / len(decided), 4) if decided else None,
        "decided_win_rate_95": [round(d_low, 4), round(d_high, 4)],
        "mean_score": _interval(score)[0],
        "mean_score_95": _interval(score)[1],
        "first_mean_penalty": _interval([float(p) for p in mine])[0],
        "first_mean_penalty_95": _interval([float(p) for p in mine])[1],
        "others_mean_penalty": _interval([float(p) for e in others for p in e.penalties])[0],
        "others_mean_penalty_95": _interval([float(p) for e in others for p in e.penalties])[1],
        "illegal_moves": sum(e.illegal for e in result.entries),
        "illegal_reasons": [f"{e.name}: {r}" for e in result.entries for r in e.illegal_reasons],
        "first_decisions_per_second": me.to_dict()["decisions_per_second"],
        "finishes": result.finishes,
        "first_hands_by_finish": me.hands_by_finish(),
        "first_hands_by_round": me.hands_by_round(),
        "stalled_by_round": result.to_dict()["stalled_by_round"],
        "seconds": round(result.seconds, 1),
        "duplicate": duplicate,
        # game by game, for pairing two runs of the same deals (bench/paired.py)
        "per_game": {"wins": wins, "score": score},
        **per_deal,
        **matches,
    }


def _per_deal(wins: list[float], score: list[float], players: int) -> dict[str, Any]:
    """The win rate and mean score of each deal's games (a duplicate match plays deal d
    as games ``d * players`` on), with normal 95% intervals over the deals."""
    _, low, high = mean_interval(group_means(wins, players))
    return {
        "deals": len(wins) // players,
        "deal_win_rate_95": [round(low, 4), round(high, 4)],
        "deal_mean_score_95": _interval(group_means(score, players))[1],
    }


def _matches(score: list[float], target: float, duplicate: bool) -> dict[str, Any]:
    """The heads-up hands as matches to ``target`` points. Game g seats the first entry
    at seat g % 2, so consecutive games alternate the lead; a duplicate match plays deal
    d as games 2d (first at seat 0) and 2d + 1, and its two sequences take from deal d
    the game with the first at seat d % 2, and the other."""
    if duplicate:
        deals = len(score) // 2
        runs = [[score[2 * d + (d + k) % 2] for d in range(deals)] for k in (0, 1)]
    else:
        runs = [score]
    won = [w for run in runs for w in matches_to(run, target)]
    low, high = wilson(sum(won), len(won))
    return {
        "match_to": target,
        "matches": len(won),
        "match_win_rate": round(sum(won) / len(won), 4) if won else None,
        "match_win_rate_95": [round(low, 4), round(high, 4)],
    }


def _row(r: dict[str, Any]) -> str:
    lo, hi = r["win_rate_95"]
    dlo, dhi = r["decided_win_rate_95"]
    slo, shi = r["mean_score_95"]
    flo, fhi = r["first_mean_penalty_95"]
    olo, ohi = r["others_mean_penalty_95"]
    decided = r["decided_win_rate"] or 0.0
    return (
        f"{r['variant']:<9} {r['players']:>1} {r['pairing']:<26} {r['games']:>5}"
        f" {r['win_rate']:>6.1%} [{lo:>5.1%}, {hi:>5.1%}]"
        f" {decided:>6.1%} [{dlo:>5.1%}, {dhi:>5.1%}] of {r['decided']:>4}"
        f" {r['mean_score']:>+6.2f} [{slo:>+6.2f}, {shi:>+6.2f}]"
        f" {r['first_mean_penalty']:>6.1f} [{flo:>5.1f}, {fhi:>5.1f}]"
        f" {r['others_mean_penalty']:>6.1f} [{olo:>5.1f}, {ohi:>5.1f}] {r['illegal_moves']:>3}"
        + _deal_text(r)
        + _match_text(r)
    )


def _finish_text(r: dict[str, Any]) -> str:
    """The first entry's hands won and lost by finish: count (mean points)."""
    sides = []
    for side, by in r["first_hands_by_finish"].items():
        parts = [f"{f} {v['hands']} ({v['mean_points']:.1f})" for f, v in by.items()]
        sides.append(f"{side} " + (", ".join(parts) or "none"))
    return "; ".join(sides)


def _round_text(r: dict[str, Any]) -> str:
    """The first entry's hands by round: the share it won by going out, and its and the
    others' mean penalty a hand."""
    return "; ".join(
        f"{key}: {v['won']:.1%} of {v['hands']}, {v['mean_penalty']:.1f}"
        f" / {v['others_mean_penalty']:.1f}"
        for key, v in r["first_hands_by_round"].items()
    )


def _deal_text(r: dict[str, Any]) -> str:
    """A duplicate match's intervals over its deals, else nothing."""
    if "deals" not in r:
        return ""
    lo, hi = r["deal_win_rate_95"]
    slo, shi = r["deal_mean_score_95"]
    return f"  per deal ({r['deals']}): [{lo:.1%}, {hi:.1%}] [{slo:+.2f}, {shi:+.2f}]"


def _match_text(r: dict[str, Any]) -> str:
    """The matches to a target, else nothing."""
    if "matches" not in r or not r["matches"]:
        return ""
    lo, hi = r["match_win_rate_95"]
    return (
        f"  matches to {r['match_to']:g} ({r['matches']}):"
        f" {r['match_win_rate']:.1%} [{lo:.1%}, {hi:.1%}]"
    )


HEAD = (
    f"{'variant':<9} {'n':>1} {'pairing (first/others)':<26} {'games':>5}"
    f" {'win rate [95%]':>22} {'of decided games [95%]':>30}"
    f" {'mean score [95%]':>22} {'first penalty':>20} {'others penalty':>20} ill"
)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--variants", default=",".join(dict.fromkeys(v for v, _ in TABLES)))
    p.add_argument("--pairings", default=None, help="FIRST/OTHER,...; default: item 5's set")
    p.add_argument("--players", type=int, default=None, help="only the tables of N seats")
    p.add_argument("--seed", default="1")
    p.add_argument("--round", type=int, default=None, help="Liverpool: only this round")
    p.add_argument("--advisor-time-limit", type=float, default=None)
    p.add_argument("--jobs", type=int, default=None, help="play the games in N processes")
    p.add_argument("--ray", nargs="?", const="", default=None, help="as Ray tasks (docs/sim.md)")
    p.add_argument(
        "--duplicate", action="store_true", help="every deal once with the first at each seat"
    )
    p.add_argument(
        "--match-to", type=float, default=None, help="heads-up: also as matches to P points"
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    wanted = [v.strip() for v in args.variants.split(",") if v.strip()]
    unknown = [v for v in wanted if v not in PRESETS]
    if unknown:
        p.error(f"unknown variant {unknown[0]!r}")
    rows = []
    if not args.json:
        print(HEAD, flush=True)
    with contextlib.ExitStack() as stack:
        runner = stack.enter_context(open_runner(args.jobs, args.ray))
        for variant, players in TABLES:
            if variant not in wanted or args.players not in (None, players):
                continue
            round_ = args.round if PRESETS[variant].contracts else None
            default = HEADS_UP if players == 2 else FOUR
            pairings = args.pairings.split(",") if args.pairings else default
            for pairing in pairings:
                row = measure(
                    variant,
                    players,
                    pairing,
                    args.games,
                    args.seed,
                    round_,
                    args.advisor_time_limit,
                    runner,
                    args.duplicate,
                    args.match_to,
                )
                rows.append(row)
                if not args.json:
                    print(_row(row), flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print("stalled at the turn limit (rounds stalled/played, share [95%]), by round:")
        for r in rows:
            print(f"{r['variant']:<9} {r['players']:>1} {stalled_text(r['stalled_by_round'])}")
        print("the first entry's hands by finish, won and lost: hands (mean points):")
        for r in rows:
            print(f"{r['variant']:<9} {r['players']:>1} {r['pairing']:<26} {_finish_text(r)}")
        rounds = [r for r in rows if len(r["first_hands_by_round"]) > 1]
        if rounds:
            print("the first entry's hands by round: won going out, mean penalty first / others:")
        for r in rounds:
            print(f"{r['variant']:<9} {r['players']:>1} {r['pairing']:<26} {_round_text(r)}")
    for r in rows:
        for reason in r["illegal_reasons"]:
            print(f"illegal, {r['variant']} {r['players']}: {reason}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
