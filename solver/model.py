"""The CP-SAT model of a meld partition, built separately from the runner.

Variables: how often each template is laid (``x``) and how many wild cards of each
pool fill wild slots. Wild cards of equal deadwood value are interchangeable, so one
pool variable stands for all of them (no symmetric choice of which 2 plays wild).
``used[c]`` is the expression of copies of card ``c`` melded as itself; ``units()``
pairs each card or pool with everything it supplies. Callers bound the units by what
they hold and add their goal.

The model is written straight into CP-SAT's proto (``LinearModel``): variables are
indices and a linear expression is a map of variable to coefficient. These models are so
small that building them from CP-SAT's expression objects took as long as solving them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from solver.budget import MIN_SOLVE_SECONDS, Budget
from solver.candidates import Template
from solver.cards import NUM_KINDS, Card
from solver.rules import Contract, Rules
from solver.speed import WORK_PER_SECOND

SEED = 20261130
# Work accrues at different speeds on different models (bench/work.py: 0.13 to 0.5 units
# per second on hard hands); a solve with no budget is still stopped by the wall clock
# at this multiple of its seconds of work, a backstop only.
WALL_GUARD = 5.0
# Below this many variables the LP relaxation costs more than it prunes (bench/solve.py
# up to 16 cards: median 1.5 -> 1.3 ms, p99 unchanged); on larger models, with several
# wild cards, it is what keeps the p99 down (18 ms with it, 36 ms without).
LP_MIN_VARIABLES = 32
# Bounds of a linear row open on one side (CP-SAT's own infinity).
_INF = cp_model.INT_MAX
_MINUS_INF = cp_model.INT_MIN

# A linear expression without its constant: variable index -> coefficient.
Terms = dict[int, int]


class _Model(cp_model.CpModel):
    """CpModel without the deprecated camelCase aliases it adds to every instance:
    building them costs more than solving one of our small models."""

    def _add_pre_pep8_methods(self) -> None:
        pass


class LinearModel:
    """Integer variables and linear rows, added to a CP-SAT model's proto in order."""

    def __init__(self) -> None:
        self.model: cp_model.CpModel = _Model()
        self._proto = self.model.proto
        self._vars = 0

    @property
    def variables(self) -> int:
        return self._vars

    def var(self, lo: int, hi: int) -> int:
        self._proto.variables.add().domain.extend((lo, hi))
        self._vars += 1
        return self._vars - 1

    def add(
        self,
        terms: Mapping[int, int],
        lo: int = _MINUS_INF,
        hi: int = _INF,
        when: int | None = None,
    ) -> None:
        """``lo <= terms <= hi``; with ``when``, only where the 0/1 variable ``when`` is 1."""
        row = self._proto.constraints.add()
        if when is not None:
            row.enforcement_literal.append(when)
        linear = row.linear
        # lists: the binding reads them faster than a mapping's views
        linear.vars.extend(list(terms))
        linear.coeffs.extend(list(terms.values()))
        linear.domain.extend((lo, hi))

    def minimize(self, terms: Mapping[int, int]) -> None:
        """Minimize ``terms`` (a constant would not change the optimum, so none is kept)."""
        objective = self._proto.objective
        objective.vars.extend(list(terms))
        objective.coeffs.extend(list(terms.values()))


def plus(*parts: tuple[Mapping[int, int], int]) -> Terms:
    """The sum of ``coefficient * terms`` over ``(terms, coefficient)`` parts."""
    out: Terms = {}
    for terms, k in parts:
        for v, c in terms.items():
            out[v] = out.get(v, 0) + k * c
    return {v: c for v, c in out.items() if c}


def ones(variables: Iterable[int]) -> Terms:
    return {v: 1 for v in variables}


def value_of(terms: Mapping[int, int], solution: Sequence[int]) -> int:
    return sum(c * solution[v] for v, c in terms.items())


@dataclass
class PartitionModel:
    rules: Rules
    templates: list[Template]
    supply: Sequence[int]
    lm: LinearModel = field(default_factory=LinearModel)
    x: list[int] = field(default_factory=list)
    pools: list[tuple[tuple[int, ...], int]] = field(default_factory=list)
    used: list[Terms] = field(default_factory=list)
    wild_slots: Terms = field(default_factory=dict)
    open: list[list[int]] = field(default_factory=list)
    # the most copies of each card the melds could use as itself, by the variables' bounds
    most: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    # one wild pool per card rather than per value: where it matters which copy of a wild
    # card is used (a table's wild cards must stay on the table)
    pool_by_card: bool = False

    def __post_init__(self) -> None:
        lm, r, supply = self.lm, self.rules, self.supply
        self.used = [{} for _ in range(NUM_KINDS)]
        total = sum(supply)
        for t in self.templates:
            counts: dict[int, int] = {}
            wilds = 0
            opens = False
            for c in t.slots:
                if c >= 0:
                    counts[c] = counts.get(c, 0) + 1
                elif c == -1:
                    wilds += 1
                else:
                    opens = True
            ub = min([total // len(t.slots), *(supply[c] // k for c, k in counts.items())])
            var = lm.var(0, ub)
            self.x.append(var)
            for c, k in counts.items():
                self.used[c][var] = k
                self.most[c] += k * ub
            if wilds:
                self.wild_slots[var] = wilds
            self.open.append(self._open(t, var, ub) if opens else [])
        by_value: dict[int, list[int]] = {}
        for cid, held in enumerate(supply):
            if held and r.is_wild(Card.from_id(cid)):
                key = cid if self.pool_by_card else r.value(Card.from_id(cid))
                by_value.setdefault(key, []).append(cid)
        for _, ids in sorted(by_value.items()):
            self.pools.append((tuple(ids), lm.var(0, sum(supply[c] for c in ids))))

    def _open(self, t: Template, x: int, ub: int) -> list[int]:
        """Open slots: ``nat`` of the ``x`` copies take the natural card, the rest a
        wild. Counted over all copies, the natural minimum and the wild limit hold for
        each copy once the naturals are dealt round the copies in turn."""
        lm, r = self.lm, self.rules
        nats: list[int] = []
        for c in t.open_slots:
            nat = lm.var(0, min(ub, self.supply[c]))
            lm.add({nat: 1, x: -1}, hi=0)
            self.used[c][nat] = 1
            self.most[c] += min(ub, self.supply[c])
            nats.append(nat)
        # the x copies' wild slots less the open ones taken by naturals
        self.wild_slots[x] = self.wild_slots.get(x, 0) + len(nats)
        for nat in nats:
            self.wild_slots[nat] = -1
        natural = {x: len(t.naturals), **{nat: 1 for nat in nats}}
        least = r.set_min_naturals if t.kind == "set" else r.run_min_naturals
        lm.add(plus((natural, 1), ({x: least}, -1)), lo=0)
        if r.max_wilds_per_meld is not None:
            cap = {x: len(t.slots) - r.max_wilds_per_meld}
            lm.add(plus((cap, 1), (natural, -1)), hi=0)
        return nats

    def close(self) -> None:
        """Every wild slot takes one wild card. Call once all slots are added (callers may
        add slots of their own to ``wild_slots``, e.g. layoffs)."""
        self.lm.add(plus((self.wild_slots, 1), ({v: 1 for _, v in self.pools}, -1)), 0, 0)

    def units(self) -> list[tuple[tuple[int, ...], Terms, int]]:
        """Each held card not in a wild pool alone with its uses; each pool with its cards'
        natural uses plus its wild uses; and the most the unit's uses can reach. A unit's
        total may not exceed the copies held of its cards (and ``used[c]`` alone not those
        of ``c``). Cards not held have no unit: no template uses them."""
        pooled = {c for ids, _ in self.pools for c in ids}
        out: list[tuple[tuple[int, ...], Terms, int]] = [
            ((c,), self.used[c], self.most[c])
            for c in range(NUM_KINDS)
            if self.supply[c] and c not in pooled
        ]
        for ids, var in self.pools:
            most = sum(self.most[c] for c in ids) + sum(self.supply[c] for c in ids)
            out.append((ids, plus(*((self.used[c], 1) for c in ids), ({var: 1}, 1)), most))
        return out

    # -- goal constraints --

    def count(self, kind: str) -> Terms:
        return {v: 1 for v, t in zip(self.x, self.templates, strict=True) if t.kind == kind}

    def melded_points(self) -> Terms:
        return {v: t.points for v, t in zip(self.x, self.templates, strict=True)}

    # ``met``: the 0/1 variable under which the goal must hold (None: always)

    def add_contract(self, contract: Contract, met: int | None) -> None:
        self.lm.add(self.count("set"), contract.sets, contract.sets, met)
        self.lm.add(self.count("run"), contract.runs, contract.runs, met)

    def add_opening(self, minimum: int, met: int | None) -> None:
        self.lm.add(self.melded_points(), lo=minimum, when=met)

    def add_run_required(self, met: int | None) -> None:
        self.lm.add(self.count("run"), lo=1, when=met)


def new_solver(
    time_limit: float, wall_limit: float | None = None, *, variables: int
) -> cp_model.CpSolver:
    """A deterministic solver: one worker, a fixed seed, and a limit of ``time_limit``
    seconds of work in CP-SAT's deterministic time (solver/budget.py), so what it returns
    does not depend on the machine's load. ``wall_limit``: the wall-clock backstop
    (default ``WALL_GUARD`` times the work's seconds). ``variables``: the model's count,
    which decides whether the LP relaxation is worth building."""
    solver = cp_model.CpSolver()
    p = solver.parameters
    p.num_workers = 1
    p.random_seed = SEED
    p.max_deterministic_time = max(time_limit, MIN_SOLVE_SECONDS) * WORK_PER_SECOND
    guard = WALL_GUARD * max(time_limit, MIN_SOLVE_SECONDS) if wall_limit is None else wall_limit
    p.max_time_in_seconds = max(guard, 0.001)
    # probing costs more than it saves on models this small (bench/solve.py: p99 halves);
    # so does the whole presolve: on 30-card hands it turned some 0.6-0.9 s solves (one not
    # proved optimal) into 30-70 ms ones, and on 10-15 cards it is half of the solve
    p.cp_model_probing_level = 0
    p.cp_model_presolve = False
    # nor do cuts and the SAT inprocessing: the LP relaxation alone bounds these models
    # well (bench/solve.py, up to 16 cards: p99 21 -> 13 ms; 30 cards: 0.57 -> 0.30 s)
    p.cut_level = 0
    p.use_sat_inprocessing = False
    # with presolve off, the symmetries CP-SAT finds are never used
    p.symmetry_level = 0
    if variables < LP_MIN_VARIABLES:
        p.linearization_level = 0
    return solver


def run_model(
    lm: LinearModel, time_limit: float, budget: Budget | None
) -> tuple[cp_model.CpSolver, cp_model.CpSolverStatus]:
    """Solve ``lm`` within ``time_limit`` seconds of work, or within what is left of
    ``budget`` (which is charged what the solve spent); the solver and its status."""
    if budget is None:
        solver = new_solver(time_limit, variables=lm.variables)
    else:
        solver = new_solver(budget.limit(time_limit), budget.remaining(), variables=lm.variables)
    status = solver.solve(lm.model)
    if budget is not None:
        budget.spend(solver.deterministic_time)
    return solver, status
