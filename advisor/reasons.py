"""One short sentence per discard option or recommendation, saying why."""

from __future__ import annotations

from advisor.results import DiscardOption
from solver.cards import Card
from solver.goals import Goal

_GOAL_WORDS = {
    Goal.CONTRACT: "the contract",
    Goal.OPENING: "an opening",
    Goal.WIN: "a winning hand",
    Goal.OUT: "going out",
    Goal.KNOCK: "a knock",
    Goal.DEADWOOD: "the least deadwood",
}


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _needed(n: int | None, goal: Goal, unknown: bool) -> str:
    target = _GOAL_WORDS[goal]
    if n is None and unknown:
        return f"leaves the distance to {target} unknown (the search ran out of time)"
    if n is None:
        return f"leaves {target} out of reach"
    if n == 0:
        return f"keeps {target} ready"
    return f"leaves the hand {plural(n, 'card')} from {target}"


def discard_reason(
    opt: DiscardOption,
    best: DiscardOption,
    goal: Goal,
    protected: bool,
    unknown: bool = False,
    held_points: int | None = None,
) -> str:
    """``protected``: a wild card the rules make costly to hold and valuable to keep.
    ``unknown``: the budget ran out before ``opt``'s cards needed was settled.
    ``held_points``: the points of the hand, where it may lay no new meld (what it
    keeps is then what it pays, not its deadwood)."""
    card = opt.card
    if protected:
        return f"Keep {card}: it stands in any meld, so throwing it helps an opponent."
    head = f"Throwing {card} {_needed(opt.cards_needed, goal, unknown)}"
    if opt.cards_needed and opt.outs:
        head += f" with {plural(opt.outs, 'live out')}"
    if opt.playable_on_table:
        return head + f", but {card} fits a meld on the table (a Rummy call risk)."
    left = (
        plural(opt.deadwood_points, "deadwood point")
        if held_points is None
        else f"{plural(held_points - opt.points_shed, 'point')} in hand"
    )
    if opt is best or unknown:
        return head + f", {left} left."
    if opt.cards_needed is None or (
        best.cards_needed is not None and opt.cards_needed > best.cards_needed
    ):
        return head + ": it breaks a meld in the making."
    if opt.outs < best.outs:
        return head + f", fewer outs than {best.card}."
    if held_points is None and opt.deadwood_points > best.deadwood_points:
        return head + f", as good as {best.card} but with more deadwood left."
    if held_points is not None and opt.points_shed < best.points_shed:
        return head + f", as good as {best.card} but with more points in hand left."
    return head + f", as good as {best.card}."


def go_out_reason(card: Card | None) -> str:
    if card is None:
        return "Every card melds or lays off: go out."
    return f"Lay down and throw {card} to go out."
