"""The legality of a turn (solver.turn, POST /v1/validate and the referee): actions,
melds, layoffs, joker swaps, the discard and card accounting."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from solver.cards import parse_card, parse_cards
from solver.errors import GoalError, TooManyCopiesError
from solver.rules import Rules, make_rules
from solver.turn import (
    JokerSwap,
    Layoff,
    MeldReading,
    Seat,
    Turn,
    TurnAction,
    TurnVerdict,
    judge_turn,
)

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
    swaps: Sequence[tuple[int, str]] = (),
    action: str | None = "check",
    round: int | None = None,
    down: bool = False,
    discard: str | None = None,
    complete: bool | None = None,
    taken: str | None = None,
) -> TurnVerdict:
    """``complete`` defaults to whether a ``discard`` is given (as /v1/validate reads it)."""
    seat = Seat(
        tuple(parse_cards(hand)),
        tuple(tuple(parse_cards(t)) for t in table),
        down,
        round,
        None if taken is None else parse_card(taken),
    )
    turn = Turn(
        melds=tuple(tuple(parse_cards(m)) for m in melds),
        layoffs=tuple(Layoff(parse_card(c), i) for c, i in layoffs),
        joker_swaps=tuple(JokerSwap(i, tuple(parse_cards(c))) for i, c in swaps),
        discard=None if discard is None else parse_card(discard),
        complete=discard is not None if complete is None else complete,
        action=None if action is None else TurnAction(action),
    )
    return judge_turn(rules, seat, turn)


def codes(result: TurnVerdict) -> list[str]:
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


def test_an_action_the_rules_do_not_have_is_refused() -> None:
    # Liverpool makes no new melds once down, has no opening; Israeli lays down only a win
    melds = ["8S 8H 8D"]
    meld = run(LIVERPOOL, "8S 8H 8D 9C", melds, action="meld", round=1, down=True)
    assert codes(meld) == ["action_not_allowed"]
    assert codes(run(LIVERPOOL, "8S 8H 8D 9C", melds, action="open", round=1)) == [
        "action_not_allowed"
    ]
    israeli = run(ISRAELI, "8S 8H 8D 9C", melds, action="meld", down=True)
    assert codes(israeli) == ["action_not_allowed"]
    rummy = run(ISRAELI, "8S 8H 8D 9C", melds, action="hand_rummy")
    assert codes(rummy) == ["hand_rummy_not_allowed"]
    assert codes(run(RUMMY40, "8S 8H 8D 9C", melds, action="go_down")) == ["action_not_allowed"]


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
        "7H 7S 7D 9C 9S 9D 4H 9H KC",
        ["7H 7S 7D", "9C 9S 9D"],
        layoffs=[("4H", 0), ("9H", 0)],
        table=["5H 6H 7H 8H"],
        action="go_down",
        round=1,
    )
    assert result.legal, result.violations
    assert result.remaining == (parse_card("KC"),)
    assert result.goes_out  # KC is the final discard
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
    table = ["5H 6H 7H 8H"]
    result = run(
        LIVERPOOL, "9H KC", [], layoffs=[("9H", 0)], table=table, action="lay_off", round=1
    )
    assert codes(result) == ["not_down"]
    assert run(
        LIVERPOOL,
        "9H KC",
        [],
        layoffs=[("9H", 0)],
        table=table,
        action="lay_off",
        round=1,
        down=True,
    ).legal


def test_layoff_illegal() -> None:
    result = run(
        LIVERPOOL,
        "TH 4S 9S KC",
        [],
        layoffs=[("TH", 0), ("4S", 3), ("9S", 1)],
        table=["5H 6H 7H 8H", "8C 8D 8H"],
        action="lay_off",
        round=1,
        down=True,
    )
    assert codes(result) == ["layoff_illegal"] * 3
    assert {v.card for v in result.violations} == {"TH", "4S", "9S"}
    assert [r.legal for r in result.layoffs] == [False, False, False]


def test_layoffs_fit_in_any_order() -> None:
    result = run(
        LIVERPOOL,
        "TH 9H KC",
        [],
        layoffs=[("TH", 0), ("9H", 0)],
        table=["5H 6H 7H 8H"],
        action="lay_off",
        round=1,
        down=True,
    )
    assert result.legal


def test_layoff_onto_an_illegal_table_meld() -> None:
    result = run(
        LIVERPOOL,
        "9H KC",
        [],
        layoffs=[("9H", 0)],
        table=["8H 7H 6H 5H"],
        action="lay_off",
        round=1,
        down=True,
    )
    assert codes(result) == ["layoff_illegal"]


def test_new_melds_need_down() -> None:
    assert codes(run(RUMMY40, "5C 6C 7C 9D", ["5C 6C 7C"], action="meld")) == ["not_down"]
    assert run(RUMMY40, "5C 6C 7C 9D", ["5C 6C 7C"], action="meld", down=True).legal


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
    result = run(RUMMY40, "QH KH JK 5C 5S 5D 9D", ["QH KH JK", "5C 5S 5D"], action="open")
    assert result.legal
    assert result.melded_points == 46


def test_opening_min_is_a_rule_value() -> None:
    rules = make_rules("rummy40", {"opening_min": 51})
    result = run(rules, "KH QH JH 5C 5S 5D 9D", ["KH QH JH", "5C 5S 5D"], action="open")
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
    assert codes(nothing_left) == ["discard_missing"]


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
    melds = ["AS 2S 3S", "7H 7D 7C", "9C TC JC QC", "KD KS KH KC"]
    assert run(ISRAELI, " ".join(melds), melds, action="win").legal
    # A hand that has drawn (15) keeps its final discard: all 15 in melds is no win.
    fifteen = ["AS 2S 3S 4S", "7H 7D 7C", "9C TC JC QC", "KD KS KH KC"]
    assert codes(run(ISRAELI, " ".join(fifteen), fifteen, action="win")) == ["discard_missing"]
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


# -- joker swaps (release) ------------------------------------------------------------

RUN_WITH_JOKER = ["3H 4H JK 6H"]


def test_an_opened_player_releases_a_runs_joker_for_the_card_it_stands_for() -> None:
    hand = "5H 9C 9D KS"
    result = run(
        RUMMY40,
        hand,
        ["9C 9D JK"],
        swaps=[(0, "5H")],
        table=RUN_WITH_JOKER,
        action="meld",
        down=True,
        discard="KS",
    )
    assert result.legal, result.violations
    assert [s.legal for s in result.joker_swaps] == [True]
    assert result.goes_out and result.left == ()
    assert [str(c) for c in result.table[0].cards] == ["3H", "4H", "5H", "6H"]
    wrong = run(
        RUMMY40,
        "7H 9C 9D KS",
        [],
        swaps=[(0, "7H")],
        table=RUN_WITH_JOKER,
        action="lay_off",
        down=True,
        discard="KS",
    )
    assert codes(wrong) == ["joker_swap_illegal"]
    assert "5H" in wrong.violations[0].message


def test_no_joker_release_without_the_rule_or_before_going_down() -> None:
    off = make_rules("rummy40", {"joker_release": False})
    hand, swap = "5H 9C 9D KS", [(0, "5H")]
    table, melds = RUN_WITH_JOKER, ["9C 9D JK"]
    result = run(off, hand, melds, swaps=swap, table=table, action="meld", down=True, discard="KS")
    assert codes(result) == ["joker_swap_illegal"]
    assert [s.legal for s in result.joker_swaps] == [False]
    opening = run(RUMMY40, hand, melds, swaps=swap, table=table, action="open", discard="KS")
    assert "joker_swap_illegal" in codes(opening)
    assert "already down" in " ".join(v.message for v in opening.violations)


def test_a_sets_joker_is_released_only_by_both_missing_suits() -> None:
    table = ["8S 8H JK"]
    both = run(
        RUMMY40,
        "8D 8C 3C 4C 5C 9H",
        ["3C 4C 5C JK"],
        swaps=[(0, "8D 8C")],
        table=table,
        action="meld",
        down=True,
        discard="9H",
    )
    assert both.legal, both.violations
    assert both.table[0].wild_count == 0 and len(both.table[0].cards) == 4
    one = run(
        RUMMY40,
        "8D 8C 3C 4C 5C 9H",
        [],
        swaps=[(0, "8D")],
        table=table,
        action="lay_off",
        down=True,
        discard="9H",
    )
    assert codes(one) == ["joker_swap_illegal"]


def test_a_swap_onto_a_meld_without_a_joker_is_illegal() -> None:
    result = run(
        RUMMY40,
        "5H KS",
        [],
        swaps=[(0, "5H")],
        table=["6H 7H 8H"],
        action="lay_off",
        down=True,
        discard="KS",
    )
    assert codes(result) == ["joker_swap_illegal"]


# -- hand rummy, the discard, going out ------------------------------------------------

ALL_BUT_ONE = "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 2S 2H JK KH"
ITS_MELDS = ["2S 3S 4S", "2H 3H 4H", "2D 3D 4D", "2C 2S 2H JK"]


def test_without_hand_rummy_going_out_at_once_is_an_opening_that_needs_its_minimum() -> None:
    rules = make_rules("rummy40", {"hand_rummy": False})
    refused = run(rules, ALL_BUT_ONE, ITS_MELDS, action="hand_rummy", discard="KH")
    assert codes(refused) == ["hand_rummy_not_allowed"]
    # the referee's reading (no action named): an opening of 35 points, under 40
    assert codes(run(rules, ALL_BUT_ONE, ITS_MELDS, action=None, discard="KH")) == [
        "opening_too_low"
    ]
    rummy = run(RUMMY40, ALL_BUT_ONE, ITS_MELDS, action=None, discard="KH")
    assert rummy.legal and rummy.action == "hand_rummy" and rummy.hand_rummy


def test_every_turn_ends_with_a_discard_from_the_hand() -> None:
    melds, table = ["5C 6C 7C"], ["6H 7H 8H"]
    none = run(RUMMY40, "5C 6C 7C 9D", melds, action="meld", down=True, complete=True)
    assert codes(none) == ["discard_missing"]
    absent = run(RUMMY40, "5C 6C 7C 9D", melds, action="meld", down=True, discard="9S")
    assert codes(absent) == ["card_not_in_hand"]
    out = run(
        RUMMY40,
        "9H KS",
        [],
        layoffs=[("9H", 0)],
        table=table,
        action="lay_off",
        down=True,
        discard="KS",
    )
    assert out.legal and out.goes_out and out.left == ()
    stays = run(
        RUMMY40,
        "9H KS QS",
        [],
        layoffs=[("9H", 0)],
        table=table,
        action="lay_off",
        down=True,
        discard="KS",
    )
    assert stays.legal and not stays.goes_out
    assert stays.left == (parse_card("QS"),)


def test_taking_the_discard_obliges_laying_it_down_this_turn() -> None:
    hand, melds = "5C 6C 7C 2D 9D", ["5C 6C 7C"]
    kept = run(RUMMY40, hand, melds, action="meld", down=True, discard="9D", taken="2D")
    assert codes(kept) == ["taken_discard_not_laid"]
    laid = run(RUMMY40, hand, melds, action="meld", down=True, discard="9D", taken="6C")
    assert laid.legal
    # a layoff is no meld: 8C onto the table's clubs does not lay the taken card down
    off = run(RUMMY40, "8C 9D", [], layoffs=[("8C", 0)], table=melds, action="lay_off", down=True,
              discard="9D", taken="8C")  # fmt: skip
    assert codes(off) == ["taken_discard_not_laid"]
    free = make_rules("rummy40", {"take_discard_obliges_meld": False})
    assert run(free, hand, melds, action="meld", down=True, discard="9D", taken="2D").legal


# -- Liverpool: once down, layoffs only ---------------------------------------------


def test_after_going_down_no_new_melds_unless_the_rules_allow_them() -> None:
    hand, melds = "3S 3D 3C 9H KC", ["3S 3D 3C"]
    result = run(LIVERPOOL, hand, melds, action=None, round=1, down=True, discard="KC")
    assert result.action == "lay_off" and codes(result) == ["no_new_melds"]
    assert codes(run(LIVERPOOL, hand, melds, action="lay_off", round=1, down=True)) == [
        "no_new_melds"
    ]
    house = make_rules("liverpool", {"new_melds_after_down": True})
    assert run(house, hand, melds, action="meld", round=1, down=True, discard="KC").legal
    r40 = make_rules("rummy40", {"new_melds_after_down": False})
    assert codes(run(r40, "5C 6C 7C 9D", ["5C 6C 7C"], action="meld", down=True)) == [
        "action_not_allowed"
    ]


def test_a_first_lay_down_is_made_once() -> None:
    hand, melds = "7H 7S 7D 9C 9S 9D 4H", ["7H 7S 7D", "9C 9S 9D"]
    again = run(LIVERPOOL, hand, melds, action="go_down", round=1, down=True)
    assert codes(again) == ["already_down"]
    opened = run(
        RUMMY40, "KH QH JH 5C 5S 5D 9D", ["KH QH JH", "5C 5S 5D"], action="open", down=True
    )
    assert codes(opened) == ["already_down"]


def test_a_card_may_be_laid_off_onto_a_meld_laid_this_turn() -> None:
    hand = "7H 7S 7D 9C 9S 9D 7C KC"
    result = run(
        LIVERPOOL, hand, ["7H 7S 7D", "9C 9S 9D"], layoffs=[("7C", 0)], action="go_down", round=1
    )
    assert result.legal, result.violations
    assert len(result.table[0].cards) == 4


def test_a_wild_and_a_natural_lay_off_together_in_whichever_order_they_are_sent() -> None:
    # one at a time in the order sent the joker would go high (A) and block the 8S
    for order in (["JK", "8S"], ["8S", "JK"]):
        result = run(
            RUMMY40,
            "8S JK KH",
            [],
            layoffs=[(c, 0) for c in order],
            table=["TS JS QS KS"],
            action="lay_off",
            down=True,
            discard="KH",
        )
        assert result.legal, result.violations


# -- knocking ---------------------------------------------------------------------------

GIN_HAND = "AS 2S 3S 7H 7D 7C JD QD KD 5C 9H"


def test_a_knock_leaves_at_most_knock_max_after_the_discard() -> None:
    melds = ["AS 2S 3S", "7H 7D 7C", "JD QD KD"]
    knock = run(GIN_RULES, GIN_HAND, melds, action="knock", discard="9H")
    assert knock.legal and knock.knock_points == 5 and knock.ends_hand
    high = run(GIN_RULES, GIN_HAND, melds[:2], action="knock", discard="9H")
    assert codes(high) == ["knock_too_high"] and high.knock_points == 35
    # without the discard sent, the knocker throws its highest card
    assert run(GIN_RULES, GIN_HAND, melds, action="knock").knock_points == 5
    assert codes(run(GIN_RULES, GIN_HAND, melds, action="meld")) == ["action_not_allowed"]
