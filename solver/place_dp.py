"""An exact dynamic program for the goal ``place`` under Rummikub-shaped rules (after van
Rijn, Takes and Vis, "The complexity of Rummikub problems").

The numbers are taken in turn, 1 to 13. The state after a number holds, for each colour,
the lengths of the (at most two) runs in progress, capped at 3 (a run of 3 or more may end
or go on; a shorter one must go on), the jokers used so far and, before the opening, the
count laid so far capped at the opening's minimum. At each number every colour's copies
either extend a run, start one, go into that number's groups or stay on the rack; a joker
may stand in any run slot or group seat. The groups of a number are told apart only by how
many tiles they hold in all (they need distinct colours, 3 to 4 tiles each). Within a
number the colours are taken one at a time, so a step enumerates one colour's choices.
The loops are compiled (solver/_place_dp.pyx); this module builds the melds.

Two runs per colour suffice: only two copies of a tile exist, and a third run through
the same number would have to stand there on a joker. ``applies`` says when the program
models the rules exactly; elsewhere the goal uses the CP-SAT model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver._place_dp import search
from solver.cards import JOKER, JOKER_ID, Card
from solver.melds import Meld, make_run, make_set
from solver.rules import Ace, Rules

_TOP = 13  # numbers 1..13, low ace only
_SUITS = 4


def applies(rules: Rules, pool: Sequence[int]) -> bool:
    """Whether the program is exact for these rules and this pool of tiles: runs of 3+ from
    1 to 13, groups of 3-4 distinct colours, any meld at least one natural tile, no wild
    rank, at most two copies of a tile and two jokers."""
    return (
        rules.ace is Ace.LOW
        and not rules.wild_ranks
        and rules.run_min == 3
        and rules.set_min == 3
        and rules.set_limit == 4
        and rules.set_distinct_suits
        and rules.set_min_naturals <= 1
        and rules.run_min_naturals <= 1
        and (rules.max_wilds_per_meld is None or rules.max_wilds_per_meld >= 2)
        and not rules.contracts
        and max(pool[:JOKER_ID]) <= 2
        and pool[JOKER_ID] <= 2
    )


# one slot's moves from a length: (new length, naturals used, jokers used)
_SLOT = {
    0: ((0, 0, 0), (1, 1, 0), (1, 0, 1)),
    1: ((2, 1, 0), (2, 0, 1)),
    2: ((3, 1, 0), (3, 0, 1)),
    3: ((0, 0, 0), (3, 1, 0), (3, 0, 1)),
}


def _pair_moves() -> dict[int, list[tuple[int, int, int, tuple[tuple[int, int, int], ...]]]]:
    """For each pair of run lengths (x <= y, coded x*4+y): its distinct moves, each with the
    slot moves that make it (old length, new length, 0 natural / 1 joker / -1 nothing)."""
    out: dict[int, list[tuple[int, int, int, tuple[tuple[int, int, int], ...]]]] = {}
    for x in range(4):
        for y in range(x, 4):
            seen: dict[tuple[int, int, int], tuple[tuple[int, int, int], ...]] = {}
            for nx, ax, jx in _SLOT[x]:
                for ny, ay, jy in _SLOT[y]:
                    lo, hi = sorted((nx, ny))
                    key = (lo * 4 + hi, ax + ay, jx + jy)
                    kx = 1 if jx else (0 if ax else -1)
                    ky = 1 if jy else (0 if ay else -1)
                    seen.setdefault(key, ((x, nx, kx), (y, ny, ky)))
            out[x * 4 + y] = [(*k, v) for k, v in seen.items()]
    return out


_MOVES = _pair_moves()
_MOVE_LIST = [[m[:3] for m in _MOVES.get(p, [])] for p in range(16)]
# pairs (0,0), (0,3), (3,3): no run left short
_ENDED_LIST = [p in (0, 3, 15) for p in range(16)]


@dataclass(frozen=True)
class Found:
    """The program's answer: the melds laid (all of them, table's and rack's) and the
    objective reached; None melds when no play meets the opening."""

    melds: list[Meld] | None
    score: int


def best(
    pool: Sequence[int],
    low: Sequence[int],
    weights: Sequence[int],
    rules: Rules,
    opening_min: int | None,
) -> Found:
    """The melds of ``pool`` that use at least ``low`` of each tile and have the most
    ``weights`` in all; with ``opening_min``, worth at least that (``opening_value``)."""
    need = opening_min or 0
    worth = [rules.opening_value(n) if need else 0 for n in range(1, _TOP + 1)]
    found = search(list(pool), list(low), list(weights), worth, need, _MOVE_LIST, _ENDED_LIST)
    if found is None:
        return Found(None, 0)
    score, trail = found
    return Found(_melds(trail), score)


def _melds(trail: list[Any]) -> list[Meld]:
    """Lay the program's choices forward as melds: runs slot by slot, groups per number."""
    out: list[Meld] = []
    # open runs per suit: [length capped at 3, low, tiles]
    open_runs: list[list[_Run]] = [[] for _ in range(_SUITS)]
    at = 0
    for number in range(1, _TOP + 1):
        group_nat: list[Card] = []
        for suit in range(_SUITS):
            pair, move, g = trail[at]
            at += 1
            left = list(open_runs[suit])
            kept: list[_Run] = []
            for old_len, new_len, kind in _MOVES[pair][move][3]:
                run = None
                if old_len:
                    run = next(r for r in left if r.length == old_len)
                    left.remove(run)
                if kind == -1:  # no tile: the run (if any) ends here
                    if run is not None:
                        out.append(make_run(suit, run.low, run.tiles))
                    continue
                if run is None:
                    run = _Run(0, number, [])
                run.length = new_len
                run.tiles.append(JOKER if kind == 1 else Card(number, suit))
                kept.append(run)
            open_runs[suit] = kept
            group_nat.extend([Card(number, suit)] * g)
        out.extend(_groups(number, group_nat, trail[at]))
        at += 1
    out.extend(make_run(s, r.low, r.tiles) for s in range(_SUITS) for r in open_runs[s])
    return out


@dataclass
class _Run:
    length: int  # capped at 3
    low: int
    tiles: list[Card]


def _groups(number: int, naturals: list[Card], jokers: int) -> list[Meld]:
    """A split of a number's tiles into groups of 3-4 distinct colours:
    the copies dealt round the groups in turn, then the jokers to the smallest."""
    size = len(naturals) + jokers
    if not size:
        return []
    count = next(k for k in range(1, 4) if 3 * k <= size <= 4 * k and k >= _most(naturals))
    seats: list[list[Card]] = [[] for _ in range(count)]
    for i, card in enumerate(sorted(naturals, key=lambda c: c.suit)):
        seats[i % count].append(card)
    wild: list[list[Card]] = [[] for _ in range(count)]
    for _ in range(jokers):
        i = min(range(count), key=lambda i: len(seats[i]) + len(wild[i]))
        wild[i].append(JOKER)
    return [make_set(number, seats[i], wild[i]) for i in range(count)]


def _most(naturals: list[Card]) -> int:
    return max((naturals.count(c) for c in naturals), default=0)
