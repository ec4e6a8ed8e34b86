"""Every lay-down the advice recommends is legal when posted back to /v1/validate with its
action and the recommended discard (seeded situations of every preset and of house rules
switching each flag; ``bench/round_trip.py`` runs many more)."""

from __future__ import annotations

from api_support import make_client
from round_trip_support import RULE_SETS, round_trips

SEED = 20261202
PER_RULE_SET = 6


def test_every_recommended_lay_down_is_legal_when_posted_to_validate() -> None:
    results = list(round_trips(make_client(), SEED, PER_RULE_SET))
    failures = [f for _, f in results if f is not None]
    assert not failures, failures[:3]
    # the check bites: most rule sets lay something down in these situations
    assert len(results) == len(RULE_SETS) * PER_RULE_SET
    assert sum(laid for laid, _ in results) >= len(results) // 3
