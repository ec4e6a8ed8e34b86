// One layer of the sweep: an open-addressing hash map from a packed state to
// (cost << 56 | outs mask). Linear probing over a power-of-two table; no node per
// entry, so a pass allocates a few arrays instead of one node per state.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

struct FlatMap {
    static constexpr uint64_t EMPTY = ~0ULL - 1;  // no state packs to this (see layout.py)
    std::vector<uint64_t> keys, vals;
    size_t count = 0;
    int shift = 60;

    FlatMap() : keys(16, EMPTY), vals(16, 0) {}

    size_t cap() const { return keys.size(); }
    size_t slot(uint64_t k) const { return (size_t)((k * 0x9E3779B97F4A7C15ULL) >> shift); }

    // The index holding k, or -1.
    long find(uint64_t k) const {
        size_t m = keys.size() - 1, i = slot(k);
        for (;;) {
            uint64_t x = keys[i];
            if (x == k) return (long)i;
            if (x == EMPTY) return -1;
            i = (i + 1) & m;
        }
    }

    // Keep the least cost for k; on a tie, the union of the masks.
    void merge(uint64_t k, uint64_t v) {
        if ((count + 1) * 2 > keys.size()) grow();
        size_t m = keys.size() - 1, i = slot(k);
        for (;;) {
            uint64_t x = keys[i];
            if (x == EMPTY) {
                keys[i] = k;
                vals[i] = v;
                ++count;
                return;
            }
            if (x == k) {
                uint64_t old = vals[i];
                if ((v >> 56) < (old >> 56)) vals[i] = v;
                else if ((v >> 56) == (old >> 56)) vals[i] = old | v;
                return;
            }
            i = (i + 1) & m;
        }
    }

    // Set k to v (k not yet present or replaced).
    void put(uint64_t k, uint64_t v) {
        if ((count + 1) * 2 > keys.size()) grow();
        size_t m = keys.size() - 1, i = slot(k);
        for (;;) {
            uint64_t x = keys[i];
            if (x == EMPTY || x == k) {
                if (x == EMPTY) ++count;
                keys[i] = k;
                vals[i] = v;
                return;
            }
            i = (i + 1) & m;
        }
    }

    void clear() {
        if (count == 0) return;
        if (keys.size() > 64 && count * 8 < keys.size()) {
            // a much smaller next layer: start small rather than sweep a big empty table
            keys.assign(16, EMPTY);
            vals.assign(16, 0);
            shift = 60;
        } else {
            std::fill(keys.begin(), keys.end(), EMPTY);
        }
        count = 0;
    }

    void swap(FlatMap& other) {
        keys.swap(other.keys);
        vals.swap(other.vals);
        std::swap(count, other.count);
        std::swap(shift, other.shift);
    }

    void grow() {
        std::vector<uint64_t> ok, ov;
        ok.swap(keys);
        ov.swap(vals);
        keys.assign(ok.size() * 2, EMPTY);
        vals.assign(ok.size() * 2, 0);
        shift -= 1;
        count = 0;
        for (size_t j = 0; j < ok.size(); ++j)
            if (ok[j] != EMPTY) put(ok[j], ov[j]);
    }
};
