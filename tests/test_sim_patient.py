"""The ``patient`` player, as its rules read: it takes what lowers its deadwood and knocks
low while the stock is long."""

from __future__ import annotations

from sim.moves import View
from sim.players.patient import PatientPlayer, stock_left
from sim.players.simple import SimplePlayer
from solver.cards import parse_card, parse_cards
from solver.rules import make_rules

# 22 cards none of the hands below holds: a pile that leaves 9 cards in the stock
LONG_PILE = "2C 3C 4C 5C 8C 9C JC QC KC 2D 3D 4D 5D 6D 8D TD JD QD KD 2H 3H 4H"


def view(hand: str, pile: str = "") -> View:
    cards = parse_cards(hand)
    return View(
        rules=make_rules("gin"),
        seat=0,
        round=None,
        hand=tuple(cards),
        table=(),
        discard_pile=tuple(parse_cards(pile)),
        seen=(),
        down=False,
        hand_sizes=(len(cards), 10),
    )


def test_the_stock_is_the_pack_less_the_hands_and_the_pile() -> None:
    assert stock_left(view("AS 2S 3S 4D 5D 6D 8C 8D TH KC", "2C")) == 52 - 20 - 1


def test_it_takes_a_discard_that_lowers_its_deadwood_though_it_joins_no_meld() -> None:
    hand = "AS 2S 3S 4D 5D 6D 8C 8D TH KC"  # deadwood 36
    assert PatientPlayer().draw(view(hand, "2C"))  # 2C for KC: 28
    assert not SimplePlayer().draw(view(hand, "2C"))  # the baseline takes only a meld's card
    assert not PatientPlayer().draw(view(hand, "QH"))  # QH for KC: still 36


def test_it_knocks_at_once_within_half_the_knock_limit() -> None:
    play = PatientPlayer().play(view("3S 4S 5S 7C 7D 7H TH JH QH AC 9D"))
    assert play.knock and play.discard == parse_card("9D")  # deadwood 1


def test_it_holds_a_higher_knock_while_the_stock_is_long_then_knocks() -> None:
    hand = "3S 4S 5S 7C 7D 7H TH JH QH 6C 9D"  # deadwood 6 after the 9D
    held = PatientPlayer().play(view(hand))
    assert not held.knock and not held.melds and held.discard == parse_card("9D")
    late = PatientPlayer().play(view(hand, LONG_PILE))
    assert late.knock and late.discard == parse_card("9D")
