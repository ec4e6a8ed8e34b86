# distutils: language = c++
# cython: boundscheck=False, wraparound=False
"""The inner loops of solver/place_dp.py's program, compiled: the same states and moves,
a state kept as one 64-bit key (pairs bits 0-15, jokers used 16-17, count laid 18-27,
group naturals 28-31, "a colour gives two" bit 32) in a hash map per step."""

from libcpp.unordered_map cimport unordered_map
from libcpp.vector cimport vector
from cython.operator cimport dereference as deref
from libc.stdint cimport uint64_t, int64_t

cdef struct Entry:
    uint64_t key
    int64_t score
    int parent
    int choice


# a pair code x*4+y (x <= y) as one of its 10 values, for the dense index
cdef int COMPACT[16]
cdef int _x, _y, _n = 0
for _x in range(4):
    for _y in range(4):
        COMPACT[_x * 4 + _y] = -1
for _x in range(4):
    for _y in range(_x, 4):
        COMPACT[_x * 4 + _y] = _n
        _n += 1
# without a count laid (once down) a key has a dense index: 10^4 pairs, 3 joker counts,
# 9 group naturals, the flag; a hash map takes the keys with a count laid
DENSE = 10000 * 3 * 9 * 2
# the dense index, all -1 between searches (each search unsets what it set)
cdef vector[int] DENSE_INDEX
DENSE_INDEX.assign(DENSE, -1)


cdef inline int dense_of(uint64_t key):
    cdef int at = COMPACT[key & 15]
    at = at * 10 + COMPACT[(key >> 4) & 15]
    at = at * 10 + COMPACT[(key >> 8) & 15]
    at = at * 10 + COMPACT[(key >> 12) & 15]
    return ((at * 3 + <int>((key >> 16) & 3)) * 9 + <int>((key >> 28) & 15)) * 2 \
        + <int>((key >> 32) & 1)


cdef inline void offer(vector[Entry]& out, unordered_map[uint64_t, int]& seen,
                       vector[int]& dense, bint use_dense,
                       uint64_t key, int64_t score, int parent, int choice):
    cdef unordered_map[uint64_t, int].iterator it
    cdef Entry e
    cdef int at = -1, d = 0
    if use_dense:
        d = dense_of(key)
        at = dense[d]
    else:
        it = seen.find(key)
        if it != seen.end():
            at = deref(it).second
    if at < 0:
        e.key = key
        e.score = score
        e.parent = parent
        e.choice = choice
        if use_dense:
            dense[d] = <int>out.size()
        else:
            seen[key] = <int>out.size()
        out.push_back(e)
    elif out[at].score < score:
        out[at].score = score
        out[at].parent = parent
        out[at].choice = choice


cdef void forget(vector[Entry]& out, unordered_map[uint64_t, int]& seen,
                 vector[int]& dense, bint use_dense):
    """Clear the step's index (only the entries it set, when dense)."""
    cdef size_t i
    if use_dense:
        for i in range(out.size()):
            dense[dense_of(out[i].key)] = -1
    else:
        seen.clear()


def search(list pool, list low, list weights, list worth, int need, list moves, list ended):
    """The best final state's score and the choices that reach it, one per step (a colour
    step: (pair, move index, g); a number's close: jokers in its groups); None if none."""
    cdef int jokers = pool[52], low_j = low[52]
    cdef int64_t w_j = weights[52]
    cdef int mv_new[16][9]
    cdef int mv_nat[16][9]
    cdef int mv_jok[16][9]
    cdef int mv_n[16]
    cdef int p, i
    for p in range(16):
        mv_n[p] = len(moves[p])
        for i in range(mv_n[p]):
            mv_new[p][i], mv_nat[p][i], mv_jok[p][i] = moves[p][i][:3]
    cdef vector[vector[Entry]] steps
    cdef vector[Entry] cur
    cdef unordered_map[uint64_t, int] seen
    cdef bint use_dense = need == 0
    cdef Entry start
    start.key = 0
    start.score = 0
    start.parent = -1
    start.choice = 0
    cur.push_back(start)
    cdef int number, suit, have, must, shift, pair, used_j, groups, two, nat, jok, g, jg
    cdef int n, size, k, ok, prev, got, wv
    cdef int64_t w, score
    cdef uint64_t key, base, nk
    cdef size_t idx
    for number in range(1, 14):
        wv = worth[number - 1]
        for suit in range(4):
            have = pool[suit * 13 + number - 1]
            must = low[suit * 13 + number - 1]
            w = weights[suit * 13 + number - 1]
            shift = suit * 4
            forget(cur, seen, DENSE_INDEX, use_dense)
            steps.push_back(cur)
            prev = <int>steps.size() - 1
            cur.clear()
            for idx in range(steps[prev].size()):
                key = steps[prev][idx].key
                score = steps[prev][idx].score
                pair = (key >> shift) & 15
                used_j = (key >> 16) & 3
                groups = (key >> 28) & 15
                two = (key >> 32) & 1
                base = key & ~((<uint64_t>15) << shift) & ~((<uint64_t>3) << 16) \
                    & ~((<uint64_t>15) << 28) & ~((<uint64_t>1) << 32)
                for i in range(mv_n[pair]):
                    nat = mv_nat[pair][i]
                    jok = mv_jok[pair][i]
                    if nat > have or used_j + jok > jokers:
                        continue
                    g = must - nat
                    if g < 0:
                        g = 0
                    while g <= have - nat:
                        nk = base | ((<uint64_t>mv_new[pair][i]) << shift) \
                            | ((<uint64_t>(used_j + jok)) << 16) \
                            | ((<uint64_t>(groups + g)) << 28) \
                            | ((<uint64_t>(two | (g == 2))) << 32)
                        if need:
                            got = <int>((key >> 18) & 1023) + wv * (nat + jok + g)
                            if got > need:
                                got = need
                            nk = (nk & ~((<uint64_t>1023) << 18)) | ((<uint64_t>got) << 18)
                        offer(cur, seen, DENSE_INDEX, use_dense, nk, score + w * (nat + g),
                              <int>idx, (pair << 8) | (i << 4) | g)
                        g += 1
        forget(cur, seen, DENSE_INDEX, use_dense)
        steps.push_back(cur)
        prev = <int>steps.size() - 1
        cur.clear()
        for idx in range(steps[prev].size()):
            key = steps[prev][idx].key
            score = steps[prev][idx].score
            used_j = (key >> 16) & 3
            n = (key >> 28) & 15
            two = (key >> 32) & 1
            base = key & ~((<uint64_t>15) << 28) & ~((<uint64_t>1) << 32) \
                & ~((<uint64_t>3) << 16)
            for jg in range(jokers - used_j + 1):
                size = n + jg
                if size:
                    ok = 0
                    for k in range(2 if two else 1, 4):
                        if 3 * k <= size <= 4 * k:
                            ok = 1
                    if not ok:
                        continue
                nk = base | ((<uint64_t>(used_j + jg)) << 16)
                if need:
                    got = <int>((key >> 18) & 1023) + wv * jg
                    if got > need:
                        got = need
                    nk = (nk & ~((<uint64_t>1023) << 18)) | ((<uint64_t>got) << 18)
                offer(cur, seen, DENSE_INDEX, use_dense, nk, score, <int>idx, jg)
    forget(cur, seen, DENSE_INDEX, use_dense)
    cdef int best = -1
    cdef int64_t top = 0, total
    cdef bint fine
    for idx in range(cur.size()):
        key = cur[idx].key
        fine = True
        for suit in range(4):
            if not ended[(key >> (4 * suit)) & 15]:
                fine = False
        used_j = (key >> 16) & 3
        if not fine or used_j < low_j or <int>((key >> 18) & 1023) < need:
            continue
        total = cur[idx].score + w_j * used_j
        if best < 0 or total > top:
            top = total
            best = <int>idx
    if best < 0:
        return None
    steps.push_back(cur)
    trail = []
    cdef int at = best
    cdef int s = <int>steps.size() - 1
    cdef int c
    while s > 0:
        c = steps[s][at].choice
        if s % 5 == 0:
            trail.append(c)
        else:
            trail.append((c >> 8, (c >> 4) & 15, c & 15))
        at = steps[s][at].parent
        s -= 1
    trail.reverse()
    return top, trail
