"""An exhaustive reference for cards needed and outs (docs/rules.md section 4) on small hands.

Shares nothing with the advisor or the solver but the card and rule value types; meld
legality is written here again from docs/rules.md section 2, by construction (every set of
a rank and every run of a suit at every window of positions, each place filled by its
natural card or by a wild card).

Method. The final hand F keeps the hand's size n: F = held - removed + added, and the
cards needed are the least ``|added|`` such that F meets the goal. A search assigns
every held card, in a fixed order, to one of:

- *unmelded* (deadwood, the reserved discard, or a card that leaves the hand);
- a new meld (or a layoff group onto one table meld) that contains it, built from the
  held cards still unassigned and from live cards; a live card in it is one addition.

Exactness of the search, capped at ``max_added`` additions (3 by default):

1. Every meld of F holding a held card is found when its first held card (in the
   fixed order) is assigned. A meld of F holding no held card holds only added cards,
   and every meld has at least 3 cards (``set_min``, ``run_min`` >= 3, asserted), so it
   needs 3 or more additions: with a cap of 3 there is at most one such meld, of
   exactly 3 cards, and then no other addition; it is tried once every held card is
   assigned. Beyond the cap the search reports "more than the cap" (``None``) instead
   of an exact figure. Layoffs are not melds: a layoff group of added cards only (onto
   one table meld) is searched for explicitly at the end.
2. Within a meld, a card kind is taken from the held copies first. Taking a live copy
   while a held copy of the same kind is unassigned is never better: swap the two.
3. An added card never needs to stay unmelded for ``win``/``out``/``contract``/
   ``opening``: keeping the held card it replaced is as good and costs one less. For
   ``knock`` an added unmelded card lowers the deadwood; swapping it for one of the
   cheapest live cards not otherwise added never raises the count, so only the
   cheapest live cards are tried, and they replace the dearest unmelded held cards.
4. Laying off onto a table meld: a run takes cards at either end (positions stay within
   the ace rule), a set takes natural cards of suits it lacks (distinct suits) or
   wilds, size at most ``set_limit``; wilds per meld count the meld's own. Natural
   and wild counts only grow, so a group that is legal as a whole can be laid off one
   card at a time, each step legal, and the order does not matter. A joker already on
   the table keeps what it stands for (no rearranging). Laying off onto one's own new
   meld is the same as a larger new meld, so new melds take no layoffs.

Outs are computed straight from their definition: a live card c is an out when some
held card r gives ``distance(held + c - r, live - c) == distance(held, live) - 1``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from solver.cards import JOKER_ID, NUM_KINDS, Card
from solver.rules import Contract, Rules

MAX_ADDED = 3


def rank_at(position: int) -> int:
    """The rank (1..13) that stands at run position 1..14."""
    return (position - 1) % 13 + 1


def kind_at(position: int, suit: int) -> int:
    """Card id of the natural card at a run position of a suit."""
    return suit * 13 + rank_at(position) - 1


def count_value(position: int) -> int:
    """Rummy 40 count of a rank position: A 11, T-K 10, pips their value."""
    rank = rank_at(position)
    if rank == 1:
        return 11
    return 10 if rank >= 10 else rank


def wild_kinds(rules: Rules) -> tuple[int, ...]:
    kinds = [s * 13 + r - 1 for r in rules.wild_ranks for s in range(4)]
    return (*sorted(kinds), JOKER_ID)


def positions(rules: Rules) -> tuple[int, int]:
    low = 2 if rules.ace == "high" else 1
    high = 13 if rules.ace == "low" else 14
    return low, high


# -- table melds (the reference's own description of them) --------------------------


@dataclass(frozen=True)
class TableRun:
    """A run on the table: ``suit``, positions ``low``..``high``; ``wild_at``: positions
    held by wild cards (what they stand for is fixed by their place)."""

    suit: int
    low: int
    high: int
    wild_at: tuple[int, ...] = ()


@dataclass(frozen=True)
class TableSet:
    """A set on the table: ``rank``, the suits of its natural cards, its wild count."""

    rank: int
    suits: tuple[int, ...]
    wilds: int = 0


TableMeld = TableRun | TableSet


# -- questions --------------------------------------------------------------------


@dataclass(frozen=True)
class RefQuestion:
    rules: Rules
    goal: str  # contract, opening, win, out, knock
    reserve: int = 0
    contract: Contract | None = None
    table: tuple[TableMeld, ...] = ()
    new_melds: bool = True
    # what new_melds found for this question's rules, by its key (see there)
    known_melds: dict[tuple[object, ...], tuple[Usage, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )


@dataclass(frozen=True)
class Usage:
    """A meld or layoff group as card counts, with its kind and opening count."""

    counts: tuple[tuple[int, int], ...]  # (card id, copies), sorted
    kind: str  # set, run, layoff
    points: int = 0


# -- meld generation ----------------------------------------------------------------


def _cost(counts: dict[int, int], held: Sequence[int], live: Sequence[int]) -> int | None:
    """Additions a meld costs (held copies first); None when the copies do not exist."""
    cost = 0
    for kind, m in counts.items():
        extra = max(0, m - held[kind])
        if extra > live[kind]:
            return None
        cost += extra
    return cost


def _fill(
    slots: Sequence[Sequence[int]],
    held: Sequence[int],
    live: Sequence[int],
    budget: int,
) -> Iterator[tuple[dict[int, int], list[bool]]]:
    """Every filling of ``slots`` (each a list of kinds, the natural one first) with at
    most ``budget`` additions; yields card counts and, per slot, whether it is wild."""
    counts: dict[int, int] = {}
    wild: list[bool] = []

    def go(i: int, cost: int) -> Iterator[tuple[dict[int, int], list[bool]]]:
        if i == len(slots):
            yield dict(counts), list(wild)
            return
        for j, kind in enumerate(slots[i]):
            have = counts.get(kind, 0)
            extra = 1 if have >= held[kind] else 0
            if extra and have - held[kind] >= live[kind]:
                continue
            if cost + extra > budget:
                continue
            counts[kind] = have + 1
            wild.append(j > 0)
            yield from go(i + 1, cost + extra)
            wild.pop()
            if have:
                counts[kind] = have
            else:
                del counts[kind]

    yield from go(0, 0)


def _wilds_ok(rules: Rules, naturals: int, wilds: int, own_wilds: int = 0) -> bool:
    limit = rules.max_wilds_per_meld
    return limit is None or wilds + own_wilds <= limit


def new_melds(
    rules: Rules,
    held: Sequence[int],
    live: Sequence[int],
    budget: int,
    anchor: int,
    size: int,
    known: dict[tuple[object, ...], tuple[Usage, ...]],
) -> tuple[Usage, ...]:
    """Every legal new meld holding card ``anchor``, of at most ``size`` cards and at most
    ``budget`` additions, from ``held`` (held first) and ``live`` copies.

    Remembered in ``known`` (the question's) by the copies of the kinds such a meld can
    hold (its rank's, its suit's and the wild ones; every kind for a wild anchor): the
    search asks the same again and again while it assigns the other suits' cards."""
    card = Card.from_id(anchor)
    if rules.is_wild(card):
        kinds: Sequence[int] = range(NUM_KINDS)
    else:
        same = {s * 13 + card.rank - 1 for s in range(4)} | {card.suit * 13 + r for r in range(13)}
        kinds = sorted(same | set(wild_kinds(rules)))
    size = min(size, max(14, rules.set_max))  # no meld is longer
    key = (tuple((k, held[k], live[k]) for k in kinds if held[k] or live[k]), budget, anchor, size)
    if key not in known:
        known[key] = tuple(_generate_new_melds(rules, held, live, budget, anchor, size))
    return known[key]


def _generate_new_melds(
    rules: Rules, held: Sequence[int], live: Sequence[int], budget: int, anchor: int, size: int
) -> Iterator[Usage]:
    anchor_card = Card.from_id(anchor)
    wk = [w for w in wild_kinds(rules) if held[w] + live[w] > 0]
    anchor_wild = rules.is_wild(anchor_card)
    # sets
    set_ranks = range(1, 14) if anchor_wild else (anchor_card.rank,)
    top = min(size, rules.set_max, 4 if rules.set_distinct_suits else rules.set_max)
    for rank in set_ranks:
        per_suit = 1 if rules.set_distinct_suits else min(rules.set_max, rules.decks)
        nat_kinds = [s * 13 + rank - 1 for s in range(4)]
        # copies that do not exist are never taken (the cost test below refuses them)
        ranges = [range(min(per_suit, held[n] + live[n]) + 1) for n in nat_kinds]
        for nat in itertools.product(*ranges):
            k = sum(nat)
            if k < rules.set_min_naturals or k > top:
                continue
            for w in range(0, top - k + 1):
                if k + w < rules.set_min or not _wilds_ok(rules, k, w):
                    continue
                for combo in itertools.combinations_with_replacement(wk, w):
                    counts: dict[int, int] = {}
                    for kind, m in zip(nat_kinds, nat, strict=True):
                        if m:
                            counts[kind] = counts.get(kind, 0) + m
                    for kind in combo:
                        counts[kind] = counts.get(kind, 0) + 1
                    if anchor not in counts:
                        continue
                    cost = _cost(counts, held, live)
                    if cost is None or cost > budget:
                        continue
                    yield Usage(tuple(sorted(counts.items())), "set", count_value(rank) * (k + w))
    # runs
    lo, hi = positions(rules)
    suits = range(4) if anchor_wild else (anchor_card.suit,)
    for suit in suits:
        place = {
            p: [kind_at(p, suit), *(w for w in wk if w != kind_at(p, suit))]
            for p in range(lo, hi + 1)
        }
        for low in range(lo, hi + 1):
            for length in range(rules.run_min, min(size, hi - low + 1) + 1):
                window = range(low, low + length)
                slots = [place[p] for p in window]
                if not anchor_wild:
                    at = [i for i, p in enumerate(window) if kind_at(p, suit) == anchor]
                    if not at:
                        continue
                    if len(at) == 1:  # the anchor can only be this place's natural card
                        slots[at[0]] = [anchor]
                for counts, wild in _fill(slots, held, live, budget):
                    nw = sum(wild)
                    if length - nw < rules.run_min_naturals or not _wilds_ok(
                        rules, length - nw, nw
                    ):
                        continue
                    if anchor not in counts:
                        continue
                    points = sum(count_value(p) for p in window)
                    yield Usage(tuple(sorted(counts.items())), "run", points)


def layoffs(
    rules: Rules,
    meld: TableMeld,
    held: Sequence[int],
    live: Sequence[int],
    budget: int,
    size: int,
    anchor: int | None,
) -> Iterator[Usage]:
    """Every non-empty group of at most ``size`` cards that can be laid off onto ``meld``
    (holding ``anchor`` when given), with at most ``budget`` additions."""
    wk = [w for w in wild_kinds(rules) if held[w] + live[w] > 0]
    if isinstance(meld, TableRun):
        lo, hi = positions(rules)
        own = len(meld.wild_at)
        for below in range(0, meld.low - lo + 1):
            for above in range(0, hi - meld.high + 1):
                n = below + above
                if n == 0 or n > size:
                    continue
                places = [
                    *range(meld.low - below, meld.low),
                    *range(meld.high + 1, meld.high + above + 1),
                ]
                slots = [
                    [kind_at(p, meld.suit), *(w for w in wk if w != kind_at(p, meld.suit))]
                    for p in places
                ]
                for counts, wild in _fill(slots, held, live, budget):
                    if not _wilds_ok(rules, 0, sum(wild), own):
                        continue
                    if anchor is not None and anchor not in counts:
                        continue
                    yield Usage(tuple(sorted(counts.items())), "layoff")
        return
    room = (
        (min(rules.set_max, 4) if rules.set_distinct_suits else rules.set_max)
        - len(meld.suits)
        - meld.wilds
    )
    room = min(room, size)
    if room <= 0:
        return
    free = [s for s in range(4) if not (rules.set_distinct_suits and s in meld.suits)]
    per_suit = 1 if rules.set_distinct_suits else min(room, rules.decks)
    for nat in itertools.product(range(per_suit + 1), repeat=len(free)):
        k = sum(nat)
        for w in range(0, room - k + 1):
            if k + w == 0 or not _wilds_ok(rules, k, w, meld.wilds):
                continue
            for combo in itertools.combinations_with_replacement(wk, w):
                counts: dict[int, int] = {}
                for s, m in zip(free, nat, strict=True):
                    if m:
                        counts[s * 13 + meld.rank - 1] = m
                for kind in combo:
                    counts[kind] = counts.get(kind, 0) + 1
                if anchor is not None and anchor not in counts:
                    continue
                cost = _cost(counts, held, live)
                if cost is None or cost > budget:
                    continue
                yield Usage(tuple(sorted(counts.items())), "layoff")


# -- the search ---------------------------------------------------------------------


@dataclass
class _Search:
    q: RefQuestion
    live: tuple[int, ...]
    budget: int
    memo: dict[tuple[object, ...], bool] = field(default_factory=dict)
    _added_only: list[Usage] | None = None

    def leaf(
        self,
        live: tuple[int, ...],
        added: int,
        sets: int,
        runs: int,
        points: int,
        unmelded: tuple[int, ...],
        table_used: int,
    ) -> bool:
        q, r = self.q, self.q.rules
        u = len(unmelded)
        spare = self.budget - added
        if q.goal == "contract":
            assert q.contract is not None
            if sets != q.contract.sets or runs != q.contract.runs:
                return False
            if q.contract.all_cards:
                return q.reserve == 0 and u == added
            return u - added >= q.reserve
        if q.goal == "opening":
            assert r.opening_min is not None
            return points >= r.opening_min and u - added >= q.reserve
        if q.goal == "win":
            return u - added == q.reserve and (runs >= 1 or not r.require_run)
        if q.goal == "out":
            return self.fill_layoffs(live, u - added - q.reserve, spare, table_used)
        if q.goal == "knock":
            assert r.knock_max is not None
            if u - added < q.reserve:
                return False
            cheap = sorted(
                r.value(Card.from_id(c)) for c in range(NUM_KINDS) for _ in range(live[c])
            )
            keep = sorted(unmelded)  # cheapest held unmelded first
            for swaps in range(0, min(spare, u - added) + 1):
                if swaps > len(cheap):
                    break
                rest = keep[: u - added - swaps] + cheap[:swaps]
                rest.sort()
                dead = sum(rest[: len(rest) - q.reserve])
                if dead <= r.knock_max:
                    return True
            return False
        raise ValueError(q.goal)

    def added_only_melds(self) -> list[Usage]:
        """Every new meld of 3 live cards (only reached with no other addition, so the
        live counts are still the hand's)."""
        if self._added_only is None:
            found: set[Usage] = set()
            if self.q.new_melds:
                no_held = (0,) * NUM_KINDS
                for c in range(NUM_KINDS):
                    if self.live[c]:
                        found.update(
                            new_melds(self.q.rules, no_held, self.live, 3, c, 3, self.q.known_melds)
                        )
            self._added_only = sorted(found, key=lambda u: (u.counts, u.kind, u.points))
        return self._added_only

    def fill_layoffs(self, live: tuple[int, ...], cards: int, spare: int, table_used: int) -> bool:
        """Can exactly ``cards`` added cards be laid off onto unused table melds?"""
        if cards == 0:
            return True
        if cards < 0 or cards > spare:
            return False
        no_held = (0,) * NUM_KINDS
        for j, meld in enumerate(self.q.table):
            if table_used >> j & 1:
                continue
            for group in layoffs(self.q.rules, meld, no_held, live, spare, cards, None):
                size = sum(m for _, m in group.counts)
                left = list(live)
                for kind, m in group.counts:
                    left[kind] -= m
                if self.fill_layoffs(tuple(left), cards - size, spare - size, table_used | 1 << j):
                    return True
        return False

    def go(
        self,
        rem: tuple[int, ...],
        live: tuple[int, ...],
        added: int,
        sets: int,
        runs: int,
        points: int,
        unmelded: tuple[int, ...],
        table_used: int,
    ) -> bool:
        r = self.q.rules
        if r.opening_min is not None:
            points = min(points, r.opening_min)
        key = (rem, live, added, sets, runs, points, unmelded, table_used)
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = False
        first = next((i for i, c in enumerate(rem) if c), None)
        if first is None:
            ok = self.leaf(live, added, sets, runs, points, unmelded, table_used)
            if not ok and self.budget - added >= 3:
                # one meld of added cards only: 3 cards, the whole budget (see point 1)
                for meld in self.added_only_melds():
                    left = list(live)
                    for kind, m in meld.counts:
                        left[kind] -= m
                    if self.leaf(
                        tuple(left),
                        added + 3,
                        sets + (meld.kind == "set"),
                        runs + (meld.kind == "run"),
                        points + meld.points,
                        unmelded,
                        table_used,
                    ):
                        ok = True
                        break
            self.memo[key] = ok
            return ok
        less = list(rem)
        less[first] -= 1
        value = r.value(Card.from_id(first))
        if self.go(
            tuple(less),
            live,
            added,
            sets,
            runs,
            points,
            tuple(sorted((*unmelded, value))),
            table_used,
        ):
            self.memo[key] = True
            return True
        spare = self.budget - added
        size = sum(rem) + spare
        groups: list[tuple[Usage, int]] = []
        if self.q.new_melds:
            groups.extend(
                (g, -1) for g in new_melds(r, rem, live, spare, first, size, self.q.known_melds)
            )
        for j, meld in enumerate(self.q.table):
            if not table_used >> j & 1:
                groups.extend((g, j) for g in layoffs(r, meld, rem, live, spare, size, first))
        for group, j in groups:
            left_rem, left_live = list(rem), list(live)
            cost = 0
            for kind, m in group.counts:
                from_held = min(m, left_rem[kind])
                left_rem[kind] -= from_held
                left_live[kind] -= m - from_held
                cost += m - from_held
            if self.go(
                tuple(left_rem),
                tuple(left_live),
                added + cost,
                sets + (group.kind == "set"),
                runs + (group.kind == "run"),
                points + group.points,
                unmelded,
                table_used | (1 << j if j >= 0 else 0),
            ):
                self.memo[key] = True
                return True
        return False


def _check_rules(rules: Rules) -> None:
    assert rules.set_min >= 3 and rules.run_min >= 3, "exactness needs melds of 3+ cards"


def reachable(q: RefQuestion, held: Sequence[int], live: Sequence[int], added: int) -> bool:
    """Can the goal be met with at most ``added`` additions?"""
    _check_rules(q.rules)
    assert added <= MAX_ADDED
    s = _Search(q, tuple(live), added)
    return s.go(tuple(held), tuple(live), 0, 0, 0, 0, (), 0)


def ref_distance(
    q: RefQuestion, held: Sequence[int], live: Sequence[int], max_added: int = MAX_ADDED
) -> int | None:
    """Cards needed, exactly when at most ``max_added``; None means "more than that"."""
    for k in range(max_added + 1):
        if reachable(q, held, live, k):
            return k
    return None


def ref_outs(
    q: RefQuestion, held: Sequence[int], live: Sequence[int], needed: int
) -> dict[int, int]:
    """Outs by definition, for a hand whose cards needed (at most MAX_ADDED + 1) is known."""
    if needed == 0:
        return {}
    assert needed - 1 <= MAX_ADDED
    found: dict[int, int] = {}
    for c in range(NUM_KINDS):
        if not live[c]:
            continue
        after_live = list(live)
        after_live[c] -= 1
        for r in range(NUM_KINDS):
            if not held[r] or r == c:
                continue
            after = list(held)
            after[c] += 1
            after[r] -= 1
            if reachable(q, after, after_live, needed - 1):
                found[c] = live[c]
                break
    return found
