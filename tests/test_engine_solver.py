"""The engine against the CP-SAT solver on random full-size hands of every preset:
cards needed is 0 exactly when the solve finds the goal feasible.

Hands are dealt from a shuffled pack, some with their cards drawn near each other (so
that many meet the goal); ``ENGINE_SOLVER_HANDS`` sets how many per case.
"""

from __future__ import annotations

import os
import random

import pytest

from advisor.engine import Question, plan_for
from advisor.engine.sweep import Sweep
from solver.cards import ALL_CARDS, JOKER, Card, counts_of, pack_counts, rank_at
from solver.goals import Goal
from solver.rules import Rules, make_rules
from solver.solve import solve

HANDS = int(os.environ.get("ENGINE_SOLVER_HANDS", "100"))


def deal(rules: Rules, size: int, rng: random.Random) -> list[Card]:
    pack = [c for c in ALL_CARDS for _ in range(rules.decks)] + [JOKER] * rules.jokers
    rng.shuffle(pack)
    roll = rng.random()
    if roll < 0.4:
        return pack[:size]
    if roll < 0.7:
        return melded(rules, size, pack, rng)
    # a hand of few ranks and suits, so that melds are likely
    ranks = set(rng.sample(range(1, 14), rng.randint(4, 7)))
    suits = set(rng.sample(range(4), rng.randint(2, 3)))
    near = [c for c in pack if c.is_joker or (c.rank in ranks and c.suit in suits)]
    return (near + [c for c in pack if c not in near])[:size]


def melded(rules: Rules, size: int, pack: list[Card], rng: random.Random) -> list[Card]:
    """Random runs and sets while they fit, then any cards: often all melded."""
    hand: list[Card] = []
    for _ in range(40):
        room = size - len(hand)
        if room < 3:
            break
        if rng.random() < 0.5:
            length = rng.randint(rules.run_min, max(rules.run_min, min(room, 5)))
            suit, low = rng.randrange(4), rng.randint(1, 14 - length)
            cards = [Card(rank_at(p), suit) for p in range(low, low + length)]
        else:
            rank = rng.randint(1, 13)
            cards = [Card(rank, s) for s in rng.sample(range(4), 3)]
        if len(cards) <= room and all(cards.count(c) <= pack.count(c) for c in cards):
            for c in cards:
                pack.remove(c)
            hand.extend(cards)
    return hand + pack[: size - len(hand)]


def meets_now(q: Question, hand: list[Card]) -> bool:
    held = counts_of(hand)
    pack = pack_counts(q.rules)
    live = [pack[c] - held[c] for c in range(len(pack))]
    return Sweep(plan_for(q), held, live, len(hand), q.reserve).best(0) is not None


CASES = [
    ("liverpool", {}, Goal.CONTRACT, round_, size)
    for round_, size in ((1, 10), (2, 11), (3, 10), (4, 11), (5, 11), (6, 12))
] + [
    ("liverpool", {"decks": 3}, Goal.CONTRACT, 4, 12),
    ("rummy40", {}, Goal.OPENING, None, 13),
    ("rummy40", {}, Goal.OPENING, None, 14),
    ("israeli", {}, Goal.WIN, None, 14),
    ("israeli", {}, Goal.WIN, None, 15),
    ("israeli", {"jokers": 4}, Goal.WIN, None, 15),
    ("gin", {}, Goal.KNOCK, None, 10),
    ("gin", {}, Goal.KNOCK, None, 11),
]


@pytest.mark.parametrize(("variant", "overrides", "goal", "round_", "size"), CASES)
def test_needed_zero_exactly_when_feasible(
    variant: str, overrides: dict[str, int], goal: Goal, round_: int | None, size: int
) -> None:
    rules = make_rules(variant, overrides)
    rng = random.Random(f"{variant}{overrides}{round_}{size}")
    contract = rules.contract(round_) if goal == Goal.CONTRACT else None
    drawn = size > rules.hand_size
    q = Question(rules, goal, int(drawn and goal.keeps_discard), contract)
    agreed = 0
    for _ in range(HANDS):
        hand = deal(rules, size, rng)
        if goal == Goal.KNOCK:
            sol = solve(hand, rules, "deadwood", discard=drawn)
            assert rules.knock_max is not None
            feasible = sol.deadwood_points <= rules.knock_max
        else:
            sol = solve(hand, rules, str(goal), round_)
            feasible = sol.feasible
        assert sol.optimal
        assert meets_now(q, hand) == feasible, " ".join(map(str, hand))
        agreed += feasible
    assert agreed > 0 or variant == "liverpool", "no feasible hand was dealt"
