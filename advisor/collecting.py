"""What an opponent visibly collects: the cards taken from the pile say what a player is
building, so a throw that joins them is likely what that player wants."""

from __future__ import annotations

from collections.abc import Sequence

from solver.cards import Card
from solver.rules import Rules


def collected(card: Card, taken: Sequence[Card], rules: Rules) -> bool:
    """``card`` would join a meld in the making with a card an opponent took from the
    pile (and still holds): a set of its rank, or a run within reach in its suit. Such
    a throw is likely what that player is collecting."""
    if card.is_joker:
        return False
    for t in taken:
        if t.is_joker:
            continue
        if t.rank == card.rank and not (rules.set_distinct_suits and t.suit == card.suit):
            return True
        if t.suit == card.suit and t.rank != card.rank:
            ranks = (t.rank, card.rank)
            gap = abs(t.rank - card.rank)
            if rules.max_position == 14 and 1 in ranks:  # the ace also sits above the king
                gap = min(gap, 14 - max(ranks))
            if gap < rules.run_min:
                return True
    return False
