"""Cards as small frozen values, with lenient parsing and one canonical notation.

Every card's canonical string reads back as that card:

>>> all(parse_card(str(card)) == card for card in (*ALL_CARDS, JOKER))
True

Rummikub's tiles are the same values under a second notation (docs/rules.md, section 1):
a colour letter then the number, ``R7``, ``B13``, and ``J`` for a joker. The colours stand
for the suits: black ``K`` for spades, red ``R`` for hearts, orange ``O`` (or yellow ``Y``)
for diamonds, blue ``B`` for clubs; the number is the rank (1 the ace, 13 the king). Every
tile's canonical string reads back as that tile, in either notation's parser:

>>> all(parse_tile(tile_str(c)) == c == parse_card(tile_str(c)) for c in (*ALL_CARDS, JOKER))
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
# the tile colours, by suit (S H D C), canonical first; yellow is orange's other name
TILE_COLOURS = "KROB"
_COLOUR_SUIT = {**{c: i for i, c in enumerate(TILE_COLOURS)}, "Y": 2}
_TILE = re.compile(r"([KROBY])\s*(1[0-3]|0?[1-9])")


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
    """Parse one card token leniently: ``AS``, ``th``, ``10h``, ``Q♥``, ``JK``, ``*``, ``joker``;
    a tile token (``R7``, ``J``: :func:`parse_tile`) too, the two notations never overlap.

    >>> [str(parse_card(t)) for t in ("AS", "th", "10h", "Q♥", "Q♥️", " 7c ", "*", "Joker")]
    ['AS', 'TH', 'TH', 'QH', 'QH', '7C', 'JK', 'JK']
    >>> [str(parse_card(t)) for t in ("R7", "B13", "J")]
    ['7H', 'KC', 'JK']
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
    if is_tile_token(token):
        return parse_tile(token, index)
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


def tile_str(card: Card) -> str:
    """A card's canonical tile string: colour letter then number; ``J`` for a joker.

    >>> [tile_str(c) for c in parse_cards("7H TC KS AD JK")]
    ['R7', 'B10', 'K13', 'O1', 'J']
    """
    if card.is_joker:
        return "J"
    return f"{TILE_COLOURS[card.suit]}{card.rank}"


def parse_tile(token: str, index: int | None = None) -> Card:
    """Parse one tile token leniently: ``R7``, ``b13``, ``y 5``, ``O01``, ``J``, ``JK``,
    ``*``, ``joker``.

    >>> [str(parse_tile(t)) for t in ("R7", "b13", " y5 ", "O01", "k1", "J", "joker")]
    ['7H', 'KC', '5D', 'AD', 'AS', 'JK', 'JK']
    >>> parse_tile("R14")
    Traceback (most recent call last):
    ...
    solver.errors.CardParseError: unknown card 'R14'
    """
    if not isinstance(token, str):
        raise CardParseError(repr(token), index)
    t = token.strip().upper()
    if t in ("J", "JK", "*", "JOKER"):
        return JOKER
    match = _TILE.fullmatch(t)
    if match is None:
        raise CardParseError(token, index)
    return ALL_CARDS[card_id(int(match[2]), _COLOUR_SUIT[match[1]])]


def is_tile_token(token: str) -> bool:
    """A token of the tile notation (a colour then a number, or ``J``), not of the cards'."""
    t = token.strip().upper()
    return t == "J" or _TILE.fullmatch(t) is not None


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
