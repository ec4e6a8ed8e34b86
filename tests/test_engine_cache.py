"""The engine's cache (advisor/engine/cache.py): what it keeps between requests never
holds more than its budget, what it evicts is built again with the same answers, and a
worker's memory after many distinct plans stays within the budget and a fixed allowance."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import advisor.engine
from advisor.engine import Figures, Question, cache_stats, discard_figures, set_cache_budget
from advisor.engine.cache import DEFAULT_MB
from advisor.outlook import masks
from solver.cards import ALL_CARDS, counts_of, pack_counts
from solver.goals import Goal
from solver.rules import make_rules

ROOT = Path(__file__).resolve().parent.parent
RANKS = "A23456789TJQK"


def questions(count: int, seed: int) -> Iterator[tuple[Question, list[int], list[int]]]:
    """Hands that have drawn, each under rules of its own (a house-rule card value, a
    joker or not): a distinct plan each, as a table of house rules each game would be."""
    rng = random.Random(seed)
    for i in range(count):
        name = ("gin", "rummy40", "israeli")[i % 3]
        rules = make_rules(name, {"card_values": {RANKS[i % 13]: 1 + i // 13}})
        goal = {"gin": Goal.KNOCK, "rummy40": Goal.OPENING, "israeli": Goal.WIN}[name]
        pack = [c for c in ALL_CARDS for _ in range(rules.decks)]
        hand = rng.sample(pack, rules.dealt_size(None) + 1)
        held = counts_of(hand)
        full = pack_counts(rules)
        live = [full[c] - held[c] for c in range(len(full))]
        yield Question(rules, goal, reserve=1 if goal is Goal.KNOCK else 0), held, live


def answers(q: Question, held: list[int], live: list[int]) -> dict[int, Figures]:
    return discard_figures(q, held, live)


@pytest.fixture
def budget() -> Iterator[None]:
    """The test's own budget; the default and an empty cache again after it."""
    advisor.engine._STORE.clear()
    yield
    set_cache_budget(DEFAULT_MB)
    advisor.engine._STORE.clear()


def held_bytes() -> int:
    return sum(b for b, _ in cache_stats().held.values())


def test_the_cache_never_holds_more_than_its_budget(budget: None) -> None:
    set_cache_budget(1.0)
    limit, evicted = cache_stats().limit, cache_stats().evictions["plans"]
    for q, held, live in questions(40, seed=1):
        answers(q, held, live)
        assert held_bytes() <= limit
    stats = cache_stats()
    # it was full and evicted (else the bound says nothing)
    assert stats.evictions["plans"] > evicted and stats.held["plans"][1] >= 1


def test_a_plan_evicted_and_built_again_gives_the_same_answers(budget: None) -> None:
    asked = list(questions(12, seed=2))
    set_cache_budget(1000.0)
    evicted = cache_stats().evictions["plans"]
    kept = [answers(*a) for a in asked]
    assert cache_stats().evictions["plans"] == evicted
    set_cache_budget(0.25)  # about one plan: every question builds its plan again
    again = [answers(*a) for a in reversed(asked)][::-1]
    assert cache_stats().evictions["plans"] >= evicted + len(asked)
    assert again == kept


def test_a_plan_beyond_the_budget_is_not_kept(budget: None) -> None:
    set_cache_budget(0.001)  # less than any plan
    evicted = cache_stats().evictions["plans"]
    answers(*next(questions(1, seed=3)))
    stats = cache_stats()
    assert stats.held["plans"] == (0, 0) and stats.evictions["plans"] == evicted + 1


# A worker, in a process of its own: RSS after warming up, then after many distinct plans.
_WORKER = """
import json, sys
sys.path.insert(0, "tests")
from test_engine_cache import questions, answers
from api import create_app
from api import malloc
from advisor.engine import cache_stats

def rss():
    status = open("/proc/self/status").read()
    return int(status.split("VmRSS:")[1].split()[0]) / 1024

create_app({"ENGINE_CACHE_MB": BUDGET, "TESTING": True})
malloc.limit_arenas()
asked = list(questions(PLANS, seed=4))
for a in asked[:6]:
    answers(*a)
before = rss()
for a in asked[6:]:
    answers(*a)
malloc.trim()
print(json.dumps({"before": before, "after": rss(), "evictions": cache_stats().evictions}))
"""
BUDGET_MB = 8
PLANS = 150
# what a worker holds beyond the cache's budget after the same work, MB: the malloc
# arena's free chunks not handed back, the last sweep's Python objects, the least costs
ALLOWANCE_MB = 40


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_a_worker_s_memory_after_many_plans_stays_within_budget_and_allowance() -> None:
    script = _WORKER.replace("BUDGET", str(BUDGET_MB)).replace("PLANS", str(PLANS))
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    ).stdout
    found = json.loads(out.splitlines()[-1])
    assert found["evictions"]["plans"] > 0
    assert found["after"] - found["before"] <= BUDGET_MB + ALLOWANCE_MB


def test_the_look_ahead_keeps_the_masks_of_two_rule_sets_at_most() -> None:
    # every house-rule card value is a rule set of its own: the masks kept stay two
    for value in range(1, 12):
        got = masks.MeldMasks.of(make_rules("gin", {"card_values": {"K": value}}))
        assert got is not None and len(masks._CACHE) <= 2
    again = make_rules("gin", {"card_values": {"K": 11}})
    assert masks.MeldMasks.of(again) is got  # the one asked last is kept
