"""Card notation, parsing errors and pack limits (docs/rules.md section 1)."""

from __future__ import annotations

import pytest

from solver.cards import (
    ALL_CARDS,
    JOKER,
    Card,
    check_pack,
    counts_of,
    parse_card,
    parse_cards,
    sort_cards,
)
from solver.errors import CardParseError, TooManyCopiesError
from solver.rules import make_rules


@pytest.mark.parametrize("card", [*ALL_CARDS, JOKER], ids=str)
def test_every_card_round_trips(card: Card) -> None:
    text = str(card)
    assert len(text) == 2
    assert parse_card(text) == card
    assert parse_card(text.lower()) == card
    assert str(parse_card(text.lower())) == text


def test_pack_has_52_distinct_cards_and_ids() -> None:
    assert len(set(ALL_CARDS)) == 52
    assert sorted(c.id for c in ALL_CARDS) == list(range(52))
    assert JOKER.id == 52
    assert all(Card.from_id(c.id) == c for c in [*ALL_CARDS, JOKER])


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("10h", "TH"),
        ("10H", "TH"),
        ("th", "TH"),
        ("Q♥", "QH"),
        ("a♠", "AS"),
        ("7♦", "7D"),
        ("K♣", "KC"),
        ("*", "JK"),
        ("joker", "JK"),
        ("JOKER", "JK"),
        ("jk", "JK"),
        (" 9c ", "9C"),
    ],
)
def test_lenient_input_gives_canonical_output(token: str, canonical: str) -> None:
    assert str(parse_card(token)) == canonical


def test_parse_cards_accepts_a_string_or_a_list() -> None:
    expected = ["AS", "TH", "JK", "7C"]
    assert [str(c) for c in parse_cards("AS 10h, * 7c")] == expected
    assert [str(c) for c in parse_cards(["as", "th", "joker", "7♣"])] == expected
    assert parse_cards("") == []


@pytest.mark.parametrize(
    ("tokens", "bad", "index"),
    [
        (["AS", "XX"], "XX", 1),
        (["1H"], "1H", 0),
        (["AS", "KH", "11S"], "11S", 2),
        (["AZ"], "AZ", 0),
        (["H"], "H", 0),
        (["AS", ""], "", 1),
    ],
)
def test_parse_error_names_token_and_index(tokens: list[str], bad: str, index: int) -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards(tokens)
    assert err.value.index == index
    assert err.value.token == bad
    assert repr(bad) in str(err.value)
    assert f"index {index}" in str(err.value)


def test_parse_error_in_a_string_counts_tokens() -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards("AS KH ZZ")
    assert err.value.index == 2
    assert err.value.token == "ZZ"


def test_non_string_token_is_a_parse_error() -> None:
    with pytest.raises(CardParseError):
        parse_cards([1])  # type: ignore[list-item]


def test_two_decks_allow_two_copies_not_three() -> None:
    rules = make_rules("liverpool")
    check_pack(parse_cards("7C 7C AS"), rules)
    with pytest.raises(TooManyCopiesError) as err:
        check_pack(parse_cards("7C AS 7C 7C"), rules)
    assert err.value.index == 3
    assert err.value.card == "7C"
    assert err.value.count == 3
    assert err.value.allowed == 2


def test_three_deck_option_allows_three_copies() -> None:
    rules = make_rules("liverpool", {"decks": 3})
    check_pack(parse_cards("7C 7C 7C"), rules)
    with pytest.raises(TooManyCopiesError):
        check_pack(parse_cards("7C 7C 7C 7C"), rules)


def test_one_deck_allows_one_copy() -> None:
    with pytest.raises(TooManyCopiesError) as err:
        check_pack(parse_cards("QS QS"), make_rules("gin"))
    assert err.value.index == 1


def test_jokers_limited_by_the_pack() -> None:
    check_pack(parse_cards("JK JK"), make_rules("rummy40"))
    with pytest.raises(TooManyCopiesError) as err:
        check_pack(parse_cards("JK JK JK"), make_rules("rummy40"))
    assert err.value.card == "JK"
    assert err.value.allowed == 2
    with pytest.raises(TooManyCopiesError):
        check_pack(parse_cards("JK"), make_rules("liverpool"))
    check_pack(parse_cards("JK JK JK JK"), make_rules("israeli", {"jokers": 4}))


def test_sort_and_counts() -> None:
    cards = parse_cards("JK KC 2H AS 2S 2H")
    assert [str(c) for c in sort_cards(cards)] == ["AS", "2S", "2H", "2H", "KC", "JK"]
    counts = counts_of(cards)
    assert len(counts) == 53
    assert counts[parse_card("2H").id] == 2
    assert counts[52] == 1
    assert sum(counts) == 6
