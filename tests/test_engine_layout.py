"""The engine state's bit layout has one source: advisor/engine/layout.py. The compiled
core reads it through advisor/engine/_layout.pxi, generated from it and committed."""

from __future__ import annotations

from advisor.engine.layout import (
    CLOSE,
    EXTRA,
    FIELDS,
    MOVE,
    PXI,
    pack_close,
    pack_extra,
    pack_move,
    pxi,
)


def test_the_cores_constants_are_those_of_the_layout() -> None:
    assert PXI.read_text() == pxi(), "advisor/engine/_layout.pxi is stale: make engine-layout"


def test_the_generated_constants_name_every_field_and_part() -> None:
    text = pxi()
    assert f"    NFIELDS = {len(FIELDS) + 1}\n" in text
    for title, parts in (("MOVE", MOVE), ("CLOSE", CLOSE), ("EXTRA", EXTRA)):
        for name, (shift, _) in parts.items():
            assert f"    {title}_{name.upper()} = {shift}\n" in text


def _part(packed: int, parts: dict[str, tuple[int, int | None]], name: str) -> int:
    shift, bits = parts[name]
    return packed >> shift if bits is None else packed >> shift & (1 << bits) - 1


def test_a_packed_answer_reads_back_part_by_part() -> None:
    move = pack_move(after=70000, pts=4095, new=2, wild=3, nat=255)
    assert [_part(move, dict(MOVE), k) for k in ("after", "pts", "new", "wild", "nat")] == [
        70000,
        4095,
        2,
        3,
        255,
    ]
    close = pack_close(tsets=9, pts=65535, sets=1, wilds=4)
    assert [_part(close, dict(CLOSE), k) for k in ("tsets", "pts", "sets", "wilds")] == [
        9,
        65535,
        1,
        4,
    ]
    extra = pack_extra(tsets=5, dead=4095, resv=1, top=15, setn=7, taken=6, commit=1)
    assert [
        _part(extra, dict(EXTRA), k)
        for k in ("tsets", "dead", "resv", "top", "setn", "taken", "commit")
    ] == [5, 4095, 1, 15, 7, 6, 1]
