"""Every discard's figures against the exhaustive reference, at the presets' real sizes.

Not a test (too slow for ``make test``; tests/test_engine_reference.py runs a few of the
same): two counts, printed per question.

1. **Advice.** A discard advice (``advisor.advise``) for every situation of
   bench/advise.py's corpus that has drawn (gin 11 cards, Israeli 15, Rummy 40 14, and
   Liverpool not down); counts the discard entries and those that say ``cards_needed:
   null`` while the answer says ``optimal: true`` (the fault of issue 17: a discard
   whose card has no live copy left, read as "out of reach").
2. **Reference.** Seeded near-complete hands of the real sizes (a window of ranks in two
   or three suits, a little noise, random seen cards, and up to three held kinds whose
   last copies are seen, so that a thrown card often cannot be drawn back): for every
   discard, the engine's cards needed against tests/reference_distance.py (exact up to
   3; beyond it the engine must say more than 3), and the outs where cards needed is at
   most ``--outs-up-to`` (the reference's outs take seconds each beyond 1).

    .venv/bin/python bench/engine_answers.py [--seed 17] [--hands 25] [--advice 100]
        [--outs-up-to 1] [--minutes 20]

Exits 1 on any disagreement or null-while-optimal entry.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)  # the repository, not bench/ (its http.py shadows the library's)
sys.path.insert(1, str(ROOT / "bench"))
sys.path.insert(2, str(ROOT / "tests"))

from advise import corpus  # noqa: E402  bench/advise.py: the shared fixed corpus
from engine_cases import Case  # noqa: E402
from reference_distance import MAX_ADDED, kind_at, ref_distance, ref_outs  # noqa: E402

from advisor.advise import advise  # noqa: E402
from advisor.engine import discard_figures  # noqa: E402
from solver.cards import NUM_KINDS, Card, pack_counts  # noqa: E402
from solver.goals import Goal  # noqa: E402
from solver.rules import Rules, make_rules  # noqa: E402

# (name, rules, goal, Liverpool round): the questions of the discard phase
QUESTIONS = (
    ("gin 11", make_rules("gin"), Goal.KNOCK, None),
    ("israeli 15", make_rules("israeli"), Goal.WIN, None),
    ("rummy40 14 opening", make_rules("rummy40"), Goal.OPENING, None),
    ("liverpool r1 11", make_rules("liverpool"), Goal.CONTRACT, 1),
    ("liverpool r2 11", make_rules("liverpool"), Goal.CONTRACT, 2),
    ("liverpool 1 deck r2 11", make_rules("liverpool", {"decks": 1}), Goal.CONTRACT, 2),
)


def advice_counts(per_variant: int, seed: int) -> dict[str, tuple[int, int, int]]:
    """Per variant: (advices, discard entries, entries null while optimal)."""
    out: dict[str, tuple[int, int, int]] = {}
    for variant, cases in corpus(per_variant, seed).items():
        advices = entries = null = 0
        for case in cases:
            if case.situation.down:
                continue
            a = advise(case.situation, "discard")
            advices += 1
            entries += len(a.discards)
            if a.optimal:
                null += sum(d.cards_needed is None for d in a.discards)
        out[variant] = (advices, entries, null)
    return out


def near_hand(rules: Rules, n: int, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(held, live): a near-complete hand of n cards, live = pack - hand - seen."""
    avail = list(pack_counts(rules))
    lo, hi = rules.min_position, rules.max_position
    width = rng.randint(4, 6)
    low = rng.randint(lo, hi - width + 1)
    suits = rng.sample(range(4), rng.randint(2, 3))
    pool = [kind_at(p, s) for p in range(low, low + width) for s in suits]
    held = [0] * NUM_KINDS
    noise = rng.randint(0, 2)
    while sum(held) < n:
        c = rng.randrange(NUM_KINDS if rules.jokers else 52) if noise else rng.choice(pool)
        noise = max(0, noise - 1)
        if held[c] < avail[c]:
            held[c] += 1
        elif all(held[k] >= avail[k] for k in pool):
            noise = 1  # the window is used up: the rest anywhere
    live = [avail[c] - held[c] for c in range(NUM_KINDS)]
    for _ in range(rng.randint(0, 20)):
        c = rng.randrange(NUM_KINDS)
        if live[c]:
            live[c] -= 1
    for c in rng.sample([c for c in range(NUM_KINDS) if held[c]], rng.randint(0, 3)):
        live[c] = 0  # its last copies seen: a thrown one cannot be drawn back
    return tuple(held), tuple(live)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--hands", type=int, default=25, help="reference hands per question")
    parser.add_argument("--advice", type=int, default=100, help="bench/advise.py per-variant")
    parser.add_argument("--outs-up-to", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=20.0)
    args = parser.parse_args()
    failed = False
    started = time.monotonic()

    print(f"advice: bench/advise.py corpus, --per-variant {args.advice} --seed {args.seed}")
    for variant, (advices, entries, null) in advice_counts(args.advice, args.seed).items():
        print(f"  {variant:10} {advices:4} advices {entries:6} discard entries {null:3} null")
        failed |= null > 0

    print(f"reference: {args.hands} hands per question, seed {args.seed}")
    stop = started + args.minutes * 60
    for name, rules, goal, round_ in QUESTIONS:
        rng = random.Random(f"{args.seed} {name}")
        contract = rules.contract(round_) if round_ is not None else None
        n = rules.dealt_size(round_) + 1
        hands = exact = beyond = outs = last_copy = wrong = 0
        for _ in range(args.hands):
            if time.monotonic() > stop:
                break
            held, live = near_hand(rules, n, rng)
            case = Case(rules, goal, held, live, contract=contract)
            every = discard_figures(case.question(), held, live)
            rq = case.ref_question()
            hands += 1
            for d, got in every.items():
                rest = list(held)
                rest[d] -= 1
                want = ref_distance(rq, rest, live)
                last_copy += live[d] == 0
                ok = got.optimal and (
                    got.needed == want
                    if want is not None
                    else got.needed is None or got.needed > MAX_ADDED
                )
                if ok and want is not None and 0 < want <= args.outs_up_to:
                    ok = dict(got.outs) == ref_outs(rq, rest, live, want)
                    outs += 1
                exact += ok and want is not None
                beyond += ok and want is None
                if not ok:
                    wrong += 1
                    print(
                        f"  WRONG {case.describe()}\n  discard {Card.from_id(d)}: "
                        f"engine {got.needed} (optimal {got.optimal}), reference {want}"
                    )
        total = exact + beyond + wrong
        print(
            f"  {name:24} {hands:3} hands {total:4} discards ({last_copy} with no live copy):"
            f" {exact} exact, {beyond} beyond {MAX_ADDED} on both, {outs} outs compared,"
            f" {wrong} wrong"
        )
        failed |= wrong > 0
    print(f"{time.monotonic() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
