"""openapi.yaml: committed equals generated, is valid OpenAPI 3.1, and real responses obey it."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
import schemathesis
import yaml
from api_support import GIN_HAND, LIVERPOOL_R1, make_app
from hypothesis import HealthCheck, settings
from openapi_core import Config, OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_spec_validator import validate
from schemathesis import checks
from werkzeug.test import EnvironBuilder, TestResponse
from werkzeug.wrappers import Request

from advisor.outlook.knock import KNOCK_GATE
from advisor.outlook.montecarlo import GATE, HAND_WON
from api.openapi import generate
from api.schemas import VIOLATION_CODES

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "openapi.yaml"


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(generate())
    return data


def test_committed_file_equals_generated() -> None:
    assert COMMITTED.read_text() == generate(), "run `make openapi` and commit openapi.yaml"


def test_served_document_equals_generated() -> None:
    served = make_app().test_client().get("/openapi.yaml").get_data(as_text=True)
    assert served == generate()


def test_document_is_valid_openapi_31(spec: dict[str, Any]) -> None:
    assert spec["openapi"] == "3.1.0"
    validate(spec)


def test_every_endpoint_is_documented(spec: dict[str, Any]) -> None:
    assert {p: set(ops) for p, ops in spec["paths"].items()} == {
        "/v1/solve": {"post"},
        "/v1/validate": {"post"},
        "/v1/score": {"post"},
        "/v1/advise": {"post"},
        "/v1/variants": {"get"},
        "/v1/games": {"post"},
        "/v1/games/move": {"post"},
        "/livez": {"get"},
        "/readyz": {"get"},
        "/metrics": {"get"},
        "/openapi.yaml": {"get"},
        "/docs": {"get"},
        "/": {"get"},
    }


def test_the_play_outs_are_documented_with_the_gate_and_worth_the_advice_uses(
    spec: dict[str, Any],
) -> None:
    described = spec["components"]["schemas"]["Playouts"]["properties"]["expected_points"]
    text = " ".join(described["description"].split())
    assert f"higher by {GATE:g} standard error" in text
    assert f"{HAND_WON} for a hand won" in text
    assert "the best mean worth" in text  # the knock's choice: it has no gate
    assert KNOCK_GATE == 0, "a knock gate of its own: say it in PlayoutsSchema"


def test_violation_codes_and_problems_are_documented(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    assert schemas["Violation"]["properties"]["code"]["enum"] == list(VIOLATION_CODES)
    problem = schemas["Problem"]
    assert set(problem["required"]) == {"type", "title", "status", "detail"}
    responses = spec["components"]["responses"]
    for name in (
        "BAD_REQUEST",
        "REQUEST_ENTITY_TOO_LARGE",
        "DEFAULT_ERROR",
    ):
        assert "application/problem+json" in responses[name]["content"]
    solve = spec["paths"]["/v1/solve"]["post"]["responses"]
    assert {"200", "400", "413", "422", "default"} <= set(solve)
    assert "application/problem+json" in solve["422"]["content"]


REQUESTS: list[tuple[str, str, dict[str, Any] | None]] = [
    ("POST", "/v1/solve", {"variant": "gin", "hand": GIN_HAND}),
    ("POST", "/v1/solve", {"variant": "liverpool", "round": 1, "hand": LIVERPOOL_R1}),
    ("POST", "/v1/solve", {"variant": "israeli", "hand": "AS 2S 3S 4S 7H 7D 7C KD QD JD 5C 5H"}),
    ("POST", "/v1/solve", {"variant": "gin", "hand": ["AS", "QQ"]}),
    ("POST", "/v1/score", {"variant": "gin", "hand": GIN_HAND}),
    ("POST", "/v1/score", {"variant": "rummy40", "hand": "JK AS", "finish": "hand_rummy"}),
    (
        "POST",
        "/v1/validate",
        {"variant": "gin", "hand": GIN_HAND, "melds": [{"cards": "7H 7D 7C"}]},
    ),
    ("POST", "/v1/validate", {"variant": "gin", "hand": GIN_HAND, "melds": [{"cards": "7H 8D"}]}),
    ("GET", "/v1/variants", None),
    ("GET", "/livez", None),
    ("GET", "/readyz", None),
    ("GET", "/metrics", None),
    ("GET", "/openapi.yaml", None),
    ("GET", "/docs", None),
]


def _openapi(spec: dict[str, Any]) -> OpenAPI:
    """openapi-core reading problem+json bodies as JSON."""

    def text(data: bytes) -> str:
        return data.decode() if isinstance(data, bytes) else data

    deserializers = {
        "application/problem+json": json.loads,
        "application/yaml": text,
        "text/plain": text,
        "text/html": text,
    }
    config = Config(extra_media_type_deserializers=deserializers)
    return OpenAPI.from_dict(spec, config=config)


def _check(openapi: OpenAPI, response: TestResponse, **request: Any) -> None:
    """Validate ``response`` against the document, for a fresh copy of its request."""
    sent = Request(EnvironBuilder(**request).get_environ())
    openapi.validate_response(WerkzeugOpenAPIRequest(sent), WerkzeugOpenAPIResponse(response))


@pytest.mark.parametrize(("method", "path", "body"), REQUESTS)
def test_real_responses_match_the_document(
    spec: dict[str, Any], method: str, path: str, body: dict[str, Any] | None
) -> None:
    openapi = _openapi(spec)
    client = make_app().test_client()
    response = client.open(path, method=method, json=body)
    assert response.status_code in (200, 422)
    _check(openapi, response, path=path, method=method, json=body)


def test_problem_responses_match_the_document(spec: dict[str, Any]) -> None:
    openapi = _openapi(spec)
    client = make_app(MAX_CONTENT_LENGTH=200).test_client()
    bodies: list[dict[str, Any]] = [
        {"data": "{", "content_type": "application/json"},
        {"json": {"variant": "gin", "hand": "AS", "seen": ["KS"] * 100}},
        {"json": {"variant": "gin"}},
    ]
    for status, body in zip((400, 413, 422), bodies, strict=True):
        response = client.post("/v1/solve", **body)
        assert response.status_code == status
        _check(openapi, response, path="/v1/solve", method="POST", **body)


# -- property-based: schemathesis against the WSGI app --------------------------------

_APP = make_app(SOLVER_TIME_LIMIT=0.2)
_SCHEMA = schemathesis.openapi.from_wsgi("/openapi.yaml", _APP)
_MISSING = {
    "/v1/advise": importlib.util.find_spec("advisor.advise") is None,
}
_CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
    checks.negative_data_rejection,
]


@_SCHEMA.parametrize()
@settings(
    max_examples=25,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_schemathesis_finds_no_server_error(case: schemathesis.Case) -> None:
    if _MISSING.get(case.path):
        pytest.skip(f"the library behind {case.path} is not there yet")
    response = case.call()
    if response.status_code == 413:
        # a generated body over the size limit is refused before it is read, which
        # schemathesis' negative-data check does not count as a rejection
        problem = response.json()
        assert problem["status"] == 413
        assert problem["type"].endswith("payload-too-large")
        return
    if response.status_code == 503:
        # a house rule the engine finds hard (e.g. 13 naturals per run over 3 decks) may use
        # up the request's budget: the documented problem with Retry-After, never a crash
        problem = response.json()
        assert problem["status"] == 503 and "budget" in problem["detail"]
        assert "retry-after" in {name.lower() for name in response.headers}
        return
    case.validate_response(response, checks=_CHECKS)
