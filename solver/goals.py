"""The one vocabulary of goals (docs/rules.md section 4), shared by solver, advisor and API.

A goal names what a hand must reach; which goal a situation plays for is read from rule
values (``Rules.goal``, ``knock_max``, whether the player is down), never from a variant name.
"""

from __future__ import annotations

from enum import StrEnum


class Goal(StrEnum):
    """``deadwood``: no requirement, least deadwood. ``contract``: the round's sets and runs.
    ``opening``: melds worth at least ``opening_min``. ``win``: every card melded (with a run
    where ``require_run``). ``out``: every card but the final discard melded or laid off.
    ``knock``: deadwood at most ``knock_max`` after the discard. ``place``: the play that lays
    the most tiles from the rack onto a table whose melds may all be rearranged
    (``rearrange_table``), or before the opening the best opening from the rack alone."""

    DEADWOOD = "deadwood"
    CONTRACT = "contract"
    OPENING = "opening"
    WIN = "win"
    OUT = "out"
    KNOCK = "knock"
    PLACE = "place"

    @property
    def keeps_discard(self) -> bool:
        """A hand that has drawn keeps its final discard out of the melds for this goal."""
        return self in (Goal.WIN, Goal.OUT, Goal.KNOCK)

    @property
    def holds_when_down(self) -> bool:
        """The goal stays the rules' own once down (``auto``): placing goes on all game."""
        return self is Goal.PLACE


# A request's goal that stands for the rules' own (``solver.solve.resolve_goal``).
AUTO_GOAL = "auto"
# The goals a partition is solved for (``Rules.goal``, /v1/solve); the others are the
# advisor's, whose answer is cards needed rather than a partition.
SOLVE_GOALS: tuple[Goal, ...] = (
    Goal.DEADWOOD,
    Goal.CONTRACT,
    Goal.OPENING,
    Goal.WIN,
    Goal.PLACE,
)
