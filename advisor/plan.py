"""Which goal a situation plays for (RULES.md section 4), read from the rule values.

The goal decides the question cards needed answers. A hand that has drawn keeps one
card out as its final discard for goals that end by going out (win, out, knock).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from advisor.engine import Question
from advisor.situation import Situation
from solver.goals import Goal
from solver.legality import check_meld
from solver.melds import Meld


@dataclass(frozen=True)
class TableMeld:
    """A legal meld on the table and its index in the request's ``table``."""

    index: int
    meld: Meld


@dataclass(frozen=True)
class GoalPlan:
    """The goal and its question for a hand that has not drawn. ``keeps_discard``: a
    drawn hand reserves its final discard; a question without new melds (Liverpool
    after going down) only lays off."""

    goal: Goal
    question: Question
    keeps_discard: bool = False

    @property
    def layoffs_only(self) -> bool:
        return not self.question.new_melds

    def question_for(self, drawn: bool) -> Question:
        return replace(self.question, reserve=int(drawn and self.keeps_discard))


def read_table(sit: Situation) -> tuple[TableMeld, ...]:
    """The table's legal melds as sent; an illegal one takes no layoffs and is skipped."""
    out: list[TableMeld] = []
    for i, cards in enumerate(sit.table):
        meld = check_meld(cards, sit.rules, ordered=True).meld
        if meld is not None:
            out.append(TableMeld(i, meld))
    return tuple(out)


def goal_plan(sit: Situation, table: tuple[TableMeld, ...]) -> GoalPlan:
    r = sit.rules
    melds = tuple(t.meld for t in table)
    if r.goal is Goal.CONTRACT:
        contract = r.contract(sit.round)
        if not sit.down:
            return GoalPlan(Goal.CONTRACT, Question(r, Goal.CONTRACT, contract=contract))
        # after going down only layoffs remain; an all-cards round keeps no discard
        q = Question(r, Goal.OUT, table=melds, new_melds=r.new_melds_after_down)
        return GoalPlan(Goal.OUT, q, keeps_discard=not contract.all_cards)
    if r.goal is Goal.OPENING and r.opening_min is not None and not sit.down:
        return GoalPlan(Goal.OPENING, Question(r, Goal.OPENING))
    if r.goal is Goal.WIN:
        return GoalPlan(Goal.WIN, Question(r, Goal.WIN), keeps_discard=True)
    if r.knock_max is not None:
        return GoalPlan(Goal.KNOCK, Question(r, Goal.KNOCK), keeps_discard=True)
    q = Question(r, Goal.OUT, table=melds, new_melds=r.new_melds_after_down)
    return GoalPlan(Goal.OUT, q, keeps_discard=True)
