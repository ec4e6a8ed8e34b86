"""Shared helpers of the API tests: an app with quiet logs and a test client."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from api import create_app

GIN_HAND = "AS 2S 3S 7H 7D 7C JD QD KD 5C"
LIVERPOOL_R1 = "AS AD 2C 7H 7D 7C KD QD JD 5C"
# thirty cards of three decks and six jokers whose least deadwood (0) takes CP-SAT more than
# 0.3 s of work to find: a solve given 0.05, 0.2 or 0.3 s stops early (61, 40, 38 points),
# after about as many tenths of a second
HARD_GIN = {
    "variant": "gin",
    "rules": {"decks": 3, "jokers": 6},
    "hand": "6H AS 2S 3C 3S 2H 9H 9C 4S JK 7H 8S 6C 2H JK 7C 5H 5H QD QH 8H JK 5C 6D 2D 8D 7S"
    " 4H 3H 4H",
}


def make_app(**config: Any) -> Flask:
    settings: dict[str, Any] = {"LOG_LEVEL": "WARNING", "TESTING": True}
    settings.update(config)
    return create_app(settings)


def make_client(**config: Any) -> FlaskClient:
    return make_app(**config).test_client()


def problem_of(response: Any, status: int) -> dict[str, Any]:
    """Assert ``response`` is an RFC 9457 problem of ``status``; return its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.headers["Content-Type"].startswith("application/problem+json")
    body: dict[str, Any] = response.get_json(force=True)
    assert body["status"] == status
    assert {"type", "title", "status", "detail"} <= set(body)
    assert "Traceback" not in response.get_data(as_text=True)
    return body
