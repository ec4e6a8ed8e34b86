"""The referee's legality check of a turn: every meld, layoff and swap judged by ``solver``.

How a turn may lay cards down is read from rule values: ``contracts`` (go down with exactly
the round's contract, then only layoffs), ``opening_min`` (open, or a ``hand_rummy``; then
new melds and layoffs), ``goal: win`` (nothing on the table but the winning hand) and
``knock_max`` (show the melds to end the hand). Going out needs a final discard, except in
a round whose contract takes every card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from sim.moves import JokerSwap, Play
from solver.cards import JOKER, Card, sort_cards
from solver.goals import Goal
from solver.laydown import validate_laydown
from solver.legality import check_meld, extend_meld
from solver.melds import Meld, make_run, make_set
from solver.rules import Rules


class IllegalMove(Exception):
    """A move the rules forbid; ``seat`` loses the game."""

    def __init__(self, seat: int, reason: str):
        super().__init__(f"seat {seat}: {reason}")
        self.seat = seat
        self.reason = reason

    def __reduce__(self) -> tuple[type[IllegalMove], tuple[int, str]]:
        # a game's result, which holds it, comes back from a worker process pickled
        return (IllegalMove, (self.seat, self.reason))


class Breach(Exception):
    """A broken rule found by the checks; the referee adds the seat (``IllegalMove``)."""


@dataclass(frozen=True)
class Applied:
    """The state after a legal turn. ``left``: the hand after the discard. ``knock``: the
    knocker's melds and deadwood points when the turn knocked."""

    left: tuple[Card, ...]
    table: tuple[Meld, ...]
    down: bool
    out: bool = False
    hand_rummy: bool = False
    knock: tuple[tuple[Meld, ...], int] | None = None


def _take(hand: list[Card], cards: Sequence[Card], what: str) -> None:
    for c in cards:
        if c not in hand:
            raise Breach(f"{what}: the hand holds no {c}")
        hand.remove(c)


def _laydown_verdict(
    hand: Sequence[Card],
    rules: Rules,
    melds: Sequence[Sequence[Card]],
    action: str,
    round_: int | None,
) -> list[Meld]:
    check = validate_laydown(hand, rules, melds, action=action, round=round_)
    if not check.legal:
        raise Breach(f"{action}: " + "; ".join(v.message for v in check.violations))
    return [c.meld for c in check.checks if c.meld is not None]


def _swap(rules: Rules, meld: Meld, swap: JokerSwap) -> Meld:
    """The table meld after a joker release, which must follow RULES.md to the letter."""
    jokers = [i for i, c in enumerate(meld.cards) if c.is_joker]
    if not jokers:
        raise Breach(f"joker release: table meld {swap.onto} holds no joker")
    if meld.kind == "run":
        i = next((i for i in jokers if meld.stands_for[i] in swap.cards), None)
        if i is None or len(swap.cards) != 1:
            raise Breach(f"joker release: {swap.cards} is not what a joker stands for")
        cards = list(meld.cards)
        cards[i] = swap.cards[0]
        assert meld.suit is not None and meld.low is not None
        new = make_run(meld.suit, meld.low, cards)
    else:
        naturals = [c for c in meld.cards if not c.is_joker]
        present = {c.suit for c in naturals}
        missing = sorted(Card(naturals[0].rank, s) for s in range(4) if s not in present)
        if len(meld.cards) != 3 or len(jokers) != 1 or sort_cards(swap.cards) != missing:
            raise Breach("joker release: a set's joker is won by adding both missing suits")
        new = make_set(naturals[0].rank, [*naturals, *swap.cards], [])
    if not check_meld(new.cards, rules, ordered=True).legal:
        raise Breach("joker release: the meld would not stay legal")
    return new


def lay_off(
    rules: Rules, hand: list[Card], table: list[Meld], layoffs: Sequence[tuple[Card, int]]
) -> None:
    """Lay the cards onto their melds, or raise. A meld's cards go on together when they
    fit so (8S with a joker as 9S onto TS..KS), else one at a time in passes (9H may go
    before TH)."""
    for card, onto in layoffs:
        if not 0 <= onto < len(table):
            raise Breach(f"layoff: {card} onto {onto}, but the table has {len(table)} melds")
    _take(hand, [c for c, _ in layoffs], "layoff")
    groups: dict[int, list[Card]] = {}
    for card, onto in layoffs:
        groups.setdefault(onto, []).append(card)
    for onto, group in groups.items():
        together = extend_meld(table[onto], group, rules)
        table[onto] = together or _one_at_a_time(rules, table[onto], group, onto)


def _one_at_a_time(rules: Rules, meld: Meld, group: list[Card], onto: int) -> Meld:
    left = list(group)
    while left:
        placed = False
        for card in list(left):
            grown = extend_meld(meld, [card], rules)
            if grown is not None:
                meld = grown
                left.remove(card)
                placed = True
        if not placed:
            raise Breach(f"layoff: {left[0]} does not fit table meld {onto}")
    return meld


def _knock(rules: Rules, hand: list[Card], play: Play) -> Applied:
    if rules.knock_max is None:
        raise Breach("these rules have no knock")
    if play.layoffs or play.joker_swaps or play.discard is None:
        raise Breach("a knock shows melds and discards, with no layoffs")
    melds = []
    for cards in play.melds:
        check = check_meld(cards, rules)
        if check.meld is None:
            raise Breach("knock: " + "; ".join(v.message for v in check.violations))
        melds.append(check.meld)
    _take(hand, [c for m in play.melds for c in m], "knock")
    _take(hand, [play.discard], "discard")
    points = sum(rules.value(c) for c in hand)
    if points > rules.knock_max:
        raise Breach(f"knock with {points} deadwood, over {rules.knock_max}")
    return Applied(tuple(hand), (), False, knock=(tuple(melds), points))


def _declare(rules: Rules, hand: list[Card], play: Play) -> Applied:
    if play.layoffs or play.joker_swaps:
        raise Breach("these rules put nothing on the table but a winning hand")
    if not play.melds:
        return _discard(rules, None, hand, Applied((), (), False), play)
    _laydown_verdict(hand, rules, play.melds, "win", None)
    _take(hand, [c for m in play.melds for c in m], "win")
    if play.discard is None or hand != [play.discard]:
        raise Breach("a win melds every card but the final discard")
    return Applied((), (), True, out=True)


def _discard(
    rules: Rules, round_: int | None, hand: list[Card], state: Applied, play: Play
) -> Applied:
    all_cards = bool(rules.contracts) and rules.contract(round_).all_cards
    if not hand:
        if all_cards and play.discard is None:
            return Applied((), state.table, state.down, out=True, hand_rummy=state.hand_rummy)
        raise Breach("going out needs a card kept for the final discard")
    if play.discard is None:
        raise Breach("the turn must end with a discard")
    _take(hand, [play.discard], "discard")
    return Applied(
        tuple(hand), state.table, state.down, out=not hand, hand_rummy=state.hand_rummy and not hand
    )


def _table_play(
    rules: Rules, round_: int | None, hand: list[Card], table: list[Meld], down: bool, play: Play
) -> Applied:
    was_down = down
    for swap in play.joker_swaps:
        if not rules.joker_release or not was_down:
            raise Breach("a joker release needs the rule and a player already down")
        if not 0 <= swap.onto < len(table):
            raise Breach(f"joker release: no table meld {swap.onto}")
        new = _swap(rules, table[swap.onto], swap)
        _take(hand, swap.cards, "joker release")
        table[swap.onto] = new
        hand.append(JOKER)
    hand_rummy = False
    if play.melds:
        if rules.contracts:
            if down:
                raise Breach("after going down no new melds are made")
            action = "go_down"
        elif down:
            action = "check"
        else:
            clean = not play.layoffs and not play.joker_swaps
            rummy = validate_laydown(hand, rules, play.melds, action="hand_rummy")
            hand_rummy = rules.hand_rummy and clean and rummy.legal
            action = "hand_rummy" if hand_rummy else "open"
        melds = _laydown_verdict(hand, rules, play.melds, action, round_)
        _take(hand, [c for m in play.melds for c in m], action)
        table.extend(melds)
        down = True
    if play.layoffs:
        if not down:
            raise Breach("layoffs come only after going down")
        lay_off(rules, hand, table, play.layoffs)
    return Applied(tuple(hand), tuple(table), down, hand_rummy=hand_rummy)


def apply_play(
    rules: Rules,
    round_: int | None,
    hand: Sequence[Card],
    table: Sequence[Meld],
    down: bool,
    play: Play,
    obliged: Card | None = None,
) -> Applied:
    """Judge ``play`` by the seat holding ``hand``; the state after it, or ``Breach``."""
    cards = list(hand)
    if play.knock:
        return _knock(rules, cards, play)
    if rules.goal is Goal.WIN:
        return _declare(rules, cards, play)
    if not rules.contracts and rules.opening_min is None:
        if play.melds or play.layoffs or play.joker_swaps:
            raise Breach("these rules lay nothing down except by knocking")
        return _discard(rules, round_, cards, Applied((), (), False), play)
    if obliged is not None:
        laid = Counter([c for m in play.melds for c in m] + [c for c, _ in play.layoffs])
        if not laid[obliged]:
            raise Breach(f"the taken discard {obliged} must be laid down this turn")
    state = _table_play(rules, round_, cards, list(table), down, play)
    return _discard(rules, round_, cards, state, play)


def apply_defence(
    rules: Rules, hand: Sequence[Card], melds: Sequence[Meld], play: Play, gin: bool
) -> int:
    """The defender's deadwood points after its melds and layoffs onto the knocker's melds."""
    if play.discard is not None or play.joker_swaps or play.knock:
        raise Breach("a defence shows melds and lays off, nothing else")
    if gin and play.layoffs:
        raise Breach("no layoffs against gin")
    cards = list(hand)
    for m in play.melds:
        check = check_meld(m, rules)
        if check.meld is None:
            raise Breach("defence: " + "; ".join(v.message for v in check.violations))
    _take(cards, [c for m in play.melds for c in m], "defence")
    lay_off(rules, cards, list(melds), play.layoffs)
    return sum(rules.value(c) for c in cards)
