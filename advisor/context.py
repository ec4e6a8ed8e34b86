"""The shared context of one advice: the situation, its rules, goal plan and table, the
live cards and the request's budget; and the figures of candidate hands within it, each
computed once: cards needed and outs (the engine), deadwood (the meld search) and
partitions (CP-SAT).

Under the goal ``out`` the figures count what a joker release makes possible: they are the
best over the hand as it is and the hand after each release the turn's legality allows
(``solver.turn``: ``joker_release``, a seat already down), on the table it leaves.

Whatever the budget cuts short says so, and the advice answers ``optimal: false``. Its
work allowance cuts searches the same way on every run; its deadline is the guard: when
it interrupts a search (``BudgetExhausted``, from the API's watchdog), the context
stops the budget and answers every figure not known yet as unknown, so the advice is
assembled from what was established (unknown cards needed stay ``None``). Deadwood
cannot be unknown: without it there is nothing to rank, and ``BudgetExhausted`` goes on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import TypeVar

from advisor.deadwood import DeadwoodSearch
from advisor.engine import Figures, Question, discard_figures, discards_within, figures
from advisor.plan import GoalPlan, TableMeld, goal_plan, read_table
from advisor.results import Effort
from advisor.situation import Situation
from solver.budget import Budget, BudgetExhausted
from solver.cards import JOKER_ID, NUM_KINDS, Card, counts_of
from solver.goals import Goal
from solver.rules import Rules
from solver.solution import Solution
from solver.solve import solve, unsolved
from solver.turn import release

Key = tuple[int, ...]
QKey = tuple[object, ...]
T = TypeVar("T")
# the figures of a hand the deadline left unsettled
_UNKNOWN = Figures(None, {}, optimal=False)


def question_key(q: Question) -> QKey:
    """A question's identity within one advice (the rules are the same throughout)."""
    return (q.goal, q.reserve, q.contract, q.table, q.new_melds)


def out_copies(fig: Figures) -> int:
    """Live copies of every out."""
    return sum(fig.outs.values())


def _better(a: Figures, b: Figures) -> Figures:
    """The figures of the nearer hand (then the one with more outs); ``a`` on a tie."""

    def key(f: Figures) -> tuple[bool, int, int]:
        return (f.needed is None, f.needed or 0, -out_copies(f))

    return b if key(b) < key(a) else a


class Context:
    """``budget``: the request's budget; each solve does at most ``DEFAULT_TIME_LIMIT``
    seconds of work, and no more than is left of the budget's allowance."""

    def __init__(self, sit: Situation, budget: Budget | None = None, effort: Effort = Effort.FAST):
        self.sit, self.rules = sit, sit.rules
        self.effort = effort
        self.table: tuple[TableMeld, ...] = read_table(sit)
        self.plan: GoalPlan = goal_plan(sit, self.table)
        self.goal: Goal = self.plan.goal
        self.live = sit.live_counts()
        self.budget = budget
        self.optimal = True
        self.cut = False  # the deadline interrupted the work: nothing more is computed
        self._figures: dict[tuple[QKey, Key], Figures] = {}
        self._discards: dict[tuple[QKey, Key, Key], Mapping[int, Figures]] = {}
        self._deadwood = DeadwoodSearch(self.rules)
        self._each_discard: dict[Key, dict[int, int]] = {}

    @property
    def melds_over(self) -> bool:
        """Down where going down ends the new melds: every card held is shed by a layoff
        or the discard, so a partition of the hand into melds counts for nothing."""
        return self.sit.down and not self.rules.new_melds_after_down

    # -- cards needed and outs (the engine) --------------------------------------

    def figures(self, held: Sequence[int], drawn: bool = False) -> Figures:
        """Cards needed and outs of ``held`` under the plan's goal."""
        return self.figures_of(self.plan.question_for(drawn), held)

    def figures_of(self, q: Question, held: Sequence[int]) -> Figures:
        fig = self._engine_figures(q, held)
        for q_after, held_after in self._releases(q, held):
            fig = _better(fig, self._engine_figures(q_after, held_after))
        return fig

    def _releases(self, q: Question, held: Sequence[int]) -> list[tuple[Question, list[int]]]:
        """The question and hand after each joker release the seat may make on ``q``'s
        table with ``held`` (none but under the goal ``out``, down, with ``joker_release``)."""
        if q.goal is not Goal.OUT or not q.table or not self.rules.joker_release:
            return []
        if not self.sit.down:
            return []
        cards = Counter(Card.from_id(i) for i in range(NUM_KINDS) for _ in range(held[i]))
        out = []
        for pos, meld in enumerate(q.table):
            freed = release(self.rules, meld, cards)
            if freed is None:
                continue
            naturals, grown = freed
            after = list(held)
            for c in naturals:
                after[c.id] -= 1
            after[JOKER_ID] += 1
            table = (*q.table[:pos], grown, *q.table[pos + 1 :])
            out.append((replace(q, table=table), after))
        return out

    def _engine_figures(self, q: Question, held: Sequence[int]) -> Figures:
        key = (question_key(q), tuple(held))
        if key not in self._figures:
            try:
                fig = self._guarded(lambda: figures(q, held, self.live, self.budget))
            except BudgetExhausted:
                return _UNKNOWN
            self.optimal &= fig.optimal
            self._figures[key] = fig
        return self._figures[key]

    def needed(self, held: Sequence[int], drawn: bool) -> int | None:
        return self.figures(held, drawn).needed

    def needed_after_draw(self, held: Sequence[int]) -> int | None:
        """Cards needed of a hand that has drawn. Where the goal keeps a final discard,
        a best target leaves some held card out, and throwing it costs nothing: the
        best of the discards' figures is the answer, with no question of its own."""
        if not self.plan.keeps_discard:
            return self.needed(held, drawn=True)
        found = [f.needed for f in self.discard_figures(held).values() if f.needed is not None]
        return min(found, default=None)

    def discard_figures(
        self, held: Sequence[int], live: Sequence[int] | None = None
    ) -> Mapping[int, Figures]:
        """Cards needed and outs of the hand left by each discard of ``held`` (a hand
        that has drawn); the discarded card counts as seen. ``live``: the live cards
        after draws yet to come (the look-ahead's), else the situation's."""
        q = self.plan.question_for(False)
        found = dict(self._engine_discard_figures(q, held, live))
        for q_after, held_after in self._releases(q, held):
            after = self._engine_discard_figures(q_after, held_after, live)
            for d in found:
                if d in after:
                    found[d] = _better(found[d], after[d])
        return found

    def discards_within(
        self, held: Sequence[int], live: Sequence[int], bound: int
    ) -> Mapping[int, Figures] | None:
        """The figures of the discards of ``held`` (a hand that has drawn) that leave at
        most ``bound`` cards needed, ``live`` the cards still live: the look-ahead's
        question, which knows the least a discard needs. Where joker releases or layoffs
        alone decide, every discard's figures. None: the budget cut the engine."""
        q = self.plan.question_for(False)
        if not q.new_melds or self._releases(q, held):
            found = self.discard_figures(held, live)
        else:
            try:
                got = self._guarded(lambda: discards_within(q, held, live, bound, self.budget))
            except BudgetExhausted:
                return None
            if got is None:
                self.optimal = False
                return None
            found = got
        return found if all(f.optimal for f in found.values()) else None

    def _engine_discard_figures(
        self, q: Question, held: Sequence[int], live: Sequence[int] | None = None
    ) -> Mapping[int, Figures]:
        pool = self.live if live is None else live
        key = (question_key(q), tuple(held), tuple(pool))
        if key not in self._discards:
            try:
                found = self._guarded(lambda: discard_figures(q, held, pool, self.budget))
            except BudgetExhausted:
                return {d: _UNKNOWN for d in range(NUM_KINDS) if held[d]}
            self.optimal &= all(f.optimal for f in found.values())
            self._discards[key] = found
        return self._discards[key]

    # -- deadwood (the meld search) ------------------------------------------------

    def deadwood_after_each_discard(self, held: Sequence[int]) -> dict[int, int]:
        """The least deadwood points left by each discard of ``held``."""
        key = tuple(held)
        if key not in self._each_discard:
            found, optimal = self._guarded(
                lambda: self._deadwood.after_each_discard(held, self.budget)
            )
            self.optimal &= optimal
            self._each_discard[key] = found
        return self._each_discard[key]

    def least_deadwood_after_discard(self, hand: Sequence[Card]) -> int:
        """The least deadwood a discard can leave: whether a partition is worth solving."""
        return min(self.deadwood_after_each_discard(counts_of(hand)).values(), default=0)

    # -- partitions (CP-SAT) ------------------------------------------------------

    def solve(
        self,
        hand: Sequence[Card],
        goal: Goal,
        *,
        discard: bool = False,
        must_meld: Sequence[Card] = (),
    ) -> Solution:
        try:
            sol = self._guarded(
                lambda: solve(
                    list(hand),
                    self.rules,
                    goal,
                    self.sit.round if goal is Goal.CONTRACT else None,
                    budget=self.budget,
                    discard=discard,
                    must_meld=must_meld,
                )
            )
        except BudgetExhausted:
            return unsolved(hand, self.rules, goal, discard=discard)
        self.optimal &= sol.optimal
        return sol

    @contextmanager
    def metered(self) -> Iterator[Budget]:
        """Within it, the work is charged to a part of the budget (``Budget.part``; with
        no request budget, a budget without limits), whose ``spent`` counts that work
        alone: a step that bounds its own work (the look-ahead) reads it."""
        whole = self.budget
        self.budget = Budget.unlimited() if whole is None else whole.part()
        try:
            yield self.budget
        finally:
            self.budget = whole

    # -- the deadline -------------------------------------------------------------

    def _guarded(self, work: Callable[[], T]) -> T:
        """``work``, unless the deadline has cut the advice (then, or when it cuts
        ``work``, ``BudgetExhausted``; the caller answers unknown where it can)."""
        if self.cut:
            raise BudgetExhausted()
        try:
            return work()
        except BudgetExhausted:
            self.cut, self.optimal = True, False
            if self.budget is not None:
                self.budget.stop()
            raise


def without(held: Sequence[int], card_id: int) -> list[int]:
    out = list(held)
    out[card_id] -= 1
    return out


def with_card(held: Sequence[int], card_id: int) -> list[int]:
    out = list(held)
    out[card_id] += 1
    return out


def protected_joker(card: Card, rules: Rules) -> bool:
    """A joker the rules fine when left in hand is worth keeping: never the advised discard
    (except as the going-out discard)."""
    return card.is_joker and rules.jokers > 0 and rules.joker_hand_penalty > 0
