"""Inputs at and past the limits answer problems (400, 413, 422), never a 500."""

from __future__ import annotations

from typing import Any

import pytest
from api_support import make_client, problem_of
from flask.testing import FlaskClient

from solver.rules import rule_bounds


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return make_client()


def _field_errors(client: FlaskClient, body: Any, path: str = "/v1/solve") -> list[str]:
    problem = problem_of(client.post(path, json=body), 422)
    return [e["field"] for e in problem["errors"]]


def test_json_nested_a_thousand_levels_deep_is_400(client: FlaskClient) -> None:
    deep = '{"variant": "gin", "hand": "AS", "rules": ' + "[" * 1000 + "]" * 1000 + "}"
    problem_of(client.post("/v1/solve", data=deep, content_type="application/json"), 400)


def test_an_integer_of_5000_digits_is_400(client: FlaskClient) -> None:
    body = '{"variant": "gin", "hand": "AS", "round": ' + "9" * 5000 + "}"
    problem_of(client.post("/v1/solve", data=body, content_type="application/json"), 400)


def test_buys_made_is_an_integer_as_strictly_as_round(client: FlaskClient) -> None:
    base = {"variant": "liverpool", "round": 1, "hand": "AS AD 2C 7H", "phase": "buy"}
    for bad in ("1", 1.0, True, -1, 101):
        assert _field_errors(client, {**base, "buys_made": bad}, "/v1/advise") == ["buys_made"]


@pytest.mark.parametrize("name", sorted(rule_bounds()))
def test_every_rule_bound_reads_the_same_at_both_ends(client: FlaskClient, name: str) -> None:
    bound = rule_bounds()[name]
    messages = []
    for value in (bound.lo - 1, bound.hi + 1):
        body = {"variant": "gin", "hand": "AS", "rules": {name: value}}
        problem = problem_of(client.post("/v1/solve", json=body), 422)
        assert [e["field"] for e in problem["errors"]] == [f"rules.{name}"]
        messages.append(problem["errors"][0]["message"])
    assert messages[0] == messages[1]
    assert f"{bound.lo}" in messages[0] and f"{bound.hi}" in messages[0]


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"decks": 8, "set_max": 60}, "rules.decks"),  # once ran for hours
        ({"decks": "2"}, "rules.decks"),
        ({"decks": 2.0}, "rules.decks"),
        ({"set_distinct_suits": "yes"}, "rules.set_distinct_suits"),
        ({"require_run": 1}, "rules.require_run"),
        ({"card_values": {"A": "5"}}, "rules.card_values.A"),
        ({"contracts": [{"sets": 1}] * 11}, "rules.contracts"),
        ({"contracts": [{"sets": 5}]}, "rules.contracts[0].sets"),
        ({"contracts": [{"sets": 3, "runs": 2}]}, "rules.contracts[0]"),
        ({"colour": "red"}, "rules.colour"),
    ],
)
def test_house_rules_past_the_bounds_are_refused(
    client: FlaskClient, rules: dict[str, Any], field: str
) -> None:
    body = {"variant": "liverpool", "round": 1, "hand": "AS AD 2C 7H", "rules": rules}
    assert field in _field_errors(client, body)


def test_house_rules_within_the_bounds_are_served(client: FlaskClient) -> None:
    body = {
        "variant": "gin",
        "rules": {"decks": 3, "set_max": 8, "jokers": 6, "contracts": [{"sets": 2, "runs": 2}]},
        "hand": ["AS", "AH", "AD", "AC"] * 3,
    }
    r = client.post("/v1/score", json=body)
    assert r.status_code == 200, r.get_data(as_text=True)
