"""Go out now or hold, timed (not a test): gin discards where the hand may knock with
deadwood left, the one decision ``standard`` plays out in hidden worlds (docs/advisor.md,
"Effort"). A seeded corpus of such hands (11 random cards, a random discard pile), each
advised once per level, all in one process; prints median, p95 and max ms and how many
hands each level holds rather than knocks.

    .venv/bin/python bench/knock.py [--hands 40] [--seed 42] [--effort standard,deep]
        [--code DIR]

``--code DIR``: import the advisor from another checkout (before and after a change,
alternated run for run: this machine's speed drifts).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

_code = sys.argv[sys.argv.index("--code") + 1] if "--code" in sys.argv else None
sys.path.insert(0, _code or str(Path(__file__).resolve().parent.parent))

from advise import median_p95  # noqa: E402  bench/advise.py: how its times are read

from advisor.advise import advise  # noqa: E402
from advisor.results import Action, DiscardAdvice  # noqa: E402
from advisor.situation import Situation  # noqa: E402
from solver.cards import ALL_CARDS  # noqa: E402
from solver.rules import make_rules  # noqa: E402
from solver.turn import TurnAction  # noqa: E402


def corpus(hands: int, seed: int) -> list[Situation]:
    """``hands`` gin discards where ``fast`` knocks with deadwood left."""
    rules, rng = make_rules("gin"), random.Random(seed)
    out: list[Situation] = []
    while len(out) < hands:
        cards = rng.sample(ALL_CARDS, 11 + rng.randint(2, 12))
        sit = Situation(rules, tuple(cards[:11]), discard_pile=tuple(cards[11:]))
        answer = advise(sit, "discard", effort="fast")
        assert isinstance(answer, DiscardAdvice)
        thrown = answer.recommendation.card
        left = next((o.deadwood_points for o in answer.discards if o.card == thrown), 0)
        if answer.lay_down is not None and answer.lay_down.action is TurnAction.KNOCK and left:
            out.append(sit)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--effort", default="standard,deep")
    parser.add_argument("--code", help="a checkout to import the advisor from")
    args = parser.parse_args()
    sits = corpus(args.hands, args.seed)
    for effort in args.effort.split(","):
        times, holds = [], 0
        for sit in sits:
            start = time.perf_counter()
            answer = advise(sit, "discard", effort=effort)
            times.append(time.perf_counter() - start)
            holds += answer.recommendation.action is not Action.GO_OUT
        median, p95 = median_p95(times)
        print(
            f"{effort:8} {len(sits)} hands: median {median:.1f} ms, p95 {p95:.1f},"
            f" max {max(times) * 1000:.1f}; holds {holds}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
