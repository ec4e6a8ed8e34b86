"""The engine on fixed hands a player can check by eye, and on far hands (more cards
needed than the exhaustive reference reaches) against its own consistency.

Moved here from the tests of the CP-SAT distance model the engine replaced.
"""

from __future__ import annotations

import pytest
from engine_cases import Case, table_cards
from reference_distance import TableMeld, TableRun, TableSet, ref_distance, ref_outs

from advisor.engine import Question, discard_figures, figures
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


# -- every discard: a thrown card with no live copy left ------------------------------
#
# The every-discard pass finds each discard within one card of the best one. A discard
# whose kind has no live copy left (one deck, or the last copy seen) can need more: the
# targets that keep it need it back.


def _without(held: list[int], card: str) -> list[int]:
    rest = list(held)
    rest[parse_cards(card)[0].id] -= 1
    return rest


def test_throwing_the_last_live_copy_of_a_card_is_charged_in_full() -> None:
    # Israeli, two decks: 4C is held once and seen once. The best discard, QD, keeps a
    # winning hand (3C 4C 5C 6C, 5D 6D 7D, TH JH QH KH, KS KD KC); throwing 4C leaves
    # 3C 5C 6C wanting a 4C (none live), so two cards (such as 7C 8C for 3C QD).
    rules = make_rules("israeli")
    q = Question(rules, Goal.WIN)
    held, live = _deal(rules, "4C 3C 6D KS 5D QH KD TH 7D 6C KH 5C KC QD JH", "9H 4C")
    rest = _without(held, "4C")
    every = discard_figures(q, held, live)
    rq = Case(rules, Goal.WIN, tuple(rest), tuple(live)).ref_question()
    assert ref_distance(rq, rest, live) == 2
    four_clubs = every[parse_cards("4C")[0].id]
    assert (four_clubs.optimal, four_clubs.needed) == (True, 2)
    # the outs as the reference finds them (ref_outs, about 14 s here)
    assert sorted(four_clubs.outs) == sorted(c.id for c in parse_cards("AH 9H KH 4D 8D 7C 8C"))
    assert every[parse_cards("QD")[0].id].needed == 0


def test_a_discard_in_one_deck_can_need_two_more_than_the_best() -> None:
    # gin: the best discards leave 3 cards to a knock; throwing 6S (one deck: no copy
    # left to draw) leaves 5, two more (such as 3C 6C 5H 5D for 3C-6C and three 5s, and
    # an AD that leaves 2D 7S AD, 10 points).
    q = Question(GIN, Goal.KNOCK)
    held, live = _deal(GIN, "5S 6S KD 2D 4C 7S 9C 8D 5C QH TS", "JD TD 9D 2H KC 9S AS 9H")
    rest = _without(held, "6S")
    every = discard_figures(q, held, live)
    assert min(f.needed for f in every.values() if f.needed is not None) == 3
    six = every[parse_cards("6S")[0].id]
    alone = figures(q, rest, live)
    assert (six.optimal, six.needed) == (True, 5)
    assert (alone.needed, dict(alone.outs)) == (six.needed, dict(six.outs))
    rq = Case(GIN, Goal.KNOCK, tuple(rest), tuple(live)).ref_question()
    assert ref_distance(rq, rest, live) is None  # more than the reference reaches (3)
