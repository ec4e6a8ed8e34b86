"""Advice at effort ``standard`` and ``deep`` (docs/advisor.md, "Effort"), as a player
would state it: the look-ahead over the next draws, the play-outs in hidden worlds, and
answers that depend on the player's view alone."""

from __future__ import annotations

import random
from typing import Any

from advisor.advise import advise as library_advise
from advisor.situation import Situation
from api.schemas import AdviseResponseSchema
from sim.moves import Melds, Play, View
from sim.players.advisor import AdvisorPlayer
from sim.players.simple import SimplePlayer
from sim.referee import RandomDealer, Referee
from solver.budget import Budget
from solver.cards import parse_cards
from solver.rules import make_rules

LOOK = ("go_out_chance", "expected_points", "horizon", "samples")


def gin(hand: str, pile: str = "", seen: str = "") -> Situation:
    return Situation(
        make_rules("gin"),
        tuple(parse_cards(hand)),
        discard_pile=tuple(parse_cards(pile)),
        seen=tuple(parse_cards(seen)),
    )


def advise(sit: Situation, phase: str = "discard", effort: str = "standard") -> dict[str, Any]:
    answer: dict[str, Any] = AdviseResponseSchema().dump(library_advise(sit, phase, effort=effort))
    return answer


def order(answer: dict[str, Any]) -> list[str]:
    return [d["card"] for d in answer["discards"]]


def test_with_the_same_cards_needed_the_king_goes_before_the_three_that_keeps_an_out() -> None:
    # 3C and KH both leave two cards needed; the one-step figures keep the king for the
    # one out more it gives, the look-ahead throws it: 7 points less held meanwhile
    hand = "8D 6C TD 6S 6H 8S 7S 3C KH JH 7H"
    assert advise(gin(hand), effort="fast")["recommendation"]["card"] == "3C"
    assert advise(gin(hand))["recommendation"]["card"] == "KH"


def test_a_pair_one_card_from_a_set_is_kept_though_it_holds_more_points() -> None:
    # throwing 8C leaves one card needed (a third king); throwing a king leaves two:
    # the look-ahead ranks within the count of cards needed, so the race comes first
    hand = "AS 2S 3S 4D 5D 6D KC KH 2C 3H 8C"
    for effort in ("fast", "standard", "deep"):
        assert advise(gin(hand), effort=effort)["recommendation"]["card"] == "8C"


def test_the_queen_an_opponent_visibly_collects_is_kept_back() -> None:
    # QD is nearly as good a throw as KC; once the opponent is seen taking QH and QS,
    # QD would complete its set, and it falls down the ranking
    hand = "AS 2S 3S 4D 5D 6D 7C 7H 9C QD KC"
    plain, watched = advise(gin(hand)), advise(gin(hand, seen="QH QS"))
    assert order(plain).index("QD") < order(watched).index("QD")
    assert watched["recommendation"]["card"] != "QD"


def test_the_discard_that_completes_a_knock_is_taken() -> None:
    # 8H joins 8C 8D: the hand can knock at once after throwing TH or KC
    sit = gin("AS 2S 3S 4D 5D 6D 8C 8D TH KC", pile="2C 8H")
    for effort in ("fast", "standard", "deep"):
        answer = advise(sit, "draw", effort)
        assert answer["recommendation"]["action"] == "take_discard"
    # deep plays the draw out in hidden worlds, and says what each choice is worth there
    deep = advise(sit, "draw", "deep")
    assert deep["take_discard"]["expected_points"] > deep["draw_stock"]["expected_points"]


def test_standard_draws_by_the_exact_one_step_figures() -> None:
    # the play-outs decide the draw at deep only: at standard the take-or-stock answer
    # is fast's, figures and all
    sit = gin("AS 2S 3S 4D 5D 6D 8C 9C KH KC", pile="2C 7H")
    assert advise(sit, "draw", "standard") == advise(sit, "draw", "fast")


def test_a_knock_within_the_limit_is_made_at_every_level() -> None:
    sit = gin("3S 4S 5S 7C 7D 7H TH JH QH AC 9D")
    for effort in ("fast", "standard", "deep"):
        rec = advise(sit, effort=effort)["recommendation"]
        assert (rec["action"], rec["card"]) == ("go_out", "9D")


def test_each_option_states_its_look_ahead_and_fast_states_none() -> None:
    sit = gin("AS 2S 3S 4D 5D 6D KC KH 2C 3H 8C")
    fast, deep = advise(sit, effort="fast"), advise(sit, effort="deep")
    assert all(not set(LOOK) & set(d) for d in fast["discards"])
    for d in deep["discards"]:
        assert 0.0 <= d["go_out_chance"] <= 1.0 and d["horizon"] == 2 and d["samples"] > 0
    assert fast == advise(sit, effort="fast")  # and the same bytes again


def test_the_same_request_gives_the_same_answer() -> None:
    sit = gin("AS 2S 3S 4D 5D 6D 8C 8D TH KC", pile="2C 9H")
    for effort in ("standard", "deep"):
        assert advise(sit, "draw", effort) == advise(sit, "draw", effort)


def test_rules_without_a_knock_are_advised_as_fast() -> None:
    sit = Situation(make_rules("rummy40"), tuple(parse_cards("3S 4S 5S 7C 7D 7H TH JH 2C KD")))
    assert advise(sit, effort="deep") == advise(sit, effort="fast")


class _Recorder:
    """The advisor at ``standard``, keeping every view it is asked on and its answer."""

    def __init__(self) -> None:
        self.inner = AdvisorPlayer(None, "standard")
        self.asked: list[tuple[View, Any]] = []

    def draw(self, view: View) -> bool:
        answer = self.inner.draw(view)
        self.asked.append((view, answer))
        return answer

    def play(self, view: View) -> Play:
        answer = self.inner.play(view)
        self.asked.append((view, answer))
        return answer

    def buy(self, view: View) -> bool:
        return self.inner.buy(view)

    def call_rummy(self, view: View) -> bool:
        return self.inner.call_rummy(view)

    def defend(self, view: View, melds: Melds, gin: bool) -> Play:
        return self.inner.defend(view, melds, gin)


class _Dealt(RandomDealer):
    """The deal of ``seed`` with the opponent's hand and the stock dealt again from
    ``redeal``: seat 0's cards and the upcard stay where they are."""

    def __init__(self, seed: str, redeal: str | None) -> None:
        super().__init__(random.Random(seed))
        self.redeal = redeal

    def order(self, cards: Any) -> list[Any]:
        deck = super().order(cards)
        if self.redeal is None:
            return deck
        # popped from the end: seat 0 (first) takes the 1st, 3rd, ... 19th card popped,
        # the upcard is the 21st; the rest are hidden from seat 0
        n = len(deck)
        mine = {n - 1 - 2 * k for k in range(10)} | {n - 21}
        hidden = [i for i in range(n) if i not in mine]
        cards_hidden = [deck[i] for i in hidden]
        random.Random(self.redeal).shuffle(cards_hidden)
        for i, c in zip(hidden, cards_hidden, strict=True):
            deck[i] = c
        return deck


def _first_answer(redeal: str | None) -> tuple[View, Any]:
    me = _Recorder()
    ref = Referee(make_rules("gin"), [me, SimplePlayer()], _Dealt("view-only", redeal))
    ref.play_game([None])
    return me.asked[0]


def test_the_advice_depends_only_on_the_players_view() -> None:
    # the same deal to seat 0 with the opponent's hand and the stock dealt differently:
    # the first view is the same, and so is the advice on it
    view, answer = _first_answer(None)
    again, other = _first_answer("another deal")
    assert view == again
    assert answer == other


def test_the_redeal_changes_what_seat_0_cannot_see() -> None:
    deck = list(range(52))
    plain, redealt = _Dealt("x", None).order(deck), _Dealt("x", "another deal").order(deck)
    hidden = [i for i in range(52) if i not in {51 - 2 * k for k in range(10)} | {31}]
    assert [plain[i] for i in hidden] != [redealt[i] for i in hidden]
    assert sorted(plain) == sorted(redealt)


def test_a_budget_run_out_stops_the_look_ahead_and_says_so() -> None:
    sit = gin("AS 2S 3S 4D 5D 6D KC KH 2C 3H 8C")
    spent = Budget.of(1.0)
    spent.spend(spent.work)  # the work allowance is gone before the advice starts
    answer = AdviseResponseSchema().dump(library_advise(sit, effort="deep", budget=spent))
    assert answer["optimal"] is False
    assert all(not set(LOOK) & set(d) for d in answer["discards"])


def test_a_knock_the_opponents_melds_make_risky_is_held_for_gin_early_in_the_stock() -> None:
    # throwing KC knocks with 2H 3H (5 points), one card from gin (AH, 4H) with most of the
    # stock to come; the opponent visibly holds three queens and a spade run, and has
    # drawn a few times: its deadwood is likely low, a knock likely undercut
    hand = "AS 2S 3S 4S 5D 6D 7D 8D 2H 3H KC"
    sit = gin(hand, pile="4C 9H JD 5C KH 6C 8C 9C", seen="QH QC QD JS TS 9S")
    assert advise(sit, effort="fast")["recommendation"]["action"] == "go_out"
    for effort in ("standard", "deep"):
        answer = advise(sit, effort=effort)
        assert answer["recommendation"]["action"] == "discard"
        assert answer["lay_down"] is None and "Holding" in answer["note"]


def test_an_ordinary_safe_knock_is_still_made() -> None:
    # the same knock with nothing known of the opponent's hand: made at once
    sit = gin("AS 2S 3S 4S 5D 6D 7D 8D 2H 3H KC")
    for effort in ("standard", "deep"):
        rec = advise(sit, effort=effort)["recommendation"]
        assert (rec["action"], rec["card"]) == ("go_out", "KC")
