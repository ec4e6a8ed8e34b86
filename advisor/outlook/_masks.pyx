# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The look-ahead's kernel, compiled: the least deadwood of a hand held as a bit mask
over card ids (memoised), the least-deadwood discard, the race over stock orders, the
exact draw look-ahead, the hands the hidden worlds deal and the play-outs.
``masks.py``, ``race.py``, ``value.py`` and ``montecarlo.py`` document the method;
this file holds their inner loops only.

A hand fits in 64 bits (``solver.cards.NUM_KINDS`` card ids, checked). The memo is an
open-addressing table of fixed size (linear probing, key 0 free: the empty hand is
answered without it), emptied when it holds ``max_memo`` hands. The floating-point
sums are made in the order the Python model writes them, one rounding per operation
(the build turns off contraction into fused multiply-adds), so the answers are the
same to the last bit.
"""

from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset
from libcpp.vector cimport vector

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil

cdef uint64_t GOLDEN = 0x9E3779B97F4A7C15ULL


cdef inline uint64_t splitmix(uint64_t* state) noexcept:
    """The next number of a splitmix64 stream (the worlds' draws)."""
    state[0] += GOLDEN
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline int low_card(uint64_t hand) noexcept:
    return __builtin_ctzll(hand)


cdef inline int64_t gone_out(int64_t dead, int64_t knock_gain, int64_t gin_bonus) noexcept:
    return knock_gain - dead + (gin_bonus if dead == 0 else 0)


def worth(int64_t deadwood, int64_t knock_max, int64_t knock_gain, int64_t gin_bonus) -> object:
    """The worth of a hand at ``deadwood``, as ``value.Lookahead`` defines it: going out
    (within ``knock_max``) wins ``knock_gain - deadwood``, plus ``gin_bonus`` at 0, a
    whole number of points; a hand held risks ``-deadwood``."""
    if deadwood > knock_max:
        return -<double>deadwood
    return gone_out(deadwood, knock_gain, gin_bonus)


# what the draw look-ahead's recursion shares: the live cards, those drawn on the way
cdef struct Walk:
    vector[int]* ids
    vector[int]* copies
    vector[int]* drawn
    int total
    int64_t knock_max
    int64_t knock_gain
    int64_t gin_bonus


cdef class Kernel:
    cdef int64_t value[64]
    cdef int first[65]  # the melds whose lowest card is c: melds[first[c]:first[c + 1]]
    cdef vector[uint64_t] melds
    cdef uint64_t* keys
    cdef int32_t* vals  # a hand's points: at most 64 cards of 1000 (solver.limits)
    cdef size_t slots
    cdef size_t count
    cdef size_t max_memo
    cdef int shift

    def __cinit__(self, *args: object, **kwargs: object) -> None:
        self.keys = NULL
        self.vals = NULL

    def __init__(self, value: object, by_low: object, int max_memo) -> None:
        """``value``: the points of each card id; ``by_low``: the meld masks whose
        lowest card is each id; ``max_memo``: the most hands the memo holds."""
        cdef list values = list(value)
        cdef list lows = list(by_low)
        if len(values) > 64 or len(lows) != len(values):
            raise ValueError("a hand of these cards does not fit in 64 bits")
        if max_memo < 1:
            raise ValueError("the memo holds at least one hand")
        cdef int c
        for c in range(64):
            self.value[c] = values[c] if c < len(values) else 0
        self.melds.clear()
        for c in range(65):
            self.first[c] = 0
        for c in range(64):
            self.first[c] = self.melds.size()
            if c < len(lows):
                for m in lows[c]:
                    self.melds.push_back(m)
        self.first[64] = self.melds.size()
        # at most half the slots used: probes stay short
        self.slots = 16
        self.shift = 60
        while self.slots < 2 * <size_t>max_memo:
            self.slots *= 2
            self.shift -= 1
        self.max_memo = max_memo
        free(self.keys)
        free(self.vals)
        # calloc: the pages are the system's zeros until first written (RSS grows with use)
        self.keys = <uint64_t*>calloc(self.slots, sizeof(uint64_t))
        self.vals = <int32_t*>calloc(self.slots, sizeof(int32_t))
        if self.keys == NULL or self.vals == NULL:
            raise MemoryError()
        self.count = 0

    def __dealloc__(self) -> None:
        free(self.keys)
        free(self.vals)

    def memo_size(self) -> int:
        """The hands the memo holds now."""
        return self.count

    cdef inline size_t _slot(self, uint64_t hand) noexcept:
        return <size_t>((hand * GOLDEN) >> self.shift)

    cdef int64_t _least(self, uint64_t hand) noexcept:
        if hand == 0:
            return 0
        cdef size_t mask = self.slots - 1
        cdef size_t i = self._slot(hand)
        cdef uint64_t k
        while True:
            k = self.keys[i]
            if k == hand:
                return self.vals[i]
            if k == 0:
                break
            i = (i + 1) & mask
        cdef int low = low_card(hand)
        cdef int64_t best = self.value[low] + self._least(hand & ~(1ULL << low))
        cdef int64_t d
        cdef uint64_t m
        cdef int j
        for j in range(self.first[low], self.first[low + 1]):
            m = self.melds[j]
            if hand & m == m and best != 0:
                d = self._least(hand & ~m)
                if d < best:
                    best = d
        # the recursion may have filled or emptied the table: probe again
        if self.count >= self.max_memo:
            memset(self.keys, 0, self.slots * sizeof(uint64_t))
            self.count = 0
        i = self._slot(hand)
        while self.keys[i] != 0:
            i = (i + 1) & mask
        self.keys[i] = hand
        self.vals[i] = <int32_t>best
        self.count += 1
        return best

    cdef inline int64_t _after_discard(self, uint64_t hand, uint64_t keep, int* card) noexcept:
        """The least deadwood after a discard of ``hand`` (not of ``keep``), -1 when
        there is none; ``card``: the discard, the lowest id on a tie (-1: none)."""
        cdef int64_t best = -1
        cdef int64_t d
        cdef uint64_t bit
        cdef uint64_t h = hand & ~keep
        card[0] = -1
        while h:
            bit = h & (~h + 1)
            h ^= bit
            d = self._least(hand ^ bit)
            if best < 0 or d < best:
                best = d
                card[0] = low_card(bit)
        return best

    def least(self, hand: int) -> int:
        """Least deadwood points of the hand ``hand`` (a bit per card id held)."""
        return self._least(hand)

    def least_after_discard(self, hand: int, keep: int = 0) -> tuple[int, int]:
        """(least deadwood left by a discard of ``hand``, that discard's card id); the
        cards of ``keep`` are not thrown (a discard just taken)."""
        cdef int card
        cdef int64_t best = self._after_discard(hand, keep, &card)
        return best, card

    def best_of(
        self,
        pool: object,
        known: int,
        int hidden,
        int draws,
        int most,
        taken: object,
        refused_pairs: object,
        seed: int,
    ) -> int:
        """The hand a world deals the next player (``montecarlo.sample_worlds``): the
        least-deadwood of the first ``draws`` hands that fit its moves, each ``known``
        and ``hidden`` cards of ``pool`` drawn alike (splitmix64 from ``seed``), at most
        ``most`` drawn. A hand fits when every card of ``taken`` melds in it and it holds
        none of ``refused_pairs`` (each the rest of a smallest meld through a card it
        refused); one that does not is kept only when none fits."""
        cdef vector[int] p = pool
        cdef vector[int] took = taken
        cdef vector[uint64_t] pairs = refused_pairs
        cdef int n = <int>p.size()
        cdef uint64_t state = seed
        cdef uint64_t base = known
        cdef uint64_t hand
        cdef uint64_t best_hand = base
        cdef int64_t dead
        cdef int64_t best_dead = 0
        cdef bint have = False
        cdef bint best_stray = True
        cdef bint stray
        cdef int tries = 0
        cdef int fits = 0
        cdef int i, j, k, c
        if hidden > n:
            hidden = n
        while fits < draws and tries < most:
            tries += 1
            hand = base
            for i in range(hidden):
                j = i + <int>(splitmix(&state) % <uint64_t>(n - i))
                c = p[j]
                p[j] = p[i]
                p[i] = c
                hand |= 1ULL << c
            dead = self._least(hand)
            stray = False
            for k in range(<int>pairs.size()):  # the cheap test first
                if hand & pairs[k] == pairs[k]:
                    stray = True
                    break
            if not stray:
                for k in range(<int>took.size()):
                    c = took[k]
                    if self._least(hand & ~(1ULL << c)) + self.value[c] == dead:
                        stray = True
                        break
            if not stray:
                fits += 1
            if not have or (best_stray and not stray) or (
                stray == best_stray and dead < best_dead
            ):
                have = True
                best_stray = stray
                best_dead = dead
                best_hand = hand
        return best_hand

    def race(self, start: int, int done, orders: object, int horizon, knock_max: int) -> list[int]:
        """The orders whose hand went out at each draw of ``horizon`` (``race.py``):
        from ``start``, ``done`` draws already made, each order's cards drawn in turn."""
        cdef vector[int64_t] out_at
        out_at.assign(horizon, 0)
        cdef int64_t kmax = knock_max
        cdef uint64_t begin = start
        cdef uint64_t hand
        cdef int64_t dead
        cdef int card, t, c
        cdef Py_ssize_t i, n
        for order in orders:
            hand = begin
            n = min(len(order), horizon - done)
            for i in range(max(n, 0)):
                t = done + <int>i
                c = order[i]
                hand |= 1ULL << c
                dead = self._after_discard(hand, 0, &card)
                if dead <= kmax:
                    out_at[t] += 1
                    break
                hand &= ~(1ULL << card)
        return [x for x in out_at]

    def walk(
        self,
        hand: int,
        int horizon,
        live: object,
        int total,
        knock_max: int,
        knock_gain: int,
        gin_bonus: int,
    ) -> tuple[float, float, int]:
        """(chance of going out, expected worth, sequences) of ``hand`` over ``horizon``
        draws from ``live`` ((card id, copies) pairs, ``total`` copies), as
        ``value.Lookahead`` defines them."""
        cdef vector[int] ids
        cdef vector[int] copies
        for c, n in live:
            ids.push_back(c)
            copies.push_back(n)
        cdef vector[int] drawn
        cdef Walk w
        w.ids = &ids
        w.copies = &copies
        w.drawn = &drawn
        w.total = total
        w.knock_max = knock_max
        w.knock_gain = knock_gain
        w.gin_bonus = gin_bonus
        cdef double out = 0.0
        cdef double worth = 0.0
        cdef int64_t samples = 0
        self._walk(&w, hand, horizon, &out, &worth, &samples)
        return out, worth, samples

    cdef void _walk(
        self,
        Walk* w,
        uint64_t hand,
        int horizon,
        double* out_p,
        double* worth_p,
        int64_t* samples_p,
    ) noexcept:
        cdef int total = w.total - <int>w.drawn.size()
        cdef double out = 0.0
        cdef double worth = 0.0
        cdef int64_t samples = 0
        cdef double p, o, v
        cdef int64_t s, dead, k
        cdef int c, n, card
        cdef size_t j, d
        for j in range(w.ids.size()):
            c = w.ids[0][j]
            n = w.copies[0][j]
            for d in range(w.drawn.size()):
                if w.drawn[0][d] == c:
                    n -= 1
            if n <= 0:
                continue
            p = <double>n / <double>total
            dead = self._after_discard(hand | (1ULL << c), 0, &card)
            if dead <= w.knock_max:
                out += p
                k = gone_out(dead, w.knock_gain, w.gin_bonus)
                worth += p * <double>k
                samples += 1
            elif horizon == 1:
                worth -= p * <double>dead
                samples += 1
            else:
                w.drawn.push_back(c)
                o = 0.0
                v = 0.0
                s = 0
                self._walk(w, (hand | (1ULL << c)) & ~(1ULL << card), horizon - 1, &o, &v, &s)
                w.drawn.pop_back()
                out += p * o
                worth += p * v
                samples += s
        out_p[0] = out
        worth_p[0] = worth
        samples_p[0] = samples

    cdef int _shown(self, uint64_t hand, uint64_t* out) noexcept:
        """The melds a knocker shows: a least-deadwood partition of ``hand``, found by
        settling its lowest card in turn (the first meld through it, in table order, that
        keeps the least, else the card as deadwood); written to ``out``, their count."""
        cdef int n = 0
        cdef int low, j
        cdef int64_t target
        cdef uint64_t m
        cdef bint melded
        while hand:
            target = self._least(hand)
            low = low_card(hand)
            melded = False
            for j in range(self.first[low], self.first[low + 1]):
                m = self.melds[j]
                if hand & m == m and self._least(hand & ~m) == target:
                    out[n] = m
                    n += 1
                    hand &= ~m
                    melded = True
                    break
            if not melded:
                hand &= ~(1ULL << low)
        return n

    cdef int64_t _laid_off(self, uint64_t* shown, int n, uint64_t hand) noexcept:
        """The least deadwood of the defender's ``hand`` laying off onto the ``n`` melds
        ``shown``: onto each, one set of its cards that makes the meld a longer one of the
        table (a set's fourth card, a run's cards at either end), or none."""
        if n == 0:
            return self._least(hand)
        cdef uint64_t meld = shown[0]
        cdef int64_t best = self._laid_off(shown + 1, n - 1, hand)
        cdef int64_t d
        cdef uint64_t m, extra
        cdef size_t j
        for j in range(self.melds.size()):
            m = self.melds[j]
            if m & meld != meld or m == meld:
                continue
            extra = m & ~meld
            if hand & extra == extra:
                d = self._laid_off(shown + 1, n - 1, hand & ~extra)
                if d < best:
                    best = d
        return best

    cdef int64_t _settle(self, uint64_t knocker, uint64_t defender, int64_t gin_bonus,
                         int64_t undercut_bonus) noexcept:
        cdef int64_t dk = self._least(knocker)
        if dk == 0:
            return self._least(defender) + gin_bonus  # nothing is laid off on gin
        cdef uint64_t shown[32]
        cdef int n = self._shown(knocker, shown)
        cdef int64_t dd = self._laid_off(shown, n, defender)
        if dd <= dk:
            return -(dk - dd + undercut_bonus)
        return dd - dk

    def settle(self, knocker: int, defender: int, gin_bonus: int, undercut_bonus: int) -> int:
        """The knocker's points (negative: it pays) from the two hands after the knock's
        discard, the defender laying off onto the melds the knocker shows, except on gin
        (``playout.Playout.settle``)."""
        return self._settle(knocker, defender, gin_bonus, undercut_bonus)

    def play(
        self,
        mine: int,
        theirs: int,
        int top,
        stock: object,
        int mover,
        int drawn,
        knock_max: int,
        gin_bonus: int,
        undercut_bonus: int,
        int max_turns,
    ) -> tuple[int, bool]:
        """(my points, whether I went out) of the play-out ``playout.Playout.play``
        defines."""
        cdef vector[int] order
        for c in stock:
            order.push_back(c)
        cdef uint64_t hands[2]
        hands[0] = mine
        hands[1] = theirs
        cdef int64_t kmax = knock_max
        cdef int64_t gb = gin_bonus
        cdef int64_t ub = undercut_bonus
        cdef size_t i = drawn
        cdef int p = mover
        cdef int card, turn
        cdef uint64_t hand, keep
        cdef int64_t dead, won
        for turn in range(max_turns):
            hand = hands[p]
            keep = 0
            if top >= 0 and (
                self._least(hand | (1ULL << top)) - self._least(hand) < self.value[top]
            ):
                hand |= 1ULL << top
                keep = 1ULL << top
            elif i < order.size():
                hand |= 1ULL << order[i]
                i += 1
            else:
                return 0, False
            dead = self._after_discard(hand, keep, &card)
            hand &= ~(1ULL << card)
            if dead <= kmax:
                won = self._settle(hand, hands[1 - p], gb, ub)
                if p == 0:
                    return won, True
                return -won, False
            hands[p] = hand
            top = card
            p = 1 - p
        return 0, False
