"""Cards as small frozen values, with lenient parsing and one canonical notation.

Every card's canonical string reads back as that card:

>>> all(parse_card(str(card)) == card for card in (*ALL_CARDS, JOKER))
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solver.errors import CardParseError, TooManyCopiesError

if TYPE_CHECKING:
    from solver.rules import Rules

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER_RANK = 0
NUM_KINDS = 53  # 52 natural cards and the joker, as dense ids
JOKER_ID = 52

_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_TOKEN_SPLIT = re.compile(r"[\s,]+")


@dataclass(frozen=True, slots=True)
class Card:
    """One card: ``rank`` 1..13 (A..K) and ``suit`` 0..3 (S H D C); a joker is rank 0, suit -1.

    >>> ten = Card(10, 1)
    >>> ten, str(ten), ten.id, Card.from_id(ten.id) == ten
    (Card(TH), 'TH', 22, True)
    >>> sort_cards([JOKER, Card(13, 2), ten, Card(10, 0)])
    [Card(TS), Card(TH), Card(KD), Card(JK)]
    """

    rank: int
    suit: int

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def id(self) -> int:
        """Dense id 0..52, used to index count vectors."""
        return JOKER_ID if self.is_joker else card_id(self.rank, self.suit)

    @property
    def sort_key(self) -> tuple[int, int]:
        """Canonical order: by rank A..K, then suit S H D C; jokers last."""
        return (99, 99) if self.is_joker else (self.rank, self.suit)

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        if self.is_joker:
            return "JK"
        return RANKS[self.rank - 1] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self})"

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        return JOKER if card_id == JOKER_ID else ALL_CARDS[card_id]


JOKER = Card(JOKER_RANK, -1)
ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in range(4) for r in range(1, 14))
# the canonical tokens and their lower case, read without the lenient parse
_BY_TOKEN: dict[str, Card] = {
    form: card for card in (*ALL_CARDS, JOKER) for form in (str(card), str(card).lower())
}


def card_id(position: int, suit: int) -> int:
    """Dense id of the natural card at rank position ``position`` (1..14, 14 the high ace:
    the ace again) of ``suit``: the suits' 13 ranks in turn, A..K.

    >>> card_id(1, 0), card_id(13, 0), card_id(14, 1), card_id(2, 3)
    (0, 12, 13, 40)
    """
    return suit * 13 + (position - 1) % 13


def rank_at(position: int) -> int:
    """The rank (1..13) at a rank position (1..14, 14 the high ace)."""
    return (position - 1) % 13 + 1


def rank_of(natural_id: int) -> int:
    """The rank (1..13) of a natural card's id."""
    return natural_id % 13 + 1


def suit_of(natural_id: int) -> int:
    """The suit (0..3) of a natural card's id."""
    return natural_id // 13


def rank_ids(rank: int) -> range:
    """The ids of ``rank``'s natural cards, one per suit in suit order."""
    return range(rank - 1, JOKER_ID, 13)


def rank_symbol(position: int) -> str:
    """Rank symbol of a rank position (1..14; 14 is the high ace)."""
    return RANKS[rank_at(position) - 1]


def parse_rank(text: str) -> int:
    """A rank symbol (``A``..``K``, ``10``, lower case) to 1..13; ValueError if unknown."""
    t = text.strip().upper()
    if t == "10":
        return 10
    if len(t) == 1 and t in RANKS:
        return RANKS.index(t) + 1
    raise ValueError(f"unknown rank {text!r}")


def parse_card(token: str, index: int | None = None) -> Card:
    """Parse one card token leniently: ``AS``, ``th``, ``10h``, ``Q♥``, ``JK``, ``*``, ``joker``.

    >>> [str(parse_card(t)) for t in ("AS", "th", "10h", "Q♥", "Q♥️", " 7c ", "*", "Joker")]
    ['AS', 'TH', 'TH', 'QH', 'QH', '7C', 'JK', 'JK']
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    solver.errors.CardParseError: unknown card '1H'
    """
    if not isinstance(token, str):
        raise CardParseError(repr(token), index)
    known = _BY_TOKEN.get(token)
    if known is not None:
        return known
    t = token.strip()
    for symbol, letter in _SUIT_SYMBOLS.items():
        t = t.replace(symbol, letter)
    t = t.replace("\ufe0f", "").upper()
    if t in ("JK", "*", "JOKER"):
        return JOKER
    if len(t) < 2 or t[-1] not in SUITS:
        raise CardParseError(token, index)
    try:
        rank = parse_rank(t[:-1])
    except ValueError:
        raise CardParseError(token, index) from None
    return ALL_CARDS[card_id(rank, SUITS.index(t[-1]))]


def parse_cards(value: str | Sequence[str]) -> list[Card]:
    """Parse a list of tokens, or one string of tokens separated by spaces or commas.

    >>> parse_cards("AS, 2s 10S")
    [Card(AS), Card(2S), Card(TS)]
    >>> parse_cards(["AS", "ZZ"])
    Traceback (most recent call last):
    ...
    solver.errors.CardParseError: unknown card 'ZZ' at index 1
    """
    tokens = [t for t in _TOKEN_SPLIT.split(value) if t] if isinstance(value, str) else value
    return [parse_card(tok, i) for i, tok in enumerate(tokens)]


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: c.sort_key)


def check_pack(cards: Sequence[Card], rules: Rules) -> None:
    """Raise TooManyCopiesError when ``cards`` hold more copies of a card than the pack has.

    The index reported is that of the first copy over the limit.
    """
    pack = pack_counts(rules)
    seen = [0] * NUM_KINDS
    for i, card in enumerate(cards):
        cid = card.id
        seen[cid] += 1
        allowed = pack[cid]
        if seen[cid] > allowed:
            total = sum(1 for c in cards if c == card)
            raise TooManyCopiesError(str(card), total, allowed, index=i)


def pack_counts(rules: Rules) -> list[int]:
    """Copies of every card id in the whole pack."""
    return [rules.decks] * 52 + [rules.jokers]


def counts_of(cards: Iterable[Card]) -> list[int]:
    counts = [0] * NUM_KINDS
    for c in cards:
        counts[c.id] += 1
    return counts
