"""Two runs of the same deals, paired game by game (not a test): what a change did.

``bench/sim.py --json`` run twice with the same ``--seed``, ``--games`` and tables, once
on the code before a change and once after, gives per row the first entry's win and
score game by game. Paired on the same deals, the games the change does not touch play
alike and add nothing to the spread, so a change that touches few games (a buy passed
in one deal in five) is measured on those: the interval is narrower than that of the
two runs' difference, the more so the fewer games the change touches. Per row: the
games, how many ended otherwise, and the change in win rate and in mean score with
their 95% intervals (over the deals under ``--duplicate``).

    .venv/bin/python bench/paired.py BEFORE.json AFTER.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)

from sim.stats import paired_difference  # noqa: E402

KEY = ("variant", "players", "pairing", "seed", "games", "duplicate")


def _rows(path: str) -> dict[tuple[Any, ...], dict[str, Any]]:
    """The rows of a ``bench/sim.py --json`` output that can be paired (with ``per_game``:
    an older output has none)."""
    rows = json.loads(Path(path).read_text())
    return {tuple(r.get(k) for k in KEY): r for r in rows if "per_game" in r}


def compare(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The change from ``before`` to ``after``, rows of the same deals."""
    group = before["players"] if before["duplicate"] else 1
    a, b = before["per_game"], after["per_game"]
    differ = sum(
        1
        for g in range(before["games"])
        if (a["wins"][g], a["score"][g]) != (b["wins"][g], b["score"][g])
    )
    wins = paired_difference(a["wins"], b["wins"], group)
    score = paired_difference(a["score"], b["score"], group)
    return {"games": before["games"], "differ": differ, "win_rate": wins, "mean_score": score}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("before")
    p.add_argument("after")
    args = p.parse_args()
    before, after = _rows(args.before), _rows(args.after)
    if not before:
        print(f"{args.before}: no rows with per_game (bench/sim.py --json)")
        return 1
    for key, row in before.items():
        if key not in after:
            print(f"{' '.join(map(str, key[:3]))}: not in {args.after}")
            continue
        c = compare(row, after[key])
        w, s = c["win_rate"], c["mean_score"]
        print(
            f"{row['variant']:<9} {row['players']} {row['pairing']:<26} {c['games']:>5} games,"
            f" {c['differ']} ended otherwise: win rate {w[0]:+.1%} [{w[1]:+.1%}, {w[2]:+.1%}],"
            f" mean score {s[0]:+.2f} [{s[1]:+.2f}, {s[2]:+.2f}]"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
