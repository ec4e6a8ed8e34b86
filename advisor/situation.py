"""What the player knows at one moment: the whole input of an advice or a solve."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from solver.cards import NUM_KINDS, Card, counts_of, pack_counts
from solver.rules import Rules


@dataclass(frozen=True)
class Situation:
    """``table``: melds on the table as sent (runs in rank order); ``down``: Liverpool gone
    down / Rummy 40 opened. ``discard_pile`` is bottom first (the last card is on top).
    ``opponent_hand_sizes``: the cards each other player holds, the next player first;
    empty when not known. ``taken_discard``: the discard taken this turn (one of
    ``hand``), which rules with ``take_discard_obliges_meld`` make lay down this turn."""

    rules: Rules
    hand: tuple[Card, ...]
    round: int | None = None
    table: tuple[tuple[Card, ...], ...] = ()
    discard_pile: tuple[Card, ...] = ()
    seen: tuple[Card, ...] = field(default=())
    down: bool = False
    opponent_hand_sizes: tuple[int, ...] = ()
    taken_discard: Card | None = None

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def visible(self) -> list[Card]:
        cards = [*self.hand, *self.discard_pile, *self.seen]
        for meld in self.table:
            cards.extend(meld)
        return cards

    def live_counts(self, extra_seen: Sequence[Card] = ()) -> list[int]:
        """Copies of every card id not visible to the player (never negative)."""
        pack = pack_counts(self.rules)
        seen = counts_of([*self.visible(), *extra_seen])
        return [max(0, pack[i] - seen[i]) for i in range(NUM_KINDS)]
