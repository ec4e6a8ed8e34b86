"""Many seeded games between named players, and the figures per player.

Game ``i`` deals from the seed ``"{seed}-{i}"``. With ``rotate``, entry ``j`` of the
players sits at seat ``(j + i) % n`` in game ``i``, so every entry plays every seat.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from sim.players import make_player
from sim.referee import DEFAULT_MAX_TURNS, GameResult, RandomDealer, Record, Referee, rounds_of
from sim.stats import mean_interval, wilson
from solver.rules import Rules


@dataclass
class EntryStats:
    """One entry of ``--players`` over the match."""

    name: str
    games: int = 0
    wins: float = 0.0  # a game won by k tied seats counts 1/k to each
    penalties: list[int] = field(default_factory=list)
    illegal: int = 0
    illegal_reasons: list[str] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0
    turns: int = 0

    def to_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        mean, p_low, p_high = mean_interval(self.penalties)
        return {
            "player": self.name,
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "mean_penalty": round(mean, 2),
            "mean_penalty_95": [round(p_low, 2), round(p_high, 2)],
            "illegal_moves": self.illegal,
            "illegal_reasons": self.illegal_reasons[:5],
            "moves": self.turns,
            "decisions": self.decisions,
            "decisions_per_second": round(self.decisions / self.seconds, 1)
            if self.seconds
            else None,
        }


@dataclass
class MatchResult:
    entries: list[EntryStats]
    games: int
    seconds: float
    turns: int
    finishes: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seconds": round(self.seconds, 2),
            "moves": self.turns,
            "moves_per_second": round(self.turns / self.seconds, 1) if self.seconds else None,
            "finishes": dict(sorted(self.finishes.items())),
            "players": [e.to_dict() for e in self.entries],
        }


def seat_of(entry: int, game: int, n: int, rotate: bool) -> int:
    return (entry + game) % n if rotate else entry


def play_one(
    rules: Rules,
    names: Sequence[str],
    seed: str,
    round_: int | None = None,
    record: Record | None = None,
    *,
    max_turns: int = DEFAULT_MAX_TURNS,
    advisor_time_limit: float | None = None,
) -> tuple[GameResult, Referee]:
    """One game, seat ``s`` played by ``names[s]``, dealt from ``seed``."""
    players = [make_player(name, f"{seed}/{s}", advisor_time_limit) for s, name in enumerate(names)]
    ref = Referee(rules, players, RandomDealer(random.Random(seed)), record, max_turns=max_turns)
    if record is not None:
        record(
            {
                "event": "game",
                "seed": seed,
                "variant": rules.variant,
                "rules": {k: v for k, v in rules.to_dict().items() if k != "variant"},
                "players": list(names),
                "round": round_,
                "max_turns": max_turns,
            }
        )
    return ref.play_game(rounds_of(ref.rules, round_)), ref


def run_match(
    rules: Rules,
    names: Sequence[str],
    games: int,
    seed: int | str,
    *,
    round_: int | None = None,
    rotate: bool = False,
    record: Record | None = None,
    progress: TextIO | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    advisor_time_limit: float | None = None,
    on_game: Callable[[int, GameResult], None] | None = None,
) -> MatchResult:
    n = len(names)
    entries = [EntryStats(name) for name in names]
    finishes: dict[str, int] = {}
    turns = 0
    start = time.perf_counter()
    for g in range(games):
        seats = [""] * n
        for j, name in enumerate(names):
            seats[seat_of(j, g, n, rotate)] = name
        result, ref = play_one(
            rules,
            seats,
            f"{seed}-{g}",
            round_,
            record,
            max_turns=max_turns,
            advisor_time_limit=advisor_time_limit,
        )
        offender = result.illegal
        for j, entry in enumerate(entries):
            s = seat_of(j, g, n, rotate)
            entry.games += 1
            entry.wins += 1 / len(result.winners) if s in result.winners else 0.0
            entry.penalties.append(result.totals[s])
            counters = ref.counters[s]
            entry.decisions += counters.decisions
            entry.seconds += counters.seconds
            entry.turns += counters.turns
            if offender is not None and offender.seat == s:
                entry.illegal += 1
                entry.illegal_reasons.append(f"game {g}: {offender.reason}")
        for r in result.rounds:
            finishes[r.finish] = finishes.get(r.finish, 0) + 1
            turns += r.turns
        if on_game is not None:
            on_game(g, result)
        if progress is not None:
            _progress(progress, g + 1, games, time.perf_counter() - start)
    if progress is not None and games:
        progress.write("\n")
    return MatchResult(entries, games, time.perf_counter() - start, turns, finishes)


def _progress(out: TextIO, done: int, total: int, seconds: float) -> None:
    width = 30
    filled = width * done // total
    eta = seconds / done * (total - done)
    bar = "#" * filled + "-" * (width - filled)
    out.write(f"\r[{bar}] {done}/{total} games, {seconds:.0f}s, ~{eta:.0f}s left")
    out.flush()


def default_progress(games: int) -> TextIO | None:
    """A progress bar on stderr for runs long enough to want one."""
    return sys.stderr if games > 1 else None
