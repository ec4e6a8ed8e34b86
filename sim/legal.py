"""The referee's side of a turn: the seat's state handed to the solver's legality, and its
verdict applied. Every rule judgement is ``solver.turn``'s; what is the referee's own is
whose turn it is, where the drawn card came from (the taken discard it passes on) and the
state the verdict leaves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sim.moves import Play
from solver.cards import Card
from solver.melds import Meld
from solver.rules import Rules
from solver.turn import Seat, Turn, TurnAction, judge_defence, judge_turn


class IllegalMove(Exception):
    """A move the rules forbid; ``seat`` loses the game."""

    def __init__(self, seat: int, reason: str):
        super().__init__(f"seat {seat}: {reason}")
        self.seat = seat
        self.reason = reason

    def __reduce__(self) -> tuple[type[IllegalMove], tuple[int, str]]:
        # a game's result, which holds it, comes back from a worker process pickled
        return (IllegalMove, (self.seat, self.reason))


class Breach(Exception):
    """A broken rule found by the checks; the referee adds the seat (``IllegalMove``)."""


@dataclass(frozen=True)
class Applied:
    """The state after a legal turn. ``left``: the hand after the discard. ``knock``: the
    knocker's melds and deadwood points when the turn knocked."""

    left: tuple[Card, ...]
    table: tuple[Meld, ...]
    down: bool
    out: bool = False
    hand_rummy: bool = False
    knock: tuple[tuple[Meld, ...], int] | None = None


def apply_play(
    rules: Rules,
    round_: int | None,
    hand: Sequence[Card],
    table: Sequence[Meld],
    down: bool,
    play: Play,
    obliged: Card | None = None,
) -> Applied:
    """Judge ``play`` by the seat holding ``hand`` (``obliged``: the discard it took this
    turn); the state after it, or ``Breach`` naming every rule it breaks."""
    seat = Seat(tuple(hand), tuple(m.cards for m in table), down, round_, obliged)
    turn = Turn(
        melds=play.melds,
        layoffs=play.layoffs,
        joker_swaps=play.joker_swaps,
        discard=play.discard,
        action=TurnAction.KNOCK if play.knock else None,
        table=play.table,
    )
    verdict = judge_turn(rules, seat, turn)
    if not verdict.legal:
        raise Breach("; ".join(v.message for v in verdict.violations))
    if verdict.knock_points is not None:
        return Applied(verdict.left, (), False, knock=(verdict.new_melds, verdict.knock_points))
    return Applied(verdict.left, verdict.table, verdict.down, verdict.goes_out, verdict.hand_rummy)


def apply_defence(
    rules: Rules, hand: Sequence[Card], melds: Sequence[Meld], play: Play, gin: bool
) -> int:
    """The defender's deadwood points after its melds and layoffs onto the knocker's melds."""
    if play.discard is not None or play.joker_swaps or play.knock:
        raise Breach("a defence shows melds and lays off, nothing else")
    verdict = judge_defence(rules, hand, melds, play.melds, play.layoffs, gin=gin)
    if not verdict.legal:
        raise Breach("defence: " + "; ".join(v.message for v in verdict.violations))
    return verdict.deadwood_points
