"""The least deadwood of a hand in microseconds, for the look-ahead: every meld of the
rules as a bit mask over card ids, and a memoised search that settles the lowest card
held (deadwood, or the lowest card of a meld held whole). The search, its memo and the
loops over it (the race, the draw look-ahead, the hidden worlds' hands, the play-outs)
are compiled (``_masks.pyx``); the masks are built here.

Exact for packs with one copy of each card and no wild cards (a hand is then a set of
card ids); ``MeldMasks.of`` answers None for other rules, where the look-ahead uses the
general search (``advisor.deadwood``)."""

from __future__ import annotations

from collections import OrderedDict

from advisor.outlook._masks import Kernel
from solver.candidates import templates
from solver.cards import NUM_KINDS, Card
from solver.rules import Rules

# the memo is emptied when it holds this many hands (a look-ahead uses thousands; its
# table of 2^19 slots is 6 MiB), and the masks of only the last rule sets asked are
# kept: what the look-ahead holds between requests stays within a fixed allowance of a
# worker's memory (docs/operations.md, "Memory") however many house rules arrive
_MAX_MEMO = 200_000
_KEEP = 2
assert NUM_KINDS <= 64  # a hand is one 64-bit word in the kernel


class MeldMasks(Kernel):
    """``least``, ``least_after_discard``, ``race``, ``walk``, ``best_of``, ``settle`` and
    ``play`` are the kernel's (``_masks.pyi``)."""

    def __init__(self, rules: Rules) -> None:
        self.value = [rules.value(Card.from_id(c)) for c in range(NUM_KINDS)]
        supply = [0 if rules.is_wild(Card.from_id(c)) else rules.decks for c in range(NUM_KINDS)]
        by_low: list[list[int]] = [[] for _ in range(NUM_KINDS)]
        for t in templates(rules, supply):
            if t.wilds:
                continue
            t = t.resolve(set(range(len(t.open_slots))))  # no wilds: every slot natural
            mask = 0
            for c in t.naturals:
                mask |= 1 << c
            by_low[min(t.naturals)].append(mask)
        self.by_low = [tuple(dict.fromkeys(ms)) for ms in by_low]
        # the smallest melds through each card: what a throw may complete for another
        smallest: list[list[int]] = [[] for _ in range(NUM_KINDS)]
        size = min((m.bit_count() for ms in self.by_low for m in ms), default=0)
        for ms in self.by_low:
            for m in ms:
                if m.bit_count() == size:
                    for c in range(NUM_KINDS):
                        if m >> c & 1:
                            smallest[c].append(m & ~(1 << c))
        self.partners = [tuple(ms) for ms in smallest]
        super().__init__(self.value, self.by_low, _MAX_MEMO)

    @staticmethod
    def of(rules: Rules) -> MeldMasks | None:
        if rules.decks != 1 or rules.jokers or rules.wild_ranks:
            return None
        key = repr(rules)  # Rules hold mappings: not hashable
        found = _CACHE.get(key)
        if found is None:
            found = _CACHE[key] = MeldMasks(rules)
            while len(_CACHE) > _KEEP:
                _CACHE.popitem(last=False)
        _CACHE.move_to_end(key)
        return found


_CACHE: OrderedDict[str, MeldMasks] = OrderedDict()  # least recently asked first


def mask_of(ids: list[int] | tuple[int, ...]) -> int:
    m = 0
    for c in ids:
        m |= 1 << c
    return m
