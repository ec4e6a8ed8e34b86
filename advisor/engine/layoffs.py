"""Liverpool after going down: no new melds, so cards needed is the count of cards to
shed (RULES.md section 4), from the most held cards that can be laid off now.

An exhaustive search, table meld by table meld, over the groups of held cards each one
can take (runs at either end, a wild standing anywhere; sets the suits they lack), with
the held cards left as the memo key. Hands after going down are small, so this is exact
and quick; the sweep is not needed here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from advisor.engine.cache import SLOT, deep_size, flat_size
from advisor.engine.question import Figures, Question
from solver.cards import NUM_KINDS, Card, card_id
from solver.rules import Rules
from solver.shapes import copies_per_suit, could_join, open_suits, positions_of, run_reach, set_room

Counts = tuple[int, ...]


class Layoffs:
    def __init__(self, q: Question):
        self.q, self.r = q, q.rules
        r = q.rules
        self.wild = [c for c in range(NUM_KINDS) if r.is_wild(Card.from_id(c))]
        self.memo: dict[tuple[int, Counts], int] = {}
        # the kinds meld j could take, and those of melds j.. : only these matter there
        wild = set(self.wild)
        self.takes: list[tuple[int, ...]] = []
        for m in q.table:
            kinds = {c for c in range(NUM_KINDS - 1) if could_join(m, Card.from_id(c))}
            self.takes.append(tuple(sorted(kinds | wild)))
        self.after: list[tuple[int, ...]] = []
        union: set[int] = set()
        for took in reversed(self.takes):
            union |= set(took)
            self.after.append(tuple(sorted(union)))
        self.after.reverse()
        self.groups_memo: dict[tuple[int, Counts], list[list[int]]] = {}
        self._bytes = deep_size(self.__dict__)  # and what the memos add

    def nbytes(self) -> int:
        """The bytes this search holds, its memos included."""
        return self._bytes

    def most(self, held: Sequence[int]) -> int:
        """The most held cards that can be laid off onto the table now."""
        return self._most(0, tuple(held))

    def _most(self, j: int, held: Counts) -> int:
        if j == len(self.q.table):
            return 0
        key = (j, tuple(held[c] for c in self.after[j]))
        found = self.memo.get(key)
        if found is None:
            found = self._most(j + 1, held)
            for group in self._groups_of(j, held):
                rest = list(held)
                for c in group:
                    rest[c] -= 1
                found = max(found, len(group) + self._most(j + 1, tuple(rest)))
            self.memo[key] = found
            self._bytes += flat_size(key) + SLOT
        return found

    def _groups_of(self, j: int, held: Counts) -> list[list[int]]:
        """``_groups`` by the held cards meld ``j`` could take (the rest cannot change it)."""
        key = (j, tuple(held[c] for c in self.takes[j]))
        found = self.groups_memo.get(key)
        if found is None:
            only = [0] * NUM_KINDS
            for c in self.takes[j]:
                only[c] = held[c]
            found = self.groups_memo[key] = list(self._groups(j, tuple(only)))
            self._bytes += flat_size(key, found) + SLOT
        return found

    def _groups(self, j: int, held: Counts) -> Iterator[list[int]]:
        """Every non-empty group of held cards that table meld ``j`` can take at once."""
        r, meld = self.r, self.q.table[j]
        limit = r.max_wilds_per_meld
        room_w = None if limit is None else limit - meld.wild_count
        if meld.kind == "run":
            assert meld.suit is not None and meld.low is not None and meld.high is not None
            n = sum(held)
            reach_below, reach_above = run_reach(r, meld)
            for below in range(min(reach_below, n) + 1):
                for above in range(min(reach_above, n - below) + 1):
                    if below + above == 0:
                        continue
                    places = [
                        *range(meld.low - below, meld.low),
                        *range(meld.high + 1, meld.high + above + 1),
                    ]
                    kinds = [card_id(p, meld.suit) for p in places]
                    yield from self._fill(kinds, list(held), room_w)
            return
        assert meld.rank is not None
        room = set_room(r, meld)
        per_suit = min(copies_per_suit(r), room)
        picks: list[list[int]] = [[]]
        for s in open_suits(r, meld):
            kind = card_id(meld.rank, s)
            picks = [p + [kind] * k for p in picks for k in range(min(per_suit, held[kind]) + 1)]
        for nat in picks:
            if len(nat) > room:
                continue
            rest = list(held)
            for c in nat:
                rest[c] -= 1
            most_w = room - len(nat) if room_w is None else min(room - len(nat), room_w)
            for wilds in self._wild_picks(rest, most_w):
                if nat or wilds:
                    yield nat + wilds

    def _fill(self, kinds: list[int], held: list[int], room_w: int | None) -> Iterator[list[int]]:
        """Each place of ``kinds`` filled by its natural card or a wild, from ``held``."""
        if not kinds:
            yield []
            return
        kind, rest = kinds[0], kinds[1:]
        if held[kind]:
            held[kind] -= 1
            for tail in self._fill(rest, held, room_w):
                yield [kind, *tail]
            held[kind] += 1
        if room_w is None or room_w > 0:
            for w in self.wild:
                if held[w] and w != kind:
                    held[w] -= 1
                    for tail in self._fill(rest, held, None if room_w is None else room_w - 1):
                        yield [w, *tail]
                    held[w] += 1

    def _wild_picks(self, held: list[int], most: int) -> Iterator[list[int]]:
        """Multisets of at most ``most`` held wild cards."""
        kinds = [w for w in self.wild if held[w]]

        def go(i: int, left: int) -> Iterator[list[int]]:
            if i == len(kinds):
                yield []
                return
            for k in range(min(left, held[kinds[i]]) + 1):
                for tail in go(i + 1, left - k):
                    yield [kinds[i]] * k + tail

        yield from go(0, max(0, most))


def shed_figures(q: Question, held: Sequence[int], live: Sequence[int], search: Layoffs) -> Figures:
    """Cards to shed; an out is a live card that lets one more card be laid off."""
    n = sum(held)
    keep = min(q.reserve, n)
    base = min(search.most(held), n - keep)
    needed = n - keep - base
    if needed == 0:
        return Figures(0, {})
    found: dict[int, int] = {}
    for c in range(NUM_KINDS):
        if live[c] and _may_reach(q.rules, q, c, n):
            more = list(held)
            more[c] += 1
            if search.most(more) > base:
                found[c] = live[c]
    return Figures(needed, found)


def _may_reach(r: Rules, q: Question, c: int, n: int) -> bool:
    """Whether card ``c`` could be laid off at all next to ``n`` held cards: an added card
    lowers cards needed only if it is laid off itself, so it must fit a table set, or lie
    within ``n`` places (the held cards that could bridge) beyond a table run's ends."""
    card = Card.from_id(c)
    if r.is_wild(card):
        return True
    for m in q.table:
        if not could_join(m, card):
            continue
        if m.kind == "set":
            if set_room(r, m) > 0 and card.suit in open_suits(r, m):
                return True
        else:
            assert m.low is not None and m.high is not None
            for p in positions_of(card.rank, r):
                if m.low - n - 1 <= p < m.low or m.high < p <= m.high + n + 1:
                    return True
    return False
