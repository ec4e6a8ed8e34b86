"""Pool the rows of bench/sim.py's text outputs (not a test): the games of every row
read, with the Wilson interval of their win rate, and, where the rows are duplicate
matches, the normal interval of the win rate per deal over all their deals
(``sim.stats.pooled_strata``: each row a stratum, as Liverpool's rounds are played one
``--round`` at a time). The rows print rates to 0.1%, so the pooled figures carry that
rounding.

    .venv/bin/python bench/pool.py bench/results/sim-liverpool-deep-fast-225.txt [...]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

from sim.stats import pooled_strata, wilson  # noqa: E402
from solver.rules import PRESETS  # noqa: E402

# a table row: variant, seats, pairing, games, win rate [low, high] ... per deal (d): [low, high]
ROW = re.compile(r"^(\S+)\s+\d\s+\S+\s+(\d+)\s+([\d.]+)%")
DEALS = re.compile(r"per deal \((\d+)\): \[([-\d.]+)%, ([-\d.]+)%\]")


def main() -> int:
    games = 0
    wins = 0.0
    strata: list[tuple[int, float, float, float]] = []
    for name in sys.argv[1:]:
        for line in Path(name).read_text().splitlines():
            row = ROW.match(line)
            if row is None or row.group(1) not in PRESETS:
                continue
            n, rate = int(row.group(2)), float(row.group(3)) / 100
            games += n
            wins += rate * n
            deals = DEALS.search(line)
            if deals:
                low, high = float(deals.group(2)) / 100, float(deals.group(3)) / 100
                strata.append((int(deals.group(1)), rate, low, high))
            print(line[:80])
    if not games:
        print("no rows")
        return 1
    low, high = wilson(wins, games)
    print(f"pooled: {games} games, win rate {wins / games:.1%} [{low:.1%}, {high:.1%}]", end="")
    if strata:
        mean, dlow, dhigh = pooled_strata(strata)
        deals_n = sum(s[0] for s in strata)
        print(f"; per deal ({deals_n}): {mean:.1%} [{dlow:.1%}, {dhigh:.1%}]", end="")
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
