"""advisor.scoring.score_hand: end-of-round penalties per the rules."""

from __future__ import annotations

import pytest

from advisor.scoring import Score, score_hand
from solver.cards import parse_cards
from solver.errors import GoalError
from solver.rules import make_rules


def test_liverpool_card_values() -> None:
    out = score_hand(parse_cards("AS 2H 3D 9C TS KH"), make_rules("liverpool"))
    assert out.points == 25 + 25 + 5 + 5 + 10 + 10
    assert [c.card for c in out.cards] == parse_cards("AS 2H 3D 9C TS KH")


def test_rummy40_joker_and_hand_rummy_penalties() -> None:
    hand = parse_cards("AS JK 7D")
    assert score_hand(hand, make_rules("rummy40")).points == 11 + 25 + 7
    assert score_hand(hand, make_rules("rummy40"), "hand_rummy").points == 2 * 43
    plus = make_rules("rummy40", {"hand_rummy_penalty": "plus25"})
    out = score_hand(hand, plus, "hand_rummy")
    assert out.points == 43 + 25 and out.base_points == 43


def test_israeli_counts_cards() -> None:
    assert score_hand(parse_cards("AS KD 5C"), make_rules("israeli")).points == 3


def test_gin_melds_first() -> None:
    out = score_hand(parse_cards("AS 2S 3S 4S 9D 9H 9C KH QC 2D"), make_rules("gin"))
    assert out.points == 10 + 10 + 2
    assert {c.card for c in out.cards} == set(parse_cards("KH QC 2D"))
    assert len(out.melds) == 2


def test_custom_card_values_and_empty_hand() -> None:
    rules = make_rules("liverpool", {"card_values": {"K": 50}})
    assert score_hand(parse_cards("KS"), rules).points == 50
    assert score_hand([], rules) == Score(
        points=0, cards=(), finish="normal", base_points=0, melds=()
    )


def test_unknown_finish() -> None:
    with pytest.raises(GoalError):
        score_hand(parse_cards("AS"), make_rules("gin"), "sudden")
