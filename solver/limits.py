"""The bounds of what a request may ask for, as data: input sizes and the parts of rule
values (each rule's own range is in its spec, solver/rules.py).

Read by the rules validation and by the API schema (openapi.yaml), so the documented bounds
are the enforced ones. They are chosen so that no accepted request can cost more than its
time budget: set and run shapes grow with the copies of each card (decks) and the wild
cards (jokers, wild ranks), and the model with the hand and table.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bound:
    """An inclusive integer range."""

    lo: int
    hi: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.lo <= value <= self.hi

    def __str__(self) -> str:
        return f"{self.lo}..{self.hi}"


# Measured: with three decks and six jokers a 30-card hand is solved or cut off within
# REQUEST_TIME_LIMIT + 0.5 s; a 3-deck pack holds at most 54 melds of three.
MAX_HAND_CARDS = 30
MAX_TABLE_MELDS = 60
MAX_CARD_LIST = 500  # discard pile and seen cards
MAX_BUYS_MADE = 100

CARD_VALUE = Bound(0, 1000)
ROUND_HAND_SIZE = Bound(1, MAX_HAND_CARDS)  # each entry of round_hand_sizes
ROUNDS_DEALT = Bound(0, 10)  # entries of round_hand_sizes, like the contracts
# A contract's melds of each kind, its melds in all, and the rounds of a contract list.
CONTRACT_MELDS = Bound(0, 4)
CONTRACT_TOTAL_MELDS = Bound(1, 4)
CONTRACT_ROUNDS = Bound(0, 10)
