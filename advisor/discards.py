"""The discard ranking: one option per distinct card of the hand, best first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from advisor.evaluate import Evaluator, Figures, without
from advisor.layoffs import playable
from advisor.reasons import discard_reason
from solver.cards import Card, counts_of, sort_cards
from solver.rules import Rules

_GOING_OUT_GOALS = ("win", "out", "knock")


@dataclass
class DiscardOption:
    card: Card
    figures: Figures
    deadwood_points: int
    playable_on_table: bool
    points_shed: int
    goes_out: bool
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        f = self.figures
        return {
            "card": str(self.card),
            "cards_needed": f.needed,
            "outs": f.out_copies,
            "outs_cards": [
                {"card": str(Card.from_id(c)), "live": n} for c, n in sorted(f.outs.items())
            ],
            "deadwood_points": self.deadwood_points,
            "playable_on_table": self.playable_on_table,
            "points_shed": self.points_shed,
            "goes_out": self.goes_out,
            "reason": self.reason,
        }


def protected_joker(card: Card, rules: Rules) -> bool:
    """A joker the rules fine when left in hand is worth keeping: never the advised discard
    (except as the going-out discard)."""
    return card.is_joker and rules.jokers > 0 and rules.joker_hand_penalty > 0


def _key(opt: DiscardOption) -> tuple[Any, ...]:
    f = opt.figures
    return (
        f.needed is None,
        f.needed or 0,
        -f.out_copies,
        opt.playable_on_table,  # avoided when an equal alternative exists
        opt.deadwood_points,  # most points shed: the least deadwood left
        -opt.points_shed,
        opt.card.sort_key,
    )


def rank_options(options: Sequence[DiscardOption], rules: Rules) -> list[DiscardOption]:
    ranked = sorted(options, key=_key)
    keep = [o for o in ranked if not protected_joker(o.card, rules)]
    jokers = [o for o in ranked if protected_joker(o.card, rules)]
    # a joker leads only when throwing it is the one way to go out this turn
    if jokers and keep and jokers[0].goes_out and not keep[0].goes_out:
        return [jokers[0], *keep, *jokers[1:]]
    if not keep:
        return jokers
    return [*keep, *jokers]


def discard_options(
    ev: Evaluator, hand: Sequence[Card], guess: int | None, goal: str
) -> list[DiscardOption]:
    """Every distinct card of ``hand`` (a hand that has drawn) as the discard, ranked."""
    rules = ev.rules
    held = counts_of(hand)
    table = [t.meld for t in ev.table]
    cards = list(dict.fromkeys(sort_cards(hand)))
    figures = _figures(ev, held, cards, guess)
    options = [
        DiscardOption(
            card=card,
            figures=figures[card.id],
            deadwood_points=ev.deadwood(without(held, card.id)),
            playable_on_table=playable(card, table, rules),
            points_shed=rules.value(card),
            goes_out=figures[card.id].needed == 0 and goal in _GOING_OUT_GOALS,
        )
        for card in cards
    ]
    ranked = rank_options(options, rules)
    if ranked:
        best = ranked[0]
        for o in ranked:
            shielded = protected_joker(o.card, rules) and not (o is best and o.goes_out)
            o.reason = discard_reason(o, best, goal, shielded)
    return ranked


def _figures(
    ev: Evaluator, held: Sequence[int], cards: Sequence[Card], guess: int | None
) -> dict[int, Figures]:
    """Cards needed and outs after each discard. Cards needed one discard at a time (two
    discards no cheap completion touches share theirs, the value aside under knock,
    where deadwood counts); outs for all discards together, card by card."""
    if ev.goal.layoffs_only:
        return {c.id: ev.figures(without(held, c.id), drawn=False) for c in cards}
    by_value = ev.goal.name == "knock"
    levels: dict[int, int | None] = {}
    shared: set[tuple[int, int]] = set()  # (cards needed, value) of isolated discards
    for card in cards:
        value = ev.rules.value(card) if by_value else 0
        level = next(
            (k for (k, v) in shared if v == value and card.id in ev.isolated(held, k)), None
        )
        if level is None:
            level = ev.needed(without(held, card.id), drawn=False, guess=guess)
            if level and card.id in ev.isolated(held, level):
                shared.add((level, value))
        levels[card.id] = level
    outs = ev.discard_outs(held, levels)
    return {c.id: Figures(levels[c.id], outs[c.id]) for c in cards}
