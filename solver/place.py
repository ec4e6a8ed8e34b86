"""The best play onto a table that may be rearranged (goal ``place``, Rummikub's turn).

Once down, a player may take every meld on the table apart and lay the table's tiles and
some of the rack's as new melds, as long as every tile of the table stays on it and all
the melds are legal at the end (``rearrange_table``). The model is the partition model
over the table's tiles and the rack's together: each tile of the table is used exactly as
often as it lies there, the rack's copies at most as often as held, and the objective is
what the rack lays (``PlaceBy``). Before the opening (``down`` false) the table is not
touched: the play is the best opening from the rack alone, melds worth at least
``opening_min`` under ``opening_count`` (any, under rules without one).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from ortools.sat.python import cp_model

from solver import place_dp
from solver.budget import Budget
from solver.candidates import templates
from solver.cards import NUM_KINDS, Card, counts_of, sort_cards
from solver.errors import GoalError
from solver.goals import Goal
from solver.legality import check_meld
from solver.melds import Meld, make_run
from solver.model import PartitionModel, Terms, plus, run_model, value_of
from solver.rules import Rules
from solver.solution import Placed, Solution
from solver.solve import DEFAULT_TIME_LIMIT, build_melds


class PlaceBy(StrEnum):
    """What the best play lays most of. ``tiles``: the most tiles (ties: the least value
    left on the rack); ``value``: the most points, each natural tile its ``card_values``
    entry and a joker none (ties: the most tiles); ``left``: the least ``card_values``
    left on the rack, a joker's counted (ties: the most tiles)."""

    TILES = "tiles"
    VALUE = "value"
    LEFT = "left"


def read_table(table: Sequence[Sequence[Card]], rules: Rules) -> list[Meld]:
    """The table's melds as read (runs in the order sent); an illegal one is refused."""
    out: list[Meld] = []
    for i, cards in enumerate(table):
        check = check_meld(cards, rules, ordered=True)
        if check.meld is None:
            why = "; ".join(v.message for v in check.violations)
            raise GoalError(f"table meld {i} is not a legal meld: {why}", field=f"table[{i}]")
        out.append(check.meld)
    return out


def _weights(rules: Rules, by: PlaceBy, rack: Sequence[int]) -> list[int]:
    """Each card's worth in the objective when one copy leaves the rack: the measure
    ``by`` scaled above its tie-break, so the tie-break only orders equal plays."""
    value = [rules.value(Card.from_id(c)) for c in range(NUM_KINDS)]
    if by is PlaceBy.TILES:
        first, second = [1] * NUM_KINDS, value
    else:
        worth = [0 if Card.from_id(c).is_joker else value[c] for c in range(NUM_KINDS)]
        first, second = (worth if by is PlaceBy.VALUE else value), [1] * NUM_KINDS
    scale = sum(second[c] * rack[c] for c in range(NUM_KINDS)) + 1
    return [first[c] * scale + second[c] for c in range(NUM_KINDS)]


def place(
    rack: Sequence[Card],
    table: Sequence[Sequence[Card]],
    rules: Rules,
    *,
    down: bool,
    by: PlaceBy = PlaceBy.TILES,
    time_limit: float = DEFAULT_TIME_LIMIT,
    budget: Budget | None = None,
    model: bool = False,
) -> Solution:
    """The best play of ``rack`` onto ``table`` (module notes). The answer's ``table`` is
    the table after the play, ``placed`` where each rack tile went (an index into it),
    ``melds`` the melds of the new table that were not on the old one, ``deadwood`` the
    rack left. ``feasible``: a tile is laid (before the opening: an opening is made);
    None when the time limit stopped the search before anything was found. Where the
    dynamic program of solver/place_dp.py applies it answers (exact, no time limit needed);
    ``model`` asks for the CP-SAT model all the same (the tests' reference)."""
    if not rules.rearrange_table:
        raise GoalError("the place goal needs rules with rearrange_table", field="goal")
    old = read_table(table, rules)
    opening = not down  # from the rack alone, worth ``opening_min`` where there is one
    on_table = [0] * NUM_KINDS if opening else counts_of(c for m in old for c in m.cards)
    held = counts_of(rack)
    pool = [on_table[c] + held[c] for c in range(NUM_KINDS)]
    weights = _weights(rules, by, held)
    if not model and place_dp.applies(rules, pool):  # exact, far quicker than the model
        need = rules.opening_min if opening else None
        found = place_dp.best(pool, on_table, weights, rules, need)
        laid_any = found.score > sum(w * n for w, n in zip(weights, on_table, strict=True))
        if found.melds is None or not laid_any:
            return _nothing_placed(old, rack, rules, opening, feasible=False)
        return _answer(
            old,
            sorted(found.melds, key=lambda m: m.sort_key),
            pool,
            held,
            rules,
            opening,
            optimal=True,
        )
    temps = templates(rules, pool, pieces=True)
    pm = PartitionModel(rules, temps, pool, pool_by_card=True)
    pm.close()
    lm = pm.lm
    gain: list[tuple[Terms, int]] = []
    for ids, uses, most in pm.units():
        (cid,) = ids  # one pool per wild card: every unit is one card
        low = on_table[cid]
        if low or most > pool[cid]:
            lm.add(uses, lo=low, hi=pool[cid])
        if held[cid]:
            gain.append((uses, -weights[cid]))
    if opening and rules.opening_min is not None:
        pm.add_opening(rules.opening_min, None)
    lm.minimize(plus(*gain))

    solver, status = run_model(lm, time_limit, budget)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # infeasible only before the opening (the table as it lies is always a play)
        proved = status == cp_model.INFEASIBLE
        return _nothing_placed(old, rack, rules, opening, feasible=False if proved else None)

    solution = list(solver.response_proto.solution)
    used = [value_of(pm.used[c], solution) for c in range(NUM_KINDS)]
    spare = [pool[c] - used[c] for c in range(NUM_KINDS)]
    built = _join_runs(build_melds(pm, solution, list(spare)), old)
    return _answer(old, built, pool, held, rules, opening, optimal=status == cp_model.OPTIMAL)


def _answer(
    old: Sequence[Meld],
    built: list[Meld],
    pool: Sequence[int],
    held: Sequence[int],
    rules: Rules,
    opening: bool,
    *,
    optimal: bool,
) -> Solution:
    """The solution that lays ``built`` (the whole new table once down, else the opening)."""
    melded = counts_of(c for m in built for c in m.cards)
    left = [pool[c] - melded[c] for c in range(NUM_KINDS)]
    laid = [held[c] - left[c] for c in range(NUM_KINDS)]
    new_table = [*old, *built] if opening else built
    fresh = _fresh(old, new_table, opening)
    rest = sort_cards(Card.from_id(c) for c in range(NUM_KINDS) for _ in range(left[c]))
    return Solution(
        goal=Goal.PLACE,
        feasible=(bool(built) if opening else any(laid)),
        optimal=optimal,
        melds=tuple(new_table[i] for i in fresh),
        deadwood=tuple(rest),
        deadwood_points=rules.points(rest),
        table=tuple(new_table),
        placed=_attribute(new_table, fresh, laid),
        opening=sum(rules.meld_value(m) for m in built) if opening else None,
    )


def _join_runs(pieces: list[Meld], old: Sequence[Meld]) -> list[Meld]:
    """The model lays long runs as pieces (``templates(pieces=True)``): join them again,
    first into the table's own runs where the pieces make one up exactly, then any run
    with the next piece of its suit."""
    runs = sorted((m for m in pieces if m.kind == "run"), key=lambda m: (m.suit, m.low))
    out = [m for m in pieces if m.kind != "run"]
    for target in old:
        if target.kind != "run":
            continue
        chain: list[Meld] = []
        at = 0
        while at < len(target.cards):
            step = next(
                (
                    m
                    for m in runs
                    if m not in chain
                    and m.suit == target.suit
                    and m.cards == target.cards[at : at + len(m.cards)]
                    and m.low == (target.low or 0) + at
                ),
                None,
            )
            if step is None:
                break
            chain.append(step)
            at += len(step.cards)
        if at == len(target.cards) and len(chain) > 1:
            for m in chain:
                runs.remove(m)
            out.append(target)
    joined: list[Meld] = []
    for m in runs:
        last = joined[-1] if joined else None
        if last is not None and last.suit == m.suit and (last.high or 0) + 1 == m.low:
            assert last.suit is not None and last.low is not None
            joined[-1] = make_run(last.suit, last.low, [*last.cards, *m.cards])
        else:
            joined.append(m)
    return sorted([*out, *joined], key=lambda m: m.sort_key)


def _fresh(old: Sequence[Meld], new: Sequence[Meld], opening: bool) -> list[int]:
    """Indices of the new table's melds that were not on the old table as they are."""
    if opening:
        return list(range(len(old), len(new)))
    kept = [(m.kind, m.cards) for m in old]
    out: list[int] = []
    for i, m in enumerate(new):
        if (m.kind, m.cards) in kept:
            kept.remove((m.kind, m.cards))
        else:
            out.append(i)
    return out


def _attribute(
    table: Sequence[Meld], fresh: Sequence[int], laid: Sequence[int]
) -> tuple[Placed, ...]:
    """Where the rack's laid copies went: a tile of the rack and one of the table with the
    same face are the same tile, so each laid copy is told into a fresh meld holding it."""
    todo = list(laid)
    out: list[Placed] = []
    for i in fresh:
        for card in table[i].cards:
            if todo[card.id] > 0:
                todo[card.id] -= 1
                out.append(Placed(card, i))
    assert not any(todo), "every laid tile lies in a meld that changed"
    return tuple(sorted(out, key=lambda p: (p.meld, p.card.sort_key)))


def _nothing_placed(
    old: Sequence[Meld], rack: Sequence[Card], rules: Rules, opening: bool, feasible: bool | None
) -> Solution:
    rest = sort_cards(rack)
    return Solution(
        goal=Goal.PLACE,
        feasible=feasible,
        optimal=feasible is not None,
        melds=(),
        deadwood=tuple(rest),
        deadwood_points=rules.points(rest),
        table=tuple(old),
        placed=(),
        opening=0 if opening else None,
    )
