"""The advice of a play-or-draw turn (rules with ``play_or_draw``, Rummikub): lay tiles
down now, or draw; and what to keep back.

The play is the goal ``place`` of the solver (solver/place.py): the most tiles from the
hand, the table rearranged once down, the opening from the hand alone before. What is
kept back: the hand's jokers, when the same other tiles go down without them and the play
does not go out (a joker kept is a tile that fits any meld later; on the table it only
waits to be rearranged by the others).
"""

from __future__ import annotations

from advisor.needed import cards_needed
from advisor.results import Action, AdvicePhase, BestPlay, PlayAdvice, Recommendation
from advisor.situation import Situation
from solver.budget import Budget
from solver.cards import Card
from solver.goals import Goal
from solver.place import place
from solver.solution import Solution
from solver.turn import TurnAction

# The play is small: the limit only bounds a pathological table.
PLAY_SECONDS = 2.0


def _naturals(answer: Solution) -> int:
    return sum(not p.card.is_joker for p in answer.placed or ())


def _best(sit: Situation, hand: tuple[Card, ...], budget: Budget | None) -> Solution:
    return place(hand, sit.table, sit.rules, down=sit.down, time_limit=PLAY_SECONDS, budget=budget)


def advise_play(sit: Situation, budget: Budget | None = None) -> PlayAdvice:
    best = _best(sit, sit.hand, budget)
    optimal = best.optimal
    keep: tuple[Card, ...] = ()
    jokers = tuple(c for c in sit.hand if c.is_joker)
    if (
        best.feasible
        and best.deadwood
        and jokers
        and any(p.card.is_joker for p in best.placed or ())
    ):
        without = _best(sit, tuple(c for c in sit.hand if not c.is_joker), budget)
        optimal = optimal and without.optimal
        if without.feasible and _naturals(without) >= _naturals(best):
            best, keep = without, jokers
    live = sum(sit.live_counts())
    if not best.feasible or best.table is None:
        opening = not sit.down and sit.rules.opening_min is not None
        needed = cards_needed(sit, Goal.OPENING, budget=budget).needed if opening else None
        why = (
            f"no initial meld of {sit.rules.opening_min} points from the hand: draw a tile"
            if opening
            else "nothing in the hand can be laid, the table rearranged or not: draw a tile"
        )
        if best.feasible is None:
            why = "no play was found within the time allowed: draw a tile"
        rec = Recommendation(Action.DRAW_STOCK, None, why)
        return PlayAdvice(AdvicePhase.PLAY, Goal.PLACE, needed, None, (), rec, live, optimal)
    goes_out = not best.deadwood
    action = TurnAction.REARRANGE if sit.down else TurnAction.OPEN
    play = BestPlay(best.table, best.placed or (), best.melds, goes_out, action)
    laid = len(play.placed)
    if goes_out:
        why = f"lay all {laid} tiles: the hand goes out"
    elif keep:
        held = " ".join(str(c) for c in keep)
        why = f"lay {laid} tiles and keep {held} back: the same tiles go down without it"
    elif sit.down:
        why = f"lay {laid} tiles, the most the table takes from this hand"
    else:
        why = f"the initial meld: {best.opening} points from the hand alone"
    rec = Recommendation(Action.PLAY, None, why)
    return PlayAdvice(AdvicePhase.PLAY, Goal.PLACE, 0, play, keep, rec, live, optimal)
