"""Cards needed and outs (advisor.distance, advisor.outs) against the exhaustive reference.

Hands are small (3-8 cards) and drawn near-complete: a narrow window of ranks in two
suits, some wild cards where the rules have them, a little noise; the live cards are
the pack less the hand, the table and some random seen cards. The reference is exact
up to ``MAX_ADDED`` cards needed and says "more" beyond; outs are compared when the
hand needs 1 or 2 cards. Each witness the advisor returns (its ``added`` cards) is
also checked to reach the goal by the reference with exactly those live cards.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference_distance import (
    MAX_ADDED,
    RefQuestion,
    TableMeld,
    TableRun,
    TableSet,
    kind_at,
    reachable,
    ref_distance,
    ref_outs,
)

from advisor.distance import Question, distance
from advisor.outs import outs
from solver.cards import JOKER, JOKER_ID, NUM_KINDS, Card, counts_of, pack_counts, parse_cards
from solver.legality import check_meld
from solver.melds import Meld
from solver.rules import Contract, Rules, make_rules

SETTINGS = settings(
    derandomize=True,
    deadline=None,
    max_examples=int(os.environ.get("DISTANCE_REF_EXAMPLES", "25")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

GIN = make_rules("gin")
ISRAELI = make_rules("israeli", {"hand_size": 6})
ISRAELI_JOKERS = make_rules("israeli", {"hand_size": 6, "jokers": 2})
R40 = make_rules("rummy40", {"opening_min": 25})
R40_OPEN = make_rules("rummy40")
LIVERPOOL = make_rules("liverpool")


# -- helpers ------------------------------------------------------------------------


def names(counts: Sequence[int]) -> str:
    return " ".join(str(Card.from_id(c)) for c in range(NUM_KINDS) for _ in range(counts[c]))


def table_cards(meld: TableMeld, rules: Rules) -> list[Card]:
    """The cards of a reference table meld, in order, wilds as jokers or 2s."""
    wild = JOKER if rules.jokers else Card(2, 0)
    if isinstance(meld, TableRun):
        out = []
        for p in range(meld.low, meld.high + 1):
            if p in meld.wild_at:
                # a 2 of another suit, so it cannot be read as a natural
                out.append(wild if wild.is_joker else Card(2, (meld.suit + 1) % 4))
            else:
                out.append(Card.from_id(kind_at(p, meld.suit)))
        return out
    wilds = [wild if wild.is_joker else Card(2, (meld.rank + i) % 4) for i in range(meld.wilds)]
    return [Card(meld.rank, s) for s in meld.suits] + wilds


def to_meld(meld: TableMeld, rules: Rules) -> Meld | None:
    """The advisor's Meld for a reference table meld; None when not legal as laid."""
    check = check_meld(table_cards(meld, rules), rules, ordered=True)
    m = check.meld
    if m is None or not check.legal:
        return None
    if isinstance(meld, TableRun):
        if (m.kind, m.suit, m.low, m.high) != ("run", meld.suit, meld.low, meld.high):
            return None
        if m.wild_count != len(meld.wild_at):
            return None
    elif (m.kind, m.rank, m.wild_count) != ("set", meld.rank, meld.wilds):
        return None
    return m


@dataclass(frozen=True)
class Case:
    rules: Rules
    goal: str
    held: tuple[int, ...]
    live: tuple[int, ...]
    reserve: int = 0
    contract: Contract | None = None
    table: tuple[TableMeld, ...] = ()
    new_melds: bool = True

    def question(self) -> Question:
        melds = tuple(to_meld(m, self.rules) for m in self.table)
        assert all(m is not None for m in melds)
        return Question(
            self.rules,
            self.goal,
            reserve=bool(self.reserve),
            contract=self.contract,
            table=tuple(m for m in melds if m is not None),
            new_melds=self.new_melds,
        )

    def ref_question(self) -> RefQuestion:
        return RefQuestion(
            self.rules, self.goal, self.reserve, self.contract, self.table, self.new_melds
        )

    def describe(self) -> str:
        pack = pack_counts(self.rules)
        gone = [pack[c] - self.held[c] - self.live[c] for c in range(NUM_KINDS)]
        return (
            f"{self.rules.variant} goal={self.goal} reserve={self.reserve} "
            f"contract={self.contract} new_melds={self.new_melds} table={self.table}\n"
            f"  hand: {names(self.held)}\n  not live (seen): {names(gone)}"
        )


def check_case(case: Case, *, with_outs: bool) -> None:
    q, rq = case.question(), case.ref_question()
    got = distance(q, case.held, case.live)
    want = ref_distance(rq, case.held, case.live)
    where = case.describe()
    if os.environ.get("DISTANCE_REF_TRACE"):
        print(f"TRACE {case.rules.variant} {case.goal} ref={want} got={got.needed}")
    assert got.optimal, where
    if want is None:
        assert got.needed is None or got.needed > MAX_ADDED, (
            f"{where}\n  advisor {got.needed} {names(counts_of_ids(got.added))}, "
            f"reference more than {MAX_ADDED}"
        )
    else:
        assert got.needed == want, (
            f"{where}\n  advisor {got.needed} (adds {names(counts_of_ids(got.added))}), "
            f"reference {want}"
        )
    if got.needed is not None and got.needed <= MAX_ADDED:
        # the advisor's own completion must reach the goal with exactly those cards
        witness = counts_of_ids(got.added)
        assert all(witness[c] <= case.live[c] for c in range(NUM_KINDS)), where
        assert reachable(rq, case.held, witness, len(got.added)), (
            f"{where}\n  advisor's completion {names(witness)} does not reach the goal"
        )
    if with_outs and want is not None and 1 <= want <= MAX_ADDED:
        _, got_outs = outs(q, case.held, case.live, known=got)
        want_outs = ref_outs(rq, case.held, case.live, want)
        assert got_outs == want_outs, (
            f"{where}\n  needed {want}; advisor outs {names(counts_of_ids(list(got_outs)))}, "
            f"reference outs {names(counts_of_ids(list(want_outs)))}"
        )


def counts_of_ids(ids: Sequence[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for c in ids:
        counts[c] += 1
    return counts


# -- strategies ---------------------------------------------------------------------


def wild_ids(rules: Rules) -> list[int]:
    ids = [s * 13 + r - 1 for r in rules.wild_ranks for s in range(4)]
    return ids + ([JOKER_ID] if rules.jokers else [])


@st.composite
def deals(
    draw: st.DrawFn,
    rules: Rules,
    sizes: tuple[int, int],
    *,
    max_wilds: int = 0,
    table: Sequence[TableMeld] = (),
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(held, live): a near-complete hand, live = pack - hand - table - random seen."""
    n = draw(st.integers(*sizes))
    low = draw(st.integers(1, 11))
    width = draw(st.integers(3, 5))
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
    pack = pack_counts(rules)
    avail = list(pack)
    for meld in table:
        for c in table_cards(meld, rules):
            avail[c.id] -= 1
    pool = [
        kind_at(p, s)
        for p in range(low, low + width)
        for s in suits
        if p <= 14 and not rules.is_wild(Card.from_id(kind_at(p, s)))
    ]
    held = [0] * NUM_KINDS
    wild_pool = [w for w in wild_ids(rules) if avail[w] > 0]
    wilds = draw(st.integers(0, max_wilds)) if wild_pool else 0
    noise = draw(st.integers(0, 1))
    for i in range(n):
        if i < wilds:
            c = draw(st.sampled_from(wild_pool))
        elif i < wilds + noise:
            c = draw(st.integers(0, 51))
        else:
            c = draw(st.sampled_from(pool))
        if held[c] < avail[c]:
            held[c] += 1
    if sum(held) < sizes[0]:
        # copies ran out: top up with any natural card left
        for c in range(52):
            while sum(held) < n and held[c] < avail[c] and not rules.is_wild(Card.from_id(c)):
                held[c] += 1
    seen = draw(st.lists(st.integers(0, NUM_KINDS - 1), max_size=20))
    live = [avail[c] - held[c] for c in range(NUM_KINDS)]
    for c in seen:
        if live[c] > 0:
            live[c] -= 1
    return tuple(held), tuple(live)


# -- properties ---------------------------------------------------------------------


@SETTINGS
@given(deal=deals(GIN, (5, 8)), reserve=st.integers(0, 1), data=st.data())
def test_gin_knock(
    deal: tuple[tuple[int, ...], tuple[int, ...]], reserve: int, data: st.DataObject
) -> None:
    held, live = deal
    check_case(Case(GIN, "knock", held, live, reserve), with_outs=data.draw(st.booleans()))


@SETTINGS
@given(deal=deals(ISRAELI, (6, 7)), data=st.data())
def test_israeli_win(deal: tuple[tuple[int, ...], tuple[int, ...]], data: st.DataObject) -> None:
    held, live = deal
    reserve = sum(held) - 6
    check_case(Case(ISRAELI, "win", held, live, reserve), with_outs=data.draw(st.booleans()))


@SETTINGS
@given(deal=deals(ISRAELI_JOKERS, (6, 7), max_wilds=2), data=st.data())
def test_israeli_jokers_win(
    deal: tuple[tuple[int, ...], tuple[int, ...]], data: st.DataObject
) -> None:
    held, live = deal
    reserve = sum(held) - 6
    check_case(Case(ISRAELI_JOKERS, "win", held, live, reserve), with_outs=data.draw(st.booleans()))


CONTRACTS = (
    {"sets": 1, "runs": 0},
    {"sets": 0, "runs": 1},
    {"sets": 1, "runs": 1},
    {"sets": 2, "runs": 0},
    {"sets": 1, "runs": 0, "all_cards": True},
)


@SETTINGS
@given(index=st.integers(0, len(CONTRACTS) - 1), data=st.data())
def test_liverpool_contract(index: int, data: st.DataObject) -> None:
    rules = make_rules("liverpool", {"contracts": [CONTRACTS[index]]})
    c = rules.contract(1)
    least = c.sets * rules.set_min + c.runs * rules.run_min
    held, live = data.draw(deals(rules, (least, least + 2), max_wilds=2))
    case = Case(rules, "contract", held, live, contract=rules.contract(1))
    check_case(case, with_outs=data.draw(st.booleans()))


@SETTINGS
@given(
    minimum=st.sampled_from([20, 25, 30]),
    deal=deals(R40, (5, 7), max_wilds=1),
    data=st.data(),
)
def test_rummy40_opening(
    minimum: int, deal: tuple[tuple[int, ...], tuple[int, ...]], data: st.DataObject
) -> None:
    rules = make_rules("rummy40", {"opening_min": minimum})
    held, live = deal
    check_case(Case(rules, "opening", held, live), with_outs=data.draw(st.booleans()))


def table_melds(rules: Rules) -> st.SearchStrategy[TableMeld]:
    lo = 2 if rules.ace == "high" else 1
    hi = 13 if rules.ace == "low" else 14
    run_len = rules.run_min

    @st.composite
    def one(draw: st.DrawFn) -> TableMeld:
        if draw(st.booleans()):
            suit = draw(st.integers(0, 3))
            length = draw(st.integers(run_len, run_len + 1))
            low = draw(st.integers(lo, hi - length + 1))
            wild_at: tuple[int, ...] = ()
            if draw(st.booleans()):
                wild_at = (draw(st.integers(low, low + length - 1)),)
            return TableRun(suit, low, low + length - 1, wild_at)
        rank = draw(st.integers(3, 13))
        suits = tuple(sorted(draw(st.sets(st.integers(0, 3), min_size=2, max_size=4))))
        wilds = draw(st.integers(0, 1)) if len(suits) < 4 else 0
        if len(suits) + wilds < 3:
            wilds = 1
        return TableSet(rank, suits, wilds)

    return one()


@st.composite
def out_cases(draw: st.DrawFn, rules: Rules, sizes: tuple[int, int], new: bool) -> Case:
    table = tuple(draw(st.lists(table_melds(rules), min_size=1, max_size=2)))
    legal = tuple(m for m in table if to_meld(m, rules) is not None)
    held, live = draw(deals(rules, sizes, max_wilds=1, table=legal))
    reserve = draw(st.integers(0, 1))
    return Case(rules, "out", held, live, reserve, table=legal, new_melds=new)


@SETTINGS
@given(case=out_cases(R40_OPEN, (3, 6), True), data=st.data())
def test_rummy40_out_with_layoffs(case: Case, data: st.DataObject) -> None:
    check_case(case, with_outs=data.draw(st.booleans()))


@SETTINGS
@given(case=out_cases(LIVERPOOL, (2, 5), False), data=st.data())
def test_liverpool_down_sheds(case: Case, data: st.DataObject) -> None:
    check_case(case, with_outs=data.draw(st.booleans()))


# -- fixed cases a player can check by eye --------------------------------------------


def fixed(
    rules: Rules,
    goal: str,
    hand: str,
    *,
    reserve: int = 0,
    contract: Contract | None = None,
    table: tuple[TableMeld, ...] = (),
    new_melds: bool = True,
) -> Case:
    held = counts_of(parse_cards(hand))
    pack = pack_counts(rules)
    live = [pack[c] - held[c] for c in range(NUM_KINDS)]
    for meld in table:
        for c in table_cards(meld, rules):
            live[c.id] -= 1
    return Case(rules, goal, tuple(held), tuple(live), reserve, contract, table, new_melds)


LV1 = make_rules("liverpool", {"contracts": [{"sets": 2, "runs": 0}]})

FIXED = [
    # Israeli, 14 cards: 11 melded, 2D 3D QS; AD or 4D for QS closes A-2-3 or 2-3-4 of
    # diamonds (no other card melds QS or frees a meld card)
    (
        fixed(make_rules("israeli"), "win", "3H 4H 5H 6H 7S 7D 7C 7H 9C TC JC 2D 3D QS"),
        1,
        "AD 4D",
    ),
    # the same with a 15th card to discard
    (
        fixed(
            make_rules("israeli"), "win", "3H 4H 5H 6H 7S 7D 7C 7H 9C TC JC 2D 3D QS KC", reserve=1
        ),
        1,
        "AD 4D",
    ),
    # gin: A-2-3 spades, 4-5-6 hearts, deadwood 7C 7D QD KD (34); a third 7 leaves 10,
    # JD for a 7 makes J-Q-K of diamonds and leaves 7
    (fixed(GIN, "knock", "AS 2S 3S 4H 5H 6H 7C 7D QD KD"), 1, "7H 7S JD"),
    # gin, 5 cards: A-2-3 spades, 5S 6S count 11; 4S or 7S makes a run, and any card
    # worth 5 or less for the 6S leaves 10 or less
    (
        fixed(GIN, "knock", "AS 2S 3S 5S 6S"),
        1,
        "4S 7S AH 2H 3H 4H 5H AD 2D 3D 4D 5D AC 2C 3C 4C 5C",
    ),
    # Liverpool, two sets: 5s made, 9S 9H want a 9 of diamonds or clubs, or any wild 2
    (
        fixed(LV1, "contract", "5H 5D 5C 9S 9H KD 7C 3S 4H JC", contract=LV1.contract(1)),
        1,
        "2S 2H 2D 2C 9D 9C",
    ),
    # Rummy 40 opening 40: KS KH KD count 30; any out worth 10 more opens
    (
        fixed(R40_OPEN, "opening", "KS KH KD 7H 8H 2C 4S 6S 3D 5D 9C JC AC"),
        1,
        "4D 5S 6H 9H TC KC JK",
    ),
    # Rummy 40 opened, table 5H-7H and QS QH QD: 8H lays off, TH waits for 9H or a joker
    (
        fixed(
            R40_OPEN,
            "out",
            "8H TH QC 3S 4D",
            reserve=1,
            table=(TableRun(1, 5, 7), TableSet(12, (0, 1, 2))),
        ),
        1,
        "9H JK",
    ),
    # Liverpool down, table 5S 5H 5D and 7C-TC: 5C and JC lay off, 4C or KD must go
    (
        fixed(
            LIVERPOOL,
            "out",
            "5C JC 4C KD",
            reserve=1,
            table=(TableSet(5, (0, 1, 2)), TableRun(3, 7, 10)),
            new_melds=False,
        ),
        1,
        "2S 2H 2D 2C 6C QC",
    ),
]


@pytest.mark.parametrize(("case", "needed", "out_cards"), FIXED)
def test_fixed(case: Case, needed: int, out_cards: str) -> None:
    expected = {c.id: case.live[c.id] for c in parse_cards(out_cards)}
    rq = case.ref_question()
    assert ref_distance(rq, case.held, case.live) == needed
    assert ref_outs(rq, case.held, case.live, needed) == expected
    got, got_outs = outs(case.question(), case.held, case.live)
    assert got.needed == needed
    assert got_outs == expected


# -- far hands (more than 4 cards needed): the advisor against itself -------------------
#
# Beyond the reference's cap, cards needed must still obey d(H) <= 1 + d(H + c - r) for
# a live card c and a held card r, and an out is any c where equality is reached.


def _deal(rules: Rules, hand: str, seen: str) -> tuple[list[int], list[int]]:
    held = counts_of(parse_cards(hand))
    dead = counts_of(parse_cards(seen)) if seen else [0] * NUM_KINDS
    pack = pack_counts(rules)
    return held, [pack[c] - held[c] - dead[c] for c in range(NUM_KINDS)]


def test_far_contract_needs_live_wilds_in_sets() -> None:
    # four sets, one deck: the 5s and the 8s can only be completed by a wild 2 (5D 5C
    # 8D 8C are seen). 2S and 2H for 3C and 4D, then JC and KD each take a natural and a
    # wild (or two naturals): 6 cards. Lean mode allows no live wild in a set and says 8.
    rules = make_rules("liverpool", {"decks": 1, "contracts": [{"sets": 4, "runs": 0}]})
    q = Question(rules, "contract", contract=rules.contract(1))
    held, live = _deal(rules, "5S 5H 8S 8H JC KD 3C 4D 7C 9D TC QS", "5D 5C 8D 8C")
    after, after_live = _deal(rules, "5S 5H 8S 8H JC KD 2S 2H 7C 9D TC QS", "5D 5C 8D 8C 3C 4D")
    assert distance(q, after, after_live).needed == 4
    assert distance(q, held, live).needed == 6


def test_far_hand_joker_is_an_out() -> None:
    # Israeli with jokers, 7 unrelated cards: 5 needed, and a joker stands in for any
    # one of them, so a live joker is an out; lean mode never adds a live wild.
    rules = make_rules("israeli", {"jokers": 2})
    q = Question(rules, "win")
    held, live = _deal(rules, "2S 5H 8D JC KS 4D 9H", "")
    first, found = outs(q, held, live)
    assert first.needed == 5
    live_after = list(live)
    live_after[JOKER_ID] -= 1
    best = min(
        distance(q, [*held[:r], held[r] - 1, *held[r + 1 : JOKER_ID], 1], live_after).needed or 99
        for r in range(JOKER_ID)
        if held[r]
    )
    assert best == 4
    assert JOKER_ID in found
