"""Advice at effort ``standard`` and ``deep`` (docs/advisor.md, "Effort"), as a player
would state it: the look-ahead over the next draws, the play-outs in hidden worlds, and
answers that depend on the player's view alone."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from advisor.advise import advise as library_advise
from advisor.engine import discard_figures, discards_within
from advisor.plan import goal_plan
from advisor.situation import Situation
from api.schemas import AdviseResponseSchema
from sim.moves import Melds, Play, View
from sim.players.advisor import AdvisorPlayer
from sim.players.simple import SimplePlayer
from sim.referee import RandomDealer, Referee
from solver.budget import Budget
from solver.cards import counts_of, parse_card, parse_cards
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
    # one out more it gives, the look-ahead throws it: 7 points less held meanwhile.
    # Played out in hidden worlds, TD (as many outs, as much deadwood left) does better
    # than the king by more than the gate: it leads, the king follows, the three after
    hand = "8D 6C TD 6S 6H 8S 7S 3C KH JH 7H"
    assert advise(gin(hand), effort="fast")["recommendation"]["card"] == "3C"
    standard = advise(gin(hand))
    cards = order(standard)
    assert cards[:2] == ["TD", "KH"] and cards.index("KH") < cards.index("3C")
    assert standard["recommendation"]["card"] == "TD"
    assert "clearly better than the look-ahead's first choice" in standard["discards"][0]["reason"]


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
    # the race says so: taken, the hand is out at every one of the next draws
    for effort in ("standard", "deep"):
        answer = advise(sit, "draw", effort)
        take, stock = answer["take_discard"]["race"], answer["draw_stock"]["race"]
        assert take == {"chances": [1.0] * 5, "horizon": 5, "samples": 64, "score": 5.0}
        assert stock["samples"] == 64 and stock["score"] < 1.0


def test_a_discard_that_leaves_the_same_cards_needed_with_many_more_outs_is_taken() -> None:
    # one card needed either way: the stock may give it at once (3 outs), but taking AS
    # (and throwing QD) leaves 11 outs, and over the next draws the hand goes out sooner
    sit = gin("5H 8D 6C 3S 4S 6H 9D QD 6D TD", pile="JC AS")
    fast = advise(sit, "draw", "fast")
    assert fast["recommendation"]["action"] == "draw_stock"
    assert (fast["take_discard"]["cards_needed"], fast["take_discard"]["outs"]) == (1, 11)
    assert (fast["cards_needed"], fast["outs"]) == (1, 3)
    for effort in ("standard", "deep"):
        answer = advise(sit, "draw", effort)
        assert answer["recommendation"]["action"] == "take_discard"
        take, stock = answer["take_discard"]["race"], answer["draw_stock"]["race"]
        assert take["score"] > stock["score"] and take["chances"][-1] > stock["chances"][-1]
        assert "after taking AS" in answer["recommendation"]["reason"]


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


def situation(variant: str, hand: str, pile: str = "", down: bool = False) -> Situation:
    return Situation(
        make_rules(variant),
        tuple(parse_cards(hand)),
        discard_pile=tuple(parse_cards(pile)),
        down=down,
    )


def test_rules_without_a_knock_are_advised_at_standard_as_fast() -> None:
    sit = situation("rummy40", "3S 4S 5S 7C 7D 7H TH JH 2C KD")
    assert advise(sit, effort="standard") == advise(sit, effort="fast")
    top = advise(sit, effort="deep")["discards"][0]  # deep looks two draws ahead
    assert top["horizon"] == 2 and top["samples"] > 0 and "expected_points" not in top


def test_deep_throws_the_duplicate_that_combines_with_nothing_more() -> None:
    # Rummy 40, opened: throwing TH or one of the two JD leaves 3 cards needed with 14
    # live outs either way, and fast throws TH (the earlier card). Two draws ahead, TH
    # is the better card to keep: it pairs with TD for a set of tens, while the second
    # JD can join neither the first JD's set (a set's suits differ) nor, before another
    # J-high run is built, any meld of the hand; more of the next draws then improve it.
    sit = situation("rummy40", "8S JD JD TH 7C TD", down=True)
    fast, deep = advise(sit, effort="fast"), advise(sit, effort="deep")
    assert fast["recommendation"]["card"] == "TH"
    assert deep["recommendation"]["card"] == "JD"
    by_card = {d["card"]: d for d in deep["discards"]}
    jd, th = by_card["JD"], by_card["TH"]
    assert (jd["cards_needed"], jd["outs"]) == (th["cards_needed"], th["outs"]) == (3, 14)
    assert jd["horizon"] == th["horizon"] == 2 and jd["samples"] == th["samples"] > 0
    assert jd["go_out_chance"] == th["go_out_chance"] == 0.0  # 3 cards: not in two draws
    assert "2.68 cards needed expected" in jd["reason"]
    assert "2.70 cards needed expected" in th["reason"]


def test_deep_does_not_throw_the_card_the_opponent_down_lays_off_onto_the_table() -> None:
    # Liverpool round 2, the opponent down with a set of fours and a run of hearts: 4D
    # leaves as few cards needed as 3H with as many outs and as good a look two draws
    # ahead, but it lays off onto the set of fours, a shed given away; deep throws 3H
    sit = Situation(
        make_rules("liverpool"),
        tuple(parse_cards("3H 3C 6S 6H 6C 8S 8C 9S 9C JC 4D")),
        round=2,
        table=(tuple(parse_cards("4S 4C 2S")), tuple(parse_cards("9H TH JH 2H"))),
        discard_pile=tuple(parse_cards("JD QH AD 5H TS 5C QC AC QS 3C QC KC KS 3D")),
    )
    deep = advise(sit, effort="deep")
    by_card = {d["card"]: d for d in deep["discards"]}
    four, three = by_card["4D"], by_card["3H"]
    assert four["playable_on_table"] and not three["playable_on_table"]
    assert four["cards_needed"] == three["cards_needed"]
    assert deep["recommendation"]["card"] == "3H"
    assert "An opponent can use it" in four["reason"]
    assert "An opponent can use it" not in three["reason"]


def liverpool_round_two(seen: str = "") -> Situation:
    # nobody down: AD, JS, 6C, 7C and 8S each leave the contract one card away with 12
    # live outs
    return Situation(
        make_rules("liverpool"),
        tuple(parse_cards("6C 8S 2C JS 9H 3C 3D 7C TH AD 7H")),
        round=2,
        discard_pile=tuple(parse_cards("QS 9S QH 8H")),
        seen=tuple(parse_cards(seen)),
    )


def test_in_liverpool_deep_looks_ahead_at_every_throw_that_needs_the_fewest_cards() -> None:
    # fast throws AD (the least deadwood kept). Two draws ahead 8S, fifth in that order,
    # leaves the fewest cards needed expected (0.72 against 0.73 or more). Where a down
    # player sheds only by layoffs, deep weighs every such throw, not only the first four.
    sit = liverpool_round_two()
    fast, deep = advise(sit, effort="fast"), advise(sit, effort="deep")
    assert order(fast)[:5] == ["AD", "JS", "6C", "7C", "8S"]
    assert len({(d["cards_needed"], d["outs"]) for d in fast["discards"][:5]}) == 1
    assert deep["recommendation"]["card"] == "8S"
    by_card = {d["card"]: d for d in deep["discards"]}
    assert "0.72 cards needed expected" in by_card["8S"]["reason"]
    assert "0.73 cards needed expected" in by_card["AD"]["reason"]


def test_deep_does_not_hold_back_a_throw_joining_what_the_opponent_took() -> None:
    # the opponent seen taking an eight: 8S would join it, but in Liverpool such throws
    # were taken no more often than others (docs/sim.md), so only a throw that lays off
    # onto the table is charged; deep still throws 8S, best two draws ahead
    sit = liverpool_round_two(seen="8D")
    assert advise(sit, effort="fast")["recommendation"]["card"] == "AD"
    deep = advise(sit, effort="deep")
    assert deep["recommendation"]["card"] == "8S"
    assert "An opponent can use it" not in deep["discards"][0]["reason"]


def test_where_a_down_player_also_melds_anew_a_layable_throw_is_not_held_against() -> None:
    # Rummy 40 (new melds after opening): 8S lays off onto the run of spades, but an
    # opened player has other ways to shed, so deep weighs it by the look-ahead alone
    sit = Situation(
        make_rules("rummy40"),
        tuple(parse_cards("8S JD JD TH 7C TD KC")),
        table=(tuple(parse_cards("4S 5S 6S 7S")),),
    )
    eight = {d["card"]: d for d in advise(sit, effort="deep")["discards"]}["8S"]
    assert eight["playable_on_table"] and eight["horizon"] == 2
    assert "An opponent can use it" not in eight["reason"]


def test_deep_takes_a_discard_that_leaves_far_more_outs() -> None:
    # Israeli: taking 5D and throwing TD leaves 3 cards needed as now, so fast draws from
    # the stock; but it leaves 53 live outs instead of 10, and two draws ahead the hand
    # is nearer the goal than after two stock draws
    sit = situation("israeli", "JC 3S 9S QS 8S 5S 6C JS AH 5C TS TD TD TS", pile="5D")
    fast, deep = advise(sit, "draw", "fast"), advise(sit, "draw", "deep")
    assert fast["recommendation"]["action"] == "draw_stock"
    assert deep["take_discard"]["cards_needed"] == deep["cards_needed"] == 3
    assert (deep["take_discard"]["outs"], deep["outs"]) == (53, 10)
    assert deep["recommendation"]["action"] == "take_discard"
    assert "2.40 cards needed expected two draws ahead" in deep["recommendation"]["reason"]


def test_deep_without_a_knock_stops_when_the_budget_runs_out() -> None:
    sit = situation("rummy40", "8S JD JD TH 7C TD", down=True)
    spent = Budget.of(1.0)
    spent.spend(spent.work)
    answer = AdviseResponseSchema().dump(library_advise(sit, effort="deep", budget=spent))
    assert answer["optimal"] is False
    assert all(not set(LOOK) & set(d) for d in answer["discards"])


class _Recorder:
    """The advisor at ``effort``, keeping every view it is asked on and its answer."""

    def __init__(self, effort: str = "standard") -> None:
        self.inner = AdvisorPlayer(None, effort)
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
    ``redeal``: seat 0's ``cards`` and the upcard (if one is turned) stay where they are."""

    def __init__(self, seed: str, redeal: str | None, cards: int = 10, upcard: bool = True):
        super().__init__(random.Random(seed))
        self.redeal, self.cards, self.upcard = redeal, cards, upcard

    def order(self, cards: Any) -> list[Any]:
        deck = super().order(cards)
        if self.redeal is None:
            return deck
        # popped from the end: seat 0 (first) takes the 1st, 3rd, ... card popped, the
        # upcard is the one after the deal; the rest are hidden from seat 0
        n, k = len(deck), self.cards
        mine = {n - 1 - 2 * i for i in range(k)} | ({n - 1 - 2 * k} if self.upcard else set())
        hidden = [i for i in range(n) if i not in mine]
        cards_hidden = [deck[i] for i in hidden]
        random.Random(self.redeal).shuffle(cards_hidden)
        for i, c in zip(hidden, cards_hidden, strict=True):
            deck[i] = c
        return deck


def _first_answer(
    redeal: str | None, variant: str = "gin", effort: str = "standard"
) -> tuple[View, Any]:
    rules = make_rules(variant)
    me = _Recorder(effort)
    # the first player's cards: one more where it starts by discarding (no upcard then)
    extra = rules.first_player_extra_card
    dealt = _Dealt("view-only", redeal, rules.hand_size + extra, upcard=not extra)
    ref = Referee(rules, [me, SimplePlayer()], dealt)
    ref.play_game([None])
    return me.asked[0]


def test_the_advice_depends_only_on_the_players_view() -> None:
    # the same deal to seat 0 with the opponent's hand and the stock dealt differently:
    # the first view is the same, and so is the advice on it
    view, answer = _first_answer(None)
    again, other = _first_answer("another deal")
    assert view == again
    assert answer == other


def test_deep_without_a_knock_depends_only_on_the_players_view() -> None:
    # Israeli: the first player holds 15 cards and starts by discarding, two draws ahead
    view, answer = _first_answer(None, "israeli", "deep")
    again, other = _first_answer("another deal", "israeli", "deep")
    assert view == again and len(view.hand) == 15
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
    # standard and deep weigh the points and hold; fast knocks as soon as allowed
    assert advise(sit, effort="fast")["recommendation"]["action"] == "go_out"
    for effort in ("standard", "deep"):
        answer = advise(sit, effort=effort)
        assert answer["recommendation"]["action"] == "discard"
        assert answer["lay_down"] is None and "Holding" in answer["note"]


def test_standard_and_deep_hold_for_gin_where_playing_on_wins_more_on_average() -> None:
    # three sets and 6D 3D: throwing 6D knocks with 3 points; played on, any of AD, KC
    # or TH makes gin (3D thrown), 25 points more, with most of the stock to come. In
    # the worlds of each level (its own) holding wins about 2 points more on average
    # than the knock and as many hands: both hold, by the mean worth alone (a gate of
    # two standard errors, the discard's before the twenty-first step, would knock);
    # fast knocks at once
    sit = gin("AS AC KD AH TD 6D KS TS KH TC 3D", pile="2C JD 9D 9H QC")
    rec = advise(sit, effort="fast")["recommendation"]
    assert (rec["action"], rec["card"]) == ("go_out", "6D")
    for effort in ("standard", "deep"):
        answer = advise(sit, effort=effort)
        assert answer["lay_down"] is None and "Holding" in answer["note"]
        assert answer["recommendation"] == {
            "action": "discard",
            "card": "6D",
            "reason": answer["discards"][0]["reason"],
        }


def test_an_ordinary_safe_knock_is_still_made() -> None:
    # the same knock with nothing known of the opponent's hand: made at once
    sit = gin("AS 2S 3S 4S 5D 6D 7D 8D 2H 3H KC")
    for effort in ("standard", "deep"):
        rec = advise(sit, effort=effort)["recommendation"]
        assert (rec["action"], rec["card"]) == ("go_out", "KC")


def test_the_look_aheads_engine_question_agrees_with_every_discards_figures() -> None:
    # discards_within(least) answers exactly the discards that need the least, as the
    # figures of every discard do
    for variant, hand in (
        ("israeli", "JC 3S 9S QS 8S 5S 6C JS AH 5C TS TD TD TS 5D"),
        ("rummy40", "3S 4S 5S 7C 7D 7H TH JH 2C KD QS"),
    ):
        sit = situation(variant, hand)
        q = goal_plan(sit, ()).question_for(False)
        held, live = counts_of(sit.hand), sit.live_counts()
        every = discard_figures(q, held, live)
        least = min(f.needed for f in every.values() if f.needed is not None)
        within = discards_within(q, held, live, least)
        assert within == {d: f for d, f in every.items() if f.needed == least}


def test_with_one_card_needed_the_throw_that_goes_out_sooner_beats_the_one_holding_less() -> None:
    # throwing 6D or 8C leaves one card needed to knock; 8C holds 2 points less (a
    # better worth if the other side knocks first), 6D keeps 4 outs (7H 7D, and 6C 9C
    # round 7C 8C) against 2: raced over the same stock orders it goes out sooner, and a
    # draw sooner is worth 8 of those points
    sit = gin("TH TS 7C 7S TC 2H 4C TD 4D 8C 6D")
    by_card = {d["card"]: d for d in advise(sit)["discards"]}
    six, eight = by_card["6D"], by_card["8C"]
    assert six["cards_needed"] == eight["cards_needed"] == 1
    assert (six["outs"], eight["outs"]) == (4, 2)
    assert six["deadwood_points"] == eight["deadwood_points"] + 2
    assert six["expected_points"] < eight["expected_points"]
    assert six["race"]["score"] > eight["race"]["score"]
    gain = 8 * (six["race"]["score"] - eight["race"]["score"])
    assert gain > eight["expected_points"] - six["expected_points"]
    assert six["race"]["samples"] == eight["race"]["samples"] == 64
    assert advise(sit)["recommendation"]["card"] == "6D"
    assert "Raced over 64 stock orders" in six["reason"]


def test_standard_and_deep_play_their_first_discards_out_and_fast_does_not() -> None:
    sit = gin("AS 2D 9D 6D 5C 8S QS 3H 8H JS 4S", pile="6C KD 7C JH 7H TD 5S 7D 3C KC 9C 8C")
    assert all("playouts" not in d for d in advise(sit, effort="fast")["discards"])
    for effort, worlds, options in (("standard", 128, 6), ("deep", 512, 6)):
        played = [d for d in advise(sit, effort=effort)["discards"] if "playouts" in d]
        assert len(played) == options
        assert all(d["playouts"]["worlds"] == worlds for d in played)
        for d in played:
            assert 0.0 <= d["playouts"]["win_chance"] <= 1.0


def test_the_look_aheads_first_throw_gives_way_only_to_one_that_plays_out_clearly_better() -> None:
    # the look-ahead throws TH (the least deadwood among the throws leaving two cards
    # needed); played out, 4D (keeping the tens) wins more than 3 points more on
    # average and more hands, paired world by world by more than its standard error,
    # at each level in worlds of its own; each says why
    sit = gin("7D TH JD QC 4D 5H 4C TD KD AS QH", pile="KC 9S 8D 6C AH 2D 4S 5D JH KS 5C 4H")
    assert advise(sit, effort="fast")["recommendation"]["card"] == "TH"
    for effort in ("standard", "deep"):
        answer = advise(sit, effort=effort)
        first, second = answer["discards"][:2]
        assert (first["card"], second["card"]) == ("4D", "TH")
        assert first["playouts"]["expected_points"] > second["playouts"]["expected_points"] + 3
        assert first["playouts"]["win_chance"] > second["playouts"]["win_chance"]
        assert answer["recommendation"]["card"] == "4D"
        assert "clearly better than the look-ahead's first" in first["reason"]


def test_deep_draws_from_the_stock_where_the_take_plays_out_clearly_worse() -> None:
    # taking TC (KC thrown) lowers the cards needed from 4 to 3, so fast and standard
    # take it; played out in deep's worlds, a stock draw wins more hands and more than 2
    # points more on average: deep draws
    sit = gin("6D JS 4H 7H 2C 9C JH KC 3S 8S", pile="6S 5H TD 8H QC 2S QD JC TC")
    for effort in ("fast", "standard"):
        assert advise(sit, "draw", effort)["recommendation"]["action"] == "take_discard"
    deep = advise(sit, "draw", "deep")
    assert (deep["cards_needed"], deep["take_discard"]["cards_needed"]) == (4, 3)
    take, stock = deep["take_discard"]["playouts"], deep["draw_stock"]["playouts"]
    assert stock["expected_points"] > take["expected_points"] + 2
    assert stock["win_chance"] > take["win_chance"]
    assert deep["recommendation"]["action"] == "draw_stock"
    assert "hidden worlds" in deep["recommendation"]["reason"]


def test_deep_in_gin_depends_only_on_the_players_view() -> None:
    # the play-outs deal the hidden cards from the request's seed, never from the game
    view, answer = _first_answer(None, "gin", "deep")
    again, other = _first_answer("another deal", "gin", "deep")
    assert view == again
    assert answer == other


def test_the_advisor_as_a_player_reads_the_other_seats_hand_sizes() -> None:
    # seat 1 of three, opened, with two sets: held while both others hold many cards
    def view(sizes: tuple[int, int, int]) -> View:
        return View(
            rules=make_rules("rummy40"),
            seat=1,
            round=None,
            hand=tuple(parse_cards("7S 7H 7C 9S 9D 9C 2H 3D KS")),
            table=(tuple(parse_cards("QS QH QD")),),
            discard_pile=tuple(parse_cards("2D")),
            seen=(),
            down=True,
            hand_sizes=sizes,
        )

    player = AdvisorPlayer(None, "standard")
    assert player.play(view((9, 9, 9))).melds == ()
    # 7C taken from the pile must go down this turn: its sevens alone
    taken = replace(view((9, 9, 9)), obliged=parse_card("7C"))
    assert [sorted(map(str, m)) for m in player.play(taken).melds] == [["7C", "7H", "7S"]]
    assert len(player.play(view((9, 9, 2))).melds) == 2
    assert len(AdvisorPlayer(None, "fast").play(view((9, 9, 9))).melds) == 2
