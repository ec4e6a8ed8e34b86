"""The least deadwood of a hand, exactly, by a memoised search over melds.

The discard ranking needs the deadwood left by every discard; one CP-SAT solve per
discard costs more than the whole engine. A hand of play holds a dozen cards, so a
search that settles one card at a time (in a meld, or left over) is small, and the
discards of one hand share most of its states.

The card settled is the lowest natural one held: it is deadwood, or a natural of one
of the melds that contain it, whose wild slots take any wild cards held. Once only
wild cards are left, a wild-rank card is settled the same way, or set aside to play
only as a wild (a later wild slot, or deadwood). A search that grows past its node
cap hands over to the CP-SAT solver. The cap counts states, not time, so where it falls
does not depend on the machine's load: at most ``_MAX_NODES`` in all, and no more than
what is left of the request's work allowance, charged at ``NODES_PER_SECOND``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement, product

from solver.budget import Budget
from solver.cards import JOKER_ID, NUM_KINDS, Card, card_id, rank_of, suit_of
from solver.goals import Goal
from solver.rules import Rules
from solver.shapes import copies_per_suit, positions_of, set_wilds
from solver.solve import solve
from solver.speed import NODES_PER_SECOND, WORK_PER_SECOND

_MAX_NODES = 200_000
_UNITS_PER_NODE = WORK_PER_SECOND / NODES_PER_SECOND

State = tuple[tuple[int, ...], tuple[int, ...]]  # counts held, wild-rank cards set aside
# a meld: its natural card ids and its wild slots
Shape = tuple[tuple[int, ...], int]


class _TooBig(Exception):
    pass


class DeadwoodSearch:
    """Least deadwood of hands under ``rules``; states are shared between calls."""

    def __init__(self, rules: Rules) -> None:
        self.r = rules
        self.value = [rules.value(Card.from_id(c)) for c in range(NUM_KINDS)]
        self.wild = [rules.is_wild(Card.from_id(c)) for c in range(NUM_KINDS)]
        self.wild_ids = [c for c in range(NUM_KINDS) if self.wild[c]]
        self.wild_ranked = [c for c in self.wild_ids if c != JOKER_ID]
        self._none_aside = (0,) * len(self.wild_ranked)
        self.memo: dict[State, int] = {}
        self.nodes = 0
        self.cap = _MAX_NODES

    def least(self, held: Sequence[int], budget: Budget | None = None) -> tuple[int, bool]:
        """The least deadwood points of ``held`` (copies per card id), and whether it is
        optimal (false only when the CP-SAT fallback ran out of work)."""
        return self._least(tuple(held), self._core(tuple(held)), budget)

    def after_each_discard(
        self, held: Sequence[int], budget: Budget | None = None
    ) -> tuple[dict[int, int], bool]:
        """The least deadwood left by each discard of ``held``: {card id: points}."""
        counts = tuple(held)
        core = self._core(counts)
        out: dict[int, int] = {}
        optimal = True
        for d in range(NUM_KINDS):
            if counts[d]:
                left = _take(counts, d)
                # a card of no meld before the discard is of none after it
                kept = tuple(min(a, b) for a, b in zip(core, left, strict=True))
                out[d], ok = self._least(left, kept, budget)
                optimal &= ok
        return out, optimal

    def _least(
        self, counts: tuple[int, ...], core: tuple[int, ...], budget: Budget | None
    ) -> tuple[int, bool]:
        total = sum(self.value[c] * n for c, n in enumerate(counts))
        before = self.nodes
        self.cap = _MAX_NODES
        if budget is not None and budget.work_left < _MAX_NODES * _UNITS_PER_NODE:
            self.cap = min(_MAX_NODES, before + int(budget.work_left / _UNITS_PER_NODE))
        try:
            best: int | None = self._best(core, self._none_aside)
        except _TooBig:
            best = None
        if budget is not None:
            budget.spend((self.nodes - before) * _UNITS_PER_NODE)
        if best is not None:
            return total - best, True
        cards = [Card.from_id(c) for c in range(NUM_KINDS) for _ in range(counts[c])]
        sol = solve(cards, self.r, Goal.DEADWOOD, budget=budget)
        return sol.deadwood_points, sol.optimal

    def _core(self, counts: tuple[int, ...]) -> tuple[int, ...]:
        """The cards of some meld the hand could form (wild cards when some meld has a
        wild slot); the others are deadwood whatever the partition, so the search
        leaves them out, and discards of such cards share one state."""
        keep = [0] * NUM_KINDS
        wild_slots = False
        for c in range(NUM_KINDS):
            if counts[c] and c != JOKER_ID:
                for naturals, wilds in self._shapes(counts, self._none_aside, c):
                    for n in naturals:
                        keep[n] = counts[n]
                    wild_slots |= wilds > 0
        if wild_slots:
            for w in self.wild_ids:
                keep[w] = counts[w]
        return tuple(keep)

    def _best(self, counts: tuple[int, ...], aside: tuple[int, ...]) -> int:
        """Most points the cards of ``counts`` can meld (``aside`` only as wilds)."""
        key = (counts, aside)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.cap:
            raise _TooBig
        c = next((i for i in range(NUM_KINDS) if counts[i] and not self.wild[i]), None)
        best = 0
        if c is None:
            c = next((i for i in self.wild_ranked if counts[i]), None)
            if c is None:
                self.memo[key] = 0
                return 0  # jokers and set-aside cards alone meld nothing
            j = self.wild_ranked.index(c)
            best = self._best(_take(counts, c), (*aside[:j], aside[j] + 1, *aside[j + 1 :]))
        else:
            best = self._best(_take(counts, c), aside)  # c is deadwood
        for naturals, wilds in self._shapes(counts, aside, c):
            rest = list(counts)
            for n in naturals:
                rest[n] -= 1
            gain = sum(self.value[n] for n in naturals)
            for fill in self._fills(rest, aside, wilds):
                left, left_aside, points = fill
                best = max(best, gain + points + self._best(left, left_aside))
        self.memo[key] = best
        return best

    def _fills(
        self, counts: list[int], aside: tuple[int, ...], wilds: int
    ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """Every way ``wilds`` wild cards held (or set aside) fill a meld's wild slots:
        the state left and the points melded."""
        if not wilds:
            yield tuple(counts), aside, 0
            return
        # a source: ("held", card id) or ("aside", index into wild_ranked)
        sources = [(0, c) for c in self.wild_ids if counts[c]]
        sources += [(1, j) for j, n in enumerate(aside) if n]
        for pick in combinations_with_replacement(sources, wilds):
            held = list(counts)
            side = list(aside)
            points = 0
            ok = True
            for where, i in pick:
                if where == 0:
                    held[i] -= 1
                    ok &= held[i] >= 0
                    points += self.value[i]
                else:
                    side[i] -= 1
                    ok &= side[i] >= 0
                    points += self.value[self.wild_ranked[i]]
            if ok:
                yield tuple(held), tuple(side), points

    def _shapes(self, counts: tuple[int, ...], aside: tuple[int, ...], c: int) -> Iterator[Shape]:
        """Every legal meld with ``c`` among its naturals, naturals within ``counts``
        (wild slots are filled separately, from what is left)."""
        r = self.r
        if c == JOKER_ID:
            return
        # wild cards that could fill slots (the fills check which really can)
        supply = sum(counts[w] for w in self.wild_ids) + sum(aside) - int(self.wild[c])
        cap = supply if r.max_wilds_per_meld is None else min(supply, r.max_wilds_per_meld)
        yield from self._sets(counts, c, cap)
        yield from self._runs(counts, c, cap)

    def _sets(self, counts: tuple[int, ...], c: int, cap: int) -> Iterator[Shape]:
        r = self.r
        rank, suit = rank_of(c), suit_of(c)
        limit = r.set_limit
        per_suit = copies_per_suit(r)
        others = [s for s in range(4) if s != suit]
        ranges = [range(min(counts[card_id(rank, s)], per_suit) + 1) for s in others]
        own = range(1, min(counts[c], per_suit) + 1)
        for first in own:
            for extra in product(*ranges):
                naturals = (c,) * first + tuple(
                    card_id(rank, s) for s, k in zip(others, extra, strict=True) for _ in range(k)
                )
                k = len(naturals)
                if k > limit or k < max(r.set_min_naturals, 1):
                    continue
                for w in set_wilds(r, k, cap):
                    yield naturals, w

    def _runs(self, counts: tuple[int, ...], c: int, cap: int) -> Iterator[Shape]:
        """Runs with ``c`` at position ``p``, grown down then up while the positions no
        held natural takes fit in ``cap`` wilds."""
        r = self.r
        rank, suit = rank_of(c), suit_of(c)

        def held_at(q: int) -> bool:
            cid = card_id(q, suit)
            return counts[cid] > (1 if cid == c else 0)  # A..A takes two copies

        for p in reversed(positions_of(rank, r)):  # the high ace first
            below: list[int] = []
            gaps_below = 0
            for low in range(p, r.min_position - 1, -1):
                if low < p:
                    if held_at(low):
                        below.append(low)
                    else:
                        gaps_below += 1
                if gaps_below > cap:
                    break
                above: list[int] = []
                gaps = gaps_below
                for high in range(p, r.max_position + 1):
                    if high > p:
                        if held_at(high):
                            above.append(high)
                        else:
                            gaps += 1
                    if gaps > cap:
                        break
                    length = high - low + 1
                    if length >= r.run_min:
                        yield from self._placements(c, suit, [*below, *above], gaps, length, cap)

    def _placements(
        self, c: int, suit: int, present: list[int], gaps: int, length: int, cap: int
    ) -> Iterator[Shape]:
        """The run's naturals, the held ones at ``present`` but those that give way to a
        wild (at most ``cap`` wilds in all)."""
        least = max(self.r.run_min_naturals, 1)
        for extra in range(0, cap - gaps + 1):
            if length - gaps - extra < least:
                break
            for wild_at in combinations(present, extra):
                chosen = set(wild_at)
                yield (c, *(card_id(q, suit) for q in present if q not in chosen)), gaps + extra


def _take(counts: tuple[int, ...], c: int) -> tuple[int, ...]:
    out = list(counts)
    out[c] -= 1
    return tuple(out)
