"""Meld legality: every rule of docs/rules.md section 2 and every row of section 5's table."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.schemas import MeldSchema
from solver.cards import parse_cards
from solver.legality import MeldCheck, check_meld, extend_meld
from solver.melds import Meld
from solver.rules import Rules, make_rules

LIVERPOOL = make_rules("liverpool")
RUMMY40 = make_rules("rummy40")
ISRAELI = make_rules("israeli")
GIN = make_rules("gin")
ISRAELI_JOKERS = make_rules("israeli", {"jokers": 4})


def check(rules: Rules, cards: str, ordered: bool = False) -> MeldCheck:
    return check_meld(parse_cards(cards), rules, ordered=ordered)


def codes(rules: Rules, cards: str, ordered: bool = False) -> list[str]:
    return sorted(v.code for v in check(rules, cards, ordered).violations)


def read(rules: Rules, cards: str, ordered: bool = False) -> dict[str, Any]:
    """The meld as read, printed as the API prints it."""
    result = check(rules, cards, ordered)
    assert result.legal, [v.message for v in result.violations]
    assert result.meld is not None
    printed: dict[str, Any] = MeldSchema().dump(result.meld)
    return printed


def wilds_as(rules: Rules, cards: str, ordered: bool = False) -> dict[str, str]:
    return {w["card"]: w["as"] for w in read(rules, cards, ordered)["wilds"]}


# -- sets ----------------------------------------------------------------------


@pytest.mark.parametrize("rules", [LIVERPOOL, RUMMY40, ISRAELI, GIN], ids=lambda r: r.variant)
def test_plain_sets_of_three_and_four(rules: Rules) -> None:
    three = read(rules, "8H 8S 8D")
    assert three["kind"] == "set"
    assert three["rank"] == "8"
    assert three["cards"] == ["8S", "8H", "8D"]
    assert read(rules, "KC KH KS KD")["points"] == 40


def test_set_too_short() -> None:
    assert codes(GIN, "8H 8S") == ["meld_too_short"]
    assert codes(make_rules("gin", {"set_min": 2}), "8H 8S") == []


def test_set_too_long() -> None:
    # Distinct suits cap a set at 4, and the extra card is also a repeated suit.
    assert codes(LIVERPOOL, "8H 8S 8D 8C 8H") == ["duplicate_suit", "meld_too_long"]
    # A wild cannot be a fifth suit either.
    assert codes(RUMMY40, "8H 8S 8D 8C JK") == ["meld_too_long"]
    # Without distinct suits, set_max is the cap.
    loose = make_rules("gin", {"decks": 2, "set_max": 5})
    assert codes(loose, "8H 8S 8D 8C 8H") == []
    assert codes(loose, "8H 8S 8D 8C 8H 8S") == ["meld_too_long"]


def test_set_mixed_ranks() -> None:
    # Naturals that differ in rank share no suit either, so the kind cannot be told
    # (docs/api.md): both kind codes are reported, and mixed_ranks names the odd card.
    result = check(LIVERPOOL, "8H 8S 9D 2C")
    assert result.kind == "unknown"
    assert sorted(v.code for v in result.violations) == ["mixed_ranks", "mixed_suits"]
    assert next(v for v in result.violations if v.code == "mixed_ranks").card == "9D"
    assert codes(GIN, "8H 8S 9D 9S") == ["mixed_ranks", "mixed_suits"]


@pytest.mark.parametrize("decks", [2, 3])
def test_sets_need_distinct_suits_even_with_several_decks(decks: int) -> None:
    rules = make_rules("liverpool", {"decks": decks})
    result = check(rules, "7H 7H 7S")
    assert [v.code for v in result.violations] == ["duplicate_suit"]
    assert result.violations[0].card == "7H"
    assert codes(rules, "7H 7H 7S 7D") == ["duplicate_suit"]
    assert codes(RUMMY40, "QD QD QC") == ["duplicate_suit"]
    assert codes(ISRAELI, "4C 4S 4C") == ["duplicate_suit"]


def test_duplicate_suits_allowed_when_the_rule_is_off() -> None:
    rules = make_rules("gin", {"decks": 2})
    assert codes(rules, "7H 7H 7S") == []


def test_wild_in_a_set_takes_a_missing_suit() -> None:
    assert wilds_as(RUMMY40, "9S 9H JK") == {"JK": "9D"}
    assert wilds_as(LIVERPOOL, "9S 9D 2S") == {"2S": "9H"}
    assert read(RUMMY40, "AS AH JK")["points"] == 33  # the joker counts as an ace


# -- runs ----------------------------------------------------------------------


def test_plain_runs() -> None:
    run = read(GIN, "5H 3H 4H")
    assert (run["kind"], run["suit"], run["low"], run["high"]) == ("run", "H", "3", "5")
    assert run["cards"] == ["3H", "4H", "5H"]
    assert read(LIVERPOOL, "9C TC JC QC KC")["points"] == 49


def test_run_too_short() -> None:
    assert codes(LIVERPOOL, "5H 6H 7H") == ["meld_too_short"]  # Liverpool runs are 4+
    assert codes(GIN, "5H 6H") == ["meld_too_short"]
    assert codes(make_rules("gin", {"run_min": 5}), "5H 6H 7H 8H") == ["meld_too_short"]


def test_run_mixed_suits() -> None:
    result = check(GIN, "5H 6H 7S")
    assert result.kind == "unknown"  # ranks differ too
    assert sorted(v.code for v in result.violations) == ["mixed_ranks", "mixed_suits"]
    assert next(v for v in result.violations if v.code == "mixed_suits").card == "7S"
    # When the only natural cards share a suit, the odd-suited card must be a wild.
    assert codes(LIVERPOOL, "5H 6H 7H 2S") == []


def test_run_gap_and_repeated_rank() -> None:
    assert codes(GIN, "5H 6H 8H") == ["not_consecutive"]
    assert codes(make_rules("gin", {"decks": 2}), "5H 6H 6H 7H") == ["not_consecutive"]
    # A wild fills one gap, not two.
    assert codes(RUMMY40, "5H JK 8H") == ["not_consecutive"]
    assert wilds_as(RUMMY40, "5H JK 7H") == {"JK": "6H"}


def test_ace_low_only() -> None:
    assert read(GIN, "AH 2H 3H")["low"] == "A"
    assert codes(GIN, "QH KH AH") == ["ace_misplaced"]
    assert codes(GIN, "KH AH 2H") == ["ace_misplaced"]


def test_ace_high_only_in_rummy40() -> None:
    run = read(RUMMY40, "QH KH AH")
    assert (run["low"], run["high"], run["points"]) == ("Q", "A", 31)
    assert codes(RUMMY40, "AH 2H 3H") == ["ace_misplaced"]
    assert codes(RUMMY40, "AH 2H JK") == ["ace_misplaced"]
    # A joker cannot make the ace low either: it stands before the 2 only as an ace.
    assert codes(RUMMY40, "2H 3H JK") == []
    assert wilds_as(RUMMY40, "2H 3H JK") == {"JK": "4H"}


@pytest.mark.parametrize("rules", [ISRAELI, LIVERPOOL], ids=lambda r: r.variant)
def test_ace_both_ends(rules: Rules) -> None:
    assert read(rules, "AD 2D 3D 4D")["low"] == "A"
    assert read(rules, "JD QD KD AD")["high"] == "A"
    assert codes(rules, "KD AD 2D 3D") == ["ace_misplaced"]
    assert codes(rules, "KD AD 2D 3D", ordered=True) == ["ace_misplaced"]


def test_liverpool_wild_two_turns_q_k_a_2_into_j_to_a() -> None:
    assert wilds_as(LIVERPOOL, "QD KD AD 2D") == {"2D": "JD"}


def test_israeli_q_k_a_2_is_illegal() -> None:
    assert codes(ISRAELI, "QH KH AH 2H") == ["ace_misplaced"]
    assert codes(ISRAELI, "QH KH AH 2H", ordered=True) == ["ace_misplaced"]
    assert codes(ISRAELI, "KH AH 2H") == ["ace_misplaced"]


def test_run_from_ace_to_ace_under_both() -> None:
    full = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    run = read(ISRAELI, full)
    assert (run["low"], run["high"], len(run["cards"])) == ("A", "A", 14)
    assert read(ISRAELI, full, ordered=True)["cards"] == full.split()
    # Under low or high the same cards span more positions than exist.
    assert "meld_too_long" in codes(GIN, full)
    assert "meld_too_long" in codes(RUMMY40, full)
    assert codes(make_rules("israeli", {"ace": "low"}), "AS 2S 3S AS") == ["not_consecutive"]


def test_wild_in_a_run_fills_the_gap_and_surplus_goes_high() -> None:
    assert wilds_as(LIVERPOOL, "4H 5H 2D 7H") == {"2D": "6H"}
    assert wilds_as(LIVERPOOL, "4H 5H 6H 2D") == {"2D": "7H"}
    # At the top under the ace rule the surplus wild goes below instead.
    run = read(LIVERPOOL, "QH KH AH 2D")
    assert (run["low"], run["high"]) == ("J", "A")
    assert wilds_as(LIVERPOOL, "QH KH AH 2D") == {"2D": "JH"}
    assert read(GIN, "QH KH JK".replace("JK", "JH"))["low"] == "J"
    assert wilds_as(make_rules("gin", {"jokers": 1}), "QH KH JK") == {"JK": "JH"}


def test_run_too_long_for_the_ace_rule() -> None:
    thirteen = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    assert codes(GIN, thirteen) == []
    rules = make_rules("gin", {"jokers": 1})
    assert codes(rules, thirteen + " JK") == ["meld_too_long"]


# -- wild ranks played as themselves (Liverpool) -----------------------------------


def test_liverpool_two_as_itself_in_a_run() -> None:
    run = read(LIVERPOOL, "AH 2H 3H 4H")
    assert run["wilds"] == []
    assert (run["low"], run["high"]) == ("A", "4")
    run = read(LIVERPOOL, "2H 3H 4H 5H")
    assert run["wilds"] == [] and run["low"] == "2"


def test_liverpool_set_of_twos() -> None:
    assert read(LIVERPOOL, "2H 2S 2D")["wilds"] == []
    assert read(LIVERPOOL, "2H 2S 2D 2C")["rank"] == "2"


def test_natural_two_counts_toward_natural_minimum() -> None:
    # 2H as itself makes three naturals in hearts; the 2S is the wild 4H.
    assert wilds_as(LIVERPOOL, "2H 3H 2S 5H") == {"2S": "4H"}
    assert wilds_as(LIVERPOOL, "2H 3H 2S 5H", ordered=True) == {"2S": "4H"}


# -- natural minimums and wild limits (section 5 rows) ------------------------------


def test_liverpool_set_needs_two_naturals() -> None:
    assert codes(LIVERPOOL, "7H 7S 2D") == []
    assert codes(LIVERPOOL, "7H 7S 2D 2C") == []
    assert codes(LIVERPOOL, "7H 2S 2D") == ["too_few_naturals"]
    assert codes(make_rules("liverpool", {"set_min_naturals": 1}), "7H 2S 2D") == []


def test_liverpool_run_needs_three_naturals() -> None:
    assert codes(LIVERPOOL, "5H 6H 7H 2D") == []
    assert codes(LIVERPOOL, "5H 2C 7H 8H") == []
    assert codes(LIVERPOOL, "5H 6H 2S 2D") == ["too_few_naturals"]
    assert codes(LIVERPOOL, "5H 2C 2S 8H") == ["too_few_naturals"]
    # No per-meld wild limit in Liverpool: 3 naturals and 3 wilds.
    assert codes(LIVERPOOL, "5H 6H 7H 2S 2D 2C") == []


def test_rummy40_one_joker_per_meld_and_two_naturals() -> None:
    assert codes(RUMMY40, "7H 7S JK") == []
    assert codes(RUMMY40, "7H JK JK") == ["too_few_naturals", "too_many_wilds"]
    assert codes(RUMMY40, "5H 6H JK JK") == ["too_many_wilds"]
    assert codes(RUMMY40, "5H JK 7H") == []
    assert codes(RUMMY40, "5H JK JK") == ["too_few_naturals", "too_many_wilds"]
    assert codes(make_rules("rummy40", {"max_wilds_per_meld": None}), "5H 6H JK JK") == []


def test_israeli_jokers_unrestricted_with_one_natural() -> None:
    assert read(ISRAELI_JOKERS, "7H JK JK")["kind"] == "set"
    assert codes(ISRAELI_JOKERS, "7H 7S JK JK") == []
    assert codes(ISRAELI_JOKERS, "5H JK JK JK") == []
    run = read(ISRAELI_JOKERS, "AH JK JK")
    assert run["kind"] == "set"  # one natural: a set is preferred
    run = read(ISRAELI_JOKERS, "AH 2H JK JK")
    assert (run["kind"], run["low"], run["high"]) == ("run", "A", "4")
    run = read(ISRAELI_JOKERS, "QH KH JK")
    assert (run["low"], run["high"]) == ("Q", "A")


@pytest.mark.parametrize("rules", [ISRAELI_JOKERS, RUMMY40, LIVERPOOL], ids=lambda r: r.variant)
def test_only_wild_cards_is_never_legal(rules: Rules) -> None:
    assert "too_few_naturals" in codes(rules, "JK JK JK")
    assert "too_few_naturals" in codes(rules, "JK JK JK JK", ordered=True)


def test_every_violation_is_reported() -> None:
    assert codes(RUMMY40, "7H 7H 7S JK JK") == sorted(
        ["meld_too_long", "duplicate_suit", "too_many_wilds"]
    )
    assert codes(RUMMY40, "5H JK") == sorted(["meld_too_short", "too_few_naturals"])


def test_kind_unknown_reports_both_kind_codes() -> None:
    result = check(GIN, "5H 9S 3D")
    assert result.kind == "unknown"
    assert sorted(v.code for v in result.violations) == ["mixed_ranks", "mixed_suits"]
    # Faults common to both readings are kept.
    assert codes(LIVERPOOL, "5H 9S") == ["meld_too_short", "mixed_ranks", "mixed_suits"]
    assert codes(RUMMY40, "5H 9S JK JK") == ["mixed_ranks", "mixed_suits", "too_many_wilds"]


def test_empty_meld() -> None:
    assert codes(GIN, "") == ["meld_too_short"]


# -- ordered (table) melds ---------------------------------------------------------


def test_ordered_run_reads_wild_by_position() -> None:
    assert wilds_as(LIVERPOOL, "4H 5H 2S 7H", ordered=True) == {"2S": "6H"}
    assert wilds_as(LIVERPOOL, "2S 4H 5H 6H", ordered=True) == {"2S": "3H"}
    assert wilds_as(RUMMY40, "JK 9C TC", ordered=True) == {"JK": "8C"}
    assert wilds_as(RUMMY40, "QH KH JK", ordered=True) == {"JK": "AH"}


def test_ordered_run_must_ascend() -> None:
    assert codes(GIN, "4H 3H 2H", ordered=True) == ["not_consecutive"]
    assert codes(GIN, "2H 3H 4H", ordered=True) == []
    assert codes(LIVERPOOL, "4H 2S 5H 6H", ordered=True) == ["not_consecutive"]


def test_ordered_ace_rules() -> None:
    assert codes(ISRAELI, "KH AH 2H", ordered=True) == ["ace_misplaced"]
    gin_joker = make_rules("gin", {"jokers": 1})
    assert codes(gin_joker, "QH KH JK", ordered=True) == ["ace_misplaced"]
    assert codes(RUMMY40, "JK 2H 3H", ordered=True) == ["ace_misplaced"]


def test_ordered_set_in_any_order() -> None:
    assert read(LIVERPOOL, "2C 8H 8S", ordered=True)["rank"] == "8"


# -- properties ---------------------------------------------------------------------


POOL = parse_cards("AH 2H 3H 4H 5H QH KH 2S 5S 5D 5C JK JK AH")


def _verdict(result: MeldCheck) -> tuple[Any, ...]:
    return (
        result.kind,
        sorted(v.code for v in result.violations),
        result.meld,
    )


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([LIVERPOOL, RUMMY40, ISRAELI_JOKERS]),
    st.lists(st.sampled_from(POOL), min_size=1, max_size=6),
    st.randoms(use_true_random=False),
)
def test_unordered_verdict_ignores_order(rules: Rules, cards: list[Any], rnd: Any) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert _verdict(check_meld(cards, rules)) == _verdict(check_meld(shuffled, rules))


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([LIVERPOOL, RUMMY40, ISRAELI_JOKERS, GIN]),
    st.lists(st.sampled_from(POOL), min_size=3, max_size=6),
)
def test_a_legal_meld_reads_back_the_same_from_the_table(rules: Rules, cards: list[Any]) -> None:
    result = check_meld(cards, rules)
    if not result.legal:
        assert result.violations  # an illegal verdict always says why
        return
    assert result.meld is not None
    again = check_meld(result.meld.cards, rules, ordered=True)
    assert again.legal
    assert again.meld is not None
    assert again.meld.stands_for == result.meld.stands_for or again.meld.kind == "set"
    assert again.meld.points == result.meld.points


# -- laying off ---------------------------------------------------------------------


def table_meld(rules: Rules, cards: str) -> Meld:
    result = check(rules, cards, ordered=True)
    assert result.meld is not None
    return result.meld


def extend(rules: Rules, meld: str, cards: str) -> list[str] | None:
    grown = extend_meld(table_meld(rules, meld), parse_cards(cards), rules)
    return None if grown is None else [str(c) for c in grown.cards]


def test_layoff_extends_a_run_at_either_end() -> None:
    assert extend(LIVERPOOL, "5H 6H 7H 8H", "9H") == ["5H", "6H", "7H", "8H", "9H"]
    assert extend(LIVERPOOL, "5H 6H 7H 8H", "4H") == ["4H", "5H", "6H", "7H", "8H"]
    assert extend(LIVERPOOL, "5H 6H 7H 8H", "9H 4H TH") == [
        "4H", "5H", "6H", "7H", "8H", "9H", "TH",
    ]  # fmt: skip
    assert extend(LIVERPOOL, "5H 6H 7H 8H", "TH") is None
    assert extend(LIVERPOOL, "5H 6H 7H 8H", "9S") is None
    assert extend(LIVERPOOL, "5H 6H 7H 8H", "6H") is None


def test_layoff_wild_onto_a_run_goes_high_unless_the_ace_forbids() -> None:
    grown = extend_meld(table_meld(LIVERPOOL, "5H 6H 7H 8H"), parse_cards("2C"), LIVERPOOL)
    assert grown is not None and grown.high == 9
    grown = extend_meld(table_meld(LIVERPOOL, "JH QH KH AH"), parse_cards("2C"), LIVERPOOL)
    assert grown is not None and (grown.low, grown.high) == (10, 14)
    assert extend(RUMMY40, "JH QH KH AH", "TH") == ["TH", "JH", "QH", "KH", "AH"]
    assert extend(RUMMY40, "QH KH AH", "2H") is None  # no wrap
    assert extend(GIN, "AH 2H 3H", "KH") is None


def test_layoff_keeps_wild_limits_and_naturals() -> None:
    assert extend(RUMMY40, "5H JK 7H", "JK") is None  # one joker per meld
    assert extend(RUMMY40, "5H 6H 7H", "JK") == ["5H", "6H", "7H", "JK"]
    assert extend(LIVERPOOL, "7H 7S 2D", "2C") is not None
    assert extend(LIVERPOOL, "5H 2C 7H 8H", "2S") is not None


def test_layoff_onto_a_set() -> None:
    assert extend(LIVERPOOL, "8H 8S 8D", "8C") == ["8S", "8H", "8D", "8C"]
    assert extend(LIVERPOOL, "8H 8S 8D", "8H") is None  # suit already there
    assert extend(LIVERPOOL, "8H 8S 8D 8C", "2S") is None  # a set stays at most 4
    assert extend(LIVERPOOL, "8H 8S 8D", "9C") is None
    grown = extend_meld(table_meld(RUMMY40, "8H 8S JK"), parse_cards("8D"), RUMMY40)
    assert grown is not None
    assert {str(c): str(s) for c, s in zip(grown.cards, grown.stands_for, strict=True)}[
        "JK"
    ] == "8C"


def test_layoff_of_nothing_keeps_the_meld() -> None:
    meld = table_meld(GIN, "5H 6H 7H")
    assert extend_meld(meld, [], GIN) == meld


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([LIVERPOOL, RUMMY40, ISRAELI_JOKERS]),
    st.lists(st.sampled_from(POOL), min_size=3, max_size=6),
)
def test_a_legal_table_meld_is_also_legal_unordered(rules: Rules, cards: list[Any]) -> None:
    ordered = check_meld(cards, rules, ordered=True)
    if ordered.legal:
        assert check_meld(cards, rules).legal


def test_many_decks_of_wild_twos_stay_fast() -> None:
    # every 2 of the largest pack: a run of 12 wilds, with no natural card
    rules = make_rules("liverpool", {"decks": 3})
    twos = " ".join(["2H", "2S", "2D", "2C"] * 3)
    assert codes(rules, twos, ordered=True) == ["too_few_naturals"]
    assert codes(rules, twos) == ["too_few_naturals"]
    assert read(rules, "2H 2S 2D 2H", ordered=True)["rank"] == "2"


def test_table_run_with_a_wild_at_the_top_extends_past_it() -> None:
    assert extend(LIVERPOOL, "5H 6H 7H 2S", "9H") == ["5H", "6H", "7H", "2S", "9H"]
    assert extend(LIVERPOOL, "5H 6H 7H 2S", "8H") is None  # the 2S already plays 8H
