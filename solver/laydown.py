"""Lay-down validation (POST /v1/validate): melds, layoffs, card accounting and turn rules.

Turn-state decisions:

- ``check`` judges the melds and layoffs alone: no turn rule (``not_down``) applies.
- ``go_down`` / ``open`` lay the melds down first, so layoffs on the same turn are allowed.
- ``meld`` needs ``down``; ``hand_rummy`` takes no layoffs (the player has laid nothing).
- ``win`` melds every card but the final discard: one card may stay only while the hand
  holds more than ``hand_size`` cards (15 of 14 in Israeli); a win takes no layoffs.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from solver.cards import Card, check_pack, sort_cards
from solver.errors import SolverError
from solver.legality import MeldCheck, Violation, check_meld, extend_meld
from solver.melds import Meld
from solver.rules import Rules

ACTIONS: tuple[str, ...] = ("check", "go_down", "open", "meld", "win", "hand_rummy")


@dataclass(frozen=True)
class LayoffResult:
    card: Card
    onto: int
    legal: bool


@dataclass(frozen=True)
class MeldReading:
    """A proposed meld as read: ``meld`` when it is legal alone, else ``kind`` as told
    (``unknown`` when it cannot be) and ``cards`` as sent."""

    kind: str
    cards: tuple[Card, ...]
    meld: Meld | None

    @property
    def legal(self) -> bool:
        return self.meld is not None


@dataclass(frozen=True)
class LaydownCheck:
    """The verdict on a lay-down: every violation, each meld as read, and what is left."""

    violations: tuple[Violation, ...]
    checks: tuple[MeldCheck, ...]
    meld_cards: tuple[tuple[Card, ...], ...]
    layoffs: tuple[LayoffResult, ...]
    remaining: tuple[Card, ...]

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def melded_points(self) -> int:
        return sum(c.meld.points for c in self.checks if c.meld is not None)

    @property
    def melds(self) -> tuple[MeldReading, ...]:
        return tuple(
            MeldReading(check.kind, cards, check.meld)
            for check, cards in zip(self.checks, self.meld_cards, strict=True)
        )


def _accounting(
    hand: Sequence[Card], used: Sequence[Card]
) -> tuple[list[Violation], tuple[Card, ...]]:
    """Cards used that the hand lacks, and the hand's cards left unused."""
    held = Counter(hand)
    want = Counter(used)
    out: list[Violation] = []
    for card in dict.fromkeys(used):  # first-use order, each card once
        if held[card] == 0:
            out.append(Violation("card_not_in_hand", f"the hand holds no {card}", card=str(card)))
        elif want[card] > held[card]:
            out.append(
                Violation(
                    "too_many_copies",
                    f"{want[card]} copies of {card} are used, the hand holds {held[card]}",
                    card=str(card),
                )
            )
    left = held - want
    return out, tuple(sort_cards(left.elements()))


def _layoffs(
    layoffs: Sequence[tuple[Card, int]], table: Sequence[Sequence[Card]], rules: Rules
) -> tuple[list[Violation], list[LayoffResult]]:
    """Lay each card onto its table meld; cards that fit in some order are accepted."""
    readings = [check_meld(cards, rules, ordered=True) for cards in table]
    pending: dict[int, list[int]] = {}
    out: list[Violation] = []
    fits = [False] * len(layoffs)
    for i, (card, onto) in enumerate(layoffs):
        if not 0 <= onto < len(table):
            out.append(
                Violation(
                    "layoff_illegal",
                    f"{card}: onto {onto} names no table meld (the table has {len(table)})",
                    card=str(card),
                )
            )
        elif readings[onto].meld is None:
            out.append(
                Violation(
                    "layoff_illegal",
                    f"{card}: table meld {onto} is not a legal meld",
                    card=str(card),
                )
            )
        else:
            pending.setdefault(onto, []).append(i)
    for onto, indices in pending.items():
        meld = readings[onto].meld
        assert meld is not None
        # Repeat passes so a card that fits only after another (9H before TH) still goes on.
        left = list(indices)
        progress = True
        while left and progress:
            progress = False
            for i in list(left):
                grown: Meld | None = extend_meld(meld, [layoffs[i][0]], rules)
                if grown is not None:
                    meld, fits[i], progress = grown, True, True
                    left.remove(i)
        for i in left:
            card = layoffs[i][0]
            out.append(
                Violation(
                    "layoff_illegal",
                    f"{card} does not fit table meld {onto}",
                    card=str(card),
                )
            )
    results = [LayoffResult(c, o, f) for (c, o), f in zip(layoffs, fits, strict=True)]
    return out, results


def validate_laydown(
    hand: Sequence[Card],
    rules: Rules,
    melds: Sequence[Sequence[Card]],
    *,
    layoffs: Sequence[tuple[Card, int]] = (),
    table: Sequence[Sequence[Card]] = (),
    action: str = "check",
    round: int | None = None,
    down: bool = False,
) -> LaydownCheck:
    """Judge a lay-down as POST /v1/validate does, reporting every violation present.

    Raises TooManyCopiesError for a hand the pack cannot hold, GoalError for a
    ``go_down`` without a valid round, SolverError(field="action") for an unknown action.
    """
    if action not in ACTIONS:
        raise SolverError(f"action must be one of {', '.join(ACTIONS)}", field="action")
    check_pack(hand, rules)
    contract = rules.contract(round) if action == "go_down" else None

    used = [c for meld in melds for c in meld] + [c for c, _ in layoffs]
    violations, remaining = _accounting(hand, used)

    checks = tuple(check_meld(cards, rules) for cards in melds)
    for i, check in enumerate(checks):
        violations += [dataclasses.replace(v, meld=i) for v in check.violations]

    if layoffs:
        if action == "hand_rummy" or (action == "meld" and not down):
            violations.append(Violation("not_down", "layoffs come only after going down / opening"))
        if action == "win":
            violations.append(
                Violation("layoff_illegal", "a win lays down melds only, with no layoffs")
            )
        lay_violations, results = _layoffs(layoffs, table, rules)
        violations += lay_violations
    else:
        results = []

    kinds = Counter(c.kind for c in checks)
    if action == "meld" and not down and melds:
        violations.append(Violation("not_down", "new melds come only after going down / opening"))
    if contract is not None:
        if kinds["set"] != contract.sets or kinds["run"] != contract.runs or kinds["unknown"]:
            violations.append(
                Violation(
                    "contract_unmet",
                    f"round {round} asks for exactly {contract.sets} set(s) and"
                    f" {contract.runs} run(s); laid: {kinds['set']} set(s),"
                    f" {kinds['run']} run(s), {kinds['unknown']} unreadable",
                )
            )
        if contract.all_cards and remaining:
            violations.append(
                Violation(
                    "cards_left_over",
                    f"round {round} goes down with every card; left: "
                    + " ".join(str(c) for c in remaining),
                )
            )
    if action == "open" and rules.opening_min is not None:
        total = sum(c.meld.points for c in checks if c.meld is not None)
        if total < rules.opening_min:
            violations.append(
                Violation(
                    "opening_too_low",
                    f"an opening needs {rules.opening_min} points; these melds count {total}",
                )
            )
    if action == "win":
        keep = 1 if len(hand) > rules.hand_size else 0
        if len(remaining) > keep:
            violations.append(_left_over(remaining, keep))
        if rules.require_run and not kinds["run"]:
            violations.append(Violation("no_run", "a win needs at least one run"))
    if action == "hand_rummy" and len(remaining) != 1:
        violations.append(_left_over(remaining, 1))

    return LaydownCheck(
        violations=tuple(violations),
        checks=checks,
        meld_cards=tuple(tuple(m) for m in melds),
        layoffs=tuple(results),
        remaining=remaining,
    )


def _left_over(remaining: Sequence[Card], keep: int) -> Violation:
    left = " ".join(str(c) for c in remaining) or "none"
    if keep and not remaining:
        return Violation("cards_left_over", "no card is left for the final discard")
    rule = "every card but the final discard" if keep else "every card"
    return Violation("cards_left_over", f"{rule} must be melded; left: {left}")
