"""Meld shapes as the rules allow them: where a rank stands in a run, how far a run
reaches, what a set holds. One definition read by the solver's templates, the deadwood
search, the engine and both layoff searches.

>>> from solver.rules import make_rules
>>> gin, liverpool = make_rules("gin"), make_rules("liverpool")
>>> list(positions(gin)), positions_of(1, gin), positions_of(1, liverpool)
([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], (1,), (1, 14))
>>> list(set_wilds(liverpool, 2, 5)), list(set_wilds(liverpool, 4, 5))
([1, 2], [0])
"""

from __future__ import annotations

from solver.cards import Card
from solver.melds import Meld
from solver.rules import Rules


def positions(rules: Rules) -> range:
    """Every rank position a run may use: 1..13 (ace low), 2..14 (high) or 1..14 (both)."""
    return range(rules.min_position, rules.max_position + 1)


def positions_of(rank: int, rules: Rules) -> tuple[int, ...]:
    """The run positions where ``rank`` may stand: an ace at 1 and/or 14."""
    at = (1, 14) if rank == 1 else (rank,)
    return tuple(p for p in at if rules.min_position <= p <= rules.max_position)


def run_reach(rules: Rules, meld: Meld) -> tuple[int, int]:
    """How many positions run ``meld`` may still grow below its low end and above its high."""
    assert meld.low is not None and meld.high is not None
    return meld.low - rules.min_position, rules.max_position - meld.high


def copies_per_suit(rules: Rules) -> int:
    """Most natural cards of one suit in a set: one where its suits are distinct."""
    return 1 if rules.set_distinct_suits else rules.set_limit


def set_wilds(rules: Rules, naturals: int, most: int) -> range:
    """The wild counts a set of ``naturals`` natural cards may take, at most ``most``:
    enough to reach ``set_min``, within the set's size (and, where suits are distinct,
    one suit no natural card has per wild)."""
    top = min(most, rules.set_limit - naturals)
    if rules.set_distinct_suits:
        top = min(top, 4 - naturals)
    return range(max(0, rules.set_min - naturals), top + 1)


def set_room(rules: Rules, meld: Meld) -> int:
    """Cards set ``meld`` may still take."""
    return rules.set_limit - len(meld.cards)


def natural_suits(meld: Meld) -> frozenset[int]:
    """The suits of the meld's natural cards (those playing as themselves)."""
    return frozenset(c.suit for c, s in zip(meld.cards, meld.stands_for, strict=True) if c == s)


def open_suits(rules: Rules, meld: Meld) -> tuple[int, ...]:
    """The suits whose natural card of its rank set ``meld`` may still take."""
    taken = natural_suits(meld) if rules.set_distinct_suits else frozenset()
    return tuple(s for s in range(4) if s not in taken)


def could_join(meld: Meld, card: Card) -> bool:
    """A natural ``card`` of the meld's kind: its rank for a set, its suit for a run (a
    necessary condition for laying it off there)."""
    return card.rank == meld.rank if meld.kind == "set" else card.suit == meld.suit
