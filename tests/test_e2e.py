"""End to end: the real gunicorn server (2 workers) over HTTP, every endpoint, errors included."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import requests
from server_process import gunicorn_server

GIN_HAND = "AS 2S 3S 7H 7D 7C JD QD KD 5C"
HARD_LIVERPOOL = ["2S", "2H", "2D", "2C"] * 2 + [f"{r}{s}" for r in "3456789TJQK" for s in "SHD"][
    :22
]


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with gunicorn_server(workers=2) as url:
        yield url


def _problem(r: requests.Response, status: int) -> dict[str, object]:
    assert r.status_code == status, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert "Traceback" not in r.text
    body: dict[str, object] = r.json()
    assert body["status"] == status
    return body


def test_solve_validate_score_variants(base: str) -> None:
    r = requests.post(f"{base}/v1/solve", json={"variant": "gin", "hand": GIN_HAND}, timeout=10)
    assert r.status_code == 200
    assert r.json()["deadwood"] == ["5C"] and r.json()["optimal"] is True
    r = requests.post(
        f"{base}/v1/solve",
        json={"variant": "liverpool", "round": 1, "hand": "AS AD 2C 7H 7D 7C KD QD JD 5C"},
        timeout=10,
    )
    assert r.json()["goal"] == "contract" and r.json()["feasible"] is True
    r = requests.post(
        f"{base}/v1/validate",
        json={"variant": "gin", "hand": GIN_HAND, "melds": [{"cards": ["7H", "7D", "7C"]}]},
        timeout=10,
    )
    assert r.status_code == 200 and r.json()["legal"] is True
    r = requests.post(f"{base}/v1/score", json={"variant": "gin", "hand": GIN_HAND}, timeout=10)
    assert r.json()["points"] == 5
    r = requests.get(f"{base}/v1/variants", timeout=10)
    assert set(r.json()["variants"]) == {"liverpool", "rummy40", "israeli", "rummikub", "gin"}


def test_advise_every_phase(base: str) -> None:
    # gin, 11 cards: throw the 9H (or the 5C) and knock with the three melds
    r = requests.post(
        f"{base}/v1/advise", json={"variant": "gin", "hand": GIN_HAND + " 9H"}, timeout=30
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["goal"] == "knock" and body["cards_needed"] == 0
    assert (body["recommendation"]["action"], body["recommendation"]["card"]) == ("go_out", "9H")
    assert {d["card"] for d in body["discards"]} == set((GIN_HAND + " 9H").split())
    # draw: the top discard completes the run, so take it
    r = requests.post(
        f"{base}/v1/advise",
        json={
            "variant": "israeli",
            "hand": "AS 2S 3S 7H 7D 7C JD QD KD 5C 5H 5S 9C 9D",
            "discard_pile": ["TD"],
            "phase": "draw",
        },
        timeout=30,
    )
    assert r.status_code == 200, r.text
    assert r.json()["recommendation"]["action"] in ("take_discard", "draw_stock")
    # buy: Liverpool round 1, the top 9S makes the second set
    r = requests.post(
        f"{base}/v1/advise",
        json={
            "variant": "liverpool",
            "round": 1,
            "hand": "8H 8S 8D 9C 9D KD QC 3S 4H 5H",
            "discard_pile": ["9S"],
            "phase": "buy",
        },
        timeout=30,
    )
    assert r.status_code == 200, r.text
    assert r.json()["recommendation"]["action"] == "buy"


def test_ops_endpoints(base: str) -> None:
    assert requests.get(f"{base}/livez", timeout=5).json() == {"status": "ok"}
    assert requests.get(f"{base}/readyz", timeout=5).status_code == 200
    spec = requests.get(f"{base}/openapi.yaml", timeout=5)
    assert spec.status_code == 200 and spec.text.startswith("openapi: 3.1.0")
    docs = requests.get(f"{base}/docs", timeout=5)
    assert docs.status_code == 200 and "swagger-ui-bundle.js" in docs.text
    assert requests.get(f"{base}/docs/assets/swagger-ui-bundle.js", timeout=5).status_code == 200


def test_errors_over_http(base: str) -> None:
    bad_json = requests.post(
        f"{base}/v1/solve",
        data="{oops",
        headers={"Content-Type": "application/json"},
        timeout=5,
    )
    _problem(bad_json, 400)
    _problem(requests.get(f"{base}/no/such/path", timeout=5), 404)
    wrong = requests.delete(f"{base}/v1/solve", timeout=5)
    _problem(wrong, 405)
    assert "POST" in wrong.headers["Allow"]
    huge = requests.post(
        f"{base}/v1/solve",
        data="[" + ",".join(['"AS"'] * 20000) + "]",
        headers={"Content-Type": "application/json"},
        timeout=5,
    )
    _problem(huge, 413)
    invalid = requests.post(
        f"{base}/v1/solve", json={"variant": "gin", "hand": ["AS", "1Z"]}, timeout=5
    )
    body = _problem(invalid, 422)
    assert body["errors"] == [{"field": "hand[1]", "index": 1, "message": "unknown card '1Z'"}]
    no_round = requests.post(
        f"{base}/v1/solve", json={"variant": "liverpool", "hand": "AS"}, timeout=5
    )
    assert _problem(no_round, 422)["errors"][0]["field"] == "round"  # type: ignore[index]


def test_request_id_echoed_and_generated(base: str) -> None:
    r = requests.get(f"{base}/livez", headers={"X-Request-ID": "e2e-123"}, timeout=5)
    assert r.headers["X-Request-ID"] == "e2e-123"
    r = requests.get(f"{base}/nowhere", headers={"X-Request-ID": "e2e-404"}, timeout=5)
    assert r.headers["X-Request-ID"] == "e2e-404"
    assert len(requests.get(f"{base}/livez", timeout=5).headers["X-Request-ID"]) == 32


def test_metrics_merge_the_workers(base: str) -> None:
    for _ in range(6):
        requests.post(f"{base}/v1/solve", json={"variant": "gin", "hand": GIN_HAND}, timeout=10)
    text = requests.get(f"{base}/metrics", timeout=5).text
    line = next(
        x
        for x in text.splitlines()
        if x.startswith(
            'rummy_http_requests_total{endpoint="/v1/solve",method="POST",status="200"}'
        )
    )
    assert float(line.rsplit(" ", 1)[1]) >= 6
    assert "rummy_solve_duration_seconds_bucket" in text
    # the engine cache's gauges, one per live worker
    assert 'rummy_engine_cache_bytes{cache="plans",pid="' in text
    assert 'rummy_solves_total{goal="deadwood",status="optimal",variant="gin"}' in text


def test_time_limit_answers_with_optimal_false() -> None:
    with gunicorn_server(env={"SOLVER_TIME_LIMIT": "0.001"}, workers=1) as url:
        r = requests.post(
            f"{url}/v1/solve",
            json={"variant": "liverpool", "round": 6, "hand": HARD_LIVERPOOL},
            timeout=30,
        )
        assert r.status_code == 200, r.text
        assert r.json()["optimal"] is False
        text = requests.get(f"{url}/metrics", timeout=5).text
        assert 'status="time_limit"' in text
