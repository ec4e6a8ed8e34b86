"""The CP-SAT solver against the exhaustive reference partitioner, on every preset and goal.

Hands are drawn from a narrow window of ranks in two or three suits, plus wild cards and
a little noise, so that most of them hold melds and compete for cards. Every answer is
also checked on its own: melds legal by the reference's own predicate, the hand's
cards used exactly once, the goal met, the figures adding up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import Reading, readings, reference
from solver_cases import (
    DEADWOOD_RULES,
    GIN,
    ISRAELI,
    ISRAELI_J2,
    LIVERPOOL,
    LIVERPOOL_3D,
    RUMMY40,
    SETTINGS,
    any_hands,
    built_hands,
)

from solver.cards import Card, parse_cards
from solver.errors import SolverError
from solver.rules import Rules, make_rules
from solver.solution import Solution
from solver.solve import solve

# contracts on rule sets that have none are house rules, and exercise rules-as-data
CONTRACT_RULES = {
    "rummy40-set+run": make_rules("rummy40", {"contracts": [{"sets": 1, "runs": 1}]}),
    "israeli-jokers2-2runs-all": make_rules(
        "israeli", {"jokers": 2, "contracts": [{"sets": 0, "runs": 2, "all_cards": True}]}
    ),
    "gin-2sets": make_rules("gin", {"contracts": [{"sets": 2, "runs": 0}]}),
}
OPENING_RULES = {
    "rummy40": RUMMY40,
    "rummy40-open30": make_rules("rummy40", {"opening_min": 30}),
    "liverpool-open30": make_rules("liverpool", {"opening_min": 30}),
    "israeli-jokers2-open40": make_rules("israeli", {"jokers": 2, "opening_min": 40}),
    "gin-open25": make_rules("gin", {"opening_min": 25}),
}
# small dealt sizes keep the exhaustive reference quick; hand_size is a rule value
WIN_RULES = {
    "israeli-8": make_rules("israeli", {"hand_size": 8}),
    "israeli-jokers2-8": make_rules("israeli", {"jokers": 2, "hand_size": 8}),
    "israeli-norun-7": make_rules("israeli", {"hand_size": 7, "require_run": False}),
    "rummy40-8": make_rules("rummy40", {"hand_size": 8}),
    "liverpool-8": make_rules("liverpool", {"hand_size": 8}),
    "gin-7": make_rules("gin", {"hand_size": 7}),
}


def meld_reading(meld: Any) -> Reading:
    if meld.kind == "set":
        return Reading("set", rank=meld.rank, points=0)
    return Reading("run", suit=meld.suit, low=meld.low, high=meld.high, points=0)


def check_partition(sol: Solution, hand: Sequence[Card], rules: Rules) -> None:
    """The answer is a real partition of the hand and its figures add up."""
    assert sol.optimal
    used: Counter[Card] = Counter()
    for meld in sol.melds:
        found = readings(meld.cards, rules)
        assert found, f"illegal meld {[str(c) for c in meld.cards]}"
        # the solver's reading of the meld is one of the legal ones, with its points
        mine = {(r.kind, r.rank, r.suit, r.low, r.high): r.points for r in found}
        key = meld_reading(meld)
        k = (key.kind, key.rank, key.suit, key.low, key.high)
        assert k in mine, f"meld {[str(c) for c in meld.cards]} read as {k}, legal: {found}"
        assert meld.points == mine[k]
        if meld.kind == "run":
            # in rank order: each natural card stands at its own position
            for pos, (card, plays) in enumerate(
                zip(meld.cards, meld.stands_for, strict=True), start=meld.low
            ):
                assert plays.rank == (pos - 1) % 13 + 1 and plays.suit == meld.suit
                assert card == plays or rules.is_wild(card)
        used.update(meld.cards)
    used.update(sol.deadwood)
    if sol.discard is not None and sol.goal != "win":
        # kept out of the deadwood figures; the win goal lists it in the deadwood instead
        used[sol.discard] += 1
    assert used == Counter(hand), "melds + deadwood (+ discard) differ from the hand"
    assert sol.deadwood_points == sum(rules.value(c) for c in sol.deadwood)
    assert sol.melded_points == sum(m.points for m in sol.melds)


def check_against_reference(
    hand: list[Card],
    rules: Rules,
    goal: str,
    round_: int | None = None,
    *,
    discard: bool = False,
) -> Solution:
    sol = solve(hand, rules, goal, round_, discard=discard)
    ref = reference(hand, rules, goal, round_, discard=discard)
    label = f"{goal} round={round_} discard={discard} hand={' '.join(map(str, hand))}"
    check_partition(sol, hand, rules)
    assert sol.goal == goal
    assert sol.feasible == ref.feasible, label
    assert sol.deadwood_points == ref.deadwood_points, label
    assert len(sol.deadwood) == ref.deadwood_cards, label
    if discard and goal == "deadwood":
        assert sol.discard is not None, label
    if not sol.feasible:
        return sol
    kinds = Counter(m.kind for m in sol.melds)
    if goal == "contract":
        contract = rules.contract(round_)
        assert (kinds["set"], kinds["run"]) == (contract.sets, contract.runs), label
        if contract.all_cards:
            assert not sol.deadwood, label
    elif goal == "opening":
        assert rules.opening_min is not None
        assert sol.melded_points >= rules.opening_min, label
        assert ref.max_melded_points is not None
        assert sol.melded_points <= ref.max_melded_points, label
    elif goal == "win":
        if len(hand) == rules.hand_size + 1:
            assert sol.discard is not None and list(sol.deadwood) == [sol.discard], label
        else:
            assert not sol.deadwood, label
        if rules.require_run:
            assert kinds["run"] >= 1, label
    return sol


# -- property tests -----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(DEADWOOD_RULES))
@SETTINGS
@given(data=st.data())
def test_deadwood_matches_reference(name: str, data: st.DataObject) -> None:
    rules = DEADWOOD_RULES[name]
    hand = data.draw(any_hands(rules))
    check_against_reference(hand, rules, "deadwood")


@pytest.mark.parametrize("name", ["liverpool", "rummy40", "israeli-jokers2", "gin"])
@settings(SETTINGS, max_examples=80)
@given(data=st.data())
def test_deadwood_with_discard_matches_reference(name: str, data: st.DataObject) -> None:
    rules = DEADWOOD_RULES[name]
    hand = data.draw(any_hands(rules))
    check_against_reference(hand, rules, "deadwood", discard=True)


@pytest.mark.parametrize("round_", range(1, 7))
@settings(SETTINGS, max_examples=100)
@given(data=st.data())
def test_liverpool_contract_matches_reference(round_: int, data: st.DataObject) -> None:
    rules = LIVERPOOL if round_ % 2 else LIVERPOOL_3D
    contract = rules.contract(round_)
    hand = data.draw(
        st.one_of(
            any_hands(rules, min_size=7 if round_ < 4 else 9, max_size=11),
            built_hands(rules, 6, 12, shape=(contract.sets, contract.runs)),
        )
    )
    check_against_reference(hand, rules, "contract", round_)


@pytest.mark.parametrize("name", sorted(CONTRACT_RULES))
@settings(SETTINGS, max_examples=100)
@given(data=st.data())
def test_house_contract_matches_reference(name: str, data: st.DataObject) -> None:
    rules = CONTRACT_RULES[name]
    hand = data.draw(any_hands(rules))
    check_against_reference(hand, rules, "contract", 1)


@pytest.mark.parametrize("name", sorted(OPENING_RULES))
@SETTINGS
@given(data=st.data())
def test_opening_matches_reference(name: str, data: st.DataObject) -> None:
    rules = OPENING_RULES[name]
    hand = data.draw(any_hands(rules))
    check_against_reference(hand, rules, "opening")


@pytest.mark.parametrize("name", sorted(WIN_RULES))
@SETTINGS
@given(data=st.data())
def test_win_matches_reference(name: str, data: st.DataObject) -> None:
    rules = WIN_RULES[name]
    hand = data.draw(any_hands(rules, min_size=rules.hand_size - 2, max_size=rules.hand_size + 1))
    check_against_reference(hand, rules, "win")


# -- hands a player would recognise ------------------------------------------------------


@dataclass(frozen=True)
class Case:
    rules: Rules
    hand: str
    goal: str
    feasible: bool
    deadwood_points: int
    deadwood: str | None  # the cards left over (None: several answers are optimal)
    round_: int | None = None
    discard: bool = False


CASES = {
    # Liverpool round 2: a set of 8s with a wild 2, a natural run of hearts; KD left over
    "liverpool-r2-set-and-run": Case(
        LIVERPOOL, "8H 8S 2C 4H 5H 6H 7H KD", "contract", True, 10, "KD", 2
    ),
    # round 1 needs two sets: only one here, so the answer is the least-deadwood partition
    "liverpool-r1-one-set": Case(
        LIVERPOOL, "8H 8S 8C 4H 5H 6H 7H KD", "contract", False, 10, "KD", 1
    ),
    # a 2 as itself: A 2 3 4 of hearts is a natural run, the wild 2C fills the set of 9s
    "liverpool-r2-natural-two": Case(
        LIVERPOOL, "AH 2H 3H 4H 9S 9D 2C QS", "contract", True, 10, "QS", 2
    ),
    # Q K A is a run (ace high); the other 2 wild makes K K 2 a set: round 2 met
    "liverpool-r2-ace-high": Case(
        LIVERPOOL, "JS QS KS AS KH KD 2C 7D", "contract", True, 5, "7D", 2
    ),
    # round 3, two runs: the second run needs a wild 2 in its gap
    "liverpool-r3-two-runs": Case(
        LIVERPOOL, "3S 4S 5S 6S 8D 9D 2H JD TC", "contract", True, 10, "TC", 3
    ),
    # round 6: one set and two runs using every card
    "liverpool-r6-all-cards": Case(
        LIVERPOOL, "7S 7H 7D 3C 4C 5C 6C 9H TH JH QH", "contract", True, 0, "", 6
    ),
    # round 6 with one stray card cannot go down at all
    "liverpool-r6-stray": Case(
        LIVERPOOL, "7S 7H 7D 3C 4C 5C 6C 9H TH JH QH KS", "contract", False, 10, "KS", 6
    ),
    # a run may not hold only 2 naturals in Liverpool (run natural minimum 3)
    "liverpool-deadwood-two-naturals": Case(
        LIVERPOOL, "5H 6H 2S 2D", "deadwood", True, 60, "2S 2D 5H 6H"
    ),
    # Rummy 40: K K K (30) + T J Q of hearts (30) opens; 3C 4D stay in hand
    "rummy40-open-60": Case(RUMMY40, "KH KS KD QH JH TH 3C 4D", "opening", True, 7, "3C 4D"),
    # a joker counts as the card it stands for: Q JK A of spades = 10+10+11, + 5 5 5 = 46
    "rummy40-open-joker": Case(RUMMY40, "QS JK AS 5H 5D 5C 9H", "opening", True, 9, "9H"),
    # 39 points is not an opening: 3 3 3 + 4 5 6 7 8 of clubs = 9 + 30
    "rummy40-open-39": Case(RUMMY40, "3S 3H 3D 4C 5C 6C 7C 8C 2H", "opening", False, 2, "2H"),
    # no A 2 3 in Rummy 40 (ace high only), so the hearts are dead
    "rummy40-no-low-ace": Case(RUMMY40, "AH 2H 3H 9S 9D 9C", "deadwood", True, 16, "AH 2H 3H"),
    # Israeli: 14 cards all melded with a run
    "israeli-win-14": Case(
        ISRAELI, "AH 2H 3H 4H 5S 5D 5C 9D 9S 9C JC QC KC AC", "win", True, 0, ""
    ),
    # 15 cards: the 7H is the going-out discard, listed as deadwood worth 1
    "israeli-win-15": Case(
        ISRAELI, "AH 2H 3H 4H 5S 5D 5C 9D 9S 9C JC QC KC AC 7H", "win", True, 1, "7H"
    ),
    # no run: sets alone do not win
    "israeli-no-run": Case(
        ISRAELI, "5S 5D 5C 9D 9S 9C JC JS JD 3H 3S 3D KH KS", "win", False, 2, "KH KS"
    ),
    # K A 2 is no run, under any ace rule
    "israeli-no-wrap": Case(ISRAELI, "KH AH 2H", "deadwood", True, 3, "2H KH AH"),
    # A through K to A of one suit is one legal run of 14 under ace both
    "israeli-a-to-a": Case(
        ISRAELI, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "win", True, 0, ""
    ),
    # a drawn hand keeps its cheapest card out: discard 2S (2 points), 2-5 and 3-6 runs
    "rummy40-8-win-cheapest-discard": Case(
        WIN_RULES["rummy40-8"], "2S 3S 4S 5S 6S 2S 3S 4S 5S", "win", True, 2, "2S"
    ),
    # ... not a wild 2 (25 points): 2S 2S 3S 4S is a run with one 2 wild, so a 5 goes
    "liverpool-8-win-cheapest-discard": Case(
        WIN_RULES["liverpool-8"], "2S 2S 3S 4S 5S AH 2H 3H 4H", "win", True, 5, None
    ),
    # gin: classic knock hand
    "gin-knock": Case(GIN, "AS 2S 3S 7H 7D 7C TC JC QC 5D", "deadwood", True, 5, "5D"),
    # gin with 11 cards: discard the king, keep the rest
    "gin-11-discard": Case(
        GIN, "AS 2S 3S 7H 7D 7C TC JC QC 5D KH", "deadwood", True, 5, "5D", discard=True
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_recognisable_hands(name: str) -> None:
    case = CASES[name]
    hand = parse_cards(case.hand)
    ref = reference(hand, case.rules, case.goal, case.round_, discard=case.discard)
    sol = check_against_reference(hand, case.rules, case.goal, case.round_, discard=case.discard)
    assert (ref.feasible, ref.deadwood_points) == (case.feasible, case.deadwood_points)
    assert (sol.feasible, sol.deadwood_points) == (case.feasible, case.deadwood_points)
    if case.deadwood is not None:
        assert sorted(sol.deadwood) == sorted(parse_cards(case.deadwood))


def test_contract_goal_needs_a_round() -> None:
    with pytest.raises(SolverError):
        solve(parse_cards("8H 8S 8C"), LIVERPOOL, "contract")


def test_reference_rejects_illegal_melds() -> None:
    """The reference's own predicate, on melds docs/rules.md names."""
    bad = {
        "KH AH 2H": ISRAELI,  # wrap
        "AH 2H 3H": RUMMY40,  # ace low under high
        "QH KH AH": GIN,  # ace high under low
        "8H 8H 8S": LIVERPOOL,  # repeated suit in a set
        "8H 2S 2C": LIVERPOOL,  # one natural in a Liverpool set
        "4H 2D 2S 7H": LIVERPOOL,  # two naturals in a Liverpool run
        "5H 5S JK JK": RUMMY40,  # two jokers in one meld
        "JK JK JK": ISRAELI_J2,  # only wild cards
        "5H 6H": ISRAELI,  # too short
        "8S 8H 8D 8C 2H": LIVERPOOL,  # five-card set
    }
    for text, rules in bad.items():
        assert not readings(parse_cards(text), rules), text
    good = {
        "QH KH AH": ISRAELI,
        "AH 2H 3H 4H": LIVERPOOL,  # a 2 as itself
        "2H 2S 2D": LIVERPOOL,  # a set of 2s
        "4H 5H 2D 7H": LIVERPOOL,
        "5H JK JK": ISRAELI_J2,
        "8H 8S 2C": LIVERPOOL,
    }
    for text, rules in good.items():
        assert readings(parse_cards(text), rules), text
