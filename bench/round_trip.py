"""The lay-down round trip at scale (not a test): many seeded discard-phase situations of
every preset and of house rules switching each flag; every lay-down the advice recommends
is posted to /v1/validate with its action and recommended discard, and must be legal.
``tests/test_advise_round_trip.py`` runs the same check on a few situations.

    .venv/bin/python bench/round_trip.py [--seed 1] [--per-rule-set 100] [--show 3]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

# the repository and its test helpers, in place of bench/ (whose http.py would shadow
# the standard library's)
ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)
sys.path.insert(1, str(ROOT / "tests"))

from round_trip_support import round_trips  # noqa: E402

from api import create_app  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-rule-set", type=int, default=100)
    parser.add_argument("--show", type=int, default=3, help="failures printed at most")
    args = parser.parse_args()
    app = create_app({"LOG_LEVEL": "WARNING", "TESTING": True, "REQUEST_TIME_LIMIT": 60.0})
    started = time.perf_counter()
    situations = laid = failed = 0
    for lay, failure in round_trips(app.test_client(), args.seed, args.per_rule_set):
        situations += 1
        laid += lay
        if failure is not None:
            failed += 1
            if failed <= args.show:
                print(json.dumps({"validate": failure.validate, "answer": failure.answer}))
    seconds = time.perf_counter() - started
    print(
        f"seed {args.seed}: {situations} situations, {laid} lay-downs recommended, "
        f"{failed} refused by /v1/validate ({seconds:.0f} s)"
    )
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
