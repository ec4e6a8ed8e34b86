"""End-of-round penalties, read from rule values: a loser's hand (card values, melded first
where ``penalty_after_melding``, a hand rummy's penalty) and a knock's settlement. The one
scoring of the library: ``/v1/score`` and the referee both count with it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from solver.budget import Budget
from solver.cards import Card, sort_cards
from solver.errors import GoalError
from solver.goals import Goal
from solver.melds import Meld
from solver.rules import HandRummyPenalty, Rules
from solver.solve import DEFAULT_TIME_LIMIT, solve

HAND_RUMMY_BONUS = 25


class Finish(StrEnum):
    """How the winner went out: ``hand_rummy``, all at once from nothing laid (its
    penalty applies), or ``normal``."""

    NORMAL = "normal"
    HAND_RUMMY = "hand_rummy"


@dataclass(frozen=True)
class CountedCard:
    card: Card
    points: int


@dataclass(frozen=True)
class Score:
    """A losing hand's count: ``base_points`` summed over ``cards``, then ``points`` after
    the finish; ``melds``: what was set aside first (``penalty_after_melding``), else none."""

    points: int
    cards: tuple[CountedCard, ...]
    finish: Finish
    base_points: int
    melds: tuple[Meld, ...]
    # melded first: whether the melding was proven least (false when its limit cut it)
    optimal: bool | None = None


def penalty(base: int, rules: Rules, finish: Finish) -> int:
    """The hand's count after the finish: a hand rummy doubles it or adds 25 (per the rules)."""
    if finish is not Finish.HAND_RUMMY:
        return base
    if rules.hand_rummy_penalty is HandRummyPenalty.PLUS25:
        return base + HAND_RUMMY_BONUS
    return base * 2


def score_hand(
    hand: Sequence[Card],
    rules: Rules,
    finish: Finish | str = Finish.NORMAL,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    budget: Budget | None = None,
) -> Score:
    """What a losing hand counts at the end of a round (the /v1/score response).

    Every card counts its ``rules.value`` (a joker its ``JK`` value). With
    ``penalty_after_melding`` (Israeli, gin) the hand is first melded optimally and only
    its deadwood counts.
    """
    try:
        finish = Finish(finish)
    except ValueError:
        raise GoalError(f"finish must be one of {', '.join(Finish)}", field="finish") from None
    melds: tuple[Meld, ...] = ()
    counted: Sequence[Card] = hand
    optimal: bool | None = None
    if rules.penalty_after_melding and hand:
        solution = solve(hand, rules, Goal.DEADWOOD, time_limit=time_limit, budget=budget)
        melds = solution.melds
        counted = solution.deadwood
        optimal = solution.optimal
    cards = tuple(CountedCard(c, rules.value(c)) for c in sort_cards(counted))
    base = sum(c.points for c in cards)
    return Score(penalty(base, rules, finish), cards, finish, base, melds, optimal)


def knock_penalties(
    rules: Rules, knocker: int, points: int, defenders: dict[int, int]
) -> tuple[int | None, dict[int, int]]:
    """A knock's settlement: the winner and each seat's penalty. A knock with no deadwood
    is gin (``gin_bonus``); a defender with deadwood at most the knocker's undercuts
    (``undercut_bonus``); otherwise each defender pays the difference."""
    out = {knocker: 0, **{seat: 0 for seat in defenders}}
    if points > 0:
        lowest = min(defenders, key=lambda s: (defenders[s], s))
        if defenders[lowest] <= points:
            out[knocker] = points - defenders[lowest] + rules.undercut_bonus
            return lowest, out
    bonus = rules.gin_bonus if points == 0 else 0
    for seat, dw in defenders.items():
        out[seat] = dw - points + bonus
    return knocker, out
