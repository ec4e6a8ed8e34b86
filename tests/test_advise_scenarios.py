"""advisor.advise: scenarios per variant, as a player would state them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sim_support import table_meld

from advisor import advise as advisor
from advisor.capacity import stays_open, table_room
from advisor.phases.lay_down import HOLD_OVER, WAIT_PILE
from advisor.results import Effort
from advisor.situation import Situation
from api.schemas import AdviseResponseSchema
from solver.cards import parse_card, parse_cards
from solver.rules import make_rules
from solver.turn import Layoff, Seat, Turn, TurnAction, judge_turn


def situation(
    variant: str,
    hand: str,
    *,
    round: int | None = None,
    table: Sequence[str] = (),
    pile: str = "",
    down: bool = False,
    rules: dict[str, Any] | None = None,
    others: tuple[int, ...] = (),
    taken: str | None = None,
) -> Situation:
    return Situation(
        rules=make_rules(variant, rules),
        hand=tuple(parse_cards(hand)),
        round=round,
        table=tuple(tuple(parse_cards(m)) for m in table),
        discard_pile=tuple(parse_cards(pile)),
        down=down,
        opponent_hand_sizes=others,
        taken_discard=None if taken is None else parse_card(taken),
    )


def advise(
    sit: Situation, phase: str = "discard", buys_made: int = 0, effort: str = "fast"
) -> dict[str, Any]:
    """The advice as the API returns it (the library's default level, ``fast``)."""
    answer: dict[str, Any] = AdviseResponseSchema().dump(
        advisor.advise(sit, phase, buys_made=buys_made, effort=Effort(effort))
    )
    return answer


def judged(sit: Situation, a: dict[str, Any]) -> Any:
    """The advised lay-down and discard, posted back to the turn's legality."""
    lay = a["lay_down"]
    turn = Turn(
        melds=tuple(tuple(parse_cards(m["cards"])) for m in lay["melds"]),
        layoffs=tuple(Layoff(parse_card(lo["card"]), lo["onto"]) for lo in lay["layoffs"]),
        discard=parse_card(a["recommendation"]["card"]),
        action=TurnAction(lay["action"]),
    )
    seat = Seat(sit.hand, sit.table, down=sit.down, taken=sit.taken_discard)
    return judge_turn(sit.rules, seat, turn)


def move(answer: dict[str, Any]) -> dict[str, Any]:
    """The recommended action and card, without its reason."""
    rec = answer["recommendation"]
    assert rec["reason"]
    return {"action": rec["action"], "card": rec["card"]}


def entry(answer: dict[str, Any], card: str) -> dict[str, Any]:
    return next(d for d in answer["discards"] if d["card"] == card)


# -- Liverpool ---------------------------------------------------------------------


def test_liverpool_keeps_the_pair_that_completes_the_contract() -> None:
    sit = situation("liverpool", "7S 7H 7D 9C 9D KS 4H JD 3S 8C QD", round=1, pile="6C")
    a = advise(sit)
    assert a["goal"] == "contract"
    assert a["cards_needed"] == 1
    assert a["lay_down"] is None
    assert a["recommendation"]["action"] == "discard"
    assert a["recommendation"]["card"] not in ("9C", "9D", "7S", "7H", "7D")
    best = a["discards"][0]
    assert best["cards_needed"] == 1
    # the 9s (2 left of 2 decks, with no 9 seen elsewhere) and the wild 2s finish it
    assert {o["card"] for o in best["outs_cards"]} == {"9S", "9H", "2S", "2H", "2D", "2C"}
    assert best["outs"] == 12
    assert entry(a, "9C")["cards_needed"] == 2
    assert len(a["discards"]) == 11  # one per distinct card


def test_liverpool_avoids_the_discard_that_fits_a_table_meld() -> None:
    # QC and KS are equally useless to the hand, but QC joins the queens on the table
    sit = situation(
        "liverpool", "7S 7H 9C 9D QC KS 4H 5D 3S 8C 6D", round=1, table=["QH QS QD"], pile="JC"
    )
    a = advise(sit)
    qc, ks = entry(a, "QC"), entry(a, "KS")
    assert qc["playable_on_table"] is True and ks["playable_on_table"] is False
    assert (qc["cards_needed"], qc["outs"]) == (ks["cards_needed"], ks["outs"])
    order = [d["card"] for d in a["discards"]]
    assert order.index("KS") < order.index("QC")
    assert move(a) == {"action": "discard", "card": "KS"}


def test_liverpool_goes_down_and_lays_off_the_same_turn() -> None:
    sit = situation("liverpool", "7S 7H 7D 9C 9D 9S QC 4S", round=1, table=["QH QS QD"], pile="JC")
    a = advise(sit)
    lay = a["lay_down"]
    assert a["cards_needed"] == 0
    assert [m["rank"] for m in lay["melds"]] == ["7", "9"]
    assert lay["layoffs"] == [{"card": "QC", "onto": 0}]
    assert lay["goes_out"] is True
    assert move(a) == {"action": "go_out", "card": "4S"}
    assert lay["action"] == "go_down"
    turn = Turn(
        melds=tuple(tuple(parse_cards(m["cards"])) for m in lay["melds"]),
        layoffs=tuple(Layoff(parse_card(lo["card"]), lo["onto"]) for lo in lay["layoffs"]),
        discard=parse_card("4S"),
        action=TurnAction.GO_DOWN,
    )
    check = judge_turn(sit.rules, Seat(sit.hand, sit.table, round=1), turn)
    assert check.legal and [str(c) for c in check.remaining] == ["4S"]
    assert check.goes_out and check.left == ()


# two sets of three and five cards more: down now, four cards stay after the discard, and
# the two sets could take only 7C and 9C (no new melds after going down)
DEAD_END = "7S 7H 7D 9S 9H 9D KC QD JH 4S 6C"


def test_liverpool_waits_rather_than_go_down_onto_a_bare_table_into_a_dead_end() -> None:
    a = advise(situation("liverpool", DEAD_END, round=1, pile="5D"))
    assert a["cards_needed"] == 0  # the contract is there
    assert a["lay_down"] is None
    assert "Waiting" in a["note"]
    # the discard keeps the contract whole
    assert move(a)["action"] == "discard"
    assert move(a)["card"] not in ("7S", "7H", "7D", "9S", "9H", "9D")


def test_liverpool_stops_waiting_once_the_pile_says_the_others_wait_too() -> None:
    # a bare table under a pile of WAIT_PILE discards: the others hold back as well, and
    # waiting on only keeps ten cards to be counted when the round stalls (the pile holds
    # no 7, 9 or wild 2, so the table's room stays as it is)
    pile = "5D 8C 3H 4D 6S 8H TD 3C 5S 6D 8S TC"
    assert len(pile.split()) == WAIT_PILE
    a = advise(situation("liverpool", DEAD_END, round=1, pile=pile))
    assert a["lay_down"]["action"] == "go_down"
    assert sorted(a["lay_down"]["left"]) == ["4S", "6C", "JH", "KC", "QD"]
    # one discard fewer (5D not thrown), and the advice still waits
    shorter = advise(situation("liverpool", DEAD_END, round=1, pile=pile.removeprefix("5D ")))
    assert shorter["lay_down"] is None
    assert "Waiting" in shorter["note"]


def test_liverpool_goes_down_into_the_same_hand_once_others_are_down() -> None:
    # the others' sets add room (KC and JH lay off at once): waiting adds nothing more
    table = ["KH KS KD", "JS JD JC"]
    a = advise(situation("liverpool", DEAD_END, round=1, table=table, pile="5D"))
    lay = a["lay_down"]
    assert lay["action"] == "go_down"
    assert {lo["card"] for lo in lay["layoffs"]} == {"KC", "JH"}


def test_liverpool_goes_down_into_a_dead_end_once_anyone_is_down() -> None:
    # the other player is down with full sets: going down leaves KC QD JH 4S 6C and room
    # for two (7C, 9C), a dead end, but waiting adds no room and keeps ten cards to be
    # counted when the round stalls (measured worse: docs/sim.md, "Stalled rounds")
    table = ["AH AS AD AC", "5H 5S 5D 5C"]
    a = advise(situation("liverpool", DEAD_END, round=1, table=table, pile="8D"))
    lay = a["lay_down"]
    assert lay["action"] == "go_down"
    assert sorted(len(m["cards"]) for m in lay["melds"]) == [3, 3]
    assert sorted(lay["left"]) == ["4S", "6C", "JH", "KC", "QD"]


def test_a_dead_end_is_when_the_table_cannot_take_the_cards_left() -> None:
    rules = make_rules("liverpool")
    sevens, nines = (table_meld(m, rules) for m in ("7S 7H 7D", "9S 9H 9D"))
    live = situation("liverpool", DEAD_END, round=1).live_counts()
    # 7C and 9C (both copies live) and the wild 2s: two cards in all, one per set
    assert table_room([sevens, nines], parse_cards("KC QD JH 4S 6C"), live, rules) == 2
    assert not stays_open(parse_cards("KC QD JH 4S 6C"), [sevens, nines], live, rules, keep=1)
    assert stays_open(parse_cards("7C 9C 4S"), [sevens, nines], live, rules, keep=1)
    # with new melds after going down, the hand is never a dead end
    free = make_rules("liverpool", {"new_melds_after_down": True})
    assert stays_open(parse_cards("KC QD JH 4S 6C"), [sevens, nines], live, free, keep=1)


def test_liverpool_round_6_goes_out_with_every_card() -> None:
    sit = situation("liverpool", "8S 8H 8D 3C 4C 5C 6C 9H TH JH QH KH", round=6, pile="AS")
    a = advise(sit)
    assert a["cards_needed"] == 0
    lay = a["lay_down"]
    assert lay["goes_out"] is True
    assert sorted(len(m["cards"]) for m in lay["melds"]) == [3, 4, 5]
    assert lay["left"] == []
    assert move(a) == {"action": "go_out", "card": None}


def test_liverpool_down_sheds_cards_by_layoffs() -> None:
    table = ["QH QS QD", "4H 5H 6H 7H", "9C 9D 9S"]
    sit = situation("liverpool", "8H KC 5S", round=1, table=table, pile="JC", down=True)
    a = advise(sit)
    assert a["goal"] == "out"
    # 8H lays off onto the run, KC stays, 5S stays: one card to shed beyond the discard
    assert a["cards_needed"] == 1
    assert a["lay_down"]["layoffs"] == [{"card": "8H", "onto": 1}]
    assert a["lay_down"]["goes_out"] is False
    assert entry(a, "8H")["cards_needed"] == 2
    ks = entry(a, "KC")
    assert ks["cards_needed"] == 1
    # cards that lay off after 8H: the other fits of the run and the sets, and the wilds
    assert {"3H", "9H", "QC", "2S"} <= {o["card"] for o in ks["outs_cards"]}


def test_liverpool_down_throws_the_points_it_can_never_meld() -> None:
    # down, no new melds: the three queens can never go down together, so they are 30
    # points held, not a meld; with every throw as near going out (no card lays off),
    # throw a queen (10 points), not 7C, which the least deadwood would throw
    table = ["5C 5D 5H", "9C 9D 9H", "KC KD KH", "3C 3D 3H"]
    sit = situation("liverpool", "QD QS QH 8D 7C", round=1, table=table, down=True)
    a = advise(sit)
    assert len({(d["cards_needed"], d["outs"]) for d in a["discards"]}) == 1
    assert entry(a, "7C")["deadwood_points"] < entry(a, "QD")["deadwood_points"]
    assert a["recommendation"]["card"] in {"QD", "QS", "QH"}
    assert a["recommendation"]["reason"].endswith(", 30 points in hand left.")
    assert entry(a, "7C")["reason"].endswith("but with more points in hand left.")


def test_liverpool_takes_the_discard_that_completes_a_run() -> None:
    sit = situation("liverpool", "7S 7H 7D 3H 4H 5H KS 9C JD 3C", round=2, pile="8D 6H")
    a = advise(sit, "draw")
    assert a["cards_needed"] == 1
    take = a["take_discard"]
    assert take["card"] == "6H" and take["is_out"] is True
    assert take["cards_needed"] == 0
    assert a["draw_stock"]["expected_cards_needed"] > 0
    assert move(a) == {"action": "take_discard", "card": "6H"}


def test_liverpool_draws_from_the_stock_when_the_discard_does_not_help() -> None:
    sit = situation("liverpool", "7S 7H 7D 3H 4H 5H KS 9C JD 3C", round=2, pile="6H QC")
    a = advise(sit, "draw")
    assert a["take_discard"]["is_out"] is False
    assert a["take_discard"]["cards_needed"] == 1
    assert move(a) == {"action": "draw_stock", "card": None}


def test_liverpool_buys_the_card_that_completes_a_set() -> None:
    sit = situation("liverpool", "7S 7H 7D 9C 9D KS 4H JD 3S 8C", round=1, pile="6C 9H")
    a = advise(sit, "buy")
    assert a["cards_needed"] == 1
    assert a["buy"]["cards_needed"] == 0
    assert a["buy"]["cost"]["points_in_hand"] == 60  # 9H adds 5 and an unknown card more
    assert a["buy"]["cost"]["points_after"] > 65
    assert a["recommendation"]["action"] == "buy"


def test_liverpool_buy_respects_the_limit_and_going_down() -> None:
    capped = situation(
        "liverpool", "7S 7H 7D 9C 9D KS 4H JD 3S 8C", round=1, pile="9H", rules={"max_buys": 2}
    )
    assert advise(capped, "buy", buys_made=2)["recommendation"]["action"] == "pass"
    assert advise(capped, "buy", buys_made=1)["recommendation"]["action"] == "buy"
    down = situation("liverpool", "KS 4H", round=1, table=["7S 7H 7D"], pile="9H", down=True)
    assert advise(down, "buy")["recommendation"]["action"] == "pass"


# -- Rummy 40 ----------------------------------------------------------------------


def test_rummy40_does_not_open_below_40() -> None:
    sit = situation("rummy40", "2S 3S 4S 5H 5D 5C 8C 9D JH KS AD 6C 7H 2D", pile="QC")
    a = advise(sit)
    assert a["goal"] == "opening"
    assert a["cards_needed"] >= 1
    assert a["lay_down"] is None
    assert a["recommendation"]["action"] == "discard"


def test_rummy40_opens_with_40() -> None:
    sit = situation("rummy40", "QS QH QD KC KD KH 3C 5D 8S 9H 4S 2D 6H 7C", pile="JC")
    a = advise(sit)
    lay = a["lay_down"]
    assert sum(m["points"] for m in lay["melds"]) >= 40
    left = set(lay["left"])
    assert a["recommendation"]["card"] in left


# two sets reach 40; after this throw one card more (8C, say) melds every card but the
# last discard at once: a hand rummy
NEAR_HAND_RUMMY = "KS KH KD QS QH QD 5C 6C 7C 9D TD JD 2H 4H"


def test_rummy40_fast_holds_its_opening_while_a_hand_rummy_is_one_card_away() -> None:
    a = advise(situation("rummy40", NEAR_HAND_RUMMY))
    assert a["lay_down"] is None
    assert a["note"].startswith("Holding: a hand rummy is one card away")
    assert move(a)["action"] == "discard"


def test_rummy40_without_hand_rummy_fast_opens_at_once() -> None:
    sit = situation("rummy40", NEAR_HAND_RUMMY, rules={"hand_rummy": False})
    assert advise(sit)["lay_down"]["action"] == "open"


def test_rummy40_standard_and_deep_open_though_a_hand_rummy_is_one_card_away() -> None:
    for effort in ("standard", "deep"):
        for others in ((), (9, 9, 9)):
            sit = situation("rummy40", NEAR_HAND_RUMMY, others=others)
            lay = advise(sit, effort=effort)["lay_down"]
            assert lay["action"] == "open"
            assert sum(m["points"] for m in lay["melds"]) >= 40


def test_rummy40_never_discards_the_joker() -> None:
    # the joker counts 25 in hand, the most points to shed, yet it is kept
    sit = situation("rummy40", "JK 3S 8H KD 5C 9S QH 4D 7C TD 6S 2H AC JD", pile="QC")
    a = advise(sit)
    assert a["recommendation"]["card"] != "JK"
    assert a["discards"][-1]["card"] == "JK"
    assert a["discards"][0]["card"] != "JK"


def test_rummy40_opened_goes_out_with_melds_and_layoffs() -> None:
    table = ["QS QH QD", "5C 6C 7C"]
    sit = situation("rummy40", "8C 9C QC 3H 4H 5H KS", table=table, pile="2D", down=True)
    a = advise(sit)
    assert a["goal"] == "out"
    lay = a["lay_down"]
    assert lay["goes_out"] is True
    assert {lo["card"] for lo in lay["layoffs"]} == {"8C", "9C", "QC"}
    assert move(a) == {"action": "go_out", "card": "KS"}


# opened, two sets and three odd cards: the sets go down unless they are held
OPENED = "7S 7H 7C 9S 9D 9C 2H 3D KS"


def test_rummy40_holds_new_melds_while_every_other_player_holds_many_cards() -> None:
    sit = situation("rummy40", OPENED, table=["QS QH QD"], pile="2D", down=True, others=(9,))
    a = advise(sit, effort="standard")
    assert a["lay_down"] is None
    assert a["note"].startswith("Holding 7S 7H 7C, 9S 9D 9C in hand")
    assert move(a) == {"action": "discard", "card": "KS"}


def test_rummy40_lays_its_melds_down_once_another_player_is_near_going_out() -> None:
    for others in ((HOLD_OVER,), (9, 9, HOLD_OVER)):
        sit = situation("rummy40", OPENED, table=["QS QH QD"], pile="2D", down=True, others=others)
        assert [m["rank"] for m in advise(sit, effort="standard")["lay_down"]["melds"]] == [
            "7",
            "9",
        ]


def test_rummy40_lays_its_melds_down_when_the_others_hands_are_not_sent_or_at_fast() -> None:
    unknown = situation("rummy40", OPENED, table=["QS QH QD"], pile="2D", down=True)
    assert [m["rank"] for m in advise(unknown, effort="standard")["lay_down"]["melds"]] == [
        "7",
        "9",
    ]
    known = situation("rummy40", OPENED, table=["QS QH QD"], pile="2D", down=True, others=(9,))
    assert [m["rank"] for m in advise(known, effort="fast")["lay_down"]["melds"]] == ["7", "9"]


def test_rummy40_holding_its_melds_still_lays_off_the_rest() -> None:
    # QC joins the table's queens; the sets stay in hand
    sit = situation(
        "rummy40", "7S 7H 7C 9S 9D 9C QC 3D KS", table=["QS QH QD"], down=True, others=(9,)
    )
    a = advise(sit, effort="standard")
    lay = a["lay_down"]
    assert lay["melds"] == [] and lay["layoffs"] == [{"card": "QC", "onto": 0}]
    assert lay["action"] == "lay_off" and not lay["goes_out"]
    assert {"7S", "7H", "7C", "9S", "9D", "9C"} <= set(lay["left"])
    assert a["note"].startswith("Holding")
    assert judged(sit, a).legal


def test_rummy40_holding_opens_with_the_fewest_cards_that_reach_40() -> None:
    # aces 33 and kings 30 make 63 with six cards; aces and the clubs run 48 with six too,
    # so the kings (more points) go down and the run is held
    hand = "AS AH AD KS KH KD 4C 5C 6C 2H 8D 9S JC 3D"
    a = advise(situation("rummy40", hand, pile="QC", others=(10,)), effort="standard")
    lay = a["lay_down"]
    assert lay["action"] == "open"
    assert [m["rank"] for m in lay["melds"]] == ["A", "K"]
    assert {"4C", "5C", "6C"} <= set(lay["left"])
    assert a["note"].startswith("Holding 4C 5C 6C in hand")
    assert judged(situation("rummy40", hand, pile="QC"), a).legal
    laid = advise(situation("rummy40", hand, pile="QC"), effort="standard")["lay_down"]
    assert len(laid["melds"]) == 3
    # where no new meld follows the opening, a meld held could never be laid
    closed = {"new_melds_after_down": False}
    sit = situation("rummy40", hand, pile="QC", others=(10,), rules=closed)
    assert len(advise(sit, effort="standard")["lay_down"]["melds"]) == 3


def test_rummy40_lays_the_taken_discard_down_this_turn() -> None:
    # 7C was taken from the pile: its sevens go down, the nines stay held
    table = ["QS QH QD"]
    sit = situation("rummy40", OPENED, table=table, down=True, others=(9,), taken="7C")
    a = advise(sit, effort="standard")
    assert [m["rank"] for m in a["lay_down"]["melds"]] == ["7"]
    assert a["note"].startswith("Holding 9S 9D 9C in hand")
    assert judged(sit, a).legal
    # QC would lay off onto the queens, but a layoff is no meld: the take cannot stand
    queen = "7S 7H 7C 9S 9D 9C QC 3D KS"
    sit = situation("rummy40", queen, table=table, down=True, others=(9,), taken="QC")
    a = advise(sit, effort="standard")
    assert a["lay_down"] is None
    assert a["note"] == "QC cannot go into a new meld this turn: taking it cannot stand."


def test_rummy40_opens_with_the_taken_discard() -> None:
    # 4C taken: the opening of the fewest cards holds the clubs run, so the run goes down
    # with the aces (48) and the kings are held
    hand = "AS AH AD KS KH KD 4C 5C 6C 2H 8D 9S JC 3D"
    sit = situation("rummy40", hand, pile="QC", others=(10,), taken="4C")
    a = advise(sit, effort="standard")
    lay = a["lay_down"]
    assert lay["action"] == "open"
    assert [m["cards"] for m in lay["melds"]] == [["AS", "AH", "AD"], ["4C", "5C", "6C"]]
    assert a["note"].startswith("Holding KS KH KD in hand")
    assert judged(sit, a).legal


# -- Israeli and gin ---------------------------------------------------------------


def test_israeli_declares_the_win() -> None:
    sit = situation("israeli", "3S 4S 5S 6S 7C 7D 7H TH JH QH KC KD KS KH 2C", pile="9D")
    a = advise(sit)
    assert a["goal"] == "win" and a["cards_needed"] == 0
    lay = a["lay_down"]
    assert lay["goes_out"] is True
    assert sum(len(m["cards"]) for m in lay["melds"]) == 14
    assert any(m["kind"] == "run" for m in lay["melds"])
    assert move(a) == {"action": "go_out", "card": "2C"}
    assert entry(a, "2C")["goes_out"] is True


def test_israeli_waits_for_the_card_that_wins() -> None:
    # eleven cards meld; the pair of kings needs a third king in place of the odd card
    sit = situation("israeli", "3S 4S 5S 6S 7C 7D 7H 7S TH JH QH KC KD 9D 2C")
    a = advise(sit)
    assert a["cards_needed"] == 1
    assert a["lay_down"] is None
    assert a["recommendation"]["card"] in ("2C", "9D")
    best = a["discards"][0]
    assert {o["card"] for o in best["outs_cards"]} == {"KS", "KH"}
    assert best["outs"] == 4


def test_gin_knocks_with_10_or_less() -> None:
    sit = situation("gin", "3S 4S 5S 7C 7D 7H TH JH QH AC 9D")
    a = advise(sit)
    assert a["goal"] == "knock"
    assert move(a) == {"action": "go_out", "card": "9D"}
    assert a["lay_down"]["goes_out"] is True
    assert a["note"] == "Knock with 1 deadwood."
    assert entry(a, "9D")["deadwood_points"] == 1


def test_gin_does_not_knock_over_10() -> None:
    sit = situation("gin", "3S 4S 5S 7C 7D 7H TH KD QH AC 9D")
    a = advise(sit)
    assert a["lay_down"] is None
    assert a["recommendation"]["action"] == "discard"
    assert a["recommendation"]["card"] in ("KD", "QH")


def test_gin_says_an_equal_throw_is_as_good_without_claiming_more_deadwood() -> None:
    # TH and JD each leave 10 deadwood points and a knock ready: JD ranks second only by
    # card order, and its reason says no more than that
    a = advise(situation("gin", "AS 2S 3S 7H 7D 7C 4C 5C 6C TH JD"))
    assert entry(a, "TH")["deadwood_points"] == entry(a, "JD")["deadwood_points"] == 10
    assert [d["card"] for d in a["discards"][:2]] == ["TH", "JD"]
    assert entry(a, "JD")["reason"] == "Throwing JD keeps a knock ready, as good as TH."


def test_gin_keeps_back_the_card_next_to_one_the_opponent_took() -> None:
    # TH and JH leave the same hand figures; the opponent took 8H from the pile, and TH
    # would go into the run it is collecting (8H 9H TH), JH would not
    hand = "AS 2S 3S 4D 5D 6D 8C 8D TH JH KC"
    plain = advise(situation("gin", hand))
    order = [d["card"] for d in plain["discards"]]
    assert order.index("TH") < order.index("JH")
    sit = Situation(make_rules("gin"), tuple(parse_cards(hand)), seen=tuple(parse_cards("8H")))
    watched = advise(sit)
    th, jh = entry(watched, "TH"), entry(watched, "JH")
    assert (th["cards_needed"], th["outs"]) == (jh["cards_needed"], jh["outs"])
    order = [d["card"] for d in watched["discards"]]
    assert order.index("JH") < order.index("TH")


def test_rummy40_last_card_is_thrown_to_go_out() -> None:
    # opened, one card left (the joker): throwing it ends the hand, joker or not
    rules = make_rules("rummy40")
    sit = Situation(
        rules, tuple(parse_cards("JK")), table=(tuple(parse_cards("4H 5H 6H")),), down=True
    )
    out = advise(sit)
    assert out["cards_needed"] == 0
    assert move(out) == {"action": "go_out", "card": "JK"}


# -- every discard has a figure ---------------------------------------------------------


def test_every_discard_has_its_figure_when_the_thrown_card_has_no_copy_left() -> None:
    # gin is one deck, so a thrown card can never be drawn back: 6S leaves a knock 5
    # cards away (two more than the best discards), not out of reach
    gin = Situation(
        make_rules("gin"),
        tuple(parse_cards("5S 6S KD 2D 4C 7S 9C 8D 5C QH TS")),
        seen=tuple(parse_cards("JD TD 9D 2H KC 9S AS 9H")),
    )
    a = advise(gin)
    assert a["optimal"] is True
    assert all(d["cards_needed"] is not None for d in a["discards"])
    six = entry(a, "6S")
    assert six["cards_needed"] == 5
    assert six["reason"].startswith("Throwing 6S leaves the hand 5 cards from a knock")
    # Israeli, two decks: the other 4C is seen, so throwing 4C costs two cards
    israeli = Situation(
        make_rules("israeli"),
        tuple(parse_cards("4C 3C 6D KS 5D QH KD TH 7D 6C KH 5C KC QD JH")),
        seen=tuple(parse_cards("9H 4C")),
    )
    b = advise(israeli)
    assert b["optimal"] is True
    assert all(d["cards_needed"] is not None for d in b["discards"])
    assert entry(b, "4C")["cards_needed"] == 2
