"""The ``simple`` player (the EAAI baseline, generalised), as its rules read."""

from __future__ import annotations

from sim.moves import View
from sim.players.simple import SimplePlayer
from solver.cards import parse_card, parse_cards
from solver.rules import make_rules


def view(hand: str, pile: str = "") -> View:
    return View(
        rules=make_rules("gin"),
        seat=0,
        round=None,
        hand=tuple(parse_cards(hand)),
        table=(),
        discard_pile=tuple(parse_cards(pile)),
        seen=(),
        down=False,
        hand_sizes=(10, 10),
    )


def test_it_takes_the_discard_only_when_the_best_melds_use_it() -> None:
    hand = "AS 2S 3S 4D 5D 6D 8C 8D TH KC"
    assert SimplePlayer().draw(view(hand, "2C 8H")) is True  # 8C 8D 8H
    assert SimplePlayer().draw(view(hand, "2C QH")) is False


def test_it_throws_the_card_leaving_the_least_deadwood() -> None:
    # KC is the highest card outside the melds
    play = SimplePlayer().play(view("AS 2S 3S 4D 5D 6D 8C 8D 9H KC 2H"))
    assert play.discard == parse_card("KC") and not play.knock


def test_it_knocks_as_soon_as_it_may() -> None:
    play = SimplePlayer().play(view("3S 4S 5S 7C 7D 7H TH JH QH AC 9D"))
    assert play.knock and play.discard == parse_card("9D")
