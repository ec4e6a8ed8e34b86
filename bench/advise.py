"""Advisor benchmark (not a test): a full advise() per situation, as a library call.

A fixed, seeded corpus of mid-game situations per variant (table melds and discard
piles; Liverpool rounds 1-6 down and not down, Rummy 40 opened and not, Israeli
15-card hands, gin 11-card hands). Prints median and p95 of the discard, draw and buy
phases per variant (buy where the rules have contracts), where the time goes, and the
ratio to the figures saved in ``--compare`` (the old engine's, measured on main before
it was replaced). Targets: median <= 20 ms, p95 <= 100 ms; must reach 50 / 250 ms.

    .venv/bin/python bench/advise.py [--per-variant 6] [--seed 7] [--profile]
        [--compare bench/results/advise-old.txt] [--code DIR] [--phases discard,draw,buy]
        [--effort fast|standard|deep]

``--code DIR``: import the advisor from another checkout (to measure an older engine
with this corpus; it is called with the ``time_limit`` of its time).
"""

from __future__ import annotations

import argparse
import cProfile
import inspect
import pstats
import random
import statistics
import sys
import time
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

_code = sys.argv[sys.argv.index("--code") + 1] if "--code" in sys.argv else None
sys.path.insert(0, _code or str(Path(__file__).resolve().parent.parent))

from advisor.advise import advise  # noqa: E402
from advisor.situation import Situation  # noqa: E402
from solver.cards import ALL_CARDS, JOKER, Card  # noqa: E402
from solver.rules import Rules, make_rules  # noqa: E402

TIME_LIMIT = 2.0
DEFAULT_COMPARE = Path(__file__).resolve().parent / "results" / "advise-old.txt"


@dataclass(frozen=True)
class Case:
    name: str
    situation: Situation


def _pack(rules: Rules, rng: random.Random) -> list[Card]:
    pack = [c for c in ALL_CARDS for _ in range(rules.decks)] + [JOKER] * rules.jokers
    rng.shuffle(pack)
    return pack


def _take(pack: list[Card], card: Card) -> bool:
    if card in pack:
        pack.remove(card)
        return True
    return False


def _table_meld(pack: list[Card], rules: Rules, rng: random.Random) -> tuple[Card, ...] | None:
    """A natural set or run drawn from the pack (table melds as players lay them)."""
    for _ in range(20):
        if rng.random() < 0.5:
            rank = rng.randint(3, 13)
            suits = rng.sample(range(4), 3)
            cards = [Card(rank, s) for s in suits]
        else:
            suit = rng.randrange(4)
            low = rng.randint(3, 13 - rules.run_min + 1)
            cards = [Card(r, suit) for r in range(low, low + rules.run_min)]
        if all(cards.count(c) <= pack.count(c) for c in cards):
            for c in cards:
                _take(pack, c)
            return tuple(cards)
    return None


def _situation(
    rules: Rules,
    rng: random.Random,
    hand_size: int,
    melds: int,
    pile: int,
    round_: int | None = None,
    down: bool = False,
    structured: bool = False,
) -> Situation:
    pack = _pack(rules, rng)
    table = [m for _ in range(melds) if (m := _table_meld(pack, rules, rng)) is not None]
    hand = _hand(pack, rng, hand_size, structured)
    discard_pile = [pack.pop() for _ in range(pile)]
    return Situation(
        rules=rules,
        hand=tuple(hand),
        round=round_,
        table=tuple(table),
        discard_pile=tuple(discard_pile),
        down=down,
        **_others(hand_size - 1),
    )


def _others(cards: int) -> dict[str, Any]:
    """One other player holding ``cards`` (as many as this one before its draw), as a
    client sends it; a checkout whose situation has no such field measures without."""
    names = {f.name for f in fields(Situation)}
    return {"opponent_hand_sizes": (cards,)} if "opponent_hand_sizes" in names else {}


def _hand(pack: list[Card], rng: random.Random, size: int, structured: bool) -> list[Card]:
    """A dealt hand, or (``structured``) one several turns in: cards kept because they
    go with another (same rank, or same suit a step or two apart), plus two strays."""
    if not structured:
        return [pack.pop() for _ in range(size)]
    hand: list[Card] = []
    while len(hand) < size - 2:
        seed = pack.pop()
        hand.append(seed)
        for _ in range(rng.randint(1, 2)):
            if len(hand) >= size - 2 or seed.is_joker:
                break
            if rng.random() < 0.5:
                mates = [c for c in pack if c.rank == seed.rank and c.suit != seed.suit]
            else:
                mates = [
                    c for c in pack if c.suit == seed.suit and 0 < abs(c.rank - seed.rank) <= 2
                ]
            if mates:
                mate = rng.choice(mates)
                pack.remove(mate)
                hand.append(mate)
    while len(hand) < size:
        hand.append(pack.pop())
    return hand


def corpus(per_variant: int, seed: int) -> dict[str, list[Case]]:
    rng = random.Random(seed)
    out: dict[str, list[Case]] = {v: [] for v in ("liverpool", "rummy40", "israeli", "gin")}
    lp = make_rules("liverpool")
    for i in range(per_variant):
        round_ = i % len(lp.contracts) + 1
        size = 12 if lp.contracts[round_ - 1].all_cards else 11
        mid = i % 2 == 0
        s = _situation(lp, rng, size, rng.randint(0, 3), rng.randint(3, 10), round_, False, mid)
        out["liverpool"].append(Case(f"liverpool r{round_} not down{_kind(mid)}", s))
        s = _situation(lp, rng, rng.randint(2, 5), rng.randint(3, 6), 8, round_, down=True)
        out["liverpool"].append(Case(f"liverpool r{round_} down", s))
    r40 = make_rules("rummy40")
    for i in range(per_variant):
        mid = i % 2 == 0
        s = _situation(r40, rng, 14, rng.randint(0, 4), rng.randint(3, 12), structured=mid)
        out["rummy40"].append(Case(f"rummy40 not opened{_kind(mid)}", s))
        s = _situation(r40, rng, rng.randint(5, 9), rng.randint(3, 6), 10, down=True)
        out["rummy40"].append(Case("rummy40 opened", s))
    isr = make_rules("israeli")
    for i in range(per_variant * 2):
        mid = i % 2 == 0
        s = _situation(isr, rng, 15, 0, rng.randint(3, 12), structured=mid)
        out["israeli"].append(Case(f"israeli 15 cards{_kind(mid)}", s))
    gin = make_rules("gin")
    for i in range(per_variant * 2):
        mid = i % 2 == 0
        s = _situation(gin, rng, 11, 0, rng.randint(2, 10), structured=mid)
        out["gin"].append(Case(f"gin 11 cards{_kind(mid)}", s))
    return out


def _kind(structured: bool) -> str:
    return " (mid-game)" if structured else " (dealt)"


def _draw_phase(sit: Situation) -> Situation:
    """The same player one turn earlier: the hand before drawing, facing the pile."""
    return Situation(
        rules=sit.rules,
        hand=sit.hand[:-1],
        round=sit.round,
        table=sit.table,
        discard_pile=sit.discard_pile,
        down=sit.down,
        **_others(len(sit.hand) - 1),
    )


def median_p95(times: list[float]) -> tuple[float, float]:
    """Median and p95 in ms of times in seconds."""
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return statistics.median(ms), p95


def _caller(effort: str | None) -> Any:
    """advise() as this checkout takes it: a request budget, or (older code) a per-solve
    time limit; ``effort`` where it takes one (None: its default)."""
    params = inspect.signature(advise).parameters
    if "time_limit" in params:
        return lambda sit, phase: advise(sit, phase, time_limit=TIME_LIMIT)
    from solver.budget import Budget

    extra = {"effort": effort} if effort is not None and "effort" in params else {}
    return lambda sit, phase: advise(sit, phase, budget=Budget.of(4 * TIME_LIMIT), **extra)


def _saved(path: Path) -> dict[tuple[str, str], tuple[float, float]]:
    """(variant, phase) -> (median, p95) from a saved run of this script."""
    out: dict[tuple[str, str], tuple[float, float]] = {}
    if not path.exists():
        return out
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) >= 5 and parts[1] in ("discard", "draw", "buy") and parts[2].isdigit():
            try:
                out[(parts[0], parts[1])] = (float(parts[3]), float(parts[4]))
            except ValueError:
                continue
    return out


def _situation_for(case: Case, phase: str) -> Situation:
    return case.situation if phase == "discard" else _draw_phase(case.situation)


def _track_work() -> list[int]:
    """The most states one engine sweep expands, against its guard (``WORK_LIMIT``):
    how far the corpus's hands are from ever being cut short. Older checkouts have no
    counter; then nothing is tracked."""
    most = [0]
    try:
        from advisor.engine import sweep
    except ImportError:
        return most
    if not hasattr(sweep, "WORK_LIMIT"):
        return most

    def tracked(run: Any) -> Any:
        def call(self: Any, bound: int) -> Any:
            found = run(self, bound)
            most[0] = max(most[0], self.core.work)
            return found

        return call

    sweep.Sweep.best = tracked(sweep.Sweep.best)  # type: ignore[method-assign]
    sweep.Sweep.every_discard = tracked(sweep.Sweep.every_discard)  # type: ignore[method-assign]
    most.append(sweep.WORK_LIMIT)
    return most


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-variant", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile")
    parser.add_argument("--compare", type=Path, default=DEFAULT_COMPARE)
    parser.add_argument("--code", help="a checkout to import the advisor from")
    parser.add_argument("--phases", default="discard,draw,buy")
    parser.add_argument("--effort", default=None, help="fast, standard or deep")
    args = parser.parse_args()
    phases = args.phases.split(",")
    call = _caller(args.effort)
    work = _track_work()
    old = _saved(args.compare)
    cases = corpus(args.per_variant, args.seed)
    call(cases["gin"][0].situation, "discard")  # warm up imports and CP-SAT
    profiler = cProfile.Profile() if args.profile else None
    print(
        f"{'variant':<10} {'phase':<8} {'n':>3} {'median ms':>10} {'p95 ms':>10} {'max ms':>9}"
        f" {'old/new median':>15} {'old/new p95':>12}"
    )
    met = must = True
    slowest: list[tuple[float, str]] = []
    by_kind: dict[tuple[str, str], list[float]] = {}
    for variant, items in cases.items():
        for phase in phases:
            if phase == "buy" and not items[0].situation.rules.contracts:
                continue  # no buying under these rules
            times: list[float] = []
            for case in items:
                sit = _situation_for(case, phase)
                if profiler:
                    profiler.enable()
                started = time.perf_counter()
                call(sit, phase)
                elapsed = time.perf_counter() - started
                if profiler:
                    profiler.disable()
                times.append(elapsed)
                slowest.append((elapsed, f"{case.name} ({phase})"))
                kind = "mid-game" if "mid-game" in case.name else "dealt/down"
                by_kind.setdefault((kind, phase), []).append(elapsed)
            median, p95 = median_p95(times)
            met &= median <= 20 and p95 <= 100
            must &= median <= 50 and p95 <= 250
            ratio = ""
            if (variant, phase) in old:
                old_median, old_p95 = old[(variant, phase)]
                ratio = f" {old_median / median:>14.1f}x {old_p95 / p95:>11.1f}x"
            print(
                f"{variant:<10} {phase:<8} {len(times):>3} {median:>10.1f} {p95:>10.1f}"
                f" {max(times) * 1000:>9.1f}{ratio}"
            )
    print(f"\n{'hands':<10} {'phase':<8} {'n':>3} {'median ms':>10} {'p95 ms':>10}")
    for (kind, phase), times in sorted(by_kind.items()):
        median, p95 = median_p95(times)
        print(f"{kind:<10} {phase:<8} {len(times):>3} {median:>10.1f} {p95:>10.1f}")
    print("slowest:", ", ".join(f"{n} {t * 1000:.0f} ms" for t, n in sorted(slowest)[-5:]))
    print("targets (median <= 20 ms, p95 <= 100 ms):", "met" if met else "NOT met")
    print("must reach (median <= 50 ms, p95 <= 250 ms):", "met" if must else "NOT met")
    if len(work) > 1:
        print(f"most states one sweep expanded: {work[0]:,} (its guard: {work[1]:,})")
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
