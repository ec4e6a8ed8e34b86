"""The engine on fixed hands a player can check by eye, and on far hands (more cards
needed than the exhaustive reference reaches) against its own consistency.

Moved here from the tests of the CP-SAT distance model the engine replaced.
"""

from __future__ import annotations

import pytest
from engine_cases import Case, table_cards
from reference_distance import TableMeld, TableRun, TableSet, ref_distance, ref_outs

from advisor.engine import Question, figures
from solver.cards import JOKER_ID, NUM_KINDS, counts_of, pack_counts, parse_cards
from solver.goals import Goal
from solver.rules import Contract, Rules, make_rules

GIN = make_rules("gin")
LIVERPOOL = make_rules("liverpool")
R40_OPEN = make_rules("rummy40")


def fixed(
    rules: Rules,
    goal: Goal,
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
        fixed(make_rules("israeli"), Goal.WIN, "3H 4H 5H 6H 7S 7D 7C 7H 9C TC JC 2D 3D QS"),
        1,
        "AD 4D",
    ),
    # the same with a 15th card to discard
    (
        fixed(
            make_rules("israeli"),
            Goal.WIN,
            "3H 4H 5H 6H 7S 7D 7C 7H 9C TC JC 2D 3D QS KC",
            reserve=1,
        ),
        1,
        "AD 4D",
    ),
    # gin: A-2-3 spades, 4-5-6 hearts, deadwood 7C 7D QD KD (34); a third 7 leaves 10,
    # JD for a 7 makes J-Q-K of diamonds and leaves 7
    (fixed(GIN, Goal.KNOCK, "AS 2S 3S 4H 5H 6H 7C 7D QD KD"), 1, "7H 7S JD"),
    # gin, 5 cards: A-2-3 spades, 5S 6S count 11; 4S or 7S makes a run, and any card
    # worth 5 or less for the 6S leaves 10 or less
    (
        fixed(GIN, Goal.KNOCK, "AS 2S 3S 5S 6S"),
        1,
        "4S 7S AH 2H 3H 4H 5H AD 2D 3D 4D 5D AC 2C 3C 4C 5C",
    ),
    # Liverpool, two sets: 5s made, 9S 9H want a 9 of diamonds or clubs, or any wild 2
    (
        fixed(LV1, Goal.CONTRACT, "5H 5D 5C 9S 9H KD 7C 3S 4H JC", contract=LV1.contract(1)),
        1,
        "2S 2H 2D 2C 9D 9C",
    ),
    # Rummy 40 opening 40: KS KH KD count 30; any out worth 10 more opens
    (
        fixed(R40_OPEN, Goal.OPENING, "KS KH KD 7H 8H 2C 4S 6S 3D 5D 9C JC AC"),
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
    got = figures(case.question(), case.held, case.live)
    assert got.needed == needed
    assert dict(got.outs) == expected


# -- far hands (more than the reference reaches): the engine against itself ----------
#
# Cards needed must still obey d(H) <= 1 + d(H + c - r) for a live card c and a held
# card r, and an out is any c where equality is reached.


def _deal(rules: Rules, hand: str, seen: str) -> tuple[list[int], list[int]]:
    held = counts_of(parse_cards(hand))
    dead = counts_of(parse_cards(seen)) if seen else [0] * NUM_KINDS
    pack = pack_counts(rules)
    return held, [pack[c] - held[c] - dead[c] for c in range(NUM_KINDS)]


def test_far_contract_needs_live_wilds_in_sets() -> None:
    # four sets, one deck: the 5s and the 8s can only be completed by a wild 2 (5D 5C
    # 8D 8C are seen). 2S and 2H for 3C and 4D, then JC and KD each take a natural and a
    # wild (or two naturals): 6 cards.
    rules = make_rules("liverpool", {"decks": 1, "contracts": [{"sets": 4, "runs": 0}]})
    q = Question(rules, Goal.CONTRACT, contract=rules.contract(1))
    held, live = _deal(rules, "5S 5H 8S 8H JC KD 3C 4D 7C 9D TC QS", "5D 5C 8D 8C")
    after, after_live = _deal(rules, "5S 5H 8S 8H JC KD 2S 2H 7C 9D TC QS", "5D 5C 8D 8C 3C 4D")
    assert figures(q, after, after_live).needed == 4
    assert figures(q, held, live).needed == 6


def test_far_hand_joker_is_an_out() -> None:
    # Israeli with jokers, 7 unrelated cards: 5 needed, and a joker stands in for any
    # one of them, so a live joker is an out.
    rules = make_rules("israeli", {"jokers": 2})
    q = Question(rules, Goal.WIN)
    held, live = _deal(rules, "2S 5H 8D JC KS 4D 9H", "")
    first = figures(q, held, live)
    assert first.needed == 5
    live_after = list(live)
    live_after[JOKER_ID] -= 1
    best = min(
        figures(q, [*held[:r], held[r] - 1, *held[r + 1 : JOKER_ID], 1], live_after).needed or 99
        for r in range(JOKER_ID)
        if held[r]
    )
    assert best == 4
    assert JOKER_ID in first.outs
