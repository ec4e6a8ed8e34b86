"""Go out now or play on, for the ``deep`` advice where a knock ends
the hand (docs/advisor.md, "Effort"): a knock allowed with deadwood left is weighed
against holding one more turn, in seeded hidden worlds.

The next player's hand in a world is the cards it took from the pile and still holds,
the rest live cards at random, then improved as its draws so far would have: it has
drawn about half the stock gone since the deal, and after each such draw it kept the
best ten (the least deadwood). Knocking now is worth the knock as the rules score it
against that hand (undercut and its bonus included, layoffs ignored); holding is worth
the play-out from throwing a card without knocking: the next player moves (it may take
the throw, and knock first), then the player draws and goes out as soon as allowed, gin
with its bonus. The hand is held when the best hold is worth more on average.
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.outlook.masks import MeldMasks, mask_of
from advisor.outlook.playout import Playout, improved, seed_of, worlds
from solver.cards import Card
from solver.rules import Rules

# worlds weighed per effort that holds: ``deep`` only. ``standard`` knocks as soon as
# allowed: the hold won 1.5-2.8 points a game more and lost 2-3 of win rate (tuning
# seeds 43, 44, 48, 49, docs/sim.md)
WORLDS = {"deep": 128}
# how much more on average a hold must be worth: a hold gives up a hand won for points
# (tuning seeds, docs/sim.md)
MARGIN = 5.0


@dataclass(frozen=True)
class Hold:
    """``card``: the throw that plays on; ``hold``, ``knock``: their mean points."""

    card: Card
    hold: float
    knock: float


def hold_or_knock(
    rules: Rules,
    effort: str,
    hand: tuple[Card, ...],
    knock_card: Card,
    live: list[int],
    taken: tuple[Card, ...],
    pile: tuple[Card, ...],
) -> Hold | None:
    """The better hold than the knock with ``knock_card``, or None: knock. ``live``: the
    live counts; ``taken``: the cards the next player took and still holds."""
    if effort not in WORLDS:
        return None
    masks = MeldMasks.of(rules)
    if masks is None or rules.knock_max is None:
        return None
    po = Playout(rules, masks)
    ids = [c.id for c in taken]
    pool = [c for c, n in enumerate(live) if n]
    seed = seed_of("knock", effort, repr(rules), hand, pile, taken)
    mine = mask_of([c.id for c in hand])
    knocker = mine & ~(1 << knock_card.id)
    if masks.least(knocker) == 0:
        return None  # gin: nothing to wait for
    found = improved(rules, masks, worlds(pool, ids, rules.hand_size, WORLDS[effort], seed))
    best: Hold | None = None
    theirs = [w.their_hand for w in found]
    rest = [w.stock for w in found]
    n = len(found)
    if not n:
        return None
    knock = sum(po.settle(knocker, t) for t in theirs) / n
    for card in dict.fromkeys(hand):
        if card.is_joker:
            continue
        left = mine & ~(1 << card.id)
        if masks.least(left) > rules.knock_max:
            continue  # a throw that gives up the knock is not a hold
        hold = (
            sum(po.play(left, t, card.id, s, 1)[0] for t, s in zip(theirs, rest, strict=True)) / n
        )
        if hold > knock + MARGIN and (best is None or hold > best.hold):
            best = Hold(card, round(hold, 2), round(knock, 2))
    return best
