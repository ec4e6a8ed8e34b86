"""The engine's guards: a sweep that would expand more states than its work limit, or
outgrow its packing, says ``optimal: false`` and claims nothing; within the limit the
answers are a function of the hand alone."""

from __future__ import annotations

import pytest

import advisor.engine
from advisor.engine import Question, discard_figures, figures, sweep
from solver.budget import Budget
from solver.cards import counts_of, pack_counts, parse_cards
from solver.goals import Goal
from solver.rules import make_rules
from solver.speed import WORK_PER_SECOND

ISRAELI = make_rules("israeli")
HAND = parse_cards("AS 2S 3S 7H 7D 7C JD QD KD 5C 5H 9S 9D 4H 6C")


def _live(hand: list[int]) -> list[int]:
    pack = pack_counts(ISRAELI)
    return [pack[c] - hand[c] for c in range(len(pack))]


def test_a_sweep_past_its_work_limit_claims_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    held = counts_of(HAND)
    q = Question(ISRAELI, Goal.WIN)
    monkeypatch.setattr(advisor.engine, "WORK_LIMIT", 50)
    monkeypatch.setattr(advisor.engine, "_LEAST", {})  # nothing answered before counts
    cut = discard_figures(q, held, _live(held))
    assert cut and all(f.optimal is False and f.needed is None and not f.outs for f in cut.values())
    rest = list(held)
    rest[HAND[0].id] -= 1
    one = figures(q, rest, _live(held))
    assert (one.optimal, one.needed, dict(one.outs)) == (False, None, {})


def test_the_requests_allowance_cuts_a_sweep_the_same_way_every_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    held = counts_of(HAND)
    q = Question(ISRAELI, Goal.WIN)
    states = 3000  # the allowance, in the engine's states (far less than this hand takes)
    work = states * WORK_PER_SECOND / advisor.engine.STATES_PER_SECOND
    answers = []
    for _ in range(3):
        monkeypatch.setattr(advisor.engine, "_LEAST", {})
        budget = Budget(deadline=float("inf"), work=work)
        cut = discard_figures(q, held, _live(held), budget)
        answers.append({c: (f.needed, f.optimal) for c, f in cut.items()})
        assert budget.work_left == 0
    assert answers[0] == answers[1] == answers[2]
    assert all(found == (None, False) for found in answers[0].values())
    whole = discard_figures(q, held, _live(held), Budget(deadline=float("inf")))
    assert all(f.optimal and f.needed is not None for f in whole.values())


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


class _Stop(Exception):
    pass


def test_a_long_pass_runs_python_every_few_thousand_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Deep in the compiled passes a request thread still runs a little Python now and
    then: that is where the interpreter hands the lock to the worker's other threads and
    delivers the budget watchdog's exception (api/budget.py)."""
    rules = make_rules("liverpool", {"decks": 3})
    hand = parse_cards("2S 2H 2D 2C 2S 2H 2D 2C 5D 6C 9H KS QD 7C")  # seconds of work
    held = counts_of(hand)
    pack = pack_counts(rules)
    live = [pack[c] - held[c] for c in range(len(pack))]
    q = Question(rules, Goal.CONTRACT, contract=rules.contract(6))
    ticks: list[int] = []

    def tick(self: sweep.Sweep) -> None:
        ticks.append(self.core.work)
        if len(ticks) == 5:
            raise _Stop

    monkeypatch.setattr(sweep.Sweep, "tick", tick)
    monkeypatch.setattr(advisor.engine, "_LEAST", {})  # nothing answered before counts
    with pytest.raises(_Stop):
        figures(q, held, live)
    assert ticks == [8192 * k for k in range(1, 6)]
