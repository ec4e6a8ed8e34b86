"""How a sweep state, and the plan's moves, pack into 64-bit integers: the one source.

The compiled passes (``advisor.engine._core``) read states as bit fields; the order of
``FIELDS`` is the order of the offsets they are given. A field the question never uses
has width 0; the shape id takes the bits above the fields. The plan's answers to the
passes (run moves, a rank's close, a card's other uses) are packed by ``MOVE``, ``CLOSE``
and ``EXTRA``. The core reads all of it through ``_layout.pxi``, generated from this
module (``python -m advisor.engine.layout``; tests/test_engine_layout.py fails when the
committed file is stale).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

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
MAX_RUN_IDS = (1 << 16) - 1  # a shape is four run ids of 16 bits
MAX_TSETS_IDS = (1 << 22) - 1  # the top bits of a packed extra and of its key


# Packed answers: part -> (shift, bits); the last part of each takes the bits above the
# others (bits None), as the core reads it with a plain shift.
Parts = Mapping[str, tuple[int, int | None]]
MOVE: Parts = {  # a run move
    "nat": (0, 8),  # natural copies of the layer's card it takes
    "wild": (8, 8),  # wild slots it opens
    "new": (16, 8),  # runs it starts
    "pts": (24, 12),  # opening points
    "after": (36, None),  # the next run id (the next shape, once the core has it)
}
CLOSE: Parts = {  # a rank's close
    "wilds": (0, 8),  # wild slots
    "sets": (8, 8),  # sets made
    "pts": (16, 16),  # opening points
    "tsets": (32, None),  # the next table-set id
}
EXTRA: Parts = {  # a non-run use of a card at its rank
    "commit": (0, 8),  # wild copies committed
    "taken": (8, 8),  # copies taken
    "setn": (16, 8),  # the rank's set naturals
    "top": (24, 4),  # the most naturals of one suit
    "resv": (28, 1),  # the reserved discard
    "dead": (29, 12),  # deadwood points
    "tsets": (41, None),  # the table-set id
}


# a packed run move keeps its next shape (or run id) in its top bits
MOVE_SHAPE_BITS = 64 - MOVE["after"][0]


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


def _join(parts: Parts, **values: int) -> int:
    out = 0
    for name, (shift, bits) in parts.items():
        v = values[name]
        assert v >= 0 and (bits is None or v < 1 << bits), (name, v)
        out |= v << shift
    return out


def pack_move(after: int, pts: int, new: int, wild: int, nat: int) -> int:
    """A run move: (next run id or shape, opening points, new runs, wild slots, naturals)."""
    return _join(MOVE, after=after, pts=pts, new=new, wild=wild, nat=nat)


def pack_close(tsets: int, pts: int, sets: int, wilds: int) -> int:
    """A rank's close: (next table-set id, opening points, sets, wild slots)."""
    return _join(CLOSE, tsets=tsets, pts=pts, sets=sets, wilds=wilds)


def pack_extra(
    tsets: int, dead: int, resv: int, top: int, setn: int, taken: int, commit: int
) -> int:
    """A non-run use of a card at its rank (sets, table sets, deadwood, wild commits)."""
    return _join(
        EXTRA, tsets=tsets, dead=dead, resv=resv, top=top, setn=setn, taken=taken, commit=commit
    )


PXI = Path(__file__).with_name("_layout.pxi")


def pxi() -> str:
    """The text of ``_layout.pxi``: the field indices and packed parts as core constants."""
    lines = [
        "# Generated from advisor/engine/layout.py by `python -m advisor.engine.layout`:",
        "# do not edit (tests/test_engine_layout.py fails when this file is stale).",
        "",
        "# state field indices, in the order of layout.FIELDS; SHAPE is the offset after them",
        "cdef enum:",
    ]
    # the carry fields of the four suits are read as CARRY0 + suit
    lines += [f"    {name.upper()} = {k}" for k, name in enumerate(FIELDS[:-3])]
    lines += [f"    SHAPE = {len(FIELDS)}", f"    NFIELDS = {len(FIELDS) + 1}"]
    for title, parts in (("MOVE", MOVE), ("CLOSE", CLOSE), ("EXTRA", EXTRA)):
        lines += ["", f"# {title.lower()} parts: shift, and mask where it has a width"]
        lines.append("cdef enum:")
        for name, (shift, bits) in parts.items():
            lines.append(f"    {title}_{name.upper()} = {shift}")
            if bits is not None:
                lines.append(f"    {title}_{name.upper()}_MASK = {(1 << bits) - 1}")
    return "\n".join(lines) + "\n"


def write_pxi() -> None:
    """Write ``_layout.pxi`` (``make engine-layout``; the install then recompiles)."""
    PXI.write_text(pxi())


# the carry fields are the last ones: the core keeps them as one block
assert FIELDS[-4:] == ("carry0", "carry1", "carry2", "carry3")
