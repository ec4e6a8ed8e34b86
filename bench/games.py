"""The games service over a whole game (not a test): a six-round Liverpool game at four
seats, the person's seat played by the greedy baseline through POST /v1/games/move.

Prints the size of the state the client carries (largest and last), and what a move's
replay costs as the game goes on: the replay alone (the request's time less the bots'
decisions) of the first and the last moves of each round, and of the game's last move.

    .venv/bin/python bench/games.py [--seed liverpool-1] [--bots greedy] [--players 4]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sim.moves import Ask
from sim.players.greedy import GreedyPlayer
from sim.service import Action, Asked, GameSpec, Move, MoveRefused, Progress, play, start

KEY = "bench-key"


def _never() -> bool:
    return False


def policy(asked: Asked) -> Move:
    bot, view = GreedyPlayer(), asked.view
    if asked.ask is Ask.DRAW:
        return Move(Action.TAKE_DISCARD if bot.draw(view) else Action.DRAW_STOCK)
    if asked.ask in (Ask.BUY, Ask.RUMMY):
        return Move(Action.PASS)
    if asked.ask is Ask.PLAY:
        return Move(Action.PLAY, bot.play(view))
    assert asked.knock is not None
    return Move(Action.DEFEND, bot.defend(view, asked.knock.melds, asked.knock.gin))


def replay_seconds(state: dict[str, Any], repeat: int = 5) -> float:
    """The replay alone: a `continue` where the person is asked is refused once the round
    in play has been replayed up to the person's decision, before any bot is asked."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        with contextlib.suppress(MoveRefused):
            play(state, Move(Action.CONTINUE), KEY, _never)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seed", default="liverpool-1")
    p.add_argument("--bots", default="greedy")
    p.add_argument("--players", type=int, default=4)
    args = p.parse_args()
    seats = ("human", *[args.bots] * (args.players - 1))
    progress: Progress = start(GameSpec("liverpool", {}, None, seats, args.seed), KEY, _never)
    sizes: list[int] = []
    replays: list[tuple[int, int, float]] = []  # (round, move in round, seconds)
    moves, in_round, rounds = 0, 0, 0
    started = time.perf_counter()
    while progress.result is None:
        assert progress.asked is not None
        state = json.loads(json.dumps(progress.state))
        sizes.append(len(json.dumps(state, separators=(",", ":"))))
        replays.append((rounds + 1, in_round, replay_seconds(state, 1)))
        progress = play(state, policy(progress.asked), KEY, _never)
        moves += 1
        in_round += 1
        if len(progress.rounds) > rounds:
            rounds, in_round = len(progress.rounds), 0
    last_state = sizes[-1]
    print(
        f"seats {seats}, seed {args.seed}: {moves} moves in {time.perf_counter() - started:.0f} s"
    )
    print(
        "rounds:", [(r.finish, r.turns) for r in progress.rounds], "totals", progress.result.totals
    )
    print(f"state: largest {max(sizes)} bytes, at the last move {last_state} bytes (compact JSON)")
    for rnd in range(1, rounds + 1):
        of_round = [(k, s) for r, k, s in replays if r == rnd]
        first, last = of_round[0], of_round[-1]
        print(
            f"round {rnd}: replay of its first move {first[1] * 1000:.1f} ms, of its last "
            f"(move {last[0]}) {last[1] * 1000:.1f} ms"
        )
    final = [s for r, k, s in replays][-1]
    print(f"the game's last move: replay {final * 1000:.1f} ms")


if __name__ == "__main__":
    main()
