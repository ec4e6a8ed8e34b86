"""Can a player still go out once down, when the rules allow no new melds after going down
(Liverpool)? Then every card that leaves the hand from now on goes onto the table, and the
table's room is finite: a set holds at most ``set_limit`` cards (of distinct suits where
the rules say so), a run stops at the ace, and a card whose copies are all in sight never
comes.

Going out from ``k`` cards in hand takes ``k`` layoffs in all, whatever is drawn and thrown
meanwhile (each turn draws one card and throws one). So going out stays possible only while
the table can take ``k`` more cards, each one a card the player holds or a live copy. With
less room than that, the hand is a dead end: it is counted when the round stalls.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from solver.cards import NUM_KINDS, Card
from solver.legality import extend_meld
from solver.melds import Meld
from solver.rules import Rules
from solver.shapes import could_join


def _grow(meld: Meld, pool: Counter[Card], rules: Rules) -> int:
    """Cards ``meld`` can still take from ``pool`` one by one, naturals before wilds
    (taken from ``pool``)."""
    taken = 0
    while True:
        fits = [c for c in pool if pool[c] > 0 and (rules.is_wild(c) or could_join(meld, c))]
        fits.sort(key=lambda c: (rules.is_wild(c), c.sort_key))
        for card in fits:
            grown = extend_meld(meld, [card], rules)
            if grown is not None:
                meld, taken = grown, taken + 1
                pool[card] -= 1
                break
        else:
            return taken


def table_room(
    melds: Sequence[Meld], hand: Sequence[Card], live: Sequence[int], rules: Rules
) -> int:
    """How many more cards ``melds`` can take, each one a card of ``hand`` or a live copy
    (``live``: copies per card id); a copy counted for one meld is not counted again."""
    pool: Counter[Card] = Counter(hand)
    for i in range(NUM_KINDS):
        if live[i]:
            pool[Card.from_id(i)] += live[i]
    return sum(_grow(m, pool, rules) for m in melds)


def stays_open(
    left: Sequence[Card], melds: Sequence[Meld], live: Sequence[int], rules: Rules, keep: int
) -> bool:
    """Whether a player down with ``left`` in hand, ``keep`` of them thrown at the end of
    the turn, can still go out onto ``melds``: always where new melds may follow going
    down."""
    if rules.new_melds_after_down:
        return True
    return table_room(melds, left, live, rules) >= len(left) - keep
