"""The OpenAPI document as client authors use it: ids, shared components, descriptions,
examples that are real answers, and responses dumped by the schemas that document them."""

from __future__ import annotations

import dataclasses
import json
import re
from importlib.metadata import version
from typing import Any

import pytest
import yaml
from api_support import make_client
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema

from advisor.situation import Situation
from api import calls, examples, translate
from api.errors import ApiError
from api.notation import CARD_PATTERN, CARDS_STRING_PATTERN
from api.openapi import generate
from api.schemas import (
    AdviseResponseSchema,
    ScoreResponseSchema,
    SolveResponseSchema,
    ValidateResponseSchema,
    ViolationSchema,
)
from solver.budget import Budget
from solver.cards import Card
from solver.legality import Violation

# The reliability engineer's branch describes and bounds the rule fields and contracts.
UNDESCRIBED_HERE: set[str] = set()


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(generate())
    return data


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return make_client()


def _operations(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {op["operationId"]: op for path in spec["paths"].values() for op in path.values()}


def test_every_operation_has_an_id(spec: dict[str, Any]) -> None:
    ids = [op.get("operationId") for path in spec["paths"].values() for op in path.values()]
    assert set(ids) == {
        "solve",
        "validate",
        "score",
        "advise",
        "listVariants",
        "newGame",
        "gameMove",
        "livez",
        "readyz",
        "metrics",
        "openapiDocument",
        "docsPage",
        "playground",
    }
    assert len(ids) == len(set(ids))


def test_one_version_license_and_servers(spec: dict[str, Any]) -> None:
    assert spec["info"]["version"] == version("rummy-solver")
    assert spec["info"]["license"]["identifier"] == "MIT"
    assert spec["servers"] == [{"url": "/", "description": "The server that serves this document."}]
    assert "PaginationMetadata" not in spec["components"]["schemas"]


def test_variants_and_cards_are_shared_components(spec: dict[str, Any]) -> None:
    text = generate()
    assert text.count("- liverpool\n") == 1, "the variant enum is written once"
    schemas = spec["components"]["schemas"]
    assert schemas["SolveRequest"]["properties"]["variant"]["$ref"].endswith("/Variant")
    assert schemas["SolveRequest"]["properties"]["hand"]["$ref"].endswith("/CardList")
    assert schemas["Card"]["pattern"] == CARD_PATTERN
    assert "`JK`" in schemas["Card"]["description"]


def _undescribed(name: str, schema: dict[str, Any]) -> list[str]:
    return [
        f"{name}.{prop}"
        for prop, body in schema.get("properties", {}).items()
        if not body.get("description")
    ]


def test_every_property_is_described(spec: dict[str, Any]) -> None:
    missing = [
        where
        for name, schema in spec["components"]["schemas"].items()
        if name not in UNDESCRIBED_HERE
        for where in _undescribed(name, schema)
    ]
    assert missing == []


# -- the card pattern admits exactly what the API reads ---------------------------------

_TOKEN_CHARS = "AaSsHhDdCcTtJjQqKkOoEeRr0123456789*♠♥♦♣♤♡♢♧\ufe0f Xx"


def _api_reads(value: str | list[str]) -> bool:
    try:
        translate.cards_of(value, "hand")
    except ApiError:
        return False
    return True


@settings(max_examples=600, derandomize=True, database=None)
@given(st.text(alphabet=_TOKEN_CHARS, max_size=7))
def test_card_pattern_is_what_the_api_reads(token: str) -> None:
    assert _api_reads([token]) == (re.fullmatch(CARD_PATTERN, token) is not None)


@settings(max_examples=400, derandomize=True, database=None)
@given(st.text(alphabet=_TOKEN_CHARS + ",\t", max_size=16))
def test_cards_string_pattern_is_what_the_api_reads(text: str) -> None:
    assert _api_reads(text) == (re.fullmatch(CARDS_STRING_PATTERN, text) is not None)


@pytest.mark.parametrize("token", ["AS", "as", "10h", "TH", "Q♥", "Q♥\ufe0f", "JK", "joker", "*"])
def test_every_documented_form_is_read(token: str) -> None:
    assert _api_reads([token]) and re.fullmatch(CARD_PATTERN, token)


@pytest.mark.parametrize("token", ["ZZ", "1S", "11H", "A", "S", "AS\ufe0f", "A S", "JKS"])
def test_other_tokens_are_refused(token: str) -> None:
    assert not _api_reads([token]) and not re.fullmatch(CARD_PATTERN, token)


# -- examples are real ------------------------------------------------------------------


def test_every_operation_has_request_and_answer_examples(spec: dict[str, Any]) -> None:
    ops = _operations(spec)
    for operation in examples.REQUESTS:
        body = ops[operation]["requestBody"]["content"]["application/json"]["examples"]
        answer = ops[operation]["responses"]["200"]["content"]["application/json"]["examples"]
        assert set(body) == set(answer) == set(examples.REQUESTS[operation])
        problem = ops[operation]["responses"]["422"]["content"]["application/problem+json"]
        assert problem["examples"]["unknown_card"]["value"]["status"] == 422


@pytest.mark.parametrize(
    ("operation", "name"),
    [(op, name) for op, named in examples.REQUESTS.items() for name in named],
)
def test_request_example_answers_its_recorded_answer(
    client: FlaskClient, spec: dict[str, Any], operation: str, name: str
) -> None:
    op = _operations(spec)[operation]
    body = op["requestBody"]["content"]["application/json"]["examples"][name]["value"]
    answer = op["responses"]["200"]["content"]["application/json"]["examples"][name]["value"]
    response = client.post(examples.PATHS[operation], json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == answer, "run `make openapi` to record the new answers"


def test_problem_example_is_the_real_problem(client: FlaskClient, spec: dict[str, Any]) -> None:
    op = _operations(spec)["solve"]
    documented = op["responses"]["422"]["content"]["application/problem+json"]["examples"]
    response = client.post("/v1/solve", json=examples.INVALID_REQUEST)
    assert response.status_code == 422
    assert response.content_type == "application/problem+json"
    assert response.get_json() == documented["unknown_card"]["value"]


# -- the response schemas dump the library's typed values --------------------------------


_UNLIMITED = Budget.unlimited()

RESPONSE_SCHEMAS: dict[str, type[Schema]] = {
    "solve": SolveResponseSchema,
    "validate": ValidateResponseSchema,
    "score": ScoreResponseSchema,
    "advise": AdviseResponseSchema,
}

# Attributes the wire carries in another shape: a wrapped value's fields printed as its
# wrapper's own, or a meld's readings printed as `melds` and its stand-ins as `wilds`.
FLATTENED = {("SolveAnswer", "solution"), ("MeldReading", "meld")}
RESHAPED = {("TurnVerdict", "checks"), ("TurnVerdict", "meld_cards"), ("Meld", "stands_for")}


def _situation(body: dict[str, Any]) -> Situation:
    return translate.situation_of({"table": [], "discard_pile": [], "seen": [], **body})


def _library_answer(operation: str, body: dict[str, Any]) -> Any:
    situation = _situation(body)
    if operation == "solve":
        return calls.answer_solve(situation, body.get("goal", "auto"), 2.0, _UNLIMITED)
    if operation == "validate":
        seat, turn = translate.turn_of(body, situation)
        return calls.run_validate(situation, seat, turn)
    if operation == "score":
        return calls.run_score(situation, body.get("finish", "normal"), 2.0, _UNLIMITED)
    phase, effort = body.get("phase", "discard"), body.get("effort", "standard")
    return calls.run_advise(situation, phase, _UNLIMITED, 0, effort)


EXAMPLES = [(op, name) for op, named in examples.REQUESTS.items() for name in named]


@pytest.mark.parametrize(("operation", "name"), EXAMPLES)
def test_the_schema_dumps_the_typed_answer_to_the_wire_json(
    client: FlaskClient, operation: str, name: str
) -> None:
    _, body = examples.REQUESTS[operation][name]
    answer = _library_answer(operation, body)
    assert dataclasses.is_dataclass(answer), "the library answers with a typed value"
    dumped = RESPONSE_SCHEMAS[operation]().dump(answer)
    wire = client.post(examples.PATHS[operation], json=body).get_json()
    # key order too: the wire keeps the schema's order
    assert json.dumps(dumped) == json.dumps(wire) == json.dumps(examples.answers()[operation][name])


def _unsent(value: Any, printed: Any) -> list[str]:
    """Attributes of a typed value (and of the values in it) that ``printed`` leaves out."""
    if isinstance(value, tuple):
        return [name for v, p in zip(value, printed, strict=True) for name in _unsent(v, p)]
    if isinstance(value, Card) or not dataclasses.is_dataclass(value):
        return []  # a card prints as its name
    owner = type(value).__name__
    out: list[str] = []
    for field in dataclasses.fields(value):
        attr = getattr(value, field.name)
        if (owner, field.name) in FLATTENED:
            out += _unsent(attr, printed)
        elif (owner, field.name) not in RESHAPED and attr is not None:
            if field.name in printed:
                out += _unsent(attr, printed[field.name])
            else:
                out.append(f"{owner}.{field.name}")
    return out


@pytest.mark.parametrize(("operation", "name"), EXAMPLES)
def test_the_wire_holds_every_attribute_of_the_typed_answer(operation: str, name: str) -> None:
    answer = _library_answer(operation, examples.REQUESTS[operation][name][1])
    assert _unsent(answer, RESPONSE_SCHEMAS[operation]().dump(answer)) == []


def test_a_violation_prints_only_the_meld_and_card_it_names() -> None:
    assert ViolationSchema().dump(Violation("no_run", "x")) == {"code": "no_run", "message": "x"}
    assert ViolationSchema().dump(Violation("duplicate_suit", "y", meld=2, card="7H")) == {
        "code": "duplicate_suit",
        "message": "y",
        "meld": 2,
        "card": "7H",
    }


def test_an_advice_is_one_schema_per_phase_with_every_field_required(
    client: FlaskClient, spec: dict[str, Any]
) -> None:
    schemas = spec["components"]["schemas"]
    union = schemas["AdviseResponse"]
    assert union["discriminator"]["propertyName"] == "phase"
    for phase, ref in union["discriminator"]["mapping"].items():
        one = schemas[ref.rsplit("/", 1)[1]]
        assert one["properties"]["phase"]["enum"] == [phase]
        assert sorted(one["required"]) == sorted(one["properties"])
    for name, (_, body) in examples.REQUESTS["advise"].items():
        answer = client.post("/v1/advise", json=body).get_json()
        ref = union["discriminator"]["mapping"][answer["phase"]]
        assert list(answer) == list(schemas[ref.rsplit("/", 1)[1]]["properties"]), name
