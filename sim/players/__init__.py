"""The players a referee can seat, by name."""

from __future__ import annotations

import random

from sim.players.advisor import AdvisorPlayer
from sim.players.greedy import GreedyPlayer
from sim.players.patient import PatientPlayer
from sim.players.random_player import RandomPlayer
from sim.players.simple import SimplePlayer
from sim.referee import Player

PLAYER_NAMES: tuple[str, ...] = (
    "advisor",
    "advisor:fast",
    "advisor:deep",
    "greedy",
    "simple",
    "patient",
    "random",
)


def make_player(name: str, seed: str, advisor_time_limit: float | None = None) -> Player:
    """A fresh player for one game; ``seed`` drives a random player's choices."""
    if name == "advisor" or name.startswith("advisor:"):
        # "advisor" plays at the default level, "advisor:LEVEL" at that one
        return AdvisorPlayer(advisor_time_limit, name.partition(":")[2] or "standard")
    if name == "greedy":
        return GreedyPlayer()
    if name == "simple":
        return SimplePlayer()
    if name == "patient":
        return PatientPlayer()
    if name == "random":
        return RandomPlayer(random.Random(seed))
    raise ValueError(f"unknown player {name!r}: one of {', '.join(PLAYER_NAMES)}")
