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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from advisor.engine.plan import CLOSE, FINAL, KIND, NEW, Plan, tag_role
from solver.cards import JOKER_ID
from solver.goals import Goal
from solver.melds import opening_value

# State: (runs of suit 0..3, set naturals of this rank, most of one suit among them,
# naturals laid on each table set at this rank, need, target size, sets, runs, opening
# points, deadwood points, reserve kept, ace copies used low per suit)
# A plain tuple indexed by the constants below: the hot loop builds millions of them.
State = tuple[Any, ...]
RUNS_END, SET_N, SET_TOP, TSETS, NEED, TSIZE, NSETS, NRUNS, PTS, DEAD, RESV, CARRY = (
    4,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
    12,
    13,
    14,
)
Entry = tuple[int, int]  # (cost, outs mask)
Layer = dict[State, Entry]
Move = tuple[State, int, int]
# a non-run use of a card: (copies, set naturals, most of one suit, table sets, deadwood,
# reserve kept, copies committed as wilds)
Extra = tuple[
    int, int, int, tuple[int, ...], int, int, int
]  # (next state, added cost, mask of kinds asked beyond the hand)
DONE: State = ((), (), (), (), 0, 0, (), 0, 0, 0, 0, 0, 0, 0, ())


class Sweep:
    """The sweep of one plan over one hand. ``size``: cards of the hand the question is
    about (the held count, or one less when a discard is still to come); ``reserve``:
    cards of it kept out of the melds as the final discard."""

    def __init__(
        self, plan: Plan, held: Sequence[int], live: Sequence[int], size: int, reserve: int
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
        self.next_at: list[tuple[int, ...]] = []
        for lay in layers:
            if lay.step == KIND:
                self.next_at.append(tuple(lay.position + (k < lay.suit) for k in range(4)))
            elif lay.step == FINAL:
                self.next_at.append((plan.hi + 1,) * 4)
            else:
                self.next_at.append((lay.position + 1,) * 4)
        self.next_at.append((plan.hi + 1,) * 4)  # after the end
        self.bound = 0  # of the pass under way: moves() read it
        self._extras_memo: dict[tuple[Any, ...], list[Extra]] = {}
        self._missing_memo: dict[tuple[int, int, tuple[Any, ...]], int] = {}
        self.tsets_at: dict[int, list[int]] = {}
        for j, (rank, _, _, _) in enumerate(plan.table_sets):
            self.tsets_at.setdefault(rank, []).append(j)
        self.start: State = (
            (),
            (),
            (),
            (),
            0,
            0,
            (0,) * len(plan.table_sets),
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            (0, 0, 0, 0),
        )

    def key(self) -> tuple[Any, ...]:
        """What the sweep's answers depend on (two sweeps with one key agree)."""
        knock = self.p.goal == Goal.KNOCK
        return (id(self.p), tuple(self.held), tuple(self.live), self.target, knock and self.reserve)

    # -- pruning ------------------------------------------------------------------------

    def admit(self, i: int, st: State, cost: int, bound: int) -> bool:
        """Whether a state before layer ``i`` can still lead to a target within ``bound``
        (every test is a necessary condition, so no optimal target is lost)."""
        need = st[NEED]
        pend = need if need > 0 else 0
        tsize = st[TSIZE]
        if tsize + pend > self.target:
            return False
        if need > self.fut_wild[i]:
            return False
        spare = bound - cost
        missing = 0
        for suit in range(4):
            runs = st[suit]
            if runs:
                missing += self._missing(self.next_at[i][suit], suit, runs)
        if need + missing - self.fut_held_wild[i] > spare:
            return False
        if self.p.exact_size:
            if self.target - tsize - self.hrem[i] > spare:
                return False
            # held cards left out so far never come back
            if self.before[i] - tsize + cost > self.n - self.target + bound:
                return False
        return True

    def _missing(self, p: int, s: int, runs: tuple[Any, ...]) -> int:
        """Places from position ``p`` on that the open runs of suit ``s`` must still fill
        and the hand has no natural card for: each takes a wild or an added card."""
        key = (p, s, runs)
        found = self._missing_memo.get(key)
        if found is None:
            plan = self.p
            lengths = []
            for tag, length, _, _ in runs:
                if tag == NEW:
                    if length < plan.rm:
                        lengths.append(plan.rm - length)
                else:
                    j, role = tag_role(tag)
                    if role == 1:
                        lengths.append(plan.table_runs[j][1] - p)
            found = 0
            for k in range(max(lengths, default=0)):
                demand = sum(1 for x in lengths if x > k)
                pos = p + k
                if pos > plan.hi:
                    found = 99  # cannot be finished
                    break
                found += max(0, demand - self.held[s * 13 + (pos - 1) % 13])
            self._missing_memo[key] = found
        return found

    # -- moves --------------------------------------------------------------------------

    def moves(self, i: int, st: State, h: int) -> list[Move]:
        """Every next state from ``st`` at layer ``i`` when the hand holds ``h`` copies of
        the layer's card."""
        lay = self.p.layers[i]
        if lay.step == FINAL:
            return self._final(st, h)
        out = self._kind(i, st, h) if lay.step == KIND else self._close(i, st)
        if not self.p.exact_size:
            # Only "at most target cards" is asked; a target size further below than the
            # rest of the hand and the additions can fill is as good as that bound.
            floor = self.target - self.hrem[i + 1] - self.bound
            out = [
                ((*s[:TSIZE], floor, *s[TSIZE + 1 :]), dc, dm) if s[TSIZE] < floor else (s, dc, dm)
                for s, dc, dm in out
            ]
        return out

    def _kind(self, i: int, st: State, h: int) -> list[Move]:
        p = self.p
        lay = p.layers[i]
        c, s = lay.card, lay.suit
        bit = 1 << c
        carry = st[CARRY]
        low_used = carry[s] if lay.carry_in else 0
        avail = h + self.live[c] - low_used
        if avail < 0:
            return []
        extras = None
        if lay.set_here:
            key = (i, avail, st[SET_N], st[SET_TOP], st[TSETS], st[DEAD], st[RESV])
            extras = self._extras_memo.get(key)
            if extras is None:
                extras = self._extras_memo[key] = self._extras(lay.rank, c, s, st, avail)
        out: list[Move] = []
        limit_runs = p.contract_runs
        base_n, base_top, base_tsets = st[SET_N], st[SET_TOP], st[TSETS]
        for runs, nat, wild, new, pts in p.run_moves(lay.position, s, st[s]):
            if nat > avail:
                continue
            nruns = st[NRUNS] + new
            if limit_runs is not None:
                if nruns > limit_runs:
                    continue
            elif p.need_run:
                nruns = min(nruns, 1)
            else:
                nruns = 0
            pts2 = 0
            if p.opening_min is not None:
                pts2 = min(st[PTS] + pts, p.opening_min)
            heads = (*st[:s], runs, *st[s + 1 : 4])
            for taken, set_n, top, tsets, dead, resv, commit in extras or (
                (0, base_n, base_top, base_tsets, st[DEAD], st[RESV], 0),
            ):
                t = nat + taken
                if t > avail:
                    continue
                if lay.carry_in:
                    total = t + low_used
                    # the low use paid for copies beyond the whole hand's
                    dc = max(0, total - h) - max(0, low_used - self.held[c])
                    new_carry = (*carry[:s], 0, *carry[s + 1 :])
                else:
                    total = t
                    dc = t - h if t > h else 0
                    new_carry = (*carry[:s], t, *carry[s + 1 :]) if lay.carry_out else carry
                nxt: State = (
                    *heads,
                    set_n,
                    top,
                    tsets,
                    st[NEED] + wild - commit,
                    st[TSIZE] + t,
                    st[NSETS],
                    nruns,
                    pts2,
                    dead,
                    resv,
                    new_carry,
                )
                out.append((nxt, dc, bit if total > h else 0))
        return out

    def _extras(self, rank: int, c: int, s: int, st: State, avail: int) -> list[Extra]:
        """Uses of card ``c`` other than runs, at its rank's layer: set naturals, table-set
        layoffs, deadwood kept (knock) and copies committed as wilds. Each is (copies,
        set naturals, most of one suit, table sets, deadwood, reserve kept, committed)."""
        p = self.p
        out: list[Extra] = []
        set_top = 0
        if p.sets_allowed and p.q.new_melds:
            set_top = p.decks  # one copy per set, as many sets as copies
        set_top = min(set_top, avail)
        tsets_opts: list[tuple[tuple[int, ...], int]] = [(st[TSETS], 0)]
        for j in self.tsets_at.get(rank, ()):
            _, suits, room, _ = p.table_sets[j]
            if p.distinct and s in suits:
                continue
            most = 1 if p.distinct else room
            grown: list[tuple[tuple[int, ...], int]] = []
            for tsets, k in tsets_opts:
                for x in range(0, min(most, room - tsets[j]) + 1):
                    if k + x <= avail:
                        grown.append(((*tsets[:j], tsets[j] + x, *tsets[j + 1 :]), k + x))
            tsets_opts = grown
        knock = p.knock_max
        value = p.value[c]
        wild = p.is_wild[c]
        for a in range(set_top + 1):
            set_n = st[SET_N] + a
            top = max(st[SET_TOP], a)
            for tsets, k in tsets_opts:
                used = a + k
                if used > avail:
                    continue
                rest = avail - used
                for commit in range(rest + 1) if wild else (0,):
                    left = rest - commit
                    if knock is None:
                        out.append((used + commit, set_n, top, tsets, 0, 0, commit))
                        continue
                    for dead in range(left + 1):
                        pts = st[DEAD] + dead * value
                        if pts <= knock:
                            out.append(
                                (used + commit + dead, set_n, top, tsets, pts, st[RESV], commit)
                            )
                        if dead and not st[RESV] and self.reserve and pts - value <= knock:
                            out.append(
                                (used + commit + dead, set_n, top, tsets, pts - value, 1, commit)
                            )
                        if pts - value > knock:
                            break
        return out

    def _close(self, i: int, st: State) -> list[Move]:
        """The end of a rank: its set naturals become sets with wild slots, and the table
        sets of the rank take wilds."""
        p = self.p
        lay = p.layers[i]
        out: list[Move] = []
        naturals = st[SET_N]
        value = opening_value(lay.rank)
        tsets = st[TSETS]
        wild_opts = [(0, tsets)]
        for j in self.tsets_at.get(lay.rank, ()):
            _, _, room, own = p.table_sets[j]
            most = room - tsets[j] if p.wilds_exist else 0
            if p.maxw is not None:
                most = min(most, p.maxw - own)
            wild_opts = [
                (w + x, (*t[:j], 0, *t[j + 1 :]))
                for w, t in wild_opts
                for x in range(max(0, most) + 1)
            ]
        seen: set[State] = set()
        for q, w in p.set_blocks(naturals, st[SET_TOP]):
            nsets = st[NSETS] + q
            if p.contract_sets is not None:
                if nsets > p.contract_sets:
                    continue
            else:
                nsets = 0
            pts = 0
            if p.opening_min is not None:
                pts = min(st[PTS] + (naturals + w) * value, p.opening_min)
            for tw, t in wild_opts:
                nxt: State = (
                    *st[:4],
                    0,
                    0,
                    t,
                    st[NEED] + w + tw,
                    st[TSIZE],
                    nsets,
                    st[NRUNS],
                    pts,
                    st[DEAD],
                    st[RESV],
                    st[CARRY],
                )
                if nxt not in seen:
                    seen.add(nxt)
                    out.append((nxt, 0, 0))
        return out

    def _final(self, st: State, h: int) -> list[Move]:
        """Jokers fill the wild slots left; then the goal is checked."""
        p = self.p
        need = st[NEED]
        if need < 0:
            return []
        for runs in st[:4]:
            for tag, length, nat, _ in runs:
                if tag == NEW:
                    if length < p.rm or nat < p.rmn:
                        return []
                elif tag_role(tag)[1] == 1:
                    return []
        avail = h + self.live[JOKER_ID]
        goal = p.goal
        options = [(need, st[DEAD], st[RESV])]
        if p.knock_max is not None:
            value = p.value[JOKER_ID]
            for dead in range(1, avail - need + 1):
                pts = st[DEAD] + dead * value
                if pts <= p.knock_max:
                    options.append((need + dead, pts, st[RESV]))
                if not st[RESV] and self.reserve and pts - value <= p.knock_max:
                    options.append((need + dead, pts - value, 1))
                if pts - value > p.knock_max:
                    break
        out: list[Move] = []
        for t, _, resv in options:
            if t > avail:
                continue
            tsize = st[TSIZE] + t
            if tsize > self.target or (p.exact_size and tsize != self.target):
                continue
            if goal == Goal.CONTRACT and (
                st[NSETS] != p.contract_sets or st[NRUNS] != p.contract_runs
            ):
                continue
            if p.need_run and st[NRUNS] < 1:
                continue
            if p.opening_min is not None and st[PTS] < p.opening_min:
                continue
            if p.knock_max is not None and resv != self.reserve:
                continue
            out.append((DONE, t - h if t > h else 0, 1 << JOKER_ID if t > h else 0))
        return out

    # -- passes -------------------------------------------------------------------------

    def forward(self, bound: int, keep: bool = False) -> list[Layer]:
        """The states before each layer (all of them with ``keep``, else only the last)
        whose least prefix cost is within ``bound``; the last holds ``DONE`` or nothing."""
        layers = self.p.layers
        held = self.held
        self.bound = bound
        layer: Layer = {self.start: (0, 0)}
        kept = [layer]
        for i, lay in enumerate(layers):
            h = held[lay.card] if lay.step != CLOSE else 0
            nxt: Layer = {}
            last = i + 1 == len(layers)
            for st, (cost, mask) in layer.items():
                for st2, dc, dm in self.moves(i, st, h):
                    c2 = cost + dc
                    if c2 > bound or (not last and not self.admit(i + 1, st2, c2, bound)):
                        continue
                    old = nxt.get(st2)
                    if old is None or c2 < old[0]:
                        nxt[st2] = (c2, mask | dm)
                    elif c2 == old[0]:
                        nxt[st2] = (c2, old[1] | mask | dm)
            layer = nxt
            if keep:
                kept.append(layer)
            if not layer:
                break
        return kept if keep else [layer]

    def best(self, bound: int) -> Entry | None:
        """(cards needed, outs mask) when cards needed is at most ``bound``, else None."""
        return self.forward(bound)[-1].get(DONE)

    def every_discard(self, bound: int) -> dict[int, Entry]:
        """For each held kind d: (cards needed, outs mask) of the hand less one d, for
        those within ``bound``. One forward pass, one backward pass over the same states,
        and at the layer of each d its step taken again with one copy fewer: a discard's
        targets are the forward prefix, that step and the backward suffix."""
        fw = self.forward(bound, keep=True)
        layers = self.p.layers
        count = len(layers)
        if len(fw) <= count or DONE not in fw[count]:
            return {}
        held = self.held
        bk: list[Layer] = [{} for _ in range(count + 1)]
        bk[count] = {DONE: (0, 0)}
        for i in range(count - 1, -1, -1):
            lay = layers[i]
            h = held[lay.card] if lay.step != CLOSE else 0
            after = bk[i + 1]
            here: Layer = {}
            for st, (cost, _) in fw[i].items():
                best: Entry | None = None
                for st2, dc, dm in self.moves(i, st, h):
                    tail = after.get(st2)
                    if tail is None:
                        continue
                    c2 = dc + tail[0]
                    if cost + c2 > bound:
                        continue  # no discard's target through here fits either
                    if best is None or c2 < best[0]:
                        best = (c2, dm | tail[1])
                    elif c2 == best[0]:
                        best = (c2, best[1] | dm | tail[1])
                if best is not None:
                    here[st] = best
            bk[i] = here
        out: dict[int, Entry] = {}
        for i, lay in enumerate(layers):
            if lay.step == CLOSE or lay.carry_out or not held[lay.card]:
                continue
            after = bk[i + 1]
            found: Entry | None = None
            for st, (cost, mask) in fw[i].items():
                for st2, dc, dm in self.moves(i, st, held[lay.card] - 1):
                    tail = after.get(st2)
                    if tail is None:
                        continue
                    total = cost + dc + tail[0]
                    if total > bound:
                        continue
                    if found is None or total < found[0]:
                        found = (total, mask | dm | tail[1])
                    elif total == found[0]:
                        found = (total, found[1] | mask | dm | tail[1])
            if found is not None:
                out[lay.card] = found
        return out
