"""The rank-by-rank sweep over targets: a dynamic programme whose value is cards needed.

A *target* is the multiset of cards the hand ends with in melds (for ``knock``: the
whole final hand, deadwood included) that meets the goal. Its cost is the copies it
asks for beyond what the hand holds; cards needed is the least cost. The sweep builds
targets card kind by card kind (rank position by position, the four suits within a
position, then the rank's sets), so a state only holds what the rest of the sweep
needs (see ``State``). Each state keeps its least cost and the bit mask of kinds some
least-cost partial target asks for beyond the hand: the final mask is the outs.

A wild slot (a wild in a run or a set) is counted in ``need``; the copies that fill
slots are committed where their kind is visited (a wild rank at its position, jokers
at the end), so ``need`` is slots placed less copies committed and must end at 0.

The passes run compiled (``advisor.engine._core``) over packed states (see ``plan`` and
``layout``); this class holds what depends on the hand (the pruning bounds per layer,
the non-run uses of a card) and answers the core's questions it has not cached yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from advisor.engine._core import Core, WorkLimit
from advisor.engine.layout import pack
from advisor.engine.plan import FINAL, KIND, Plan
from solver.goals import Goal
from solver.speed import WORK_LIMIT

Entry = tuple[int, int]  # (cost, outs mask)


class Sweep:
    """The sweep of one plan over one hand. ``size``: cards of the hand the question is
    about (the held count, or one less when a discard is still to come); ``reserve``:
    cards of it kept out of the melds as the final discard."""

    def __init__(
        self,
        plan: Plan,
        held: Sequence[int],
        live: Sequence[int],
        size: int,
        reserve: int,
        limit: int = WORK_LIMIT,
    ):
        self.p = plan
        self.held, self.live = held, live
        self.reserve = reserve
        self.target = size if plan.goal == Goal.KNOCK else size - reserve
        self.n = sum(held)
        layers = plan.layers
        count = len(layers)
        self.hrem = [0] * (count + 1)
        self.before = [0] * (count + 1)
        self.fut_wild = [0] * (count + 1)
        self.fut_held_wild = [0] * (count + 1)
        for i in range(count - 1, -1, -1):
            lay = layers[i]
            h = held[lay.card] if lay.step in (KIND, FINAL) else 0
            wild = lay.step == FINAL or (
                lay.step == KIND and lay.set_here and plan.is_wild[lay.card]
            )
            self.hrem[i] = self.hrem[i + 1] + h
            self.fut_wild[i] = self.fut_wild[i + 1] + (h + live[lay.card] if wild else 0)
            self.fut_held_wild[i] = self.fut_held_wild[i + 1] + (h if wild else 0)
        for i, lay in enumerate(layers):
            last = lay.step in (KIND, FINAL) and not lay.carry_out  # the ace waits for 14
            self.before[i + 1] = self.before[i] + (held[lay.card] if last else 0)
        # the next position each suit visits, before layer i
        self.next_at: list[int] = []
        for lay in layers:
            if lay.step == KIND:
                self.next_at.extend(lay.position + (k < lay.suit) for k in range(4))
            elif lay.step == FINAL:
                self.next_at.extend((plan.hi + 1,) * 4)
            else:
                self.next_at.extend((lay.position + 1,) * 4)
        self.next_at.extend((plan.hi + 1,) * 4)  # after the end
        self.core = Core(plan, self, pack(plan.layout), limit)

    def key(self) -> tuple[Any, ...]:
        """What the sweep's answers depend on (two sweeps with one key agree)."""
        knock = self.p.goal == Goal.KNOCK
        return (
            self.p.serial,
            tuple(self.held),
            tuple(self.live),
            self.target,
            knock and self.reserve,
        )

    def charge(self, states: int) -> None:
        """Count ``states`` expanded before (an answer kept from an earlier sweep of the
        same question), as if this sweep had expanded them."""
        self.core.work += states
        if self.core.work > self.core.limit:
            raise WorkLimit(self.core.limit)

    def tick(self) -> None:
        """Called by the compiled passes every few thousand states. Running Python code
        lets the interpreter hand the lock to the worker's other threads (health checks,
        the load shedding) and deliver the request watchdog's exception when the budget
        ran out, which a long pass in C++ would hold back."""

    def best(self, bound: int) -> Entry | None:
        """(cards needed, outs mask) when cards needed is at most ``bound``, else None."""
        return self.core.best(bound)

    def every_discard(self, bound: int) -> dict[int, Entry]:
        """For each held kind d: (cards needed, outs mask) of the hand less one d, for
        those within ``bound``. One forward pass, one backward pass over the same states,
        and at the layer of each d its step taken again with one copy fewer: a discard's
        targets are the forward prefix, that step and the backward suffix."""
        return self.core.every_discard(bound)
