"""The look-ahead's compiled kernel (advisor/outlook/_masks.pyx) against the search it
compiles, written plainly here: the same least deadwood and discard (the lowest card id
on a tie), a memo that stays within its bound without changing an answer, and one worth
of a hand for the single hand and the walk over draws, and the play-out."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from functools import cache

from advisor.outlook._masks import Kernel
from advisor.outlook.masks import MeldMasks
from advisor.outlook.playout import MAX_TURNS, Playout
from advisor.outlook.value import KNOCK_GAIN, Lookahead
from solver.cards import parse_cards
from solver.rules import Rules, make_rules


def _plain(
    masks: MeldMasks,
) -> tuple[Callable[[int], int], Callable[[int, int], tuple[int, int]]]:
    @cache
    def least(hand: int) -> int:
        if not hand:
            return 0
        low = (hand & -hand).bit_length() - 1
        best = masks.value[low] + least(hand & ~(1 << low))
        for m in masks.by_low[low]:
            if hand & m == m:
                best = min(best, least(hand & ~m))
        return best

    def after_discard(hand: int, keep: int) -> tuple[int, int]:
        found = [(least(hand & ~(1 << c)), c) for c in range(64) if (hand & ~keep) >> c & 1]
        return min(found) if found else (-1, -1)

    return least, after_discard


def _hands(count: int, size: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [sum(1 << c for c in rng.sample(range(52), size)) for _ in range(count)]


def test_the_kernel_answers_as_the_plain_search() -> None:
    for rules in (make_rules("gin"), make_rules("gin", {"card_values": {"K": 11, "A": 0}})):
        masks = MeldMasks(rules)
        least, after_discard = _plain(masks)
        for size in (1, 4, 10, 11):
            for hand in _hands(60, size, seed=size):
                assert masks.least(hand) == least(hand)
                low = 1 << ((hand & -hand).bit_length() - 1)
                assert masks.least_after_discard(hand) == after_discard(hand, 0)
                assert masks.least_after_discard(hand, low) == after_discard(hand, low)


def test_a_tie_throws_the_lowest_card_id() -> None:
    masks = MeldMasks(make_rules("gin"))
    # two kings alone: either throw leaves 10, and the lower id goes
    hand = sum(1 << c.id for c in parse_cards("KS KH"))
    assert masks.least_after_discard(hand) == (10, min(c.id for c in parse_cards("KS KH")))


def test_the_memo_stays_within_its_bound_and_changes_no_answer() -> None:
    masks = MeldMasks(make_rules("gin"))
    small = Kernel(masks.value, masks.by_low, 40)
    for hand in _hands(500, 11, seed=7):
        assert small.least_after_discard(hand) == masks.least_after_discard(hand)
        assert small.memo_size() <= 40


def test_a_hand_is_worth_the_knock_it_makes_or_the_deadwood_it_risks() -> None:
    rules = make_rules("gin")
    masks = MeldMasks(rules)
    look = Lookahead(rules, masks, [1] * 52)
    assert look.worth(0) == KNOCK_GAIN + rules.gin_bonus  # gin: the bonus on top
    assert look.worth(7) == KNOCK_GAIN - 7
    assert look.worth(11) == -11.0  # above the knock limit: held, its deadwood at risk


def test_the_walk_weighs_each_draw_by_the_same_worth() -> None:
    rules = make_rules("gin")
    assert rules.knock_max is not None
    masks = MeldMasks(rules)
    hand = sum(1 << c.id for c in parse_cards("2C 3C 4C 5D 6D 7D 8H 8S 8D 9C"))
    live = [0 if hand >> c & 1 else 1 for c in range(52)]
    look = Lookahead(rules, masks, live)
    # one draw: each live card drawn alike, then the least-deadwood throw
    after = [masks.least_after_discard(hand | 1 << c)[0] for c in range(52) if live[c]]
    seen = look.outlook(hand, 1)
    assert seen.samples == len(after)
    assert seen.go_out_chance == round(sum(d <= rules.knock_max for d in after) / len(after), 4)
    assert seen.expected_points == round(sum(look.worth(d) for d in after) / len(after), 2)


def _plain_shown(masks: MeldMasks, hand: int) -> list[int]:
    """A knocker's melds written plainly: its lowest card in turn goes into the first meld
    through it that keeps the least deadwood, else it is deadwood."""
    shown = []
    while hand:
        low = (hand & -hand).bit_length() - 1
        fits = [m for m in masks.by_low[low] if hand & m == m]
        keeps = [m for m in fits if masks.least(hand & ~m) == masks.least(hand)]
        if keeps:
            shown.append(keeps[0])
            hand &= ~keeps[0]
        else:
            hand &= ~(1 << low)
    return shown


def _plain_laid_off(masks: MeldMasks, shown: list[int], hand: int) -> int:
    """The defender's least deadwood laying off onto ``shown``, written plainly: every
    choice of a longer meld of the table for each meld shown, its new cards from hand."""
    every = [m for ms in masks.by_low for m in ms]
    choices = [[0] + [m & ~s for m in every if m & s == s and m != s] for s in shown]
    best = masks.least(hand)
    for pick in itertools.product(*choices):
        used = 0
        for extra in pick:
            if used & extra or hand & extra != extra:
                break
            used |= extra
        else:
            best = min(best, masks.least(hand & ~used))
    return best


def _plain_play(
    masks: MeldMasks, rules: Rules, mine: int, theirs: int, top: int, stock: list[int]
) -> tuple[int, bool]:
    """The play-out written plainly: take the top discard when it melds, else draw; throw
    the least-deadwood card; knock as soon as allowed, the defender laying off."""
    assert rules.knock_max is not None
    least = masks.least

    def settle(knocker: int, defender: int) -> int:
        dk = least(knocker)
        if dk == 0:
            return least(defender) + rules.gin_bonus
        dd = _plain_laid_off(masks, _plain_shown(masks, knocker), defender)
        if dd <= dk:
            return -(dk - dd + rules.undercut_bonus)
        return dd - dk

    hands, i, p = [mine, theirs], 0, 0
    for _ in range(MAX_TURNS):
        hand, keep = hands[p], 0
        if top >= 0 and least(hand | 1 << top) - least(hand) < masks.value[top]:
            hand, keep = hand | 1 << top, 1 << top
        elif i < len(stock):
            hand, i = hand | 1 << stock[i], i + 1
        else:
            return 0, False
        dead, card = masks.least_after_discard(hand, keep)
        hand &= ~(1 << card)
        if dead <= rules.knock_max:
            won = settle(hand, hands[1 - p])
            return (won, True) if p == 0 else (-won, False)
        hands[p], top, p = hand, card, 1 - p
    return 0, False


def test_the_compiled_play_out_plays_as_the_plain_one() -> None:
    rules = make_rules("gin")
    masks = MeldMasks(rules)
    po = Playout(rules, masks)
    rng = random.Random(11)
    outcomes = set()
    for _ in range(300):
        cards = rng.sample(range(52), 52)
        mine = sum(1 << c for c in cards[:10])
        theirs = sum(1 << c for c in cards[10:20])
        top, stock = cards[20], cards[21:]
        got = po.play(mine, theirs, top, stock, mover=0)
        assert got == _plain_play(masks, rules, mine, theirs, top, stock)
        outcomes.add(got[1])
    assert outcomes == {True, False}  # deals where I go out and deals where I do not


def _mask(cards: str) -> int:
    return sum(1 << c.id for c in parse_cards(cards))


def test_the_defender_lays_off_onto_the_melds_the_knocker_shows() -> None:
    masks = MeldMasks(make_rules("gin"))
    knocker = _mask("4H 5H 6H 7C 7D 7S 2S 3D 9C")  # 14 of deadwood: 2S 3D 9C
    defender = _mask("3H 8H 7H KS QS JC 2C 5D TD")  # 65, no meld of its own
    # 3H, 7H and 8H extend the run 4H-6H to 3H-8H: 65 - 18 = 47 left, 33 more than 14
    assert masks.settle(knocker, defender, 25, 25) == 47 - 14
    # without layoffs the defender would pay 65 - 14 = 51
    assert masks.least(defender) - masks.least(knocker) == 51


def test_layoffs_can_turn_a_knock_into_an_undercut() -> None:
    masks = MeldMasks(make_rules("gin"))
    knocker = _mask("4H 5H 6H 7C 7D 7S AC 2D 3S 2C")  # 8 of deadwood
    defender = _mask("2H 3H 7H KS KD KC QS QD QC 4C")  # 16: 2H 3H 7H 4C
    # 2H 3H onto the run's low end, 7H onto its high end (or onto the sevens): 4C left,
    # 4 at most 8: the defender undercuts and the knocker pays the difference and 25
    assert masks.settle(knocker, defender, 25, 25) == -(8 - 4 + 25)


def test_nothing_is_laid_off_on_gin() -> None:
    masks = MeldMasks(make_rules("gin"))
    knocker = _mask("4H 5H 6H 7C 7D 7S 8S 9S TS JS")
    defender = _mask("2H 3H 7H KS KD KC QS QD QC 4C")
    assert masks.settle(knocker, defender, 25, 25) == 16 + 25


def test_the_compiled_settlement_is_the_plain_one_and_layoffs_change_it() -> None:
    masks = MeldMasks(make_rules("gin"))
    rng = random.Random(5)
    changed = 0
    for _ in range(400):
        cards = rng.sample(range(52), 20)
        knocker, defender = sum(1 << c for c in cards[:10]), sum(1 << c for c in cards[10:])
        dk = masks.least(knocker)
        if dk == 0:
            continue
        dd = _plain_laid_off(masks, _plain_shown(masks, knocker), defender)
        want = -(dk - dd + 25) if dd <= dk else dd - dk
        assert masks.settle(knocker, defender, 25, 25) == want
        changed += dd != masks.least(defender)
    assert changed > 20  # random deals where laying off lowers the defender's deadwood
