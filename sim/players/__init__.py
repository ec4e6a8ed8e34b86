"""The players a referee can seat, by name."""

from __future__ import annotations

import random

from sim.players.advisor import AdvisorPlayer
from sim.players.greedy import GreedyPlayer
from sim.players.random_player import RandomPlayer
from sim.referee import Player

PLAYER_NAMES: tuple[str, ...] = ("advisor", "greedy", "random")


def make_player(name: str, seed: str, advisor_time_limit: float | None = None) -> Player:
    """A fresh player for one game; ``seed`` drives a random player's choices."""
    if name == "advisor":
        return AdvisorPlayer(advisor_time_limit)
    if name == "greedy":
        return GreedyPlayer()
    if name == "random":
        return RandomPlayer(random.Random(seed))
    raise ValueError(f"unknown player {name!r}: one of {', '.join(PLAYER_NAMES)}")
