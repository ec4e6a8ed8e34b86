"""The clients `make clients` generates from openapi.yaml: the Python client solves and
advises against the real server; the TypeScript types name every operation."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_process import gunicorn_server

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "build" / "clients"
PYTHON_CLIENT = GENERATED / "python"
TYPESCRIPT = GENERATED / "typescript" / "schema.d.ts"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    assert (PYTHON_CLIENT / "rummy_client").is_dir(), "run `make clients` (make test does)"
    sys.path.insert(0, str(PYTHON_CLIENT))
    try:
        import rummy_client

        with gunicorn_server(workers=1) as url:
            yield rummy_client.Client(base_url=url, raise_on_unexpected_status=True)
    finally:
        sys.path.remove(str(PYTHON_CLIENT))


def test_python_client_solves(client: Any) -> None:
    from rummy_client.api.v1 import solve
    from rummy_client.models import SolveRequest, SolveResponse, Variant

    body = SolveRequest(variant=Variant.GIN, hand="AS 2S 3S 7H 7D 7C JD QD KD 5C")
    answer = solve.sync(client=client, body=body)
    assert isinstance(answer, SolveResponse)
    assert answer.deadwood == ["5C"] and answer.deadwood_points == 5
    assert answer.cards_needed == 0
    assert sorted(m.kind.value for m in answer.melds) == ["run", "run", "set"]


def test_python_client_advises_and_reads_problems(client: Any) -> None:
    from rummy_client.api.v1 import advise
    from rummy_client.models import AdviseRequest, AdviseRequestPhase, Problem, Variant

    body = AdviseRequest(
        variant=Variant.LIVERPOOL,
        round_=1,
        hand="8H 8S 8D 9C 9D KD QC 3S 4H 5H",
        discard_pile=["9S"],
        phase=AdviseRequestPhase.BUY,
    )
    answer = advise.sync(client=client, body=body)
    assert answer.recommendation.action.value == "buy"
    assert answer.recommendation.card == "9S"
    bad = advise.sync(client=client, body=AdviseRequest(variant=Variant.GIN, hand=["AS", "ZZ"]))
    assert isinstance(bad, Problem)
    assert bad.status == 422 and bad.errors[0].index == 1


def test_typescript_types_name_every_operation() -> None:
    text = TYPESCRIPT.read_text()
    assert "operations = Record<string, never>" not in text
    for operation in ("solve", "validate", "score", "advise", "listVariants"):
        assert f'operations["{operation}"]' in text
