"""Shared helpers of the API tests: an app with quiet logs and a test client."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from api import create_app

GIN_HAND = "AS 2S 3S 7H 7D 7C JD QD KD 5C"
LIVERPOOL_R1 = "AS AD 2C 7H 7D 7C KD QD JD 5C"
# thirty cards of three decks and six jokers, the 2s wild too, whose least deadwood (1)
# takes CP-SAT more than a second of work to prove: a solve given 0.05, 0.2 or 0.3 s stops
# early (172 points), after about 0.1-0.2 s
HARD_GIN = {
    "variant": "gin",
    "rules": {"decks": 3, "jokers": 6, "wild_ranks": ["2"]},
    "hand": "5C 7D QS 3S 6S TS 4H QS 3C QH 2H 6H JK 4D 9H AH 2D JH KD KS 9H 4C 2C 5H TH JK 8H"
    " 2D 6D 4S",
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
