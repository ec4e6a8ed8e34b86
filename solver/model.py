"""The CP-SAT model of a meld partition, built separately from the runner.

Variables: how often each template is laid (``x``) and how many wild cards of each
pool fill wild slots. Wild cards of equal deadwood value are interchangeable, so one
pool variable stands for all of them (no symmetric choice of which 2 plays wild).
``used[c]`` is the expression of copies of card ``c`` melded as itself; ``units()``
pairs each card or pool with everything it supplies. Callers bound the units by what
they hold and add their goal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from solver.budget import MIN_SOLVE_SECONDS, WORK_PER_SECOND
from solver.candidates import Template
from solver.cards import NUM_KINDS, Card
from solver.rules import Contract, Rules

SEED = 20261130
# Work accrues at different speeds on different models (bench/work.py: 0.13 to 0.5 units
# per second on hard hands); a solve with no budget is still stopped by the wall clock
# at this multiple of its seconds of work, a backstop only.
WALL_GUARD = 5.0


class _Model(cp_model.CpModel):
    """CpModel without the deprecated camelCase aliases it adds to every instance:
    building them costs more than solving one of our small models."""

    def _add_pre_pep8_methods(self) -> None:
        pass


@dataclass
class PartitionModel:
    rules: Rules
    templates: list[Template]
    supply: Sequence[int]
    model: cp_model.CpModel = field(default_factory=_Model)
    x: list[cp_model.IntVar] = field(default_factory=list)
    pools: list[tuple[tuple[int, ...], cp_model.IntVar]] = field(default_factory=list)
    used: list[cp_model.LinearExpr | int] = field(default_factory=list)
    wild_slots: list[tuple[cp_model.IntVar, int]] = field(default_factory=list)
    open: list[list[cp_model.IntVar]] = field(default_factory=list)
    # the most copies of each card the melds could use as itself, by the variables' bounds
    most: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)

    def __post_init__(self) -> None:
        m, r = self.model, self.rules
        terms: list[list[tuple[cp_model.IntVar, int]]] = [[] for _ in range(NUM_KINDS)]
        total = sum(self.supply)
        for i, t in enumerate(self.templates):
            counts: dict[int, int] = {}
            wilds = 0
            for c in t.slots:
                if c >= 0:
                    counts[c] = counts.get(c, 0) + 1
                elif c == -1:
                    wilds += 1
            ub = min([total // len(t.slots), *(self.supply[c] // k for c, k in counts.items())])
            var = m.new_int_var(0, ub, f"x{i}")
            self.x.append(var)
            for c, k in counts.items():
                terms[c].append((var, k))
                self.most[c] += k * ub
            if wilds:
                self.wild_slots.append((var, wilds))
            opens = [-2 - c for c in t.slots if c <= -2]
            self.open.append(self._open(t, var, ub, terms) if opens else [])
        by_value: dict[int, list[int]] = {}
        for cid in range(NUM_KINDS):
            if self.supply[cid] and r.is_wild(Card.from_id(cid)):
                by_value.setdefault(r.value(Card.from_id(cid)), []).append(cid)
        for value, ids in sorted(by_value.items()):
            top = sum(self.supply[c] for c in ids)
            self.pools.append((tuple(ids), m.new_int_var(0, top, f"w{value}")))
        self.used = [_sum(terms[cid]) if terms[cid] else 0 for cid in range(NUM_KINDS)]

    def _open(
        self,
        t: Template,
        x: cp_model.IntVar,
        ub: int,
        terms: list[list[tuple[cp_model.IntVar, int]]],
    ) -> list[cp_model.IntVar]:
        """Open slots: ``nat`` of the ``x`` copies take the natural card, the rest a
        wild. Counted over all copies, the natural minimum and the wild limit hold for
        each copy once the naturals are dealt round the copies in turn."""
        m, r = self.model, self.rules
        nats: list[cp_model.IntVar] = []
        for c in t.open_slots:
            nat = m.new_int_var(0, min(ub, self.supply[c]), "o")
            m.add(nat <= x)
            terms[c].append((nat, 1))
            self.most[c] += min(ub, self.supply[c])
            nats.append(nat)
        self.wild_slots.append((x, len(nats)))
        self.wild_slots.extend((nat, -1) for nat in nats)
        natural = len(t.naturals) * x + cp_model.LinearExpr.sum(nats)
        least = r.set_min_naturals if t.kind == "set" else r.run_min_naturals
        m.add(natural >= least * x)
        if r.max_wilds_per_meld is not None:
            m.add(len(t.slots) * x - natural <= r.max_wilds_per_meld * x)
        return nats

    def close(self) -> None:
        """Every wild slot takes one wild card. Call once all slots are added (callers may
        add slots of their own to ``wild_slots``, e.g. layoffs)."""
        self.model.add(_sum(self.wild_slots) == _sum([(v, 1) for _, v in self.pools]))

    def units(self) -> list[tuple[tuple[int, ...], cp_model.LinearExpr | int, int]]:
        """Each held card not in a wild pool alone with its uses; each pool with its cards'
        natural uses plus its wild uses; and the most the unit's uses can reach. A unit's
        total may not exceed the copies held of its cards (and ``used[c]`` alone not those
        of ``c``). Cards not held have no unit: no template uses them."""
        pooled = {c for ids, _ in self.pools for c in ids}
        out: list[tuple[tuple[int, ...], cp_model.LinearExpr | int, int]] = [
            ((c,), self.used[c], self.most[c])
            for c in range(NUM_KINDS)
            if self.supply[c] and c not in pooled
        ]
        for ids, var in self.pools:
            most = sum(self.most[c] for c in ids) + sum(self.supply[c] for c in ids)
            out.append((ids, cp_model.LinearExpr.sum([self.used[c] for c in ids]) + var, most))
        return out

    # -- goal constraints --

    def count(self, kind: str) -> cp_model.LinearExpr:
        return _sum([(v, 1) for v, t in zip(self.x, self.templates, strict=True) if t.kind == kind])

    def melded_points(self) -> cp_model.LinearExpr:
        return _sum([(v, t.points) for v, t in zip(self.x, self.templates, strict=True)])

    # ``met``: the literal under which the goal must hold

    def add_contract(self, contract: Contract, met: cp_model.IntVar) -> None:
        self.model.add(self.count("set") == contract.sets).only_enforce_if(met)
        self.model.add(self.count("run") == contract.runs).only_enforce_if(met)

    def add_opening(self, minimum: int, met: cp_model.IntVar) -> None:
        self.model.add(self.melded_points() >= minimum).only_enforce_if(met)

    def add_run_required(self, met: cp_model.IntVar) -> None:
        self.model.add(self.count("run") >= 1).only_enforce_if(met)


def _sum(terms: Sequence[tuple[cp_model.IntVar, int]]) -> cp_model.LinearExpr:
    return cp_model.LinearExpr.weighted_sum([v for v, _ in terms], [k for _, k in terms])


def new_solver(time_limit: float, wall_limit: float | None = None) -> cp_model.CpSolver:
    """A deterministic solver: one worker, a fixed seed, and a limit of ``time_limit``
    seconds of work in CP-SAT's deterministic time (solver/budget.py), so what it returns
    does not depend on the machine's load. ``wall_limit``: the wall-clock backstop
    (default ``WALL_GUARD`` times the work's seconds)."""
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
    return solver


def new_model() -> cp_model.CpModel:
    """A fresh model, without the per-instance alias set-up (see ``_Model``)."""
    return _Model()
