"""The advisor as a player: every decision it covers comes from ``advisor.advise``.

This is the one module that touches the advisor; it reads the advisor's typed results.

The advisor has no phase for a Rummy call or a defence against a knock: a call follows
its buy advice (both take the discard out of turn), a defence is the solver's (plans).
"""

from __future__ import annotations

from advisor.advise import advise
from advisor.results import Action, Advice, AdvicePhase, Effort
from advisor.situation import Situation
from sim.moves import Melds, Play, View
from sim.players.plans import defence, highest_deadwood, lay_down, lays, left_after
from solver.budget import Budget
from solver.turn import TurnAction


def _situation(view: View) -> Situation:
    n = len(view.hand_sizes)
    return Situation(
        rules=view.rules,
        hand=view.hand,
        round=view.round,
        table=view.table,
        discard_pile=view.discard_pile,
        seen=view.seen,
        down=view.down,
        # the others' hand sizes, which every player sees: the next player first
        opponent_hand_sizes=tuple(view.hand_sizes[(view.seat + k) % n] for k in range(1, n)),
        taken_discard=view.obliged,
    )


def _play_of(view: View, advice: Advice) -> Play:
    rec = advice.recommendation
    lay = getattr(advice, "lay_down", None)
    if lay is None:
        return Play(discard=rec.card)
    return Play(
        melds=tuple(tuple(m.cards) for m in lay.melds),
        layoffs=lay.layoffs,
        joker_swaps=lay.joker_swaps,
        discard=rec.card,
        knock=view.rules.knock_max is not None and rec.action is Action.GO_OUT,
    )


class AdvisorPlayer:
    def __init__(self, time_limit: float | None = None, effort: str = Effort.STANDARD):
        self.time_limit = time_limit  # seconds a whole advice may take; None: no limit
        self.effort = Effort(effort)

    def _advise(self, view: View, phase: AdvicePhase) -> Advice:
        budget = None if self.time_limit is None else Budget.of(self.time_limit)
        return advise(
            _situation(view), phase, budget=budget, buys_made=view.buys_made, effort=self.effort
        )

    def _action(self, view: View, phase: AdvicePhase) -> Action:
        return self._advise(view, phase).recommendation.action

    def draw(self, view: View) -> bool:
        return self._action(view, AdvicePhase.DRAW) is Action.TAKE_DISCARD

    def buy(self, view: View) -> bool:
        return self._action(view, AdvicePhase.BUY) is Action.BUY

    def call_rummy(self, view: View) -> bool:
        return self.buy(view)

    def play(self, view: View) -> Play:
        if view.rules.play_or_draw:
            return _turn_of(self._advise(view, AdvicePhase.PLAY))
        play = _play_of(view, self._advise(view, AdvicePhase.DISCARD))
        if view.obliged is not None and not lays(play, view.obliged):
            # the advice found no lay-down with the taken card (its search cut short);
            # the draw advice took it because such a lay-down exists: the solver's
            forced = lay_down(view)
            if forced is not None:
                return forced if forced.discard is not None else _with_discard(view, forced, play)
        return play

    def defend(self, view: View, melds: Melds, gin: bool) -> Play:
        return defence(view, melds, gin)


def _turn_of(advice: Advice) -> Play:
    """A play-or-draw turn: the advised play (the opening's melds, or the whole table
    rearranged), or nothing laid, so a tile is drawn."""
    play = getattr(advice, "play", None)
    if play is None:
        return Play()
    if play.action is TurnAction.OPEN:
        return Play(tuple(m.cards for m in play.melds))
    return Play(table=tuple(m.cards for m in play.table))


def _with_discard(view: View, forced: Play, advised: Play) -> Play:
    """``forced`` with the advised discard if it is still in hand, else the first card left."""
    left = left_after(view.hand, forced)
    card = advised.discard if advised.discard in left else highest_deadwood(left, view.rules)
    return Play(forced.melds, forced.layoffs, forced.joker_swaps, card)
