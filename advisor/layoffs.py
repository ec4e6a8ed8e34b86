"""Laying cards off onto melds on the table: which fit, and the most that can go.

The search tries groups of up to two cards per meld, so a wild can bridge to a
natural card beyond it (``9H`` then a wild then ``JH``), which one card at a time
would miss.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from solver.cards import Card, sort_cards
from solver.legality import extend_meld
from solver.melds import Meld
from solver.rules import Rules
from solver.shapes import could_join
from solver.turn import Layoff

_MAX_NODES = 4000  # the search is tiny in play; this only guards pathological input


@dataclass(frozen=True)
class LayoffPlan:
    """``layoffs`` in play order; ``melds`` the melds as they end up (in the order given);
    ``left`` in hand."""

    layoffs: tuple[Layoff, ...]
    melds: tuple[Meld, ...]
    left: tuple[Card, ...]


def playable(card: Card, melds: Sequence[Meld], rules: Rules) -> bool:
    """The card could be laid off onto one of ``melds`` now."""
    return any(extend_meld(m, [card], rules) is not None for m in melds)


def best_layoffs(
    cards: Sequence[Card],
    melds: Sequence[Meld],
    rules: Rules,
    *,
    keep: int = 0,
    onto: Sequence[int] | None = None,
) -> LayoffPlan:
    """Lay off the most cards (then the most points) onto ``melds``, keeping at least
    ``keep`` cards in hand. ``onto``: the turn's index of each meld (default: its place)."""
    index = list(range(len(melds))) if onto is None else list(onto)
    start = tuple(sort_cards(cards))
    best: list[tuple[tuple[int, int], LayoffPlan]] = []
    seen: set[tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]] = set()
    nodes = 0
    grown_of: dict[tuple[Meld, tuple[Card, ...]], Meld | None] = {}

    def grow(meld: Meld, group: tuple[Card, ...]) -> Meld | None:
        if not _may_fit(meld, group, rules):
            return None
        key = (meld, group)
        if key not in grown_of:
            grown_of[key] = extend_meld(meld, list(group), rules)
        return grown_of[key]

    def visit(left: tuple[Card, ...], state: tuple[Meld, ...], done: tuple[Layoff, ...]) -> None:
        nonlocal nodes
        key = (left, tuple(m.cards for m in state))
        if key in seen or nodes > _MAX_NODES:
            return
        seen.add(key)
        nodes += 1
        score = (len(done), sum(rules.value(lo.card) for lo in done))
        if not best or score > best[0][0]:
            best[:] = [(score, LayoffPlan(done, state, left))]
        if len(left) <= keep:
            return
        room = len(left) - keep
        for i, meld in enumerate(state):
            for size in (1, 2):
                if size > room:
                    break
                for group in dict.fromkeys(combinations(left, size)):
                    grown = grow(meld, group)
                    if grown is None:
                        continue
                    rest = list(left)
                    for c in group:
                        rest.remove(c)
                    new_state = (*state[:i], grown, *state[i + 1 :])
                    visit(tuple(rest), new_state, (*done, *(Layoff(c, index[i]) for c in group)))

    visit(start, tuple(melds), ())
    return best[0][1]


def _may_fit(meld: Meld, group: Sequence[Card], rules: Rules) -> bool:
    """A natural card joins a set of its rank or a run of its suit only (a quick
    necessary condition before the full legality check)."""
    return all(rules.is_wild(c) or could_join(meld, c) for c in group)
