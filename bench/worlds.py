"""How strong is the opponent of the hidden worlds? (not a test). Hands of the EAAI
baseline's policy against itself (take the top discard when it melds, throw the least
deadwood, knock as soon as allowed; the play-outs' policy), dealt from ``--seed``; at
each of seat 0's turns, the opponent's real least deadwood against the mean least
deadwood of the next player in ``--worlds`` worlds sampled from seat 0's view
(``advisor/outlook/montecarlo.py``), per rule of ``strength`` (uniform hands drawn per
world, the least deadwood kept), by the pile's size. docs/sim.md, twentieth step.

    .venv/bin/python bench/worlds.py [--hands 300] [--seed 76] [--worlds 16]

``--refused``: the worlds with and without the cards the opponent refused (the pile's
top ``REFUSED``, none of which may make a meld with two of its cards): the mean least
deadwood, and how well the worlds tell which of seat 0's cards would make the opponent
a meld (the Brier score of the share of worlds in which it would, against the real
hand; lower is better). docs/sim.md, twenty-second step.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from advisor.outlook.masks import MeldMasks, mask_of
from advisor.outlook.montecarlo import REFUSED, sample_worlds, strength
from advisor.outlook.playout import World
from solver.cards import NUM_KINDS, pack_counts
from solver.rules import make_rules

STRENGTHS: dict[str, Callable[[int], int]] = {
    "uniform (1)": lambda pile: 1,
    "pile // 2": lambda pile: max(1, pile // 2),
    "pile": lambda pile: max(1, pile),
    "2 pile - 2": lambda pile: max(1, 2 * pile - 2),
    "main": strength,
}
BUCKETS = ((1, 1), (2, 2), (3, 4), (5, 8), (9, 12), (13, 16), (17, 52))


def melds(masks: MeldMasks, hand: int, card: int) -> bool:
    """``card`` is not deadwood in a least-deadwood partition of ``hand``."""
    return masks.least(hand & ~(1 << card)) + masks.value[card] != masks.least(hand)


def feeds(masks: MeldMasks, hand: int, card: int) -> bool:
    """``card`` makes a meld with two cards of ``hand``."""
    return any(hand & pair == pair for pair in masks.partners[card])


@dataclass(frozen=True)
class Deal:
    """Seat 0's view at one decision: what ``sample_worlds`` deals the worlds from."""

    masks: MeldMasks
    live: list[int]
    taken: list[int]
    size: int
    pile: int
    count: int
    seed: int

    def worlds(self, rule: Callable[[int], int], refused: list[int]) -> list[World]:
        return sample_worlds(
            self.masks,
            self.live,
            self.taken,
            self.size,
            self.pile,
            self.count,
            self.seed,
            rule,
            refused=refused,
        )


def brier(masks: MeldMasks, mine: int, theirs: int, found: list[World]) -> float:
    """The mean squared error of the worlds' share in which each card of ``mine`` would
    make the opponent a meld, against whether it makes one in ``theirs``."""
    cards = [c for c in range(NUM_KINDS) if mine >> c & 1]
    errors = []
    for c in cards:
        share = statistics.mean(feeds(masks, w.their_hand, c) for w in found)
        errors.append((share - feeds(masks, theirs, c)) ** 2)
    return statistics.mean(errors)


def measure(
    hands: int, seed: str, worlds: int, refused: bool = False
) -> list[tuple[int, int, dict[str, float]]]:
    """Per decision of seat 0: the pile's size, the opponent's real least deadwood and
    the worlds' mean, per rule of ``strength`` (with ``refused``: the mean and the Brier
    score, with the pile's top cards refused and without)."""
    rules = make_rules("gin")
    masks = MeldMasks.of(rules)
    assert masks is not None and rules.knock_max is not None
    size = rules.hand_size
    pack = [c for c, n in enumerate(pack_counts(rules)) if n]  # one copy each (masks)
    rows = []
    for g in range(hands):
        rng = random.Random(f"{seed}-{g}")
        deck = list(pack)
        rng.shuffle(deck)
        held = [mask_of(deck[:size]), mask_of(deck[size : 2 * size])]
        pile, stock = [deck[2 * size]], deck[2 * size + 1 :]
        taken: set[int] = set()  # seat 1's cards from the pile, still held
        seat = 0
        while stock:  # a stock run out ends the hand, as in the play-outs
            if seat == 0:
                seen = held[0] | mask_of(pile)
                live = [0 if seen >> c & 1 else 1 for c in range(NUM_KINDS)]
                means = {}
                deal = Deal(
                    masks, live, sorted(taken), size, len(pile), worlds, g * 1000 + len(pile)
                )
                if refused:
                    for name, cards in (("main", []), (f"top {REFUSED}", pile[-REFUSED:])):
                        found = deal.worlds(strength, cards)
                        means[name] = statistics.mean(masks.least(w.their_hand) for w in found)
                        means[f"{name} brier"] = brier(masks, held[0], held[1], found)
                else:
                    for name, rule in STRENGTHS.items():
                        found = deal.worlds(rule, [])
                        means[name] = statistics.mean(masks.least(w.their_hand) for w in found)
                rows.append((len(pile), masks.least(held[1]), means))
            top = pile[-1]
            if melds(masks, held[seat] | 1 << top, top):
                pile.pop()
                hand, keep = held[seat] | 1 << top, 1 << top
                if seat == 1:
                    taken.add(top)
            else:
                hand, keep = held[seat] | 1 << stock.pop(0), 0
            dead, thrown = masks.least_after_discard(hand, keep)
            held[seat] = hand & ~(1 << thrown)
            taken.discard(thrown)
            if dead <= rules.knock_max:
                break
            pile.append(thrown)
            seat = 1 - seat
    return rows


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=300)
    p.add_argument("--seed", default="76")
    p.add_argument("--worlds", type=int, default=16)
    p.add_argument("--refused", action="store_true")
    args = p.parse_args()
    rows = measure(args.hands, args.seed, args.worlds, args.refused)
    names = list(rows[0][2]) if rows else []
    print(
        f"# {args.hands} hands of the baseline against itself, seed {args.seed}, "
        f"{args.worlds} worlds a decision: the opponent's least deadwood, mean"
    )
    print(f"{'pile':>7} {'decisions':>9} {'real':>6} " + " ".join(f"{n:>12}" for n in names))
    for low, high in BUCKETS:
        sel = [r for r in rows if low <= r[0] <= high]
        if not sel:
            continue
        real = statistics.mean(r[1] for r in sel)
        means = " ".join(f"{statistics.mean(r[2][n] for r in sel):12.3f}" for n in names)
        print(f"{low:>3}-{high:<3} {len(sel):>9} {real:6.1f} {means}")


if __name__ == "__main__":
    main()
