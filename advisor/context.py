"""The shared context of one advice: the situation, its rules, goal and table, the live
cards and the request's budget; and the figures of candidate hands within it (cards
needed, outs, deadwood) and the partitions, each computed once.

The whole advice shares one budget, so a hard hand still answers in time (``optimal``
turns false when a solve was cut short).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from advisor.completions import completion_templates
from advisor.deadwood import DeadwoodSearch
from advisor.distance import Answer, Question, distance, is_lean, most_laid_off
from advisor.outs import outs, outs_by_discard
from advisor.plan import Plan, TableMeld, plan_for, read_table
from advisor.situation import Situation
from solver.budget import Budget
from solver.cards import NUM_KINDS, Card, counts_of
from solver.goals import Goal
from solver.solution import Solution
from solver.solve import DEFAULT_TIME_LIMIT, solve

# The whole advice may take this many per-solve time limits before solves get cut short.
_TOTAL_LIMITS = 4.0
_MIN_LIMIT = 0.02

Key = tuple[int, ...]
QKey = tuple[object, ...]


def question_key(q: Question) -> QKey:
    """A question's identity within one advice (the rules are the same throughout)."""
    return (q.goal, q.reserve, q.contract, q.table, q.new_melds)


@dataclass(frozen=True)
class Figures:
    """``needed`` is None when no live cards can reach the goal; ``outs``: {card id: live}."""

    needed: int | None
    outs: dict[int, int]

    @property
    def out_copies(self) -> int:
        return sum(self.outs.values())


def counts_key(held: Sequence[int]) -> Key:
    return tuple(held)


class Context:
    """``budget``: the request's wall clock; without one a solve may take
    ``DEFAULT_TIME_LIMIT`` and the advice a few of them."""

    def __init__(self, sit: Situation, budget: Budget | None = None):
        self.sit, self.rules = sit, sit.rules
        self.table: tuple[TableMeld, ...] = read_table(sit)
        self.plan: Plan = plan_for(sit, self.table)
        self.goal: Goal = self.plan.goal
        self.live = sit.live_counts()
        self.budget = budget or Budget.of(_TOTAL_LIMITS * DEFAULT_TIME_LIMIT)
        self.time_limit = self.budget.limit(DEFAULT_TIME_LIMIT)
        self.deadline = time.perf_counter() + self.budget.remaining()
        self.optimal = True
        self._answers: dict[tuple[QKey, Key], Answer] = {}
        self._outs: dict[tuple[QKey, Key], dict[int, int]] = {}
        self._laid: dict[Key, int] = {}
        self._deadwood = DeadwoodSearch(self.rules)
        self._each_discard: dict[Key, dict[int, int]] = {}
        self._isolated: dict[tuple[Key, int], frozenset[int]] = {}

    def limit(self) -> float:
        return max(_MIN_LIMIT, min(self.time_limit, self.deadline - time.perf_counter()))

    # -- cards needed ---------------------------------------------------------

    def answer(self, q: Question, held: Sequence[int], guess: int | None = None) -> Answer:
        """Exact distance; ``guess``: a likely upper bound, tried first as the budget since
        a solve within the right budget is much cheaper than proving smaller ones empty."""
        key = (question_key(q), counts_key(held))
        if key in self._answers:
            return self._answers[key]
        n = sum(held)
        a: Answer | None = None
        if guess is not None and guess < n:
            budget = guess
            while budget < n:
                a = distance(q, held, self.live, time_limit=self.limit(), budget=budget)
                if a.needed is not None or not a.optimal:
                    break
                a = None
                budget = max(budget * 2, budget + 2)
        if a is None:
            a = distance(q, held, self.live, time_limit=self.limit())
        self.optimal &= a.optimal
        self._answers[key] = a
        return a

    def within(self, held: Sequence[int], drawn: bool, cap: int) -> int | None:
        """Cards needed when at most ``cap``, else None: one solve at budget ``cap``, all
        that is needed to tell which hands reach a known best figure."""
        if self.plan.layoffs_only:
            n = self.needed(held, drawn)
            return n if n is not None and n <= cap else None
        q = self.plan.question_for(drawn)
        key = (question_key(q), counts_key(held))
        known = self._answers.get(key)
        if known is not None:
            return known.needed if known.needed is not None and known.needed <= cap else None
        a = distance(q, held, self.live, time_limit=self.limit(), budget=cap)
        self.optimal &= a.optimal
        if a.needed is not None:
            self._answers[key] = a  # the optimum within the cap is the optimum
        return a.needed

    def laid_off(self, held: Sequence[int]) -> int:
        key = counts_key(held)
        if key not in self._laid:
            self._laid[key] = most_laid_off(self.plan.question, held, time_limit=self.limit())
        return self._laid[key]

    def needed(self, held: Sequence[int], drawn: bool, guess: int | None = None) -> int | None:
        if self.plan.layoffs_only:
            reserve = 1 if drawn and self.plan.keeps_discard else 0
            return max(0, sum(held) - self.laid_off(held) - reserve)
        return self.answer(self.plan.question_for(drawn), held, guess).needed

    def figures(self, held: Sequence[int], drawn: bool, guess: int | None = None) -> Figures:
        """Cards needed and outs of a hand (outs of a hand that has not drawn)."""
        if self.plan.layoffs_only:
            return self._shed_figures(held, drawn)
        q = self.plan.question_for(drawn)
        first = self.answer(q, held, guess)
        key = (question_key(q), counts_key(held))
        if key not in self._outs:
            if first.needed is None or not first.optimal:
                self._outs[key] = {}
            else:
                got, found = outs(
                    q,
                    held,
                    self.live,
                    known=first,
                    time_limit=self.limit(),
                    deadline=self.deadline,
                )
                self.optimal &= got.optimal
                self._outs[key] = found
        return Figures(first.needed, self._outs[key])

    def discard_figures(self, held: Sequence[int], guess: int | None) -> dict[int, Figures]:
        """Cards needed and outs after each discard of a hand that has drawn. Cards needed
        one discard at a time (two discards no cheap completion touches share theirs, the
        value aside under knock, where deadwood counts); outs for all discards together,
        card by card."""
        cards = [c for c in range(NUM_KINDS) if held[c]]
        if self.plan.layoffs_only:
            return {c: self.figures(without(held, c), drawn=False) for c in cards}
        by_value = self.goal is Goal.KNOCK
        levels: dict[int, int | None] = {}
        shared: set[tuple[int, int]] = set()  # (cards needed, value) of isolated discards
        for c in cards:
            value = self.rules.value(Card.from_id(c)) if by_value else 0
            level = next(
                (k for (k, v) in shared if v == value and c in self.isolated(held, k)), None
            )
            if level is None:
                level = self.needed(without(held, c), drawn=False, guess=guess)
                if level and c in self.isolated(held, level):
                    shared.add((level, value))
            levels[c] = level
        found = self.discard_outs(held, levels)
        return {c: Figures(levels[c], found[c]) for c in cards}

    def discard_outs(
        self, held: Sequence[int], levels: dict[int, int | None]
    ) -> dict[int, dict[int, int]]:
        """Outs after each discard of a hand that has drawn (``levels``: cards needed)."""
        found, complete = outs_by_discard(
            self.plan.question_for(False),
            held,
            self.live,
            levels,
            time_limit=self.limit(),
            deadline=self.deadline,
        )
        self.optimal &= complete
        return found

    def _shed_figures(self, held: Sequence[int], drawn: bool) -> Figures:
        """Cards to shed; an out is a live card that lays off one more card than the hand can."""
        needed = self.needed(held, drawn)
        assert needed is not None
        if drawn or needed == 0:
            return Figures(needed, {})
        base = self.laid_off(held)
        found: dict[int, int] = {}
        for c in self._layoff_candidates(held):
            more = list(held)
            more[c] += 1
            if self.laid_off(more) > base:
                found[c] = self.live[c]
        return Figures(needed, found)

    def _layoff_candidates(self, held: Sequence[int]) -> list[int]:
        """Live cards that could reach some table meld, with held cards filling any gap
        (a necessary condition, so the exact check runs on few cards)."""
        r = self.rules
        wilds_held = sum(held[c] for c in range(NUM_KINDS) if r.is_wild(Card.from_id(c)))
        out: list[int] = []
        for c in range(NUM_KINDS):
            if not self.live[c]:
                continue
            card = Card.from_id(c)
            if r.is_wild(card) or any(self._reaches(t, card, held, wilds_held) for t in self.table):
                out.append(c)
        return out

    def _reaches(self, t: TableMeld, card: Card, held: Sequence[int], wilds: int) -> bool:
        m, r = t.meld, self.rules
        if m.kind == "set":
            return card.rank == m.rank and len(m.cards) < r.set_limit
        if card.suit != m.suit or m.low is None or m.high is None:
            return False
        positions = [1, 14] if card.rank == 1 else [card.rank]
        for p in positions:
            if p < r.min_position or p > r.max_position or m.low <= p <= m.high:
                continue
            gap = range(p + 1, m.low) if p < m.low else range(m.high + 1, p)
            missing = sum(1 for g in gap if not held[(g - 1) % 13 + card.suit * 13])
            if missing <= wilds:
                return True
        return False

    def isolated(self, held: Sequence[int], budget: int) -> frozenset[int]:
        """Held cards that no completion within ``budget`` can meld or lay off: cards of
        no template, not wild, matching no table meld. Two such discards leave hands
        with the same cards needed and outs (one plays the other's part), so the
        ranking computes their figures once."""
        key = (counts_key(held), budget)
        if key not in self._isolated:
            r = self.rules
            temps = completion_templates(r, held, self.live, budget, lean=is_lean(budget))
            used = {c for t in temps for c in t.naturals}
            ranks = {t.meld.rank for t in self.table if t.meld.kind == "set"}
            suits = {t.meld.suit for t in self.table if t.meld.kind == "run"}
            self._isolated[key] = frozenset(
                c
                for c in range(NUM_KINDS)
                if held[c]
                and c not in used
                and not r.is_wild(Card.from_id(c))
                and Card.from_id(c).rank not in ranks
                and Card.from_id(c).suit not in suits
            )
        return self._isolated[key]

    # -- partitions -----------------------------------------------------------

    def solve(
        self,
        hand: Sequence[Card],
        goal: Goal,
        *,
        discard: bool = False,
        must_meld: Sequence[Card] = (),
    ) -> Solution:
        round_ = self.sit.round if goal is Goal.CONTRACT else None
        sol = solve(
            list(hand),
            self.rules,
            goal,
            round_,
            time_limit=self.limit(),
            discard=discard,
            must_meld=must_meld,
        )
        self.optimal &= sol.optimal
        return sol

    def deadwood_after_each_discard(self, held: Sequence[int]) -> dict[int, int]:
        """The least deadwood points left by each discard of ``held``."""
        key = counts_key(held)
        if key not in self._each_discard:
            found, optimal = self._deadwood.after_each_discard(held, self.budget)
            self.optimal &= optimal
            self._each_discard[key] = found
        return self._each_discard[key]

    def least_deadwood_after_discard(self, hand: Sequence[Card]) -> int:
        """The least deadwood a discard can leave: whether a partition is worth solving."""
        return min(self.deadwood_after_each_discard(counts_of(hand)).values(), default=0)


def without(held: Sequence[int], card_id: int) -> list[int]:
    out = list(held)
    out[card_id] -= 1
    return out


def with_card(held: Sequence[int], card_id: int) -> list[int]:
    out = list(held)
    out[card_id] += 1
    return out
