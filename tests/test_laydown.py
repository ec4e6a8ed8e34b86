"""Lay-down validation (POST /v1/validate): actions, layoffs and card accounting."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from solver.cards import parse_card, parse_cards
from solver.errors import GoalError, SolverError, TooManyCopiesError
from solver.laydown import LaydownCheck, MeldReading, validate_laydown
from solver.rules import Rules, make_rules

LIVERPOOL = make_rules("liverpool")
RUMMY40 = make_rules("rummy40")
ISRAELI = make_rules("israeli")
GIN_RULES = make_rules("gin")


def run(
    rules: Rules,
    hand: str,
    melds: list[str],
    *,
    layoffs: Sequence[tuple[str, int]] = (),
    table: Sequence[str] = (),
    action: str = "check",
    round: int | None = None,
    down: bool = False,
) -> LaydownCheck:
    return validate_laydown(
        parse_cards(hand),
        rules,
        [parse_cards(m) for m in melds],
        layoffs=[(parse_card(c), i) for c, i in layoffs],
        table=[parse_cards(t) for t in table],
        action=action,
        round=round,
        down=down,
    )


def codes(result: LaydownCheck) -> list[str]:
    return sorted(v.code for v in result.violations)


def test_check_reads_each_meld_and_reports_remaining() -> None:
    result = run(LIVERPOOL, "7H 7S 2D 4C 5C 6C 7C 9S", ["7H 7S 2D", "4C 5C 6C 7C"])
    assert result.legal
    assert result.violations == ()
    assert result.remaining == (parse_card("9S"),)
    the_set, the_run = (reading.meld for reading in result.melds)
    assert the_set is not None and the_set.kind == "set"
    wilds = {c: s for c, s in zip(the_set.cards, the_set.stands_for, strict=True) if c != s}
    assert wilds == {parse_card("2D"): parse_card("7D")}
    assert the_run is not None and the_run.kind == "run"
    assert result.melded_points == 21 + 22


def test_illegal_meld_is_reported_with_its_index() -> None:
    result = run(GIN_RULES, "5H 6H 8H 9S 9D 9C", ["9S 9D 9C", "5H 6H 8H"])
    assert codes(result) == ["not_consecutive"]
    assert result.violations[0].meld == 1
    assert result.melds[1] == MeldReading("run", tuple(parse_cards("5H 6H 8H")), None)
    assert not result.melds[1].legal
    assert result.melded_points == 27


def test_card_accounting() -> None:
    result = run(LIVERPOOL, "7H 7S 7D 3C", ["7H 7S 7D 7D", "3C 3C QD"])
    found = {(v.code, v.card) for v in result.violations}
    assert ("too_many_copies", "7D") in found
    assert ("too_many_copies", "3C") in found
    assert ("card_not_in_hand", "QD") in found
    assert result.remaining == ()


def test_layoff_cards_are_counted_too() -> None:
    result = run(
        LIVERPOOL,
        "9H",
        [],
        layoffs=[("9H", 0), ("9H", 0)],
        table=["5H 6H 7H 8H"],
        down=True,
    )
    assert ("too_many_copies", "9H") in {(v.code, v.card) for v in result.violations}


def test_hand_that_the_pack_cannot_hold_is_an_error() -> None:
    with pytest.raises(TooManyCopiesError):
        run(LIVERPOOL, "7H 7H 7H", [])


def test_unknown_action_is_an_error() -> None:
    with pytest.raises(SolverError) as err:
        run(LIVERPOOL, "7H", [], action="pass")
    assert err.value.field == "action"


# -- Liverpool go down ---------------------------------------------------------


def test_go_down_exact_contract() -> None:
    hand = "7H 7S 7D 9C 9S 9D 4H KC"
    assert run(LIVERPOOL, hand, ["7H 7S 7D", "9C 9S 9D"], action="go_down", round=1).legal
    # One set short, or one set too many, misses the contract.
    short = run(LIVERPOOL, hand, ["7H 7S 7D"], action="go_down", round=1)
    assert codes(short) == ["contract_unmet"]
    wrong = run(LIVERPOOL, hand, ["7H 7S 7D", "9C 9S 9D"], action="go_down", round=2)
    assert codes(wrong) == ["contract_unmet"]


def test_go_down_needs_a_round() -> None:
    with pytest.raises(GoalError):
        run(LIVERPOOL, "7H 7S 7D", ["7H 7S 7D"], action="go_down")


def test_go_down_then_lay_off_on_the_same_turn() -> None:
    result = run(
        LIVERPOOL,
        "7H 7S 7D 9C 9S 9D 4H 9H",
        ["7H 7S 7D", "9C 9S 9D"],
        layoffs=[("4H", 0), ("9H", 0)],
        table=["5H 6H 7H 8H"],
        action="go_down",
        round=1,
    )
    assert result.legal, result.violations
    assert result.remaining == ()
    assert [r.legal for r in result.layoffs] == [True, True]


def test_round_six_takes_every_card() -> None:
    hand = "7H 7S 7D 3C 4C 5C 6C 9D TD JD QD KS"
    melds = ["7H 7S 7D", "3C 4C 5C 6C", "9D TD JD QD"]
    result = run(LIVERPOOL, hand, melds, action="go_down", round=6)
    assert codes(result) == ["cards_left_over"]
    full = run(LIVERPOOL, hand.replace(" KS", ""), melds, action="go_down", round=6)
    assert full.legal
    # Round 5 may leave cards: two sets and a run.
    five = run(
        LIVERPOOL,
        hand,
        ["7H 7S 7D", "9D TD JD QD", "3C 4C 5C 6C"],
        action="go_down",
        round=5,
    )
    assert codes(five) == ["contract_unmet"]  # one set, not two


def test_layoff_before_going_down() -> None:
    result = run(LIVERPOOL, "9H", [], layoffs=[("9H", 0)], table=["5H 6H 7H 8H"], action="meld")
    assert codes(result) == ["not_down"]
    assert run(
        LIVERPOOL, "9H", [], layoffs=[("9H", 0)], table=["5H 6H 7H 8H"], action="meld", down=True
    ).legal


def test_layoff_illegal() -> None:
    result = run(
        LIVERPOOL,
        "TH 4S 9S",
        [],
        layoffs=[("TH", 0), ("4S", 3), ("9S", 1)],
        table=["5H 6H 7H 8H", "8C 8D 8H"],
        action="meld",
        down=True,
    )
    assert codes(result) == ["layoff_illegal"] * 3
    assert {v.card for v in result.violations} == {"TH", "4S", "9S"}
    assert [r.legal for r in result.layoffs] == [False, False, False]


def test_layoffs_fit_in_any_order() -> None:
    result = run(
        LIVERPOOL,
        "TH 9H",
        [],
        layoffs=[("TH", 0), ("9H", 0)],
        table=["5H 6H 7H 8H"],
        action="meld",
        down=True,
    )
    assert result.legal


def test_layoff_onto_an_illegal_table_meld() -> None:
    result = run(
        LIVERPOOL, "9H", [], layoffs=[("9H", 0)], table=["8H 7H 6H 5H"], action="meld", down=True
    )
    assert codes(result) == ["layoff_illegal"]


def test_new_melds_need_down() -> None:
    assert codes(run(RUMMY40, "5C 6C 7C", ["5C 6C 7C"], action="meld")) == ["not_down"]
    assert run(RUMMY40, "5C 6C 7C", ["5C 6C 7C"], action="meld", down=True).legal


# -- Rummy 40 --------------------------------------------------------------------


def test_opening_needs_forty_points() -> None:
    hand = "KH QH JH 5C 5S 5D AS 9D"
    result = run(RUMMY40, hand, ["KH QH JH", "5C 5S 5D"], action="open")
    assert result.legal and result.melded_points == 45
    low = run(RUMMY40, hand, ["KH QH JH"], action="open")
    assert codes(low) == ["opening_too_low"]
    assert low.melded_points == 30


def test_opening_counts_a_joker_as_the_card_it_stands_for() -> None:
    # Q K A = 31, with the joker as the ace; and 3 fives = 15 -> 46.
    result = run(RUMMY40, "QH KH JK 5C 5S 5D", ["QH KH JK", "5C 5S 5D"], action="open")
    assert result.legal
    assert result.melded_points == 46


def test_opening_min_is_a_rule_value() -> None:
    rules = make_rules("rummy40", {"opening_min": 51})
    result = run(rules, "KH QH JH 5C 5S 5D", ["KH QH JH", "5C 5S 5D"], action="open")
    assert codes(result) == ["opening_too_low"]


def test_hand_rummy_all_but_one_card() -> None:
    hand = "AH KH QH 5C 5S 5D 9S 9H 9D 2C 3C 4C 7D 8S"
    melds = ["QH KH AH", "5C 5S 5D", "9S 9H 9D", "2C 3C 4C"]
    result = run(RUMMY40, hand, melds, action="hand_rummy")
    assert codes(result) == ["cards_left_over"]
    hand13 = hand.replace(" 8S", "")
    ok = run(RUMMY40, hand13, melds, action="hand_rummy")
    assert ok.legal, ok.violations  # 13 melded, 7D discarded; no 40 minimum needed
    assert ok.remaining == (parse_card("7D"),)
    nothing_left = run(RUMMY40, "QH KH AH 5C 5S 5D", ["QH KH AH", "5C 5S 5D"], action="hand_rummy")
    assert codes(nothing_left) == ["cards_left_over"]


def test_hand_rummy_takes_no_layoffs() -> None:
    result = run(
        RUMMY40,
        "5C 6C 7C 9H 2S",
        ["5C 6C 7C"],
        layoffs=[("9H", 0)],
        table=["6H 7H 8H"],
        action="hand_rummy",
    )
    assert "not_down" in codes(result)


def test_hand_rummy_below_forty_is_fine() -> None:
    result = run(RUMMY40, "2C 3C 4C 9D", ["2C 3C 4C"], action="hand_rummy")
    assert result.legal
    assert result.melded_points == 9


# -- Israeli win -----------------------------------------------------------------


def test_israeli_win_fourteen_of_fifteen() -> None:
    melds = ["AS 2S 3S", "7H 7D 7C", "9C TC JC QC", "KD KS KH", "4D 5D 6D"]
    hand = " ".join(melds) + " 8S"
    result = run(ISRAELI, hand, melds, action="win")
    assert result.legal, result.violations
    assert result.remaining == (parse_card("8S"),)
    two_left = run(ISRAELI, hand + " 9S", melds, action="win")
    assert codes(two_left) == ["cards_left_over"]


def test_israeli_win_all_fourteen_after_the_discard() -> None:
    melds = ["AS 2S 3S", "7H 7D 7C", "9C TC JC QC", "KD KS KH", "4D 5D 6D"]
    assert run(ISRAELI, " ".join(melds), melds, action="win").legal
    # With 14 cards there is no discard left to make: all 14 must be melded.
    result = run(ISRAELI, " ".join(melds[:-1]) + " 4D 5D 8D", melds[:-1], action="win")
    assert codes(result) == ["cards_left_over"]


def test_israeli_win_needs_a_run() -> None:
    melds = ["7H 7D 7C", "8H 8D 8C", "9C 9H 9D", "KD KS KH", "4D 4S 4H"]
    result = run(ISRAELI, " ".join(melds) + " 2S", melds, action="win")
    assert codes(result) == ["no_run"]
    no_rule = make_rules("israeli", {"require_run": False})
    assert run(no_rule, " ".join(melds) + " 2S", melds, action="win").legal


def test_win_reports_every_fault_at_once() -> None:
    melds = ["7H 7D 7C", "8H 8D 8C", "9C 9H 9H"]
    result = run(ISRAELI, "7H 7D 7C 8H 8D 8C 9C 9H 4S 5S 6S JS QS KS AD", melds, action="win")
    assert codes(result) == sorted(
        ["too_many_copies", "duplicate_suit", "cards_left_over", "no_run"]
    )
