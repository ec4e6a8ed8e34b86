"""The exact partition solver: the optimal melds of a hand under a goal, found with CP-SAT."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ortools.sat.python import cp_model

from solver.budget import Budget
from solver.candidates import Template, templates
from solver.cards import NUM_KINDS, Card, counts_of, sort_cards
from solver.errors import GoalError
from solver.goals import AUTO_GOAL, SOLVE_GOALS, Goal
from solver.melds import Meld
from solver.model import PartitionModel, Terms, ones, plus, run_model, value_of
from solver.rules import Contract, Rules
from solver.solution import Solution

DEFAULT_TIME_LIMIT = 2.0


def resolve_goal(rules: Rules, goal: str, down: bool) -> Goal:
    """``auto`` is the preset's goal before going down or opening, ``deadwood`` after."""
    if goal == AUTO_GOAL:
        return Goal.DEADWOOD if down and not rules.goal.holds_when_down else rules.goal
    if goal not in SOLVE_GOALS:
        raise GoalError(
            f"goal must be {AUTO_GOAL} or one of {', '.join(SOLVE_GOALS)}", field="goal"
        )
    return Goal(goal)


def reserves_discard(rules: Rules, goal: Goal, hand_len: int) -> bool:
    """A ``win`` hand holding more than the dealt size keeps one card out for the discard."""
    return goal is Goal.WIN and hand_len > rules.hand_size


def solve(
    hand: Sequence[Card],
    rules: Rules,
    goal: Goal | str = Goal.DEADWOOD,
    round: int | None = None,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    budget: Budget | None = None,
    discard: bool = False,
    must_meld: Sequence[Card] = (),
) -> Solution:
    """The optimal partition of ``hand`` meeting ``goal`` (docs/rules.md section 4).

    ``discard``: keep one card out as the final discard, chosen to leave the least
    deadwood. When the goal cannot be met, the answer is the least-deadwood
    partition with ``feasible`` false. ``time_limit``: the seconds of work the solve may
    do (deterministic: solver/budget.py); with ``budget``, no more than is left of it,
    charged to it, and its deadline the wall-clock backstop. ``must_meld``: cards that
    must be in the melds for the goal to count as met (Rummy 40's lay-down with a taken
    discard).
    """
    goal = resolve_goal(rules, goal, down=False)
    if goal is Goal.CONTRACT and not rules.contracts:
        raise GoalError("these rules have no contracts", field="goal")
    contract = rules.contract(round) if goal is Goal.CONTRACT else None
    if goal is Goal.OPENING and rules.opening_min is None:
        raise GoalError("these rules have no opening minimum", field="goal")
    cards = sort_cards(hand)
    goal_reserve = bool(cards) and reserves_discard(rules, goal, len(cards))
    fixed_reserve = bool(cards) and discard
    counts = counts_of(cards)
    temps = templates(rules, counts)
    if goal is not Goal.DEADWOOD and _surely_infeasible(
        cards, rules, temps, goal, contract, fixed_reserve or goal_reserve
    ):
        goal_reserve = False
        answer = _solve(
            cards,
            counts,
            rules,
            temps,
            Goal.DEADWOOD,
            None,
            fixed_reserve,
            False,
            time_limit,
            budget,
        )
        return replace(answer, goal=goal, feasible=False)
    return _solve(
        cards,
        counts,
        rules,
        temps,
        goal,
        contract,
        fixed_reserve,
        goal_reserve,
        time_limit,
        budget,
        counts_of(must_meld),
    )


def unsolved(hand: Sequence[Card], rules: Rules, goal: Goal, *, discard: bool = False) -> Solution:
    """The answer of a solve that never ran (its budget was cut): the partition of
    melding nothing, not optimal; whether a goal beyond deadwood is met is unknown."""
    cards = sort_cards(hand)
    answer = _no_melds(cards, rules, goal, bool(cards) and discard, optimal=False)
    return replace(answer, feasible=True if goal is Goal.DEADWOOD else None)


def _solve(
    cards: list[Card],
    counts: list[int],
    rules: Rules,
    temps: list[Template],
    goal: Goal,
    contract: Contract | None,
    fixed_reserve: bool,
    goal_reserve: bool,
    time_limit: float,
    budget: Budget | None,
    must: Sequence[int] = (0,) * NUM_KINDS,
) -> Solution:
    """One model: the goal's constraints hold when ``met`` is true, and the objective
    puts meeting the goal first, so an infeasible goal yields the goal-free optimum
    in the same solve. ``goal_reserve``: a discard kept out only when the goal is met."""
    strict = goal is not Goal.DEADWOOD or any(must)
    if not temps and not strict:
        return _no_melds(cards, rules, goal, fixed_reserve)

    pm = PartitionModel(rules, temps, counts)
    pm.close()
    lm = pm.lm
    held = [cid for cid in range(NUM_KINDS) if counts[cid]]
    met = lm.var(0, 1) if strict else None
    out: dict[int, int] = {}
    if fixed_reserve or goal_reserve:
        out = {cid: lm.var(0, 1) for cid in held}
        if fixed_reserve:
            lm.add(ones(out.values()), 1, 1)
        else:
            assert met is not None
            lm.add(plus((ones(out.values()), 1), ({met: 1}, -1)), 0, 0)
    # per unit (a card, or a pool of interchangeable wild cards): its value, the copies
    # held and the copies used or kept out; the rest is deadwood. No row a bound already
    # implies: a model this small is solved in about the time CP-SAT takes to read it,
    # so redundant rows are not free.
    values = {cid: rules.value(Card.from_id(cid)) for cid in held}
    left: list[tuple[int, int, Terms]] = []
    for ids, used, most in pm.units():
        have = sum(counts[c] for c in ids)
        kept = ones(out[c] for c in ids if c in out) if out else {}
        uses = plus((used, 1), (kept, 1)) if kept else used
        if most + min(len(kept), 1) > have:
            lm.add(uses, hi=have)
        left.append((values[ids[0]], have, uses))
        if len(ids) > 1:  # a pool of several cards: each is bounded by its own copies too
            for cid in ids:
                if pm.most[cid] + (cid in out) > counts[cid]:
                    kept_out = ones([out[cid]]) if cid in out else {}
                    lm.add(plus((pm.used[cid], 1), (kept_out, 1)), hi=counts[cid])
    for cid in held:
        if must[cid]:
            lm.add(pm.used[cid], lo=must[cid], when=met)
    if goal is Goal.CONTRACT:
        assert contract is not None
        pm.add_contract(contract, met)
        if contract.all_cards:
            for _, have, uses in left:
                lm.add(uses, have, have, met)
    elif goal is Goal.OPENING:
        assert rules.opening_min is not None
        pm.add_opening(rules.opening_min, met)
    elif goal is Goal.WIN:
        for _, have, uses in left:
            lm.add(uses, have, have, met)
        if rules.require_run:
            pm.add_run_required(met)

    # meeting the goal first, then deadwood points, then deadwood cards: every unit's
    # deadwood is what it holds less its uses (constants are left out)
    scale = len(cards) + 1
    parts = [(uses, -(value * scale + 1)) for value, _, uses in left]
    if met is not None:
        missed = scale * (sum(values[c] * counts[c] for c in held) + 1)
        parts.append(({met: 1}, -missed))
    if goal_reserve:
        # the goal's own discard is listed as deadwood, so its value counts too
        parts.append(({out[c]: values[c] for c in held}, scale))
    lm.minimize(plus(*parts))

    solver, status = run_model(lm, time_limit, budget)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # stopped before any solution: the goal-free answer of melding nothing; whether
        # the goal can be met is not known (a goal-free partition always exists)
        return replace(
            _no_melds(cards, rules, goal, fixed_reserve, optimal=False),
            feasible=None if strict else True,
        )

    solution = list(solver.response_proto.solution)
    discard = next((Card.from_id(c) for c, v in out.items() if solution[v]), None)
    # copies by card id neither melded as themselves nor kept out
    spare = list(counts)
    for cid in held:
        spare[cid] -= value_of(pm.used[cid], solution)
    if discard is not None:
        spare[discard.id] -= 1
    melds = build_melds(pm, solution, spare)
    deadwood = sort_cards(Card.from_id(c) for c in held for _ in range(spare[c]))
    points = rules.points(deadwood)
    if goal_reserve and discard is not None:
        deadwood = sort_cards([*deadwood, discard])
        points += rules.value(discard)
    optimal = status == cp_model.OPTIMAL
    # an unmet goal is a fact only once the search is complete
    feasible = True if met is None or solution[met] else (False if optimal else None)
    return Solution(
        goal=goal,
        feasible=feasible,
        optimal=optimal,
        melds=tuple(melds),
        deadwood=tuple(deadwood),
        deadwood_points=points,
        discard=discard,
    )


def _surely_infeasible(
    cards: list[Card],
    rules: Rules,
    temps: list[Template],
    goal: Goal,
    contract: Contract | None,
    reserve: bool,
) -> bool:
    """Cheap necessary conditions, so a hopeless goal skips its CP-SAT solve."""
    kinds = {t.kind for t in temps}
    if goal is Goal.CONTRACT:
        assert contract is not None
        if (contract.sets and "set" not in kinds) or (contract.runs and "run" not in kinds):
            return True
        need = contract.sets * rules.set_min + contract.runs * rules.run_min
        if need > len(cards) or (contract.all_cards and not temps):
            return True
    if goal is Goal.OPENING:
        return not temps
    if goal is Goal.WIN or (contract is not None and contract.all_cards):
        if rules.require_run and goal is Goal.WIN and "run" not in kinds:
            return True
        meldable = {c for t in temps for c in t.naturals}
        stranded = sum(1 for c in cards if c.id not in meldable and not rules.is_wild(c))
        return stranded > (1 if reserve else 0)
    return False


def build_melds(pm: PartitionModel, solution: Sequence[int], spare: list[int]) -> list[Meld]:
    """The melds of a solution. ``spare``: copies by card id not melded as themselves nor
    kept out; each pool's wild cards are taken from it (lowest canonical first), and it
    keeps what is left over."""
    wilds: list[Card] = []
    for ids, var in pm.pools:
        need = solution[var]
        for card in sort_cards(Card.from_id(c) for c in ids):
            copies = min(need, spare[card.id])
            spare[card.id] -= copies
            need -= copies
            wilds.extend([card] * copies)
    wilds = sort_cards(wilds)
    melds: list[Meld] = []
    for var, t, opens in zip(pm.x, pm.templates, pm.open, strict=True):
        for t_copy in _copies(t, solution[var], [solution[v] for v in opens]):
            take, wilds = wilds[: t_copy.wilds], wilds[t_copy.wilds :]
            melds.append(t_copy.build(take))
    return sorted(melds, key=lambda mm: mm.sort_key)


def _copies(t: Template, copies: int, naturals: list[int]) -> list[Template]:
    """Deal open slot i's ``naturals[i]`` natural cards round the copies in turn, so
    every copy gets its fair share (and so meets the natural minimum)."""
    if not naturals:
        return [t] * copies
    chosen: list[set[int]] = [set() for _ in range(copies)]
    k = 0
    for slot, count in enumerate(naturals):
        for _ in range(count):
            chosen[k % copies].add(slot)
            k += 1
    return [t.resolve(c) for c in chosen]


def _no_melds(
    cards: list[Card], rules: Rules, goal: Goal, reserve: bool, optimal: bool = True
) -> Solution:
    discard = max(cards, key=lambda c: (rules.value(c), c.sort_key)) if reserve else None
    rest = list(cards)
    if discard is not None:
        rest.remove(discard)
    return Solution(
        goal=goal,
        feasible=True,
        optimal=optimal,
        melds=(),
        deadwood=tuple(rest),
        deadwood_points=rules.points(rest),
        discard=discard,
    )
