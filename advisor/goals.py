"""Which goal a situation plays for (RULES.md section 4), read from the rule values.

The goal decides the question cards needed answers. A hand that has drawn keeps one
card out as its final discard for goals that end by going out (win, out, knock).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from advisor.distance import Question
from advisor.situation import Situation
from solver.legality import check_meld
from solver.melds import Meld


@dataclass(frozen=True)
class TableMeld:
    """A legal meld on the table and its index in the request's ``table``."""

    index: int
    meld: Meld


@dataclass(frozen=True)
class Goal:
    """``layoffs_only``: Liverpool after going down, where cards needed is the count of
    cards to shed (no new melds). ``keeps_discard``: a drawn hand reserves its final
    discard. ``hand_rummy``: the rules know a one-turn finish with no opening minimum."""

    name: str
    base: Question
    layoffs_only: bool = False
    keeps_discard: bool = False
    hand_rummy: bool = False

    def question(self, drawn: bool) -> Question:
        return replace(self.base, reserve=int(drawn and self.keeps_discard))


def read_table(sit: Situation) -> tuple[TableMeld, ...]:
    """The table's legal melds as sent; an illegal one takes no layoffs and is skipped."""
    out: list[TableMeld] = []
    for i, cards in enumerate(sit.table):
        meld = check_meld(cards, sit.rules, ordered=True).meld
        if meld is not None:
            out.append(TableMeld(i, meld))
    return tuple(out)


def goal_for(sit: Situation, table: tuple[TableMeld, ...]) -> Goal:
    r = sit.rules
    melds = tuple(t.meld for t in table)
    if r.goal == "contract":
        contract = r.contract(sit.round)
        if not sit.down:
            return Goal("contract", Question(r, "contract", contract=contract))
        # after going down only layoffs remain; an all-cards round keeps no discard
        q = Question(r, "out", table=melds, new_melds=False)
        return Goal("out", q, layoffs_only=True, keeps_discard=not contract.all_cards)
    if r.goal == "opening" and r.opening_min is not None:
        if not sit.down:
            return Goal("opening", Question(r, "opening"), hand_rummy=True)
        return Goal("out", Question(r, "out", table=melds), keeps_discard=True)
    if r.goal == "win":
        return Goal("win", Question(r, "win"), keeps_discard=True)
    if r.knock_max is not None:
        return Goal("knock", Question(r, "knock"), keeps_discard=True)
    return Goal("out", Question(r, "out", table=melds), keeps_discard=True)
