"""CORS: only the origins in CORS_ORIGINS may call the API from a browser page."""

from __future__ import annotations

from api_support import GIN_HAND, make_app, make_client

from api.config import load_config
from api.cors import parse_origins

ALLOWED = "http://127.0.0.1:5173"
OTHER = "http://127.0.0.1:6000"


def _preflight(origin: str, **config: str) -> dict[str, str]:
    client = make_client(**config)
    response = client.options(
        "/v1/solve",
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert response.status_code in (200, 204)
    return dict(response.headers)


def test_no_origin_is_allowed_by_default() -> None:
    headers = _preflight(ALLOWED)
    assert not [name for name in headers if name.startswith("Access-Control-")]
    r = make_client().post(
        "/v1/solve", json={"variant": "gin", "hand": GIN_HAND}, headers={"Origin": ALLOWED}
    )
    assert "Access-Control-Allow-Origin" not in r.headers


def test_preflight_of_an_allowed_origin() -> None:
    headers = _preflight(ALLOWED, CORS_ORIGINS=f"https://app.example, {ALLOWED}/")
    assert headers["Access-Control-Allow-Origin"] == ALLOWED
    assert "POST" in headers["Access-Control-Allow-Methods"]
    assert "Content-Type" in headers["Access-Control-Allow-Headers"]
    assert "Origin" in headers["Vary"]


def test_preflight_of_another_origin_allows_nothing() -> None:
    headers = _preflight(OTHER, CORS_ORIGINS=ALLOWED)
    assert "Access-Control-Allow-Origin" not in headers
    assert "Access-Control-Allow-Methods" not in headers


def test_answers_and_problems_name_the_allowed_origin_only() -> None:
    client = make_client(CORS_ORIGINS=ALLOWED)
    ok = client.post(
        "/v1/solve", json={"variant": "gin", "hand": GIN_HAND}, headers={"Origin": ALLOWED}
    )
    assert ok.status_code == 200
    assert ok.headers["Access-Control-Allow-Origin"] == ALLOWED
    assert "X-Request-ID" in ok.headers["Access-Control-Expose-Headers"]
    bad = client.post("/v1/solve", json={"variant": "gin"}, headers={"Origin": ALLOWED})
    assert bad.status_code == 422 and bad.headers["Access-Control-Allow-Origin"] == ALLOWED
    other = client.post(
        "/v1/solve", json={"variant": "gin", "hand": GIN_HAND}, headers={"Origin": OTHER}
    )
    assert other.status_code == 200 and "Access-Control-Allow-Origin" not in other.headers


def test_any_origin() -> None:
    r = make_client(CORS_ORIGINS="*").get("/livez", headers={"Origin": OTHER})
    assert r.headers["Access-Control-Allow-Origin"] == "*"


def test_origins_from_the_environment() -> None:
    settings = load_config(environ={"CORS_ORIGINS": f" {ALLOWED} ,https://b.example/"})
    assert parse_origins(settings["CORS_ORIGINS"]) == {ALLOWED, "https://b.example"}
    assert make_app().extensions["rummy.cors_origins"] == frozenset()
