"""The referee's rules, stated as a player would meet them at the table."""

from __future__ import annotations

from typing import Any

import pytest
from sim_support import Seat, StackedDealer, cards, meld_cards, play_round, table_meld

from sim.legal import Breach, apply_play
from sim.moves import Play
from sim.players.greedy import GreedyPlayer
from sim.referee import Referee, rounds_of
from solver.rules import Rules, make_rules
from solver.turn import JokerSwap, Layoff

# -- gin ------------------------------------------------------------------------------

GIN_KNOCKER = "AS 2S 3S 4H 5H 6H 7C 8C 9C 5D"  # knocks on 5 after throwing the card drawn


def test_a_defender_under_the_knockers_deadwood_undercuts_and_scores_25_more() -> None:
    defender = "AD 2D 3D 4S 5S 6S 8H 9H TH 2C"  # 2 deadwood against 5
    dealer = StackedDealer([GIN_KNOCKER, defender], upcard="KD", stock="KH")
    result = play_round(make_rules("gin"), [GreedyPlayer(), GreedyPlayer()], dealer)
    assert (result.finish, result.winner) == ("undercut", 1)
    assert result.penalties == (5 - 2 + 25, 0)


def test_a_knock_scores_the_difference_and_the_defender_lays_off_first() -> None:
    # the defender lays 7S onto the knocker's AS-6S and TC onto 7C-9C: KH QC count
    knocker = "AS 2S 3S 4S 5S 6S 7C 8C 9C 5D"
    defender = "AD 2D 3D 8H 9H TH 7S TC KH QC"
    dealer = StackedDealer([knocker, defender], upcard="KD", stock="JD")
    result = play_round(make_rules("gin"), [GreedyPlayer(), GreedyPlayer()], dealer)
    assert (result.finish, result.winner) == ("knock", 0)
    assert result.penalties == (0, 10 + 10 - 5)


def test_gin_scores_the_defenders_deadwood_plus_25_with_no_layoffs() -> None:
    knocker = "AS 2S 3S 4H 5H 6H 7C 8C 9C TC"
    defender = "AD 2D 3D 8H 9H TH 4C JC KS QS"  # JC would fit on 7C-TC, but not against gin
    dealer = StackedDealer([knocker, defender], upcard="KD", stock="QD")
    result = play_round(make_rules("gin"), [GreedyPlayer(), GreedyPlayer()], dealer)
    assert (result.finish, result.winner) == ("gin", 0)
    assert result.penalties == (0, 4 + 10 + 10 + 10 + 25)


def test_a_gin_stock_run_dry_ends_the_hand_with_no_winner() -> None:
    rules = make_rules("gin")
    result = play_round(rules, [Seat(), Seat()], StackedDealer(["", ""]), max_turns=1000)
    assert (result.finish, result.winner, result.penalties) == ("exhausted", None, (0, 0))
    assert result.turns == 52 - 21 + 1  # every stock card drawn, the last draw fails


def test_a_player_sees_the_cards_another_took_from_the_pile_while_they_hold_them() -> None:
    kd = cards("KD")[0]
    taker = Seat(draws=[True], plays=[lambda v: Play(discard=v.hand[0]), Play(discard=kd)])
    watcher = Seat()
    dealer = StackedDealer([GIN_KNOCKER, "AD 2D 3D 4S 5S 6S 8H 9H TH 2C"], upcard="KD")
    play_round(make_rules("gin"), [taker, watcher], dealer, max_turns=4)
    seen = [v.seen for a, v in watcher.views if a == "draw"]
    assert seen == [(kd,), ()]  # KD went back to the pile on the taker's next turn
    assert taker.views[0][1].seen == ()


# -- rummy 40 -------------------------------------------------------------------------

RUMMY_HAND = "3S 4S 5S 6S 6H 7H 8H 9C TC JC QD KD AD"
LOSER = "2H 3H 4D 5C 7D 8S 9H TD JS QH KS AC 4C"  # 93 points


@pytest.mark.parametrize(("penalty", "points"), [("double", 186), ("plus25", 118)])
def test_a_hand_rummy_doubles_the_losers_count(penalty: str, points: int) -> None:
    rules = make_rules("rummy40", {"hand_rummy_penalty": penalty})
    dealer = StackedDealer([RUMMY_HAND, LOSER], upcard="2D", stock="2C")
    result = play_round(rules, [GreedyPlayer(), GreedyPlayer()], dealer)
    assert (result.finish, result.winner) == ("hand_rummy", 0)
    assert result.penalties == (0, points)


def test_taking_the_discard_obliges_laying_it_down_this_turn() -> None:
    rules = make_rules("rummy40")
    seat = Seat(draws=[True])  # takes the upcard, then only throws a card
    dealer = StackedDealer([LOSER, RUMMY_HAND], upcard="2D", stock="2C")
    result = play_round(rules, [seat, Seat()], dealer)
    assert result.finish == "illegal"
    assert result.illegal is not None and result.illegal.seat == 0
    assert "2D must be laid down" in result.illegal.reason


def test_an_opening_under_40_points_is_illegal() -> None:
    rules = make_rules("rummy40")
    hand = cards("2S 3S 4S 9D 9H")
    with pytest.raises(Breach, match="opening"):
        apply_play(rules, None, hand, (), False, Play(meld_cards("2S 3S 4S"), discard=hand[-1]))


def test_an_opened_player_releases_a_joker_by_placing_the_card_it_stands_for() -> None:
    rules = make_rules("rummy40")
    table = [table_meld("5H JK 7H", rules)]
    hand = cards("6H 9C KD")
    play = Play(joker_swaps=(JokerSwap(0, cards("6H")),), discard=cards("KD")[0])
    after = apply_play(rules, None, hand, table, True, play)
    assert [str(c) for c in after.table[0].cards] == ["5H", "6H", "7H"]
    assert sorted(str(c) for c in after.left) == ["9C", "JK"]
    with pytest.raises(Breach, match="already down"):
        apply_play(rules, None, hand, table, False, play)


def test_a_set_gives_up_its_joker_only_for_both_missing_suits() -> None:
    rules = make_rules("rummy40")
    table = [table_meld("8S 8H JK", rules)]
    hand = cards("8D 8C 2C")
    both = Play(joker_swaps=(JokerSwap(0, cards("8D 8C")),), discard=cards("2C")[0])
    after = apply_play(rules, None, hand, table, True, both)
    assert len(after.table[0].cards) == 4 and after.table[0].wild_count == 0
    one = Play(joker_swaps=(JokerSwap(0, cards("8D")),), discard=cards("2C")[0])
    with pytest.raises(Breach, match="both missing suits"):
        apply_play(rules, None, hand, table, True, one)


def test_a_natural_and_a_joker_lay_off_together_onto_one_run() -> None:
    # 8S alone does not reach TS..KS; with the joker as 9S the two cards fit together
    rules = make_rules("rummy40")
    table = [table_meld("TS JS QS KS", rules)]
    hand = cards("8S JK KH")
    layoffs = (Layoff(cards("8S")[0], 0), Layoff(cards("JK")[0], 0))
    after = apply_play(rules, None, hand, table, True, Play(layoffs=layoffs, discard=hand[-1]))
    assert [str(c) for c in after.table[0].cards] == ["8S", "JK", "TS", "JS", "QS", "KS"]
    assert after.left == ()


def test_going_out_always_ends_with_a_discard() -> None:
    rules = make_rules("rummy40")
    table = [table_meld("5H 6H 7H", rules)]
    with pytest.raises(Breach, match="final discard"):
        apply_play(
            rules, None, cards("8H"), table, True, Play(layoffs=(Layoff(cards("8H")[0], 0),))
        )


# -- liverpool ------------------------------------------------------------------------


def liverpool(**overrides: Any) -> Rules:
    return make_rules("liverpool", overrides)


def test_a_passed_up_discard_is_bought_with_a_penalty_card_by_the_next_in_seat_order() -> None:
    rules = liverpool(round_hand_sizes=[3] * 6)
    first, second, third = Seat(), Seat(buys=[False]), Seat(buys=[True])
    hands = ["5S 6S 7S", "5H 6H 7H", "5D 6D 7D"]
    dealer = StackedDealer(hands, upcard="KC", stock="9C 9H 9D 9S")
    play_round(rules, [first, second, third], dealer, round_=1, max_turns=3)
    # seat 0 passed KC up: seat 1 declined, seat 2 bought it and the next stock card
    assert [a for a, _ in second.views][:1] == ["buy"]
    view = third.last_view("draw")
    assert sorted(str(c) for c in view.hand) == ["5D", "6D", "7D", "9C", "KC"]
    assert view.buys_made == 1
    assert first.last_view("play").hand[-1] == cards("9H")[0]  # seat 0 drew after the buy


def test_no_buy_is_offered_past_max_buys() -> None:
    rules = liverpool(round_hand_sizes=[3] * 6, max_buys=0)
    second = Seat()
    dealer = StackedDealer(["5S 6S 7S", "5H 6H 7H"], upcard="KC")
    play_round(rules, [Seat(), second], dealer, round_=1, max_turns=2)
    assert "buy" not in [a for a, _ in second.views]


def test_a_discard_that_fits_a_table_meld_may_be_claimed_by_a_player_not_next_on_turn() -> None:
    rules = liverpool(round_hand_sizes=[5] * 6, contracts=[{"runs": 1}])
    goes_down = Play(meld_cards("5H 6H 7H 8H"), discard=cards("KC")[0])
    first = Seat(plays=[goes_down], calls=[True])
    second = Seat(plays=[Play(discard=cards("9H")[0])])
    third = Seat()
    hands = ["5H 6H 7H 8H KC", "9H 2C 3C 4D 6D", "AS 3S 5S 7S 9S"]
    dealer = StackedDealer(hands, upcard="QD", stock="JD JS JC")
    play_round(rules, [first, second, third], dealer, round_=1, max_turns=4)
    assert third.last_view("draw").top_discard == cards("KC")[0]  # 9H was claimed
    assert cards("9H")[0] in first.last_view("draw").hand
    assert [a for a, _ in second.views].count("rummy") == 0  # the discarder never calls
    assert cards("9H")[0] in third.last_view("draw").seen  # the claim is seen by all


def test_after_going_down_no_new_melds_only_layoffs() -> None:
    rules = make_rules("liverpool")
    table = [table_meld("5H 6H 7H 8H", rules)]
    hand = cards("9H 3S 3D 3C KC")
    with pytest.raises(Breach, match="no new melds"):
        apply_play(rules, 1, hand, table, True, Play(meld_cards("3S 3D 3C"), discard=hand[-1]))
    after = apply_play(
        rules, 1, hand, table, True, Play(layoffs=(Layoff(hand[0], 0),), discard=hand[-1])
    )
    assert len(after.table[0].cards) == 5


def test_going_down_lays_exactly_the_contract() -> None:
    rules = make_rules("liverpool")
    hand = cards("3S 3D 3C 4S 4D 4C 5S 5D 5C KC")
    three_sets = Play(meld_cards("3S 3D 3C", "4S 4D 4C", "5S 5D 5C"), discard=hand[-1])
    with pytest.raises(Breach, match="exactly 2 set"):
        apply_play(rules, 1, hand, (), False, three_sets)


def test_round_six_goes_out_with_every_card_and_no_discard() -> None:
    rules = make_rules("liverpool")
    hand = cards("3S 3D 3C 4H 5H 6H 7H 8C 9C TC JC QC KC")
    melds = meld_cards("3S 3D 3C", "4H 5H 6H 7H", "8C 9C TC JC QC KC")
    after = apply_play(rules, 6, hand, (), False, Play(melds))
    assert after.out and not after.left
    with pytest.raises(Breach, match="final discard"):
        apply_play(
            rules,
            1,
            cards("3S 3D 3C 4H 4D 4C"),
            (),
            False,
            Play(meld_cards("3S 3D 3C", "4H 4D 4C")),
        )


def test_an_empty_stock_is_the_pile_reshuffled_but_its_top_card() -> None:
    rules = make_rules("israeli", {"decks": 1})
    events: list[dict[str, Any]] = []
    result = play_round(
        rules, [Seat(), Seat()], StackedDealer(["", ""]), max_turns=30, events=events
    )
    shuffles = [e["cards"] for e in events if e["event"] == "shuffle"]
    assert len(shuffles) == 2 and len(shuffles[1]) == 23  # 24 discards, the top one stays
    assert result.finish == "turn_limit"


def test_more_players_than_the_rules_seat_are_refused() -> None:
    from solver.errors import RulesError

    with pytest.raises(RulesError) as err:
        Referee(make_rules("gin"), [Seat(), Seat(), Seat()], StackedDealer([]))
    assert err.value.field == "max_players"


def test_six_liverpool_players_get_a_third_deck() -> None:
    ref = Referee(make_rules("liverpool"), [Seat() for _ in range(6)], StackedDealer([]))
    assert ref.rules.decks == 3


# -- israeli --------------------------------------------------------------------------


def test_the_first_israeli_player_holds_15_and_starts_by_discarding() -> None:
    first, second = Seat(), Seat()
    play_round(make_rules("israeli"), [first, second], StackedDealer(["", ""]), max_turns=2)
    assert first.views[0][0] == "play" and len(first.views[0][1].hand) == 15
    assert len(second.last_view("draw").hand) == 14


def test_an_israeli_win_melds_every_card_with_a_run() -> None:
    rules = make_rules("israeli")
    hand = cards("AS 2S 3S 4H 5H 6H 7C 8C 9C TD TH TS JD QD KD")
    melds = meld_cards("AS 2S 3S", "4H 5H 6H", "7C 8C 9C", "TD TH TS")
    with pytest.raises(Breach, match="every card"):
        apply_play(rules, None, hand, (), False, Play(melds, discard=cards("KD")[0]))
    sets = cards("AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H 4D 5S 5H 5D")
    only_sets = meld_cards("AS AH AD", "2S 2H 2D", "3S 3H 3D", "4S 4H 4D")
    with pytest.raises(Breach):
        apply_play(rules, None, sets, (), False, Play(only_sets, discard=cards("5D")[0]))


def test_an_illegal_move_loses_the_game_and_names_the_rule() -> None:
    cheat = Seat(plays=[Play(discard=cards("JK")[0])])  # a card the hand does not hold
    rules = make_rules("gin")
    dealer = StackedDealer([GIN_KNOCKER, "AD 2D 3D 4S 5S 6S 8H 9H TH 2C"], "QC", upcard="KD")
    ref = Referee(rules, [cheat, Seat()], dealer)
    game = ref.play_game(rounds_of(rules, None))
    assert game.illegal is not None and game.illegal.seat == 0
    assert "holds no JK" in game.illegal.reason
    assert game.winners == (1,)
    assert game.totals[0] == sum(rules.value(c) for c in cards(GIN_KNOCKER)) + 10  # and QC drawn


def test_a_tie_on_points_goes_to_the_player_who_went_out() -> None:
    winner = "AS 2S 3S 4H 5H 6H 7C 8C 9C TC JD JH JS JC KD"
    loser = "AD 2D 3D 4S 5S 6S 7H 8H 9H TH QD QH QS QC"  # all melded too: 0 points
    melds = meld_cards("AS 2S 3S", "4H 5H 6H", "7C 8C 9C TC", "JD JH JS JC")
    first = Seat(plays=[Play(melds, discard=cards("KD")[0])])
    rules = make_rules("israeli")
    ref = Referee(rules, [first, Seat()], StackedDealer([winner, loser]))
    game = ref.play_game(rounds_of(rules, None))
    assert game.totals == (0, 0)
    assert game.winners == (0,)
