"""The engine's guards: a sweep that would expand more states than its work limit, or
outgrow its packing, says ``optimal: false`` and claims nothing; within the limit the
answers are a function of the hand alone."""

from __future__ import annotations

import pytest

import advisor.engine
from advisor.engine import Question, discard_figures, figures, sweep
from solver.cards import counts_of, pack_counts, parse_cards
from solver.goals import Goal
from solver.rules import make_rules

ISRAELI = make_rules("israeli")
HAND = parse_cards("AS 2S 3S 7H 7D 7C JD QD KD 5C 5H 9S 9D 4H 6C")


def _live(hand: list[int]) -> list[int]:
    pack = pack_counts(ISRAELI)
    return [pack[c] - hand[c] for c in range(len(pack))]


def test_a_sweep_past_its_work_limit_claims_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    held = counts_of(HAND)
    q = Question(ISRAELI, Goal.WIN)
    monkeypatch.setattr(sweep, "WORK_LIMIT", 50)
    monkeypatch.setattr(advisor.engine, "_LEAST", {})  # nothing answered before counts
    cut = discard_figures(q, held, _live(held))
    assert cut and all(f.optimal is False and f.needed is None and not f.outs for f in cut.values())
    rest = list(held)
    rest[HAND[0].id] -= 1
    one = figures(q, rest, _live(held))
    assert (one.optimal, one.needed, dict(one.outs)) == (False, None, {})


def test_within_the_limit_the_answer_is_the_hands_alone() -> None:
    held = counts_of(HAND)
    q = Question(ISRAELI, Goal.WIN)
    first = discard_figures(q, held, _live(held))
    again = discard_figures(q, held, _live(held))
    assert all(f.optimal for f in first.values())
    assert {c: (f.needed, dict(f.outs)) for c, f in first.items()} == {
        c: (f.needed, dict(f.outs)) for c, f in again.items()
    }
    assert min(f.needed for f in first.values() if f.needed is not None) >= 1
