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

Two runs per colour suffice: only two copies of a tile exist, and a third run through
the same number would have to stand there on a joker. ``applies`` says when the program
models the rules exactly; elsewhere the goal uses the CP-SAT model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.cards import JOKER, JOKER_ID, Card, card_id
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
Move = tuple[int, int, int, int, int, int]  # new pair, naturals, jokers, moves of slots x, y


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
_ENDED = {0, 3, 15}  # pairs (0,0), (0,3), (3,3): no run left short


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
    jokers = pool[JOKER_ID]
    # a state: 4 pair codes (4 bits each), jokers used (bits 16-17), count laid (bits 18-27)
    layer: dict[int, tuple[int, int, object]] = {0: (0, -1, None)}
    history: list[dict[int, tuple[int, int, object]]] = []
    for number in range(1, _TOP + 1):
        worth = rules.opening_value(number) if need else 0
        # sub-states within the number: state, plus group naturals N (bits 28-31) and
        # "a colour gives two" (bit 32)
        sub = layer
        for suit in range(_SUITS):
            cid = card_id(number, suit)
            have, must, w = pool[cid], low[cid], weights[cid]
            shift = suit * 4
            nxt: dict[int, tuple[int, int, object]] = {}
            for key, (score, _, _) in sub.items():
                pair = (key >> shift) & 15
                used_j = (key >> 16) & 3
                groups = (key >> 28) & 15
                two = (key >> 32) & 1
                base = key & ~(15 << shift) & ~(3 << 16) & ~(15 << 28) & ~(1 << 32)
                for new_pair, nat, jok, slots in _MOVES[pair]:
                    if nat > have or used_j + jok > jokers:
                        continue
                    for g in range(max(0, must - nat), have - nat + 1):
                        s = score + w * (nat + g)
                        k = (
                            base
                            | (new_pair << shift)
                            | ((used_j + jok) << 16)
                            | ((groups + g) << 28)
                            | ((two | (g == 2)) << 32)
                        )
                        if need:
                            got = min(need, (key >> 18 & 1023) + worth * (nat + jok + g))
                            k = (k & ~(1023 << 18)) | (got << 18)
                        old = nxt.get(k)
                        if old is None or old[0] < s:
                            nxt[k] = (s, key, (slots, g))
            history.append(nxt)
            sub = nxt
        # close the number's groups: choose the jokers that sit in them
        layer = {}
        for key, (score, _, _) in sub.items():
            used_j = (key >> 16) & 3
            n = (key >> 28) & 15
            two = (key >> 32) & 1
            base = key & ~(15 << 28) & ~(1 << 32) & ~(3 << 16)
            for jg in range(jokers - used_j + 1):
                size = n + jg
                if size and not any(
                    3 * k <= size <= 4 * k for k in range(max(1, 2 if two else 1), 4)
                ):
                    continue
                k = base | ((used_j + jg) << 16)
                if need:
                    got = min(need, (key >> 18 & 1023) + worth * jg)
                    k = (k & ~(1023 << 18)) | (got << 18)
                old = layer.get(k)
                if old is None or old[0] < score:
                    layer[k] = (score, key, jg)
        history.append(layer)
    top: tuple[int, int] | None = None
    for key, (score, _, _) in layer.items():
        pairs_ok = all(((key >> (4 * s)) & 15) in _ENDED for s in range(_SUITS))
        used_j = (key >> 16) & 3
        if not pairs_ok or used_j < low[JOKER_ID] or (key >> 18 & 1023) < need:
            continue
        total = score + weights[JOKER_ID] * used_j
        if top is None or total > top[0]:
            top = (total, key)
    if top is None:
        return Found(None, 0)
    return Found(_melds(history, top[1]), top[0])


def _melds(history: list[dict[int, tuple[int, int, object]]], key: int) -> list[Meld]:
    """Walk the choices back from the final state, then lay them forward as melds."""
    steps: list[object] = []
    for layer in reversed(history):
        _, parent, choice = layer[key]
        steps.append(choice)
        key = parent
    steps.reverse()
    out: list[Meld] = []
    # open runs per suit: [length capped at 3, low, slots]
    open_runs: list[list[list[object]]] = [[] for _ in range(_SUITS)]
    at = 0
    for number in range(1, _TOP + 1):
        group_nat: list[Card] = []
        for suit in range(_SUITS):
            slots, g = steps[at]  # type: ignore[misc]
            at += 1
            runs = open_runs[suit]
            kept: list[list[object]] = []
            pool_runs = list(runs)
            for old_len, new_len, kind in slots:
                run = None
                if old_len:
                    run = next(r for r in pool_runs if r[0] == old_len)
                    pool_runs.remove(run)
                if kind == -1:  # no tile: the run (if any) ends here
                    if run is not None:
                        out.append(make_run(suit, run[1], run[2]))  # type: ignore[arg-type]
                    continue
                tile = JOKER if kind == 1 else Card(number, suit)
                if run is None:
                    run = [0, number, []]
                run[0] = new_len
                run[2].append(tile)  # type: ignore[union-attr]
                kept.append(run)
            open_runs[suit] = kept
            group_nat.extend([Card(number, suit)] * g)
        jg = steps[at]
        at += 1
        out.extend(_groups(number, group_nat, jg))  # type: ignore[arg-type]
    for suit in range(_SUITS):
        for run in open_runs[suit]:
            out.append(make_run(suit, run[1], run[2]))  # type: ignore[arg-type]
    return out


def _groups(number: int, naturals: list[Card], jokers: int) -> list[Meld]:
    """The fewest... any split of a number's tiles into groups of 3-4 distinct colours:
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
