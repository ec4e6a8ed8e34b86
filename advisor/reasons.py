"""One short sentence per discard option, saying why it ranks where it does."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from advisor.discards import DiscardOption

_GOAL_WORDS = {
    "contract": "the contract",
    "opening": "an opening",
    "win": "a winning hand",
    "out": "going out",
    "knock": "a knock",
}


def _needed(n: int | None, goal: str) -> str:
    target = _GOAL_WORDS.get(goal, goal)
    if n is None:
        return f"leaves {target} out of reach"
    if n == 0:
        return f"keeps {target} ready"
    return f"leaves the hand {n} card{'s' if n != 1 else ''} from {target}"


def discard_reason(opt: DiscardOption, best: DiscardOption, goal: str, protected: bool) -> str:
    """``protected``: a wild card the rules make costly to hold and valuable to keep."""
    card, f = opt.card, opt.figures
    if protected:
        return f"Keep {card}: it stands in any meld, so throwing it helps an opponent."
    head = f"Throwing {card} {_needed(f.needed, goal)}"
    if f.needed and f.out_copies:
        head += f" with {f.out_copies} live out{'s' if f.out_copies != 1 else ''}"
    if opt.playable_on_table:
        return head + f", but {card} fits a meld on the table (a Rummy call risk)."
    if opt is best:
        return head + f", {opt.deadwood_points} deadwood points left."
    if f.needed is None or (best.figures.needed is not None and f.needed > best.figures.needed):
        return head + ": it breaks a meld in the making."
    if f.out_copies < best.figures.out_copies:
        return head + f", fewer outs than {best.card}."
    return head + f", as good as {best.card} but with more deadwood left."
