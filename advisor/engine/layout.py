"""How a sweep state, and the plan's moves, pack into 64-bit integers.

The compiled passes (``advisor.engine._core``) read states as bit fields; the order of
``FIELDS`` is the order of the offsets they are given. A field the question never uses
has width 0; the shape id takes the bits above the fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

FIELDS = (
    "tsize",
    "need",
    "setn",
    "stop",
    "tsets",
    "nsets",
    "nruns",
    "pts",
    "dead",
    "resv",
    "carry0",
    "carry1",
    "carry2",
    "carry3",
)
TSIZE_MAX = 63  # target cards: hands are at most 30 (solver.limits), plus a drawn card
MOVE_SHAPE_BITS = 28  # a packed run move keeps its next shape (or run id) above bit 36
MAX_RUN_IDS = (1 << 16) - 1  # a shape is four run ids of 16 bits
MAX_TSETS_IDS = (1 << 22) - 1  # the top bits of a packed extra and of its key


def width(most: int) -> int:
    """Bits that hold 0..most."""
    return max(0, most).bit_length()


@dataclass(frozen=True)
class Layout:
    widths: Mapping[str, int]
    need_offset: int  # NEED is stored plus this (wilds committed before their slots)

    @property
    def offsets(self) -> tuple[int, ...]:
        out, at = [], 0
        for name in FIELDS:
            out.append(at)
            at += self.widths[name]
        return (*out, at)  # the last is the shape's offset

    @property
    def shapes(self) -> int:
        """How many shape ids a state can hold (the all-ones shape field is kept free: the
        core marks empty slots and the end with it)."""
        return (1 << min(64 - self.offsets[-1], MOVE_SHAPE_BITS)) - 1


def pack(layout: Layout, **values: int) -> int:
    """A state from its field values (``shape`` and the named fields; others 0)."""
    offsets = layout.offsets
    state = values.pop("shape", 0) << offsets[-1]
    values["need"] = values.get("need", 0) + layout.need_offset
    for k, name in enumerate(FIELDS):
        v = values.get(name, 0)
        assert 0 <= v < 1 << layout.widths[name]
        state |= v << offsets[k]
    return state


def pack_move(after: int, pts: int, new: int, wild: int, nat: int) -> int:
    """A run move: (next run id or shape, opening points, new runs, wild slots, naturals)."""
    assert max(new, wild, nat) < 256 and pts < 4096
    return after << 36 | pts << 24 | new << 16 | wild << 8 | nat


def pack_close(tsets: int, pts: int, sets: int, wilds: int) -> int:
    """A rank's close: (next table-set id, opening points, sets, wild slots)."""
    assert max(sets, wilds) < 256 and pts < 65536
    return tsets << 32 | pts << 16 | sets << 8 | wilds


def pack_extra(
    tsets: int, dead: int, resv: int, top: int, setn: int, taken: int, commit: int
) -> int:
    """A non-run use of a card at its rank (sets, table sets, deadwood, wild commits)."""
    assert max(setn, taken, commit) < 256 and top < 16 and dead < 4096
    return tsets << 41 | dead << 29 | resv << 28 | top << 24 | setn << 16 | taken << 8 | commit
