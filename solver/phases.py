"""The phases of a round, and which of them a rule set has, read from its rule fields here
once: the advisor refuses a phase the rules do not have (a 422 naming ``phase``), and
docs/rules.md lists each preset's (``make docs``).

>>> from solver.rules import PRESETS
>>> [str(p) for p in phases_of(PRESETS["liverpool"])]
['draw', 'buy', 'call', 'discard']
>>> [str(p) for p in phases_of(PRESETS["gin"])]
['draw', 'discard', 'defend']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from types import MappingProxyType

from solver.errors import SolverError
from solver.rules import Rules


class Phase(StrEnum):
    """A decision of a round, in the order of a turn: ``draw`` (the top discard or the
    stock), ``buy`` (out of turn, the discard passed up), ``call`` ("Rummy!" on a discard
    that fits the table), ``discard`` (lay down and discard), ``play`` (lay down or draw,
    the whole turn under ``play_or_draw``), ``defend`` (lay off against a knock)."""

    DRAW = "draw"
    BUY = "buy"
    CALL = "call"
    DISCARD = "discard"
    PLAY = "play"
    DEFEND = "defend"


# The rule field that gives a round each phase (or takes it away): its name, its value
# without the phase, and whether ``rules`` have the phase.
GIVEN_BY: Mapping[Phase, tuple[str, str, Callable[[Rules], bool]]] = MappingProxyType(
    {
        Phase.DRAW: ("play_or_draw", "true", lambda r: not r.play_or_draw),
        Phase.BUY: ("buying", "false", lambda r: r.buying),
        Phase.CALL: ("rummy_call", "false", lambda r: r.rummy_call),
        Phase.DISCARD: ("play_or_draw", "true", lambda r: not r.play_or_draw),
        Phase.PLAY: ("play_or_draw", "false", lambda r: r.play_or_draw),
        Phase.DEFEND: ("knock_max", "null", lambda r: r.knock_max is not None),
    }
)


def phases_of(rules: Rules) -> tuple[Phase, ...]:
    """The phases ``rules`` have, in turn order."""
    return tuple(p for p in Phase if GIVEN_BY[p][2](rules))


class PhaseError(SolverError):
    """A phase the rules do not have."""

    def __init__(self, phase: Phase, rules: Rules):
        name, off, _ = GIVEN_BY[phase]
        have = ", ".join(phases_of(rules))
        super().__init__(
            f"these rules have no {phase} phase ({name}: {off}); they have: {have}",
            field="phase",
        )
        self.phase = phase


def check_phase(rules: Rules, phase: Phase) -> None:
    """Refuse a phase ``rules`` do not have."""
    if phase not in phases_of(rules):
        raise PhaseError(phase, rules)
