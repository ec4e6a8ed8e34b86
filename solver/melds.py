"""The meld value type: a set or a run as read, with what each wild card stands for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from solver.cards import Card, card_id, rank_at

MeldKind = Literal["set", "run"]
MELD_KINDS: tuple[MeldKind, ...] = get_args(MeldKind)


def rummy40_value(position: int) -> int:
    """Rummy 40's count of a rank position: A 11, faces 10, pips their value."""
    rank = rank_at(position)
    if rank == 1:
        return 11
    return 10 if rank >= 10 else rank


@dataclass(frozen=True)
class Meld:
    """A legal meld, read.

    ``cards``: runs low to high, so a wild's place tells its rank; sets: natural
    cards in canonical order, then wilds. ``stands_for`` gives, per card, the card
    it plays as (itself for a natural card). ``low``/``high`` are rank positions
    (1..14, 14 the high ace).
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    stands_for: tuple[Card, ...]
    rank: int | None = None
    suit: int | None = None
    low: int | None = None
    high: int | None = None

    @property
    def points(self) -> int:
        if self.kind == "set":
            assert self.rank is not None
            return rummy40_value(self.rank) * len(self.cards)
        assert self.low is not None and self.high is not None
        return sum(rummy40_value(p) for p in range(self.low, self.high + 1))

    @property
    def wild_count(self) -> int:
        return sum(1 for c, s in zip(self.cards, self.stands_for, strict=True) if c != s)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        """Canonical order of melds in an answer: sets by rank, then runs by suit and low."""
        if self.kind == "set":
            head: tuple[int, ...] = (0, self.rank or 0, 0)
        else:
            head = (1, self.suit or 0, self.low or 0)
        return (*head, len(self.cards), tuple(c.sort_key for c in self.cards))


def make_set(rank: int, naturals: Sequence[Card], wilds: Sequence[Card]) -> Meld:
    """A set of ``rank`` from its natural cards and wild cards; wilds take the missing suits.

    >>> from solver.cards import JOKER, parse_cards
    >>> seven = make_set(7, parse_cards("7D 7S"), [JOKER])
    >>> [str(c) for c in seven.cards], [str(c) for c in seven.stands_for], seven.points
    (['7S', '7D', 'JK'], ['7S', '7D', '7H'], 21)
    """
    nat = sorted(naturals, key=lambda c: c.sort_key)
    have = {c.suit for c in nat}
    free = [s for s in range(4) if s not in have]
    stands = [*nat]
    for i, _ in enumerate(wilds):
        stands.append(Card(rank, free[i % len(free)] if free else i % 4))
    return Meld("set", (*nat, *wilds), tuple(stands), rank=rank)


def make_run(suit: int, low: int, slots: Sequence[Card]) -> Meld:
    """A run of ``suit`` from ``low``: ``slots[i]`` plays as position ``low + i``.

    >>> from solver.cards import parse_cards
    >>> run = make_run(1, 12, parse_cards("QH JK AH"))
    >>> [str(c) for c in run.stands_for], run.high, run.wild_count, run.points
    (['QH', 'KH', 'AH'], 14, 1, 31)
    """
    stands = tuple(Card.from_id(card_id(low + i, suit)) for i in range(len(slots)))
    return Meld("run", tuple(slots), stands, suit=suit, low=low, high=low + len(slots) - 1)
