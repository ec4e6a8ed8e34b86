"""Taking the top discard (or buying it) is judged on the hand that holds it.

The taken card is not live (it lies on the pile, seen by everyone) but it is in the
hand, and the figures are those of that hand after its best discard. Each case makes
the top discard the last copy anyone could draw, so counting it only as seen would
miss what it does.
"""

from __future__ import annotations

from typing import Any

from advisor.advise import advise
from advisor.situation import Situation
from api.schemas import AdviseResponseSchema
from solver.cards import parse_cards
from solver.rules import make_rules


def situation(
    variant: str, hand: str, pile: str, seen: str = "", round: int | None = None
) -> Situation:
    return Situation(
        rules=make_rules(variant),
        hand=tuple(parse_cards(hand)),
        round=round,
        discard_pile=tuple(parse_cards(pile)),
        seen=tuple(parse_cards(seen)),
    )


def draw(sit: Situation) -> dict[str, Any]:
    answer: dict[str, Any] = AdviseResponseSchema().dump(advise(sit, "draw"))
    return answer


def test_gin_takes_the_upcard_that_knocks_at_once() -> None:
    # KD completes JD QD KD; throwing 9H then leaves 5C: knock with 5
    sit = situation("gin", "AS 2S 3S 7H 7D 7C JD QD 5C 9H", pile="KD")
    a = draw(sit)
    take = a["take_discard"]
    assert take["card"] == "KD"
    assert take["cards_needed"] == 0
    assert take["best_discard"] == "9H"
    assert take["is_out"] is True
    assert a["cards_needed"] >= 1
    assert a["recommendation"]["action"] == "take_discard"
    assert a["recommendation"]["card"] == "KD"


def test_liverpool_takes_the_last_nine_for_the_contract() -> None:
    # every other nine and every wild two is seen: 9H on the pile is the only one left
    sit = situation(
        "liverpool",
        "7S 7H 7D 9C 9D KS 4H JD 3S 8C",
        pile="9H",
        seen="9S 9S 9H 9C 9D 2S 2S 2H 2H 2D 2D 2C 2C",
        round=1,
    )
    a = draw(sit)
    take = a["take_discard"]
    assert take["cards_needed"] == 0 and take["is_out"] is True
    assert take["best_discard"] not in ("7S", "7H", "7D", "9C", "9D")
    assert a["cards_needed"] >= 1
    assert a["recommendation"]["action"] == "take_discard"


def test_liverpool_buys_the_last_nine() -> None:
    sit = situation(
        "liverpool",
        "7S 7H 7D 9C 9D KS 4H JD 3S 8C",
        pile="9H",
        seen="9S 9S 9H 9C 9D 2S 2S 2H 2H 2D 2D 2C 2C",
        round=1,
    )
    a: dict[str, Any] = AdviseResponseSchema().dump(advise(sit, "buy"))
    assert a["cards_needed"] >= 1
    assert a["buy"]["cards_needed"] == 0
    assert a["recommendation"]["action"] == "buy"


def test_rummy40_takes_the_last_queen_to_open() -> None:
    # QS QH QD with KC KD KH is 60 points; no other queen nor joker is left
    sit = situation(
        "rummy40",
        "QS QH KC KD KH 3C 5D 8S 9H 4S 2D 6H 7C",
        pile="QD",
        seen="QS QH QD QC QC JK JK",
    )
    a = draw(sit)
    take = a["take_discard"]
    assert take["allowed"] is True
    assert take["cards_needed"] == 0 and take["is_out"] is True
    assert a["cards_needed"] >= 1
    assert a["recommendation"]["action"] == "take_discard"


def test_israeli_takes_the_last_king_to_win() -> None:
    # KS makes the third king; 9D is thrown and the other fourteen cards meld
    sit = situation(
        "israeli",
        "3S 4S 5S 6S 7C 7D 7H 7S TH JH QH KC KD 9D",
        pile="KS",
        seen="KS KH KH KC KD",
    )
    a = draw(sit)
    take = a["take_discard"]
    assert take["cards_needed"] == 0 and take["is_out"] is True
    assert take["best_discard"] == "9D"
    assert a["recommendation"]["action"] == "take_discard"
