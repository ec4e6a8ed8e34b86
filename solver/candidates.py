"""Every meld a pool of cards could form, as templates for the CP-SAT model.

A template fixes a meld's natural cards and how many wild slots it has (and, for
runs, which positions the wilds fill); which wild cards fill the slots is left to
the model, since any wild may stand anywhere.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate

from solver.cards import NUM_KINDS, Card, card_id, rank_ids
from solver.melds import Meld, make_run, make_set
from solver.rules import Rules
from solver.shapes import copies_per_suit, positions, set_wilds


@dataclass(frozen=True, slots=True)
class Template:
    """A meld shape: ``naturals`` (card ids, run order for runs) plus ``wilds`` wild slots.

    For runs ``slots`` lists, from ``low`` upward, the card id at each position or -1
    for a wild; for sets it is the naturals followed by -1 per wild. A slot ``-2 - c``
    is open: card ``c`` or a wild, as the model decides, so one template stands for
    every choice of which held cards inside a run give way to wilds.
    """

    kind: str
    key: int  # set rank or run suit
    low: int
    slots: tuple[int, ...]
    points: int

    @property
    def naturals(self) -> tuple[int, ...]:
        return tuple(s for s in self.slots if s >= 0)

    @property
    def wilds(self) -> int:
        return sum(1 for s in self.slots if s == -1)

    @property
    def open_slots(self) -> tuple[int, ...]:
        """Card ids of the open slots."""
        return tuple(-2 - s for s in self.slots if s <= -2)

    def resolve(self, natural: set[int]) -> Template:
        """This template with open slot ``i`` (in slot order) natural when ``i`` is in
        ``natural``, a wild otherwise."""
        slots: list[int] = []
        k = 0
        for s in self.slots:
            if s <= -2:
                slots.append(-2 - s if k in natural else -1)
                k += 1
            else:
                slots.append(s)
        return Template(self.kind, self.key, self.low, tuple(slots), self.points)

    def build(self, wild_cards: Sequence[Card]) -> Meld:
        """The meld this template makes when its wild slots take ``wild_cards`` in order."""
        it = iter(wild_cards)
        cards = [Card.from_id(s) if s >= 0 else next(it) for s in self.slots]
        if self.kind == "set":
            nat = [c for c, s in zip(cards, self.slots, strict=True) if s >= 0]
            wild = [c for c, s in zip(cards, self.slots, strict=True) if s < 0]
            return make_set(self.key, nat, wild)
        return make_run(self.key, self.low, cards)


def _max_wilds(rules: Rules, wild_supply: int) -> int:
    cap = wild_supply
    if rules.max_wilds_per_meld is not None:
        cap = min(cap, rules.max_wilds_per_meld)
    return cap


def set_shapes(
    rules: Rules, rank: int, supply: Sequence[int], max_wilds: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """(natural card ids, wild count) of every legal set of ``rank`` whose naturals fit in
    ``supply`` and that holds at most ``max_wilds`` wilds; by size, then in order of ids."""
    per_suit = copies_per_suit(rules)
    # only the suits held: a card with no copy adds nothing to any multiset
    copies = [(cid, min(supply[cid], per_suit)) for cid in rank_ids(rank) if supply[cid]]
    for k in range(rules.set_min_naturals, min(sum(n for _, n in copies), rules.set_limit) + 1):
        wilds = set_wilds(rules, k, max_wilds)
        if not wilds:
            continue
        for nat in _multisets(copies, k):
            for w in wilds:
                yield nat, w


def _multisets(copies: Sequence[tuple[int, int]], k: int) -> Iterator[tuple[int, ...]]:
    """Every ``k`` cards taken from (card id, copies) in lexicographic order, each multiset
    once: one per choice of copies per card, not one per choice of physical cards."""
    if k == 0:
        yield ()
        return
    if not copies:
        return
    (cid, have), rest = copies[0], copies[1:]
    room = sum(n for _, n in rest)
    for take in range(min(have, k), max(0, k - room) - 1, -1):
        for tail in _multisets(rest, k - take):
            yield (cid,) * take + tail


def _opening_prefix(rules: Rules) -> list[int]:
    """Opening points of rank positions 1..p-1 at index p, for the points of a run's window."""
    return [0, *accumulate((rules.opening_value(p) for p in range(1, 15)), initial=0)]


def _sets(rules: Rules, supply: Sequence[int], wild_supply: int) -> Iterator[Template]:
    max_w = _max_wilds(rules, wild_supply)
    least = rules.set_min_naturals
    for rank in range(1, 14):
        if sum(supply[cid] for cid in rank_ids(rank)) < least:
            continue  # too few natural cards of the rank for any set
        value = rules.opening_value(rank)
        for nat, w in set_shapes(rules, rank, supply, max_w):
            yield Template("set", rank, 0, (*nat, *([-1] * w)), value * (len(nat) + w))


def _runs(
    rules: Rules, supply: Sequence[int], wild_supply: int, longest: int
) -> Iterator[Template]:
    lo_pos, hi_pos = rules.min_position, rules.max_position
    max_w = _max_wilds(rules, wild_supply)
    prefix = _opening_prefix(rules)
    for suit in range(4):
        have = [p for p in positions(rules) if supply[card_id(p, suit)]]
        if len(have) < rules.run_min_naturals:
            continue
        for i, first in enumerate(have):
            # windows whose lowest natural is ``first``; wilds may stand below it
            for j in range(i + rules.run_min_naturals - 1, len(have)):
                last = have[j]
                inner = have[i : j + 1]
                span = last - first + 1
                gaps = span - len(inner)
                if gaps > max_w or span > longest:
                    break
                spare = min(max_w - gaps, longest - span)
                for extra in range(0, spare + 1):
                    # ``extra`` wilds at the ends: where they stand changes only the
                    # meld's points, so keep the placement worth the most
                    placements = [
                        (prefix[last + above + 1] - prefix[first - (extra - above)], above)
                        for above in range(0, extra + 1)
                        if extra - above <= first - lo_pos and above <= hi_pos - last
                    ]
                    if not placements:
                        continue
                    points, above = max(placements)
                    low, high = first - (extra - above), last + above
                    if high - low + 1 >= rules.run_min:
                        yield from _runs_in_window(
                            suit, low, high, inner, gaps + extra, max_w, rules, supply, points
                        )


def _runs_in_window(
    suit: int,
    low: int,
    high: int,
    inner: list[int],
    wilds: int,
    max_w: int,
    rules: Rules,
    supply: Sequence[int],
    points: int,
) -> Iterator[Template]:
    """The run from ``low`` to ``high`` whose lowest and highest naturals are inner[0] and
    inner[-1]; the naturals between them are open slots when a wild could replace one."""
    ends = {inner[0], inner[-1]}
    can_drop = wilds < max_w and len(inner) - 1 >= rules.run_min_naturals
    chosen = set(inner)
    slots = []
    for p in range(low, high + 1):
        c = card_id(p, suit)
        if p not in chosen:
            slots.append(-1)
        elif can_drop and p not in ends:
            slots.append(-2 - c)
        else:
            slots.append(c)
    if _fits(tuple(slots), supply):
        yield Template("run", suit, low, tuple(slots), points)


def _fits(slots: tuple[int, ...], supply: Sequence[int]) -> bool:
    # an A..A run uses two copies of one ace
    nat = [s for s in slots if s >= 0]
    return len(set(nat)) == len(nat) or all(nat.count(s) <= supply[s] for s in set(nat))


def templates(rules: Rules, supply: Sequence[int], *, pieces: bool = False) -> list[Template]:
    """All meld templates whose natural cards fit in ``supply`` (copies per card id).

    ``pieces``: runs only up to ``2 * run_min - 1`` long where that loses nothing (see
    ``pieces_suffice``): every longer run is laid as consecutive pieces, so a model that
    asks only which tiles are melded, not how the runs are cut, is the same with far fewer
    templates."""
    assert len(supply) == NUM_KINDS
    wild_supply = sum(n for cid, n in enumerate(supply) if n and rules.is_wild(Card.from_id(cid)))
    longest = 2 * rules.run_min - 1 if pieces and pieces_suffice(rules, wild_supply) else 14
    return [*_sets(rules, supply, wild_supply), *_runs(rules, supply, wild_supply, longest)]


def pieces_suffice(rules: Rules, wild_supply: int) -> bool:
    """Every legal run cuts into legal runs of ``run_min`` to ``2 * run_min - 1`` cards when
    any ``run_min`` consecutive cards of it hold ``run_min_naturals`` natural ones: so when
    the wild cards, all of them together, leave that many naturals in ``run_min`` slots
    (a per-meld wild limit only holds more easily in a piece)."""
    return wild_supply <= rules.run_min - rules.run_min_naturals
