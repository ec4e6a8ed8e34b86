"""The engine's reference cases: a question with its hand and live cards, and the
reference's table melds as cards; shared by the tests against the exhaustive reference and
the tests on fixed hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reference_distance import RefQuestion, TableMeld, TableRun, kind_at

from advisor.engine import Question
from solver.cards import JOKER, NUM_KINDS, Card, pack_counts
from solver.goals import Goal
from solver.legality import check_meld
from solver.melds import Meld
from solver.rules import Contract, Rules


def names(counts: Sequence[int]) -> str:
    return " ".join(str(Card.from_id(c)) for c in range(NUM_KINDS) for _ in range(counts[c]))


# -- table melds ----------------------------------------------------------------------


def table_cards(meld: TableMeld, rules: Rules) -> list[Card]:
    """A reference table meld's cards in order; its wilds are jokers, or 2s of a suit
    that cannot be read as naturals."""
    wild = JOKER if rules.jokers else Card(2, 0)
    if isinstance(meld, TableRun):
        out = []
        for p in range(meld.low, meld.high + 1):
            if p in meld.wild_at:
                out.append(wild if wild.is_joker else Card(2, (meld.suit + 1) % 4))
            else:
                out.append(Card.from_id(kind_at(p, meld.suit)))
        return out
    wilds = [wild if wild.is_joker else Card(2, (meld.rank + i) % 4) for i in range(meld.wilds)]
    return [Card(meld.rank, s) for s in meld.suits] + wilds


def to_meld(meld: TableMeld, rules: Rules) -> Meld | None:
    """The engine's Meld for a reference table meld; None when not legal as laid."""
    check = check_meld(table_cards(meld, rules), rules, ordered=True)
    m = check.meld
    if m is None or not check.legal:
        return None
    if isinstance(meld, TableRun):
        if (m.kind, m.suit, m.low, m.high, m.wild_count) != (
            "run",
            meld.suit,
            meld.low,
            meld.high,
            len(meld.wild_at),
        ):
            return None
    elif (m.kind, m.rank, m.wild_count) != ("set", meld.rank, meld.wilds):
        return None
    return m


# -- cases ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    rules: Rules
    goal: Goal
    held: tuple[int, ...]
    live: tuple[int, ...]
    reserve: int = 0
    contract: Contract | None = None
    table: tuple[TableMeld, ...] = ()
    new_melds: bool = True

    def question(self, reserve: int | None = None) -> Question:
        melds = tuple(to_meld(m, self.rules) for m in self.table)
        assert all(m is not None for m in melds)
        return Question(
            self.rules,
            self.goal,
            self.reserve if reserve is None else reserve,
            self.contract,
            tuple(m for m in melds if m is not None),
            self.new_melds,
        )

    def ref_question(self, reserve: int | None = None) -> RefQuestion:
        return RefQuestion(
            self.rules,
            str(self.goal),
            self.reserve if reserve is None else reserve,
            self.contract,
            self.table,
            self.new_melds,
        )

    def describe(self) -> str:
        pack = pack_counts(self.rules)
        gone = [pack[c] - self.held[c] - self.live[c] for c in range(NUM_KINDS)]
        return (
            f"{self.rules.variant} goal={self.goal} reserve={self.reserve} "
            f"contract={self.contract} new_melds={self.new_melds} table={self.table}\n"
            f"  hand: {names(self.held)}\n  not live (seen): {names(gone)}"
        )
