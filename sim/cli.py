"""``python -m sim``: play seeded games and print each player's figures; ``replay FILE``."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from typing import Any

from sim.match import MatchResult, default_progress, run_match, stalled_text
from sim.players import PLAYER_NAMES
from sim.referee import DEFAULT_MAX_TURNS
from sim.replay import LogWriter, ReplayError, replay
from sim.runner.base import RunnerUnavailable
from sim.runner.choose import open_runner
from sim.runner.ray_tasks import INSTALL
from solver.errors import SolverError
from solver.rules import PRESETS, make_rules


def _count(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m sim", description=__doc__)
    p.add_argument("--variant", required=True, choices=sorted(PRESETS))
    p.add_argument(
        "--players",
        required=True,
        help=f"one bot per seat, comma separated ({', '.join(PLAYER_NAMES)})",
    )
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", default="1")
    p.add_argument("--rules", default=None, help="rule overrides as a JSON object")
    p.add_argument("--round", type=int, default=None, help="play only this contract round")
    p.add_argument("--rotate", action="store_true", help="rotate the seats game by game")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--log", default=None, help="write every game as JSON lines to FILE")
    p.add_argument("--max-turns", type=int, default=DEFAULT_MAX_TURNS)
    p.add_argument("--advisor-time-limit", type=float, default=None)
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--jobs",
        type=_count,
        default=None,
        metavar="N",
        help="play the games in N processes (the same figures and log for any N);"
        " with --ray, the CPUs of the local Ray instance",
    )
    p.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help="play the games as Ray tasks: on the cluster at ADDRESS (or RAY_ADDRESS),"
        f" else on a local Ray instance (needs Ray: {INSTALL})",
    )
    return p


def table(result: MatchResult) -> str:
    """The figures as a text table, one line per player."""
    head = (
        f"{'player':<10} {'games':>5} {'wins':>7} {'win rate [95%]':>22}"
        f" {'mean penalty [95%]':>26} {'illegal':>7} {'decisions/s':>11}"
    )
    lines = [head]
    for e in result.entries:
        d = e.to_dict()
        lo, hi = d["win_rate_95"]
        plo, phi = d["mean_penalty_95"]
        dps = d["decisions_per_second"]
        lines.append(
            f"{e.name:<10} {e.games:>5} {e.wins:>7.1f} {d['win_rate']:>8.1%}"
            f" [{lo:>5.1%}, {hi:>5.1%}]"
            f" {d['mean_penalty']:>8.1f} [{plo:>7.1f}, {phi:>7.1f}] {e.illegal:>7}"
            f" {'-' if dps is None else f'{dps:.1f}':>11}"
        )
    s = result.to_dict()
    lines.append(
        f"{result.games} games, {result.turns} moves in {s['seconds']} s"
        f" ({s['moves_per_second']} moves/s); finishes: {s['finishes']}"
    )
    lines.append(f"stalled at the turn limit, by round: {stalled_text(s['stalled_by_round'])}")
    for e in result.entries:
        for reason in e.illegal_reasons[:3]:
            lines.append(f"illegal ({e.name}): {reason}")
    return "\n".join(lines)


def _play(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    unknown = [n for n in names if n not in PLAYER_NAMES]
    if unknown:
        print(f"unknown player {unknown[0]!r}: one of {', '.join(PLAYER_NAMES)}", file=sys.stderr)
        return 2
    try:
        overrides: Any = json.loads(args.rules) if args.rules else None
        rules = make_rules(args.variant, overrides)
        with contextlib.ExitStack() as stack:
            log = stack.enter_context(open(args.log, "w", encoding="utf-8")) if args.log else None
            runner = stack.enter_context(open_runner(args.jobs, args.ray))
            result = run_match(
                rules,
                names,
                args.games,
                args.seed,
                round_=args.round,
                rotate=args.rotate,
                record=LogWriter(log) if log else None,
                progress=None if args.quiet else default_progress(args.games),
                max_turns=args.max_turns,
                advisor_time_limit=args.advisor_time_limit,
                runner=runner,
            )
    except (SolverError, json.JSONDecodeError, RunnerUnavailable) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_dict(), indent=2) if args.json else table(result))
    return 1 if any(e.illegal for e in result.entries) else 0


def _replay(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as f:
            games = replay(f)
    except (OSError, ReplayError, ValueError, KeyError) as exc:
        print(f"error: cannot replay {path}: {exc}", file=sys.stderr)
        return 2
    bad = 0
    for g in games:
        status = (
            "same scores" if g.matches else f"DIFFERENT: logged {g.logged}, replayed {g.replayed}"
        )
        bad += not g.matches
        print(f"game {g.seed}: {status} {g.replayed}")
    print(f"{len(games)} games replayed, {bad} differ")
    return 1 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["replay"]:
        if len(args) != 2:
            print("usage: python -m sim replay FILE", file=sys.stderr)
            return 2
        return _replay(args[1])
    return _play(_parser().parse_args(args))
