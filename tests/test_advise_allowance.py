"""`deep`'s look-ahead does a bounded, counted amount of engine work
(``advisor.outlook.ahead.ALLOWANCE``): the candidates finished within it are ranked,
the others keep the `fast` order, and a draw not looked ahead within it draws as `fast`."""

from __future__ import annotations

import pytest

from advisor.advise import advise
from advisor.outlook import ahead
from advisor.results import Advice, DiscardAdvice
from advisor.situation import Situation
from solver.budget import Budget
from solver.cards import parse_cards
from solver.rules import make_rules
from solver.speed import WORK_PER_SECOND

# A dealt Liverpool round 6 hand (12 cards, 2s wild, nobody down): each throw's look-ahead
# weighs some 50 drawn hands of 13 cards, more than the allowance lets it do for two.
ROUND_6 = Situation(
    make_rules("liverpool"),
    tuple(parse_cards("AD 5C JH QS AC 7H 5S AH 3S 6D TD 5D")),
    round=6,
    discard_pile=tuple(parse_cards("5S KC 7S KH 4C 8C TS 2C")),
)
# Liverpool round 2: AD, JS, 6C, 7C and 8S each leave the contract one card away with 12
# live outs (fast throws AD); two draws ahead 8S, fifth, is the best of them.
ROUND_2 = Situation(
    make_rules("liverpool"),
    tuple(parse_cards("6C 8S 2C JS 9H 3C 3D 7C TH AD 7H")),
    round=2,
    discard_pile=tuple(parse_cards("QS 9S QH 8H")),
)


def counted(sit: Situation, phase: str, effort: str) -> tuple[Advice, float]:
    """The advice and the engine work it was charged."""
    budget = Budget.unlimited()
    answer = advise(sit, phase, budget=budget, effort=effort)
    return answer, budget.spent


def discarding(sit: Situation, effort: str) -> tuple[DiscardAdvice, float]:
    answer, work = counted(sit, "discard", effort)
    assert isinstance(answer, DiscardAdvice)
    return answer, work


def cards(answer: DiscardAdvice) -> list[str]:
    return [str(o.card) for o in answer.discards]


def test_on_a_dealt_round_6_hand_deep_looks_ahead_no_further_than_its_allowance() -> None:
    fast, fast_work = discarding(ROUND_6, "fast")
    deep, deep_work = discarding(ROUND_6, "deep")
    fewest = [o for o in fast.discards if o.cards_needed == fast.discards[0].cards_needed]
    looked = [o for o in deep.discards if o.horizon is not None]
    assert 1 <= len(looked) < len(fewest)
    # the look-ahead stops at the first pass that reaches the allowance
    assert deep_work - fast_work <= 1.05 * ahead.ALLOWANCE
    # a look-ahead cut by its own allowance leaves every exact figure exact
    assert deep.optimal
    assert cards(deep)[len(looked) :] == cards(fast)[len(looked) :]


def test_the_throws_finished_within_the_allowance_are_ranked_the_others_keep_the_fast_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole, _ = discarding(ROUND_2, "deep")
    assert whole.recommendation.card is not None and str(whole.recommendation.card) == "8S"
    # room for about two throws' look-ahead of the five (each 0.03-0.04 s of work)
    monkeypatch.setattr(ahead, "ALLOWANCE", 0.07 * WORK_PER_SECOND)
    fast, _ = discarding(ROUND_2, "fast")
    cut, _ = discarding(ROUND_2, "deep")
    looked = [o for o in cut.discards if o.horizon is not None]
    assert 1 <= len(looked) < 5
    assert sorted(cards(cut)[: len(looked)]) == sorted(cards(fast)[: len(looked)])
    assert cards(cut)[len(looked) :] == cards(fast)[len(looked) :]
    assert "8S" not in cards(cut)[: len(looked)]
    # counted, not timed: the same request, the same answer
    assert discarding(ROUND_2, "deep")[0] == cut


def test_a_draw_not_looked_ahead_within_the_allowance_draws_as_fast() -> None:
    fast, fast_work = counted(ROUND_6, "draw", "fast")
    deep, deep_work = counted(ROUND_6, "draw", "deep")
    assert deep.recommendation == fast.recommendation
    assert deep_work - fast_work <= 1.05 * ahead.ALLOWANCE


def test_within_a_request_budget_the_look_ahead_stops_at_its_allowance_not_the_budgets() -> None:
    # the service's allowance, 2 s of work (SOLVER_TIME_LIMIT): the dealt round 6 hand's
    # look-ahead does not fit it, and stops before the budget runs out, so every exact
    # figure stays exact (were the budget to stop it: the fast answer, optimal false)
    budget = Budget(float("inf"), work=2.0 * WORK_PER_SECOND)
    deep = advise(ROUND_6, "discard", budget=budget, effort="deep")
    fast, _ = discarding(ROUND_6, "fast")
    assert isinstance(deep, DiscardAdvice)
    assert deep.optimal
    assert budget.work_left > 0
    assert cards(deep) == cards(fast)


# Rummy 40, not opened: 11 throws each leave the opening one card away (8, 6 or 4 live
# outs); each one's look-ahead is a small share of the allowance.
OPENING = Situation(
    make_rules("rummy40"),
    tuple(parse_cards("7S 5H 6H 7H KS 5C 4C AH 7H JS QD 2H TD JC")),
    discard_pile=tuple(parse_cards("QC AD 9S 9S")),
)


def looked_at(answer: DiscardAdvice) -> list[str]:
    return [str(o.card) for o in answer.discards if o.horizon is not None]


def test_a_cheap_hand_looks_ahead_at_every_throw_that_needs_the_fewest_cards() -> None:
    fast, _ = discarding(OPENING, "fast")
    deep, _ = discarding(OPENING, "deep")
    fewest = [o for o in fast.discards if o.cards_needed == 1]
    assert len(fewest) == 11 > ahead.CANDIDATES
    assert sorted(looked_at(deep)) == sorted(str(o.card) for o in fewest)
    # KS and JC (6 outs) and JS (4), beyond the first four, are weighed too: last
    assert looked_at(deep)[-3:] == ["KS", "JC", "JS"]


def test_throws_beyond_the_first_four_are_looked_at_only_within_a_share_of_the_allowance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    share = ahead.MORE_SHARE
    fast, fast_work = discarding(OPENING, "fast")
    monkeypatch.setattr(ahead, "MORE_SHARE", 0.0)
    four, four_work = discarding(OPENING, "deep")
    assert len(looked_at(four)) == ahead.CANDIDATES
    assert cards(four)[ahead.CANDIDATES :] == cards(fast)[ahead.CANDIDATES :]
    # an allowance the first four fill to 5/8: room for more, but past the share
    assert share < 0.6
    monkeypatch.setattr(ahead, "MORE_SHARE", share)
    monkeypatch.setattr(ahead, "ALLOWANCE", 1.6 * (four_work - fast_work))
    assert looked_at(discarding(OPENING, "deep")[0]) == looked_at(four)
    # where a throw beyond the four is looked at within the whole allowance (Liverpool's
    # weighing), the same allowance takes more of them
    monkeypatch.setattr(ahead, "MORE_SHARE", 1.0)
    assert len(looked_at(discarding(OPENING, "deep")[0])) > ahead.CANDIDATES
