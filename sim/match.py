"""Many seeded games between named players, and the figures per player.

Game ``i`` deals from the seed ``"{seed}-{i}"``. With ``rotate``, entry ``j`` of the
players sits at seat ``(j + i) % n`` in game ``i``, so every entry plays every seat.
With ``duplicate`` (seats rotated as with ``rotate``), game ``i`` deals from
``"{seed}-{i // n}"``: each deal is played ``n`` times in a row, once with every entry
at every seat, so the luck of the cards is shared and a difference between players
shows in fewer games.
A game depends on nothing but its ``GameTask``: a runner (``sim.runner``) may play the
games anywhere, and the figures and the log are read from its results in game order.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from sim.players import make_player
from sim.referee import (
    DEFAULT_MAX_TURNS,
    GameResult,
    RandomDealer,
    Record,
    Referee,
    RoundEnd,
    RoundResult,
    SeatCounters,
    rounds_of,
)
from sim.runner.base import Runner
from sim.runner.local import InProcess
from sim.stats import mean_interval, wilson
from solver.rules import Rules, make_rules


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
    # the hands it won (the others' penalties) and lost (its own), per finish: [hands, points]
    won_by: dict[str, list[int]] = field(default_factory=dict)
    lost_by: dict[str, list[int]] = field(default_factory=dict)
    # per round (``round_key``, in the order played): [hands, hands won, its penalties,
    # the others' mean penalties], a stalled hand counted too: which rounds decide its games
    by_round: dict[str, list[float]] = field(default_factory=dict)

    def count_hand(self, r: RoundResult, seat: int) -> None:
        """A hand this entry played at ``seat``: by its round, and, where somebody went
        out, by its finish."""
        others = [p for s, p in enumerate(r.penalties) if s != seat]
        tally = self.by_round.setdefault(round_key(r.round), [0, 0, 0, 0.0])
        tally[0] += 1
        tally[1] += r.winner == seat
        tally[2] += r.penalties[seat]
        tally[3] += sum(others) / len(others) if others else 0.0
        if r.winner is None:
            return
        won = r.winner == seat
        points = sum(r.penalties) - r.penalties[seat] if won else r.penalties[seat]
        by = (self.won_by if won else self.lost_by).setdefault(r.finish, [0, 0])
        by[0] += 1
        by[1] += points

    def hands_by_finish(self) -> dict[str, dict[str, dict[str, float]]]:
        """How its hands ended, won and lost: per finish the hands and their mean points."""
        return {
            side: {
                f: {"hands": n, "mean_points": round(p / n, 1)} for f, (n, p) in sorted(by.items())
            }
            for side, by in (("won", self.won_by), ("lost", self.lost_by))
        }

    def hands_by_round(self) -> dict[str, dict[str, float]]:
        """Per round its hands, the share it won by going out, and its and the others'
        mean penalty a hand: in a game of rounds, where its total is won or lost."""
        return {
            key: {
                "hands": n,
                "won": round(won / n, 4),
                "mean_penalty": round(own / n, 1),
                "others_mean_penalty": round(theirs / n, 1),
            }
            for key, (n, won, own, theirs) in self.by_round.items()
        }

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
            "hands_by_finish": self.hands_by_finish(),
            "hands_by_round": self.hands_by_round(),
        }


@dataclass
class StalledCount:
    """The hands of one round (a Liverpool contract, or a one-hand game's only hand)
    played, and those that stalled: still open at the turn limit."""

    rounds: int = 0
    stalled: int = 0

    def to_dict(self) -> dict[str, Any]:
        low, high = wilson(self.stalled, self.rounds)
        return {
            "rounds": self.rounds,
            "stalled": self.stalled,
            "share": round(self.stalled / self.rounds, 4) if self.rounds else 0.0,
            "share_95": [round(low, 4), round(high, 4)],
        }


def round_key(round_: int | None) -> str:
    """The name of a round in the figures: its number, or ``all`` for a one-hand game."""
    return "all" if round_ is None else str(round_)


def stalled_text(by_round: dict[str, Any]) -> str:
    """``stalled_by_round`` as a line: each round's stalled hands of those played, and
    the share with its 95% interval."""
    parts = []
    for key, d in by_round.items():
        lo, hi = d["share_95"]
        parts.append(f"{key}: {d['stalled']}/{d['rounds']} {d['share']:.1%} [{lo:.1%}, {hi:.1%}]")
    return "; ".join(parts) or "-"


@dataclass
class MatchResult:
    entries: list[EntryStats]
    games: int
    seconds: float
    turns: int
    finishes: dict[str, int]
    stalled: dict[str, StalledCount] = field(default_factory=dict)  # by ``round_key``

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seconds": round(self.seconds, 2),
            "moves": self.turns,
            "moves_per_second": round(self.turns / self.seconds, 1) if self.seconds else None,
            "finishes": dict(sorted(self.finishes.items())),
            "stalled_by_round": {k: c.to_dict() for k, c in self.stalled.items()},
            "players": [e.to_dict() for e in self.entries],
        }


def seat_of(entry: int, game: int, n: int, rotate: bool) -> int:
    return (entry + game) % n if rotate else entry


def _logged(rules: Rules) -> dict[str, Any]:
    """The rule values but the variant: ``make_rules(rules.variant, them)`` gives ``rules``."""
    return {k: v for k, v in rules.to_dict().items() if k != "variant"}


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
                "rules": _logged(rules),
                "players": list(names),
                "round": round_,
                "max_turns": max_turns,
            }
        )
    return ref.play_game(rounds_of(ref.rules, round_)), ref


@dataclass(frozen=True)
class GameTask:
    """One game of a match: all a worker needs to play it, in plain data."""

    variant: str
    rules: dict[str, Any]  # every other rule value, as logged (``Rules`` does not pickle)
    seats: tuple[str, ...]  # the player's name at each seat
    seed: str
    round: int | None
    max_turns: int
    advisor_time_limit: float | None
    log: bool  # keep the game's log events


@dataclass(frozen=True)
class GamePlayed:
    result: GameResult
    counters: tuple[SeatCounters, ...]
    events: tuple[dict[str, Any], ...]  # the game's log, when its task asks for it


def play_task(task: GameTask) -> GamePlayed:
    events: list[dict[str, Any]] = []
    result, ref = play_one(
        make_rules(task.variant, task.rules),
        task.seats,
        task.seed,
        task.round,
        events.append if task.log else None,
        max_turns=task.max_turns,
        advisor_time_limit=task.advisor_time_limit,
    )
    return GamePlayed(result, tuple(ref.counters), tuple(events))


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
    runner: Runner | None = None,
    duplicate: bool = False,
) -> MatchResult:
    """``games`` games played by ``runner`` (this process by default), read in game order."""
    n = len(names)
    rotate = rotate or duplicate
    entries = [EntryStats(name) for name in names]
    finishes: dict[str, int] = {}
    stalled: dict[str, StalledCount] = {}
    turns = 0
    start = time.perf_counter()
    logged_rules = _logged(rules)

    def task(g: int) -> GameTask:
        seats = [""] * n
        for j, name in enumerate(names):
            seats[seat_of(j, g, n, rotate)] = name
        return GameTask(
            rules.variant,
            logged_rules,
            tuple(seats),
            f"{seed}-{g // n if duplicate else g}",
            round_,
            max_turns,
            advisor_time_limit,
            record is not None,
        )

    played = (runner or InProcess()).map(play_task, map(task, range(games)))
    for g, game in enumerate(played):
        if record is not None:
            for event in game.events:
                record(event)
        result = game.result
        offender = result.illegal
        for j, entry in enumerate(entries):
            s = seat_of(j, g, n, rotate)
            entry.games += 1
            entry.wins += 1 / len(result.winners) if s in result.winners else 0.0
            entry.penalties.append(result.totals[s])
            counters = game.counters[s]
            entry.decisions += counters.decisions
            entry.seconds += counters.seconds
            entry.turns += counters.turns
            if offender is not None and offender.seat == s:
                entry.illegal += 1
                entry.illegal_reasons.append(f"game {g}: {offender.reason}")
            for r in result.rounds:
                entry.count_hand(r, s)
        for r in result.rounds:
            finishes[r.finish] = finishes.get(r.finish, 0) + 1
            count = stalled.setdefault(round_key(r.round), StalledCount())
            count.rounds += 1
            count.stalled += r.finish == RoundEnd.TURN_LIMIT
            turns += r.turns
        if on_game is not None:
            on_game(g, result)
        if progress is not None:
            _progress(progress, g + 1, games, time.perf_counter() - start)
    if progress is not None and games:
        progress.write("\n")
    return MatchResult(entries, games, time.perf_counter() - start, turns, finishes, stalled)


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
