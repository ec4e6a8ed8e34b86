"""The card notation the API admits, as the regular expressions its OpenAPI document states.

The library's parser reads a little more (a variation selector anywhere, inner spaces);
the API refuses what these patterns refuse, so the document says exactly what is admitted.
The patterns use only syntax that ECMA-262 and Python read alike.
"""

from __future__ import annotations

import re

_RANK = "(?:[2-9AaTtJjQqKk]|10)"
_SUIT = "(?:[SsHhDdCc]|[♠♥♦♣♤♡♢♧]\ufe0f?)"
_JOKER = r"(?:[Jj][Kk]|[Jj][Oo][Kk][Ee][Rr]|\*)"
# Rummikub's tiles: a colour (K R O B, Y for O) then the number 1..13; J is the joker
_TILE = "(?:[KkRrOoBbYy](?:1[0-3]|0?[1-9])|[Jj])"
_TOKEN = f"(?:{_JOKER}|{_RANK}{_SUIT}|{_TILE})"
_SPACE = "[ \t\r\n]"
_SEPARATOR = "[ \t\r\n,]"

CARD_PATTERN = f"^{_SPACE}*{_TOKEN}{_SPACE}*$"
CARDS_STRING_PATTERN = f"^{_SEPARATOR}*(?:{_TOKEN}(?:{_SEPARATOR}+{_TOKEN})*)?{_SEPARATOR}*$"

CARD_NOTATION = (
    "A card is its rank then its suit: ranks `A 2 3 4 5 6 7 8 9 T J Q K` (`10` for `T`), "
    "suits `S H D C` (or `♠ ♥ ♦ ♣`, outlined `♤ ♡ ♢ ♧`); `JK`, `joker` or `*` is a joker. "
    "Rummikub's tile notation is read too: a colour then the number 1..13, black `K` "
    "(spades), red `R` (hearts), orange `O` or yellow `Y` (diamonds), blue `B` (clubs), "
    "and `J` for a joker (`R7` is `7H`, `B13` is `KC`). "
    "Case does not matter; answers always use the canonical upper-case card form (`TH`, `JK`)."
)

_CARD = re.compile(CARD_PATTERN)
_SEPARATORS = re.compile(f"{_SEPARATOR}+")


def is_card_token(token: str) -> bool:
    """Does ``token`` match the documented card pattern?

    >>> [is_card_token(t) for t in ("10h", "Q♥️", "joker", "1H", "A S")]
    [True, True, True, False, False]
    >>> [is_card_token(t) for t in ("R7", "b13", "J", "R14", "R 7", "G5")]
    [True, True, True, False, False, False]
    """
    return _CARD.fullmatch(token) is not None


def split_cards(text: str) -> list[str]:
    """The tokens of one string of cards, split where the documented pattern splits."""
    return [token for token in _SEPARATORS.split(text) if token]
