"""Cards needed (RULES.md section 4), exactly, with one CP-SAT model per question.

The model describes the hand the player could hold: the cards held plus ``add[c]``
live cards (each replacing a held card, so the size stays), laid down as new melds
and laid off onto the table's melds. A new meld is a window template whose slots
each take a natural card or a wild, so no subset of cards is enumerated. Windows
that need more additions than a budget are left out; the budget grows until the
optimum lies within it, which makes the answer exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ortools.sat.python import cp_model

from advisor.completions import completion_templates
from solver.budget import Budget
from solver.candidates import Template, card_id
from solver.cards import NUM_KINDS, Card
from solver.melds import Meld
from solver.model import PartitionModel, new_solver
from solver.rules import Contract, Rules

DEFAULT_TIME_LIMIT = 2.0
GOALS = ("contract", "opening", "win", "out", "knock")
_BUDGETS = (1, 2, 4)
LEAN_ABOVE = 2  # budgets over this place live wilds only where no natural is live


def is_lean(budget: int) -> bool:
    """Whether completions within ``budget`` use lean templates (see completions)."""
    return budget > LEAN_ABOVE


Terms = list[tuple[cp_model.IntVar, int]]


@dataclass(frozen=True)
class Question:
    """What the hand must reach.

    ``goal``: contract, opening, win, out or knock. ``reserve``: cards that stay out
    of the melds as the final discard. ``new_melds``: new melds may be laid (not so
    for Liverpool after going down); ``table``: melds that cards may be laid off onto.
    """

    rules: Rules
    goal: str
    reserve: int = 0
    contract: Contract | None = None
    table: tuple[Meld, ...] = ()
    new_melds: bool = True


@dataclass(frozen=True)
class Answer:
    """``needed`` is None when no live cards can ever reach the goal."""

    needed: int | None
    added: tuple[int, ...] = ()
    optimal: bool = True
    melds: tuple[Template, ...] = ()  # the new melds of that completion


def _sum(terms: Terms) -> cp_model.LinearExpr:
    return cp_model.LinearExpr.weighted_sum([v for v, _ in terms], [k for _, k in terms])


class _Builder:
    """One model of a question, for one hand, its live cards and a budget of additions."""

    def __init__(
        self,
        q: Question,
        held: Sequence[int],
        live: Sequence[int],
        budget: int,
    ):
        self.q, self.r = q, q.rules
        self.held, self.budget = held, budget
        self.n = sum(held)
        self.live = [min(live[c], budget) for c in range(NUM_KINDS)]
        supply = [held[c] + self.live[c] for c in range(NUM_KINDS)]
        lean = is_lean(budget)
        temps = completion_templates(self.r, held, live, budget, lean=lean) if q.new_melds else []
        self.pm = PartitionModel(self.r, temps, supply)
        self.m = self.pm.model
        self.extra: list[Terms] = [[] for _ in range(NUM_KINDS)]
        self.laid: Terms = []
        for meld in q.table:
            if meld.kind == "run":
                self._layoff_run(meld)
            else:
                self._layoff_set(meld)
        self.pm.close()
        self.hand: list[cp_model.LinearExpr] = [cp_model.LinearExpr.constant(h) for h in held]
        self.add: dict[int, cp_model.IntVar] = {}
        self.kept: dict[int, cp_model.IntVar] = {}  # knock: unmelded cards kept in hand
        # copies of each card played as itself, in new melds or laid off
        self.used: list[cp_model.LinearExpr] = []
        usable = self.pm.touched | {c for ids, _ in self.pm.pools for c in ids}
        for c in range(NUM_KINDS):
            expr = self.pm.used[c] + _sum(self.extra[c])
            self.used.append(expr)
            if q.goal != "knock" and c not in usable and not self.extra[c]:
                continue  # nothing can meld this card, so adding it cannot help
            # (under knock a low card can help as deadwood in place of a high one)
            if self.live[c]:
                self.add[c] = self.m.new_int_var(0, self.live[c], f"a{c}")
            self.m.add(expr <= self.hand[c] + self.add.get(c, 0))
        for ids, pool in self.pm.pools:
            self.m.add(self._pool_use(ids) + pool <= self._have(ids))
        self.total_used = cp_model.LinearExpr.sum(
            [*self.used, *(pool for _, pool in self.pm.pools)]
        )
        self.total_added = cp_model.LinearExpr.sum(list(self.add.values()))

    def _pool_use(self, ids: Sequence[int]) -> cp_model.LinearExpr:
        return cp_model.LinearExpr.sum([self.used[c] for c in ids])

    def _have(self, ids: Sequence[int]) -> cp_model.LinearExpr:
        """Copies of ``ids`` in the hand once the additions are in."""
        return cp_model.LinearExpr.sum(
            [self.hand[c] for c in ids] + [self.add[c] for c in ids if c in self.add]
        )

    # -- layoffs --------------------------------------------------------------

    def _layoff_run(self, meld: Meld) -> None:
        m, r = self.m, self.r
        assert meld.suit is not None and meld.low is not None and meld.high is not None
        wilds: list[cp_model.IntVar] = []
        below = range(meld.low - 1, r.min_position - 1, -1)
        above = range(meld.high + 1, r.max_position + 1)
        for side in (below, above):
            prev: cp_model.IntVar | None = None
            for p in side:
                # a position joins only once the one next to the meld has
                y = m.new_bool_var("y")
                if prev is not None:
                    m.add(y <= prev)
                nat = m.new_bool_var("n")
                wild = m.new_bool_var("w")
                m.add(nat + wild == y)
                self.extra[card_id(p, meld.suit)].append((nat, 1))
                wilds.append(wild)
                self.laid.append((y, 1))
                prev = y
        self.pm.wild_slots.extend((w, 1) for w in wilds)
        if r.max_wilds_per_meld is not None and wilds:
            room = max(0, r.max_wilds_per_meld - meld.wild_count)
            m.add(cp_model.LinearExpr.sum(wilds) <= room)

    def _layoff_set(self, meld: Meld) -> None:
        m, r = self.m, self.r
        assert meld.rank is not None
        room = r.set_limit - len(meld.cards)
        if room <= 0:
            return
        natural_suits = {c.suit for c, s in zip(meld.cards, meld.stands_for, strict=True) if c == s}
        joins: list[cp_model.IntVar] = []
        for s in range(4):
            if r.set_distinct_suits and s in natural_suits:
                continue
            nat = m.new_int_var(0, 1 if r.set_distinct_suits else room, "n")
            self.extra[s * 13 + meld.rank - 1].append((nat, 1))
            joins.append(nat)
        wild_room = room
        if r.max_wilds_per_meld is not None:
            wild_room = min(room, max(0, r.max_wilds_per_meld - meld.wild_count))
        wild = m.new_int_var(0, max(0, wild_room), "w")
        self.pm.wild_slots.append((wild, 1))
        joins.append(wild)
        m.add(cp_model.LinearExpr.sum(joins) <= room)
        self.laid.extend((j, 1) for j in joins)

    # -- goals ----------------------------------------------------------------

    def add_goal(self) -> None:
        q, m, r, pm = self.q, self.m, self.r, self.pm
        reserve = int(q.reserve)
        m.add(self.total_used + reserve <= self.n)
        if q.goal == "contract":
            assert q.contract is not None
            m.add(pm.count("set") == q.contract.sets)
            m.add(pm.count("run") == q.contract.runs)
            if q.contract.all_cards:
                m.add(self.total_used + reserve == self.n)
        elif q.goal == "opening":
            assert r.opening_min is not None
            m.add(pm.melded_points() >= r.opening_min)
        elif q.goal in ("win", "out"):
            m.add(self.total_used + reserve == self.n)
            if q.goal == "win" and r.require_run:
                m.add(pm.count("run") >= 1)
        elif q.goal == "knock":
            assert r.knock_max is not None
            kept: Terms = []
            kept_of = self.kept
            for c in range(NUM_KINDS):
                top = self.held[c] + self.live[c]
                if not top:
                    continue
                k = m.new_int_var(0, top, "k")
                m.add(k + self.used[c] <= self.hand[c] + self.add.get(c, 0))
                kept.append((k, r.value(Card.from_id(c))))
                kept_of[c] = k
            for ids, pool in pm.pools:
                keep = cp_model.LinearExpr.sum([kept_of[c] for c in ids if c in kept_of])
                m.add(keep + self._pool_use(ids) + pool <= self._have(ids))
            count = cp_model.LinearExpr.sum([k for k, _ in kept])
            m.add(count + self.total_used + reserve == self.n)
            m.add(_sum(kept) <= r.knock_max)
        else:
            raise ValueError(f"unknown goal {q.goal!r}")


def lower_bound(q: Question, n: int) -> int | None:
    """None when no completion can exist (too few cards for the contract)."""
    r = q.rules
    if q.goal == "contract" and q.contract is not None:
        need = q.contract.sets * r.set_min + q.contract.runs * r.run_min
        if need > n or (q.contract.all_cards and need > n):
            return None
    return 0


def distance(
    q: Question,
    held: Sequence[int],
    live: Sequence[int],
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    budget: int | None = None,
    clock: Budget | None = None,
) -> Answer:
    """Least live cards to add (each replacing a held card) so the hand meets ``q``.

    ``budget``: only completions of at most this many cards. ``clock``: the request's
    time budget, shared by the solves (each at most ``time_limit``).
    """
    n = sum(held)
    if lower_bound(q, n) is None:
        return Answer(None)
    budgets = [b for b in _BUDGETS if b < n] + [n]
    if budget is not None:
        budgets = [min(budget, n)]
    for cap in budgets:
        if clock is not None and clock.expired:
            return Answer(None, optimal=False)
        b = _Builder(q, held, live, cap)
        b.add_goal()
        b.m.add(b.total_added <= cap)
        b.m.minimize(b.total_added)
        answer, status = _solve(b, time_limit if clock is None else clock.limit(time_limit))
        if status == cp_model.INFEASIBLE:
            continue
        return answer or Answer(None, optimal=False)
    return Answer(None)


def _solve(b: _Builder, time_limit: float) -> tuple[Answer | None, cp_model.CpSolverStatus]:
    """Solve ``b``; the completion found (None when there is none or time ran out)."""
    solver = new_solver(time_limit)
    status = solver.solve(b.m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, status
    added: list[int] = []
    for c, var in sorted(b.add.items()):
        added.extend([c] * solver.value(var))
    melds = tuple(
        t for t, x in zip(b.pm.templates, b.pm.x, strict=True) for _ in range(solver.value(x))
    )
    return Answer(len(added), tuple(added), status == cp_model.OPTIMAL, melds), status


class CompletionSearch:
    """Optimal completions within ``budget``, one after another, each adding a card the
    caller has not seen yet (an out search). The model is built once; each call adds the
    constraint for its cards, which implies those of earlier calls (fewer cards each
    time), and asks for as many of them as one completion can hold."""

    def __init__(self, q: Question, held: Sequence[int], live: Sequence[int], budget: int):
        self.b = _Builder(q, held, live, budget)
        self.b.add_goal()
        self.b.m.add(self.b.total_added <= budget)
        self.picks: dict[int, cp_model.IntVar] = {}
        for c, add in self.b.add.items():
            pick = self.b.m.new_bool_var(f"z{c}")
            self.b.m.add(add >= 1).only_enforce_if(pick)
            self.picks[c] = pick

    def next(self, new: Sequence[int], time_limit: float) -> tuple[Answer | None, bool]:
        """A least-cost completion adding some card of ``new``, or None; and whether the
        search finished (false: stopped by the time limit)."""
        picks = [self.picks[c] for c in new if c in self.picks]
        if not picks:
            return None, True
        m, wanted = self.b.m, cp_model.LinearExpr.sum(picks)
        m.add(wanted >= 1)
        m.minimize(self.b.total_added * (len(picks) + 1) - wanted)
        answer, status = _solve(self.b, time_limit)
        return answer, status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)


def most_laid_off(q: Question, held: Sequence[int], time_limit: float = DEFAULT_TIME_LIMIT) -> int:
    """The most held cards that can be laid off onto ``q.table`` now (no new melds)."""
    if not q.table or not sum(held):
        return 0
    b = _Builder(replace(q, new_melds=False), held, [0] * NUM_KINDS, 0)
    b.m.maximize(_sum(b.laid))
    solver = new_solver(time_limit)
    status = solver.solve(b.m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return 0
    return round(solver.objective_value)


def left_out(
    q: Question,
    held: Sequence[int],
    live: Sequence[int],
    budget: int,
    targets: set[int],
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> tuple[set[int], bool]:
    """A completion within ``budget`` added cards that leaves out (unmelded, not kept as
    deadwood) a copy of some card of ``targets``. Returns the targets that completion
    leaves out (empty when none can) and whether the search finished."""
    if lower_bound(q, sum(held)) is None:
        return set(), True
    b = _Builder(q, held, live, budget)
    b.add_goal()
    m = b.m
    m.add(b.total_added <= budget)
    group_of = {c: (ids, pool) for ids, pool in b.pm.pools for c in ids}

    def spare(ids: Sequence[int]) -> cp_model.LinearExpr:
        """Copies of ``ids`` held or added, less those melded as themselves or kept."""
        return cp_model.LinearExpr.sum(
            [b.hand[c] for c in ids]
            + [b.add[c] for c in ids if c in b.add]
            + [-b.used[c] for c in ids]
            + [-b.kept[c] for c in ids if c in b.kept]
        )

    picks: dict[int, cp_model.IntVar] = {}
    for d in sorted(targets):
        if not held[d]:
            continue
        pick = m.new_bool_var(f"u{d}")
        m.add(spare([d]) >= 1).only_enforce_if(pick)
        if d in group_of:
            # a wild pool's copies are interchangeable: one of them left out will do
            ids, pool = group_of[d]
            m.add(spare(ids) - pool >= 1).only_enforce_if(pick)
        picks[d] = pick
    if not picks:
        return set(), True
    m.add(cp_model.LinearExpr.sum(list(picks.values())) >= 1)
    solver = new_solver(time_limit)
    status = solver.solve(m)
    if status == cp_model.INFEASIBLE:
        return set(), True
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return set(), False

    def spare_value(ids: Sequence[int]) -> int:
        return int(solver.value(spare(ids)))

    found = set()
    for d in picks:
        ok = spare_value([d]) >= 1
        if ok and d in group_of:
            ids, pool = group_of[d]
            ok = spare_value(ids) - solver.value(pool) >= 1
        if ok:
            found.add(d)
    return found, True
