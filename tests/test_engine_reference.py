"""The engine (advisor.engine) against the exhaustive reference (tests/reference_distance.py).

Hands are small (3-9 cards) and drawn near-complete: a window of ranks in two suits,
wild cards where the rules have them, a little noise; live cards are the pack less the
hand, the table and some random seen cards. Cards needed must match the reference
whenever the reference can tell (at most ``MAX_ADDED``), and outs must match whenever
cards needed is 1..MAX_ADDED, both for the hand and for every discard of it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from engine_cases import Case, table_cards, to_meld
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

from advisor.engine import Figures, discard_figures, figures
from solver.cards import JOKER_ID, NUM_KINDS, Card, counts_of, pack_counts, parse_cards
from solver.goals import Goal
from solver.rules import Rules, make_rules

SETTINGS = settings(
    derandomize=True,
    deadline=None,
    max_examples=int(os.environ.get("ENGINE_REF_EXAMPLES", "4")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

GIN = make_rules("gin")
ISRAELI = make_rules("israeli", {"hand_size": 6})
ISRAELI_JOKERS = make_rules("israeli", {"hand_size": 6, "jokers": 4})
R40 = make_rules("rummy40")
LIVERPOOL = make_rules("liverpool")
LIVERPOOL_3 = make_rules("liverpool", {"decks": 3})


def outs_names(outs: dict[int, int] | Figures) -> str:
    found = outs.outs if isinstance(outs, Figures) else outs
    return " ".join(f"{Card.from_id(c)}x{k}" for c, k in sorted(found.items()))


def ref_figures(rq: RefQuestion, held: Sequence[int], live: Sequence[int]) -> Figures | None:
    """The reference's figures; None when it cannot tell (more than MAX_ADDED)."""
    needed = ref_distance(rq, held, live)
    if needed is None:
        return None
    return Figures(needed, ref_outs(rq, held, live, needed) if needed else {})


def ref_shed(rq: RefQuestion, held: Sequence[int], live: Sequence[int]) -> Figures:
    """Cards to shed and their outs, by definition: the most held cards laid off now is
    the hand less the fewest cards that must stay; an out lays off one more."""
    none = (0,) * NUM_KINDS

    def most(hand: Sequence[int]) -> int:
        n = sum(hand)
        for stay in range(n + 1):
            if reachable(RefQuestion(rq.rules, "out", stay, None, rq.table, False), hand, none, 0):
                return n - stay
        raise AssertionError("laying nothing off is always possible")

    n = sum(held)
    keep = min(rq.reserve, n)
    base = min(most(held), n - keep)
    if n - keep - base == 0:
        return Figures(0, {})
    outs = {}
    for c in range(NUM_KINDS):
        if live[c]:
            more = list(held)
            more[c] += 1
            if most(more) > base:
                outs[c] = live[c]
    return Figures(n - keep - base, outs)


def agree(got: Figures, want: Figures | None, where: str, *, outs: bool = True) -> None:
    assert got.optimal, where
    if want is None:
        assert got.needed is None or got.needed > MAX_ADDED, f"{where}\n  engine {got.needed}"
        return
    assert got.needed == want.needed, f"{where}\n  engine {got.needed}, reference {want.needed}"
    if outs and want.needed is not None and want.needed - 1 <= MAX_ADDED:
        assert dict(got.outs) == dict(want.outs), (
            f"{where}\n  needed {want.needed}; engine outs {outs_names(got)}, "
            f"reference outs {outs_names(want)}"
        )


def check_case(case: Case, *, discards: bool) -> None:
    """The hand's figures; with ``discards``, also those of every discard (the hand has
    drawn one card over the size the question is about)."""
    where = case.describe()
    q, rq = case.question(), case.ref_question()
    reference = ref_figures if case.new_melds else ref_shed
    agree(figures(q, case.held, case.live), reference(rq, case.held, case.live), where)
    if not discards:
        return
    every = discard_figures(q, case.held, case.live)
    assert set(every) == {c for c in range(NUM_KINDS) if case.held[c]}, where
    for d, got in every.items():
        rest = list(case.held)
        rest[d] -= 1
        agree(got, reference(rq, rest, case.live), f"{where}\n  discard {Card.from_id(d)}")


# -- strategies -----------------------------------------------------------------------


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
    spent: int = 0,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(held, live): a near-complete hand, live = pack - hand - table - random seen;
    ``spent``: up to that many held kinds with no live copy left (their last copies
    seen), so that throwing one leaves none to draw back."""
    n = draw(st.integers(*sizes))
    low = draw(st.integers(1, 11))
    width = draw(st.integers(3, 5))
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
    avail = list(pack_counts(rules))
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
    noise = draw(st.integers(0, 2))
    for i in range(n):
        if i < wilds:
            c = draw(st.sampled_from(wild_pool))
        elif i < wilds + noise:
            c = draw(st.integers(0, 51))
        else:
            c = draw(st.sampled_from(pool))
        if held[c] < avail[c]:
            held[c] += 1
    for c in range(52):  # copies ran out: top up with any natural card left
        while sum(held) < n and held[c] < avail[c] and not rules.is_wild(Card.from_id(c)):
            held[c] += 1
    seen = draw(st.lists(st.integers(0, NUM_KINDS - 1), max_size=30))
    live = [max(0, avail[c] - held[c]) for c in range(NUM_KINDS)]  # tables may overdraw jokers
    for c in seen:
        if live[c] > 0:
            live[c] -= 1
    if spent:
        kinds = [c for c in range(NUM_KINDS) if held[c]]
        for c in draw(st.lists(st.sampled_from(kinds), max_size=spent)):
            live[c] = 0
    return tuple(held), tuple(live)


def table_melds(rules: Rules) -> st.SearchStrategy[TableMeld]:
    lo, hi = rules.min_position, rules.max_position

    @st.composite
    def one(draw: st.DrawFn) -> TableMeld:
        if draw(st.booleans()):
            suit = draw(st.integers(0, 3))
            length = draw(st.integers(rules.run_min, rules.run_min + 1))
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
    table = tuple(draw(st.lists(table_melds(rules), min_size=1, max_size=3)))
    legal = tuple(m for m in table if to_meld(m, rules) is not None)
    held, live = draw(deals(rules, sizes, max_wilds=2, table=legal))
    reserve = draw(st.integers(0, 1))
    return Case(rules, Goal.OUT, held, live, reserve, table=legal, new_melds=new)


# -- properties: every goal -------------------------------------------------------------


@SETTINGS
@given(deal=deals(GIN, (5, 9)), reserve=st.integers(0, 1), data=st.data())
def test_gin_knock(
    deal: tuple[tuple[int, ...], tuple[int, ...]], reserve: int, data: st.DataObject
) -> None:
    held, live = deal
    check_case(Case(GIN, Goal.KNOCK, held, live, reserve), discards=data.draw(st.booleans()))


@SETTINGS
@given(deal=deals(ISRAELI, (6, 7)), data=st.data())
def test_israeli_win(deal: tuple[tuple[int, ...], tuple[int, ...]], data: st.DataObject) -> None:
    held, live = deal
    reserve = sum(held) - 6
    check_case(Case(ISRAELI, Goal.WIN, held, live, reserve), discards=data.draw(st.booleans()))


@SETTINGS
@given(deal=deals(ISRAELI_JOKERS, (6, 7), max_wilds=4), data=st.data())
def test_israeli_jokers_win(
    deal: tuple[tuple[int, ...], tuple[int, ...]], data: st.DataObject
) -> None:
    held, live = deal
    reserve = sum(held) - 6
    case = Case(ISRAELI_JOKERS, Goal.WIN, held, live, reserve)
    check_case(case, discards=data.draw(st.booleans()))


CONTRACTS = (
    {"sets": 1, "runs": 0},
    {"sets": 0, "runs": 1},
    {"sets": 1, "runs": 1},
    {"sets": 2, "runs": 0},
    {"sets": 1, "runs": 0, "all_cards": True},
    {"sets": 0, "runs": 1, "all_cards": True},
)


@SETTINGS
@given(index=st.integers(0, len(CONTRACTS) - 1), decks=st.integers(2, 3), data=st.data())
def test_liverpool_contract(index: int, decks: int, data: st.DataObject) -> None:
    rules = make_rules("liverpool", {"decks": decks, "contracts": [CONTRACTS[index]]})
    c = rules.contract(1)
    least = c.sets * rules.set_min + c.runs * rules.run_min
    held, live = data.draw(deals(rules, (least, least + 2), max_wilds=4))
    case = Case(rules, Goal.CONTRACT, held, live, contract=c)
    check_case(case, discards=data.draw(st.booleans()))


@SETTINGS
@given(minimum=st.sampled_from([20, 25, 30]), deal=deals(R40, (5, 7), max_wilds=2), data=st.data())
def test_rummy40_opening(
    minimum: int, deal: tuple[tuple[int, ...], tuple[int, ...]], data: st.DataObject
) -> None:
    rules = make_rules("rummy40", {"opening_min": minimum})
    held, live = deal
    check_case(Case(rules, Goal.OPENING, held, live), discards=data.draw(st.booleans()))


@SETTINGS
@given(case=out_cases(R40, (3, 6), True), data=st.data())
def test_rummy40_out_with_layoffs(case: Case, data: st.DataObject) -> None:
    check_case(case, discards=data.draw(st.booleans()))


@SETTINGS
@given(case=out_cases(LIVERPOOL, (2, 6), False), data=st.data())
def test_liverpool_down_sheds(case: Case, data: st.DataObject) -> None:
    check_case(case, discards=data.draw(st.booleans()))


@SETTINGS
@given(case=out_cases(LIVERPOOL_3, (2, 6), False), data=st.data())
def test_liverpool_three_decks_down_sheds(case: Case, data: st.DataObject) -> None:
    check_case(case, discards=data.draw(st.booleans()))


def test_discarding_an_ace_used_low_is_paid_for() -> None:
    # three decks, two sets: less AD, the aces AC AC AC and the wild 2S need two more
    # cards; the discard pass once charged nothing for an ace its low position used
    rules = make_rules("liverpool", {"decks": 3, "contracts": [{"sets": 2, "runs": 0}]})
    held = counts_of(parse_cards("2S AD 4D AC AC AC 3C 4C"))
    seen = counts_of(parse_cards("2S 7S 9S KS 4H AD 6D 6D 6D 8D TD 2C TC KC"))
    pack = pack_counts(rules)
    live = tuple(pack[c] - held[c] - seen[c] for c in range(NUM_KINDS))
    case = Case(rules, Goal.CONTRACT, tuple(held), live, contract=rules.contract(1))
    check_case(case, discards=True)


# -- every discard, where a thrown card has no live copy left ------------------------
#
# The every-discard pass finds the discards within one card of the best; a discard whose
# kind cannot be drawn back (one deck, or its last copies seen) may need more and is
# swept on its own. These questions are the advisor's in the discard phase: the hand
# has drawn, and each discard leaves the hand the goal is about (no reserve).

LAST_COPY = (
    (GIN, Goal.KNOCK, (6, 9), None),
    (make_rules("israeli", {"hand_size": 6, "decks": 1}), Goal.WIN, (7, 7), None),
    (ISRAELI, Goal.WIN, (7, 7), None),
    (make_rules("rummy40", {"decks": 1, "opening_min": 25}), Goal.OPENING, (6, 8), None),
    (R40, Goal.OPENING, (6, 8), None),
    (make_rules("liverpool", {"decks": 1}), Goal.CONTRACT, (7, 8), 1),
    (LIVERPOOL, Goal.CONTRACT, (7, 8), 2),
)


@SETTINGS
@given(index=st.integers(0, len(LAST_COPY) - 1), data=st.data())
def test_every_discard_when_a_thrown_card_has_no_live_copy(index: int, data: st.DataObject) -> None:
    rules, goal, sizes, round_ = LAST_COPY[index]
    held, live = data.draw(deals(rules, sizes, max_wilds=2, spent=3))
    contract = rules.contract(round_) if round_ is not None else None
    check_case(Case(rules, goal, held, live, contract=contract), discards=True)


# The presets' real sizes in the discard phase (dealt hand and the card drawn). The
# reference's outs take seconds at these sizes, so this checks cards needed (for the
# hand and every discard) and the outs of the best discards only; bench/engine_answers.py
# runs many more, outs included.
REAL_SIZES = (
    (GIN, Goal.KNOCK, None),
    (make_rules("israeli"), Goal.WIN, None),
    (R40, Goal.OPENING, None),
    (LIVERPOOL, Goal.CONTRACT, 1),
    (LIVERPOOL, Goal.CONTRACT, 2),
)


@SETTINGS
@given(index=st.integers(0, len(REAL_SIZES) - 1), data=st.data())
def test_every_discard_at_the_presets_real_sizes(index: int, data: st.DataObject) -> None:
    rules, goal, round_ = REAL_SIZES[index]
    n = rules.dealt_size(round_) + 1
    held, live = data.draw(deals(rules, (n, n), max_wilds=2, spent=2))
    contract = rules.contract(round_) if round_ is not None else None
    case = Case(rules, goal, held, live, contract=contract)
    q, rq = case.question(), case.ref_question()
    every = discard_figures(q, held, live)
    assert set(every) == {c for c in range(NUM_KINDS) if held[c]}
    for d, got in every.items():
        rest = list(held)
        rest[d] -= 1
        want = ref_distance(rq, rest, live)
        where = f"{case.describe()}\n  discard {Card.from_id(d)}"
        agree(got, None if want is None else Figures(want, {}), where, outs=False)
