# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The sweep's passes, compiled: forward, backward and every discard over packed states.

A state is a 64-bit integer laid out by ``advisor.engine.layout``; a layer of the sweep
is a hash map from state to (cost << 56 | outs mask). What the passes do not know yet
(the run moves of a shape, a rank's close, a card's other uses, how far open runs are
from done) they ask the plan or the sweep once and keep: the plan's answers in its
``Tables`` (shared by every hand of the question), the sweep's in the ``Core``.
This file and ``sweep.py`` describe one method; ``sweep.py`` documents it.
"""

from cython.operator cimport dereference as deref, preincrement as inc
from libc.stdint cimport uint32_t, uint64_t
from libcpp.unordered_map cimport unordered_map
from libcpp.vector cimport vector

import weakref

from advisor.engine.layout import FIELDS

cdef extern from "_flat.h":
    cdef cppclass FlatMap:
        vector[uint64_t] keys
        vector[uint64_t] vals
        size_t count
        FlatMap()
        size_t cap()
        long find(uint64_t)
        void merge(uint64_t, uint64_t)
        void put(uint64_t, uint64_t)
        void clear()
        void swap(FlatMap&)

# the state's field indices and the packed answers' parts, from advisor.engine.layout
include "_layout.pxi"

# layer steps, as advisor.engine.plan
cdef enum:
    KIND = 0
    CLOSE = 1
    FINAL = 2

ctypedef vector[uint64_t]* MovesPtr

cdef uint64_t DONE = 0xFFFFFFFFFFFFFFFFULL
cdef uint64_t EMPTY = 0xFFFFFFFFFFFFFFFEULL  # FlatMap's free slot
cdef uint64_t MASK = (1ULL << 56) - 1
cdef int JOKER_ID = 52
cdef int NO_DISCARD = -1
cdef long TICK = (1 << 13) - 1  # every 8192 states the passes run a little Python
cdef int DISC_ADDS = 1 << 16  # in a discard cost: the step adds a copy (an out)


cdef inline int card_id(int position, int suit) noexcept:
    """``solver.cards.card_id`` inlined for the passes; checked against it on import."""
    return suit * 13 + (position - 1) % 13


def _check_card_ids() -> None:
    from solver import cards

    if JOKER_ID != cards.JOKER_ID or any(
        card_id(p, s) != cards.card_id(p, s) for p in range(1, 15) for s in range(4)
    ):
        raise ImportError("advisor.engine._core numbers cards unlike solver.cards")


_check_card_ids()


cdef inline size_t vector_bytes(size_t capacity, size_t item) noexcept:
    """A vector made with ``new``: its header and its array, as malloc rounds them."""
    return 32 + ((capacity * item + 8 + 15) // 16 * 16 if capacity else 0)


class WorkLimit(Exception):
    """A sweep expanded more states than its limit allows."""


cdef class Tables:
    """The plan's answers, kept for every hand asked about the question. A shape is four
    16-bit run ids (one per suit), interned here."""

    cdef object plan
    # each index maps a key to its list in ``pool`` (lists never move once stored)
    cdef FlatMap suit_at, kind_at, close_at, extras_at
    cdef vector[MovesPtr] pool
    cdef unordered_map[uint64_t, uint64_t] shape_of
    cdef vector[uint64_t] shape_runs
    cdef vector[signed char] run_done
    cdef vector[vector[int]*] needs
    cdef uint64_t max_shapes
    cdef vector[int] position, suit
    cdef int nlayers
    cdef size_t lists_bytes  # what the lists of ``pool`` and ``needs`` take

    def __init__(self, plan):
        # not the plan itself: the plan holds its tables, and a cycle would outlive the
        # plan's eviction until the collector's next full pass
        self.plan = weakref.proxy(plan)
        self.nlayers = len(plan.layers)
        for lay in plan.layers:
            self.position.push_back(lay.position)
            self.suit.push_back(lay.suit)
        self.shape_runs.push_back(0)
        self.shape_of[0] = 0
        self.max_shapes = plan.layout.shapes

    def __dealloc__(self):
        for k in range(self.pool.size()):
            del self.pool[k]
        for k in range(self.needs.size()):
            del self.needs[k]

    cdef inline vector[uint64_t]* stored(self, FlatMap* index, uint64_t key):
        cdef long at = index.find(key)
        if at < 0:
            return NULL
        return self.pool[index.vals[at]]

    cdef vector[uint64_t]* store(self, FlatMap* index, uint64_t key, object found) except NULL:
        cdef vector[uint64_t]* kept = new vector[uint64_t]()
        for x in found:
            kept.push_back(x)
        return self.keep(index, key, kept)

    cdef vector[uint64_t]* keep(self, FlatMap* index, uint64_t key, vector[uint64_t]* kept):
        index.put(key, self.pool.size())
        self.pool.push_back(kept)
        self.lists_bytes += vector_bytes(kept.capacity(), 8)
        return kept

    def nbytes(self) -> int:
        """The bytes these tables hold (malloc's rounding counted, near enough)."""
        cdef size_t total = self.lists_bytes
        total += 16 * (self.suit_at.cap() + self.kind_at.cap() + self.close_at.cap())
        total += 16 * self.extras_at.cap()
        total += 8 * (self.pool.capacity() + self.needs.capacity() + self.shape_runs.capacity())
        total += 32 * self.shape_of.size() + 8 * self.shape_of.bucket_count()
        total += self.run_done.capacity()
        return total

    cdef inline int run_of(self, uint64_t shape, int s):
        return <int>((self.shape_runs[shape] >> (16 * s)) & 0xFFFF)

    cdef uint64_t shape_with(self, uint64_t shape, int s, uint64_t run) except? 0:
        """The shape with suit ``s``'s runs replaced by ``run``."""
        cdef uint64_t key = (self.shape_runs[shape] & ~(0xFFFFULL << (16 * s))) | run << (16 * s)
        cdef unordered_map[uint64_t, uint64_t].iterator it = self.shape_of.find(key)
        if it != self.shape_of.end():
            return deref(it).second
        cdef uint64_t found = self.shape_runs.size()
        if found >= self.max_shapes:
            raise OverflowError("too many sweep shapes for one plan")
        self.shape_of[key] = found
        self.shape_runs.push_back(key)
        return found

    cdef vector[uint64_t]* kind_moves(self, uint64_t shape, int i) except NULL:
        """The run moves of layer ``i`` from ``shape``, with the next shape in place of
        the next run id."""
        cdef uint64_t key = shape * self.nlayers + i
        cdef vector[uint64_t]* found = self.stored(&self.kind_at, key)
        if found != NULL:
            return found
        cdef int s = self.suit[i], p = self.position[i]
        cdef int run = self.run_of(shape, s)
        cdef uint64_t skey = (<uint64_t>(p * 4 + s) << 32) | <uint64_t>run
        cdef vector[uint64_t]* moves = self.stored(&self.suit_at, skey)
        if moves == NULL:
            moves = self.store(&self.suit_at, skey, self.plan.suit_moves(p, s, run))
        cdef vector[uint64_t]* out = new vector[uint64_t]()
        cdef size_t a
        cdef uint64_t m
        try:
            for a in range(moves.size()):
                m = deref(moves)[a]
                out.push_back(
                    self.shape_with(shape, s, m >> MOVE_AFTER) << MOVE_AFTER
                    | (m & ((1ULL << MOVE_AFTER) - 1))
                )
        except OverflowError:
            del out
            raise
        return self.keep(&self.kind_at, key, out)

    cdef vector[uint64_t]* close_moves(self, int i, int setn, int top, uint64_t tsets) except NULL:
        cdef uint64_t key = <uint64_t>i | <uint64_t>setn << 8 | <uint64_t>top << 16 | tsets << 24
        cdef vector[uint64_t]* found = self.stored(&self.close_at, key)
        if found != NULL:
            return found
        return self.store(&self.close_at, key, self.plan.close_moves(i, setn, top, tsets))

    cdef vector[uint64_t]* extras_for(
        self, int i, int avail, int setn, int top, uint64_t tsets, int dead, int resv,
        int reserve
    ) except NULL:
        cdef uint64_t key = (
            <uint64_t>i | <uint64_t>avail << 8 | <uint64_t>setn << 16 | <uint64_t>top << 24
            | <uint64_t>resv << 28 | <uint64_t>dead << 29 | <uint64_t>reserve << 41
            | tsets << 42
        )
        cdef vector[uint64_t]* found = self.stored(&self.extras_at, key)
        if found != NULL:
            return found
        return self.store(
            &self.extras_at, key, self.plan.extras(i, avail, setn, top, tsets, dead, resv, reserve)
        )

    cdef vector[int]* needs_of(self, int s, int run) except NULL:
        """What the open runs ``run`` of suit ``s`` still need: a positive length of
        cards for a new run short of the minimum, minus the low card for a table run's
        lower end."""
        cdef int at = 4 * run + s
        while <int>self.needs.size() <= at:
            self.needs.push_back(NULL)
        if self.needs[at] == NULL:
            self.needs[at] = new vector[int]()
            for x in self.plan.run_needs(s, run):
                self.needs[at].push_back(x)
            self.lists_bytes += vector_bytes(self.needs[at].capacity(), 4)
        return self.needs[at]

    cdef bint is_complete(self, uint64_t shape) except -1:
        """Whether every open run of the shape is a finished meld."""
        cdef int s, run
        cdef signed char done
        for s in range(4):
            run = self.run_of(shape, s)
            if not run:
                continue
            while <int>self.run_done.size() <= run:
                self.run_done.push_back(-1)
            done = self.run_done[run]
            if done < 0:
                done = 1 if self.plan.runs_complete(run) else 0
                self.run_done[run] = done
            if not done:
                return False
        return True


# an edge's step: its cost (bits 0-7), whether it adds a copy (ADDS), and with one copy
# fewer held (DISC_OK: the step exists then) its cost (bits 9-15) and whether it adds one
cdef uint32_t ADDS = 1 << 8
cdef uint32_t DISC_OK = 1 << 17


cdef inline uint32_t step_of(int dc, bint adds, int disc) nogil:
    cdef uint32_t step = <uint32_t>dc | (ADDS if adds else 0)
    if disc != NO_DISCARD:
        step |= DISC_OK | (<uint32_t>(disc & 127) << 9) | ((1 << 16) if disc & DISC_ADDS else 0)
    return step


cdef inline int imin(int a, int b) nogil:
    return a if a < b else b


cdef class Core:
    """The passes of one sweep (one hand)."""

    cdef Tables t
    cdef object sweep
    cdef int off[NFIELDS]
    cdef uint64_t msk[NFIELDS]
    cdef int need_off
    cdef int nlayers
    cdef vector[int] step, suit, card, set_here, carry_out, carry_in
    cdef vector[int] hrem, before, fut_wild, fut_held_wild, next_at
    cdef int held[53]
    cdef int live[53]
    cdef int target, n, reserve, bound, hi
    cdef bint exact_size, is_contract, need_run
    cdef int contract_sets, contract_runs, opening_min, knock_max, joker_value
    cdef uint64_t start
    cdef vector[int] miss_layer, miss_value  # by shape: the layer last asked, its value
    cdef vector[uint64_t] out_key
    cdef vector[int] out_dc
    cdef vector[uint64_t] out_dm
    cdef vector[int] out_disc  # the step's cost with one copy fewer held, or NO_DISCARD
    # the edges of the last pass with ``keep``, by layer: each source state's value and
    # its edges' end; each edge's next state, cost, whether it adds a copy, discard cost
    cdef vector[vector[uint64_t]] src_key, src_val, edge_key
    cdef vector[vector[int]] src_end
    cdef vector[vector[uint32_t]] edge_step  # packed by ``step_of``
    cdef vector[FlatMap] kept
    cdef public long work  # states expanded so far, by every pass
    cdef public long limit  # the most this sweep may expand

    def __init__(self, plan, sweep, uint64_t start, long limit):
        self.t = plan.tables
        self.sweep = weakref.proxy(sweep)  # the sweep holds its core: no cycle to collect
        self.start = start
        self.limit = limit
        self.work = 0
        cdef int k
        offsets = plan.layout.offsets
        widths = plan.layout.widths
        for k in range(NFIELDS):
            self.off[k] = offsets[k]
        for k in range(NFIELDS - 1):
            self.msk[k] = (1ULL << widths[FIELDS[k]]) - 1
        self.msk[SHAPE] = 0
        self.need_off = plan.layout.need_offset
        self.nlayers = len(plan.layers)
        for lay in plan.layers:
            self.step.push_back(lay.step)
            self.suit.push_back(lay.suit)
            self.card.push_back(lay.card)
            self.set_here.push_back(lay.set_here)
            self.carry_out.push_back(lay.carry_out)
            self.carry_in.push_back(lay.carry_in)
        for x in sweep.hrem:
            self.hrem.push_back(x)
        for x in sweep.before:
            self.before.push_back(x)
        for x in sweep.fut_wild:
            self.fut_wild.push_back(x)
        for x in sweep.fut_held_wild:
            self.fut_held_wild.push_back(x)
        for x in sweep.next_at:
            self.next_at.push_back(x)
        for k in range(53):
            self.held[k] = sweep.held[k]
            self.live[k] = sweep.live[k]
        self.target, self.n, self.reserve = sweep.target, sweep.n, sweep.reserve
        self.exact_size = plan.exact_size
        self.is_contract = plan.goal == "contract"
        self.contract_sets = -1 if plan.contract_sets is None else plan.contract_sets
        self.contract_runs = -1 if plan.contract_runs is None else plan.contract_runs
        self.need_run = plan.need_run
        self.opening_min = -1 if plan.opening_min is None else plan.opening_min
        self.knock_max = -1 if plan.knock_max is None else plan.knock_max
        self.joker_value = plan.value[JOKER_ID]
        self.hi = plan.hi
        self.bound = 0

    # -- fields -------------------------------------------------------------------------

    cdef inline int get(self, uint64_t st, int f):
        return <int>((st >> self.off[f]) & self.msk[f])

    cdef int missing(self, int p, int s, int run_id) except -1:
        """Places from position ``p`` on that the open runs ``run_id`` of suit ``s`` must
        still fill and the hand has no natural card for: each takes a wild or an added
        card (99: they cannot be finished)."""
        cdef vector[int]* needs = self.t.needs_of(s, run_id)
        cdef int lengths[64]
        cdef int count = 0, longest = 0, k, a, x, demand, pos, found = 0
        for a in range(<int>needs.size()):
            x = deref(needs)[a]
            x = x if x > 0 else -x - p  # a table run's lower end: up to its low card
            if count < 64:
                lengths[count] = x
                count += 1
            if x > longest:
                longest = x
        for k in range(longest):
            demand = 0
            for a in range(count):
                if lengths[a] > k:
                    demand += 1
            pos = p + k
            if pos > self.hi:
                return 99
            x = demand - self.held[card_id(pos, s)]
            if x > 0:
                found += x
        return found

    # -- moves --------------------------------------------------------------------------

    cdef int emit(
        self, int j, uint64_t shape, int tsize, int need, uint64_t rest,
        int dc, uint64_t dm, int disc, bint prune, int cost
    ) except -1:
        """Place a state before layer ``j`` (``rest``: its fields other than shape, size
        and need), pruned as ``Sweep.admit`` did when ``prune``."""
        cdef int floor, spare, missing, k, r
        if not self.exact_size:
            # only "at most target cards" is asked: a size below what the rest of the
            # hand and the additions can fill is as good as that floor
            floor = self.target - self.hrem[j] - self.bound
            if tsize < floor:
                tsize = floor
        # a state whose slots cannot fit the target never completes
        if tsize + (need if need > 0 else 0) > self.target or need + self.need_off < 0:
            return 0
        if prune:
            if need > self.fut_wild[j]:
                return 0
            spare = self.bound - cost - dc
            if shape >= self.miss_layer.size():
                self.miss_layer.resize(shape + 1, -1)
                self.miss_value.resize(shape + 1, 0)
            if self.miss_layer[shape] != j:
                missing = 0
                for k in range(4):
                    r = self.t.run_of(shape, k)
                    if r:
                        missing += self.missing(self.next_at[4 * j + k], k, r)
                self.miss_layer[shape] = j
                self.miss_value[shape] = missing
            missing = self.miss_value[shape]
            if need + missing - self.fut_held_wild[j] > spare:
                return 0
            if self.exact_size:
                if self.target - tsize - self.hrem[j] > spare:
                    return 0
                # held cards left out so far never come back
                if self.before[j] - tsize + cost + dc > self.n - self.target + self.bound:
                    return 0
        self.out_key.push_back(
            rest | shape << self.off[SHAPE] | <uint64_t>tsize << self.off[TSIZE]
            | <uint64_t>(need + self.need_off) << self.off[NEED]
        )
        self.out_dc.push_back(dc)
        self.out_dm.push_back(dm)
        self.out_disc.push_back(disc)
        return 0

    cdef int expand(self, int i, uint64_t st, int h, bint prune, int cost) except -1:
        """Every next state from ``st`` at layer ``i`` holding ``h`` copies of its card."""
        self.out_key.clear()
        self.out_dc.clear()
        self.out_dm.clear()
        self.out_disc.clear()
        self.work += 1
        if self.work > self.limit:
            raise WorkLimit(self.limit)
        if not self.work & TICK:
            self.sweep.tick()
        cdef int step = self.step[i]
        if step == KIND:
            self.kind(i, st, h, prune, cost)
        elif step == CLOSE:
            self.close(i, st, prune, cost)
        else:
            self.final(st, h)
        return <int>self.out_key.size()

    cdef int kind(self, int i, uint64_t st, int h, bint prune, int cost) except -1:
        cdef int s = self.suit[i], c = self.card[i]
        cdef uint64_t bit = 1ULL << c
        cdef uint64_t shape = st >> self.off[SHAPE]
        cdef int carry_s = self.get(st, CARRY0 + s)
        cdef bint cin = self.carry_in[i], cout = self.carry_out[i]
        cdef int low_used = carry_s if cin else 0
        cdef int avail = h + self.live[c] - low_used
        if avail < 0:
            return 0
        cdef int need = self.get(st, NEED) - self.need_off
        cdef int tsize = self.get(st, TSIZE)
        cdef int nsets = self.get(st, NSETS), nruns = self.get(st, NRUNS)
        cdef int pts = self.get(st, PTS), dead = self.get(st, DEAD), resv = self.get(st, RESV)
        cdef int setn = self.get(st, SETN), top = self.get(st, STOP)
        cdef uint64_t tsets = <uint64_t>self.get(st, TSETS)
        cdef vector[uint64_t]* moves = self.t.kind_moves(shape, i)
        cdef vector[uint64_t] single
        cdef vector[uint64_t]* uses
        if self.set_here[i]:
            uses = self.t.extras_for(i, avail, setn, top, tsets, dead, resv, self.reserve)
        else:
            single.push_back(
                tsets << EXTRA_TSETS | <uint64_t>dead << EXTRA_DEAD | <uint64_t>resv << EXTRA_RESV
                | <uint64_t>top << EXTRA_TOP | <uint64_t>setn << EXTRA_SETN
            )
            uses = &single
        # the carry fields of the other suits stay as they are
        cdef uint64_t carry_rest = 0
        cdef int k
        for k in range(4):
            if k != s:
                carry_rest |= <uint64_t>self.get(st, CARRY0 + k) << self.off[CARRY0 + k]
        cdef uint64_t fixed = carry_rest | <uint64_t>nsets << self.off[NSETS]
        cdef uint64_t m, e, rest
        cdef int nat, wild, new, mpts, nruns2, pts2, commit, taken, t, total, dc, carry2
        cdef int low_paid, disc
        cdef uint64_t shape2
        cdef size_t a, b
        for a in range(moves.size()):
            m = deref(moves)[a]
            nat = <int>((m >> MOVE_NAT) & MOVE_NAT_MASK)
            if nat > avail:
                continue
            wild = <int>((m >> MOVE_WILD) & MOVE_WILD_MASK)
            new = <int>((m >> MOVE_NEW) & MOVE_NEW_MASK)
            mpts = <int>((m >> MOVE_PTS) & MOVE_PTS_MASK)
            shape2 = m >> MOVE_AFTER
            nruns2 = nruns + new
            if self.contract_runs >= 0:
                if nruns2 > self.contract_runs:
                    continue
            elif self.need_run:
                nruns2 = imin(nruns2, 1)
            else:
                nruns2 = 0
            pts2 = imin(pts + mpts, self.opening_min) if self.opening_min >= 0 else 0
            for b in range(uses.size()):
                e = deref(uses)[b]
                commit = <int>((e >> EXTRA_COMMIT) & EXTRA_COMMIT_MASK)
                taken = <int>((e >> EXTRA_TAKEN) & EXTRA_TAKEN_MASK)
                t = nat + taken
                if t > avail:
                    continue
                if cin:
                    total = t + low_used
                    # the low use paid for copies beyond the whole hand's
                    low_paid = low_used - self.held[c] if low_used > self.held[c] else 0
                    dc = (total - h if total > h else 0) - low_paid
                    carry2 = 0
                else:
                    total = t
                    low_paid = 0
                    dc = t - h if t > h else 0
                    carry2 = t if cout else carry_s
                # the same step with one copy fewer held (a discard of this card)
                disc = NO_DISCARD
                if t < avail and h > 0:
                    disc = (total - h + 1 if total > h - 1 else 0) - low_paid
                    if total > h - 1:
                        disc |= DISC_ADDS
                rest = (
                    fixed
                    | <uint64_t>carry2 << self.off[CARRY0 + s]
                    | ((e >> EXTRA_SETN) & EXTRA_SETN_MASK) << self.off[SETN]
                    | ((e >> EXTRA_TOP) & EXTRA_TOP_MASK) << self.off[STOP]
                    | (e >> EXTRA_TSETS) << self.off[TSETS]
                    | <uint64_t>nruns2 << self.off[NRUNS]
                    | <uint64_t>pts2 << self.off[PTS]
                    | ((e >> EXTRA_DEAD) & EXTRA_DEAD_MASK) << self.off[DEAD]
                    | ((e >> EXTRA_RESV) & EXTRA_RESV_MASK) << self.off[RESV]
                )
                self.emit(
                    i + 1, shape2, tsize + t, need + wild - commit, rest,
                    dc, bit if total > h else 0, disc, prune, cost
                )
        return 0

    cdef int close(self, int i, uint64_t st, bint prune, int cost) except -1:
        """A rank's end: its set naturals become sets with wild slots; its table sets
        take wilds."""
        cdef uint64_t shape = st >> self.off[SHAPE]
        cdef int need = self.get(st, NEED) - self.need_off
        cdef int tsize = self.get(st, TSIZE)
        cdef int nsets = self.get(st, NSETS), pts = self.get(st, PTS)
        cdef vector[uint64_t]* moves = self.t.close_moves(
            i, self.get(st, SETN), self.get(st, STOP), <uint64_t>self.get(st, TSETS)
        )
        # kept: runs, dead, reserve, carry; set fields restart at 0
        cdef uint64_t keep = st & (
            (self.msk[NRUNS] << self.off[NRUNS]) | (self.msk[DEAD] << self.off[DEAD])
            | (self.msk[RESV] << self.off[RESV])
            | (((1ULL << (self.off[SHAPE] - self.off[CARRY0])) - 1) << self.off[CARRY0])
        )
        cdef uint64_t m
        cdef int w, q, nsets2, pts2
        cdef size_t a
        for a in range(moves.size()):
            m = deref(moves)[a]
            w = <int>((m >> CLOSE_WILDS) & CLOSE_WILDS_MASK)
            q = <int>((m >> CLOSE_SETS) & CLOSE_SETS_MASK)
            nsets2 = nsets + q
            if self.contract_sets >= 0:
                if nsets2 > self.contract_sets:
                    continue
            else:
                nsets2 = 0
            pts2 = (
                imin(pts + <int>((m >> CLOSE_PTS) & CLOSE_PTS_MASK), self.opening_min)
                if self.opening_min >= 0 else 0
            )
            self.emit(
                i + 1, shape, tsize, need + w,
                keep | (m >> CLOSE_TSETS) << self.off[TSETS] | <uint64_t>nsets2 << self.off[NSETS]
                | <uint64_t>pts2 << self.off[PTS],
                0, 0, NO_DISCARD, prune, cost
            )
        return 0

    cdef int final(self, uint64_t st, int h) except -1:
        """Jokers fill the wild slots left; then the goal is checked."""
        cdef int need = self.get(st, NEED) - self.need_off
        if need < 0:
            return 0
        if not self.t.is_complete(st >> self.off[SHAPE]):
            return 0
        cdef int tsize = self.get(st, TSIZE)
        cdef int nsets = self.get(st, NSETS), nruns = self.get(st, NRUNS)
        cdef int pts = self.get(st, PTS), dead = self.get(st, DEAD), resv = self.get(st, RESV)
        cdef int avail = h + self.live[JOKER_ID]
        cdef vector[int] ts, rs
        ts.push_back(need)
        rs.push_back(resv)
        cdef int value = self.joker_value, k, p, t, size
        cdef size_t a
        if self.knock_max >= 0:
            for k in range(1, avail - need + 1):
                p = dead + k * value
                if p <= self.knock_max:
                    ts.push_back(need + k)
                    rs.push_back(resv)
                if not resv and self.reserve and p - value <= self.knock_max:
                    ts.push_back(need + k)
                    rs.push_back(1)
                if p - value > self.knock_max:
                    break
        for a in range(ts.size()):
            t = ts[a]
            if t > avail:
                continue
            size = tsize + t
            if size > self.target or (self.exact_size and size != self.target):
                continue
            if self.is_contract and (
                self.contract_sets < 0 or nsets != self.contract_sets
                or nruns != self.contract_runs
            ):
                continue
            if self.need_run and nruns < 1:
                continue
            if self.opening_min >= 0 and pts < self.opening_min:
                continue
            if self.knock_max >= 0 and rs[a] != self.reserve:
                continue
            self.out_key.push_back(DONE)
            self.out_dc.push_back(t - h if t > h else 0)
            self.out_dm.push_back(1ULL << JOKER_ID if t > h else 0)
            if t < avail and h > 0:
                self.out_disc.push_back((t - h + 1) | DISC_ADDS if t > h - 1 else 0)
            else:
                self.out_disc.push_back(NO_DISCARD)
        return 0

    # -- passes -------------------------------------------------------------------------

    cdef int forward(self, int bound, bint keep) except -1:
        """The states before each layer within ``bound``; the last map is left in
        ``kept``; with ``keep``, every state expanded and its edges are recorded."""
        self.bound = bound
        self.kept.clear()
        cdef FlatMap cur, nxt
        cur.put(self.start, 0)
        if keep:
            self.src_key.assign(self.nlayers, vector[uint64_t]())
            self.src_val.assign(self.nlayers, vector[uint64_t]())
            self.edge_key.assign(self.nlayers, vector[uint64_t]())
            self.src_end.assign(self.nlayers, vector[int]())
            self.edge_step.assign(self.nlayers, vector[uint32_t]())
        cdef int i, h, cost, c2, n, k
        cdef uint64_t mask, key, val
        cdef size_t idx
        cdef bint last
        cdef vector[uint64_t]* ek
        for i in range(self.nlayers):
            h = self.held[self.card[i]] if self.step[i] != CLOSE else 0
            last = i + 1 == self.nlayers
            nxt.clear()
            ek = &self.edge_key[i] if keep else NULL
            for idx in range(cur.cap()):
                key = cur.keys[idx]
                if key == EMPTY:
                    continue
                val = cur.vals[idx]
                cost = <int>(val >> 56)
                mask = val & MASK
                n = self.expand(i, key, h, not last, cost)
                for k in range(n):
                    c2 = cost + self.out_dc[k]
                    if c2 > bound:
                        continue
                    nxt.merge(self.out_key[k], (<uint64_t>c2 << 56) | mask | self.out_dm[k])
                    if keep:
                        ek.push_back(self.out_key[k])
                        self.edge_step[i].push_back(
                            step_of(self.out_dc[k], self.out_dm[k] != 0, self.out_disc[k])
                        )
                if keep:
                    self.src_key[i].push_back(key)
                    self.src_val[i].push_back(val)
                    self.src_end[i].push_back(<int>ek.size())
            cur.swap(nxt)
            if cur.count == 0:
                break
        self.kept.push_back(cur)
        return 0

    def best(self, int bound):
        """(cards needed, outs mask) when cards needed is at most ``bound``, else None."""
        self.forward(bound, False)
        cdef long at = self.kept[0].find(DONE)
        cdef uint64_t v = self.kept[0].vals[at] if at >= 0 else 0
        self.kept.clear()
        if at < 0:
            return None
        return (<int>(v >> 56), v & MASK)

    cdef uint64_t bit_of(self, int i):
        """The outs bit an adding step of layer ``i`` sets."""
        if self.step[i] == KIND:
            return 1ULL << self.card[i]
        if self.step[i] == FINAL:
            return 1ULL << JOKER_ID
        return 0

    def every_discard(self, int bound):
        """For each held kind: (cards needed, outs mask) of the hand less one copy. One
        forward pass records its edges; the backward pass and each discard's step read
        them again (a discard's step is the recorded one with one copy fewer held)."""
        self.forward(bound, True)
        cdef int count = self.nlayers
        if self.kept[0].find(DONE) < 0:
            self.kept.clear()
            return {}
        cdef vector[FlatMap] bk
        bk.resize(count + 1)
        bk[count].put(DONE, 0)
        cdef int i, cost, c2, best_c, total, found_c, e, d
        cdef uint32_t step
        cdef size_t a
        cdef uint64_t best_m, found_m, mask, tail, bit
        cdef long at
        cdef FlatMap* after
        for i in range(count - 1, -1, -1):
            after = &bk[i + 1]
            bit = self.bit_of(i)
            e = 0
            for a in range(self.src_key[i].size()):
                cost = <int>(self.src_val[i][a] >> 56)
                best_c = -1
                best_m = 0
                while e < self.src_end[i][a]:
                    at = after.find(self.edge_key[i][e])
                    if at >= 0:
                        tail = after.vals[at]
                        step = self.edge_step[i][e]
                        c2 = <int>(step & 255) + <int>(tail >> 56)
                        # beyond the bound, no discard's target through here fits either
                        if cost + c2 <= bound:
                            if best_c < 0 or c2 < best_c:
                                best_c = c2
                                best_m = (bit if step & ADDS else 0) | (tail & MASK)
                            elif c2 == best_c:
                                best_m |= (bit if step & ADDS else 0) | (tail & MASK)
                    e += 1
                if best_c >= 0:
                    bk[i].put(self.src_key[i][a], (<uint64_t>best_c << 56) | best_m)
        out = {}
        for i in range(count):
            if self.step[i] == CLOSE or self.carry_out[i] or not self.held[self.card[i]]:
                continue
            after = &bk[i + 1]
            bit = self.bit_of(i)
            found_c = -1
            found_m = 0
            e = 0
            for a in range(self.src_key[i].size()):
                cost = <int>(self.src_val[i][a] >> 56)
                mask = self.src_val[i][a] & MASK
                while e < self.src_end[i][a]:
                    step = self.edge_step[i][e]
                    if step & DISC_OK:
                        d = <int>((step >> 9) & 127) | (DISC_ADDS if step & (1 << 16) else 0)
                        at = after.find(self.edge_key[i][e])
                        if at >= 0:
                            tail = after.vals[at]
                            total = cost + (d & 0xFFFF) + <int>(tail >> 56)
                            if total <= bound:
                                if found_c < 0 or total < found_c:
                                    found_c = total
                                    found_m = mask | (bit if d & DISC_ADDS else 0) | (tail & MASK)
                                elif total == found_c:
                                    found_m |= mask | (bit if d & DISC_ADDS else 0) | (tail & MASK)
                    e += 1
            if found_c >= 0:
                out[self.card[i]] = (found_c, found_m)
        self.kept.clear()
        self.src_key.clear()
        self.src_val.clear()
        self.edge_key.clear()
        self.src_end.clear()
        self.edge_step.clear()
        return out
