"""Operations: health, metrics, request ids, JSON logs, docs page, settings."""

from __future__ import annotations

import json

import pytest
from api_support import GIN_HAND, make_app, make_client

from api.config import ConfigError, load_config


def test_livez_and_readyz() -> None:
    client = make_client()
    assert client.get("/livez").get_json() == {"status": "ok"}
    r = client.get("/readyz")
    assert r.status_code == 200 and r.get_json() == {"status": "ready"}


def test_request_id_echoed_or_generated_also_on_errors() -> None:
    client = make_client()
    assert client.get("/livez", headers={"X-Request-ID": "req-42"}).headers["X-Request-ID"] == (
        "req-42"
    )
    generated = client.get("/livez").headers["X-Request-ID"]
    assert len(generated) == 32
    assert client.get("/nope", headers={"X-Request-ID": "e-1"}).headers["X-Request-ID"] == "e-1"
    r = client.post("/v1/solve", data="{", headers={"X-Request-ID": "e-2"})
    assert r.status_code == 400 and r.headers["X-Request-ID"] == "e-2"
    # an id that could not be a header value is replaced
    assert client.get("/livez", headers={"X-Request-ID": "a b"}).headers["X-Request-ID"] != "a b"


def test_metrics_count_requests_and_solves() -> None:
    client = make_client()
    client.post("/v1/solve", json={"variant": "gin", "hand": GIN_HAND})
    client.get("/nope")
    r = client.get("/metrics")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/plain")
    text = r.get_data(as_text=True)
    assert 'rummy_http_requests_total{endpoint="/v1/solve",method="POST",status="200"}' in text
    assert 'endpoint="unmatched"' in text
    assert "rummy_http_request_duration_seconds_bucket" in text
    assert 'rummy_solves_total{goal="deadwood",status="optimal",variant="gin"}' in text
    assert 'rummy_solve_duration_seconds_count{goal="deadwood",variant="gin"}' in text


def _sample(text: str, prefix: str) -> float:
    (line,) = [x for x in text.splitlines() if x.startswith(prefix)]
    return float(line.rsplit(" ", 1)[1])


def test_metrics_show_what_the_engine_keeps_and_evicts() -> None:
    advice = {"variant": "gin", "hand": GIN_HAND + " 9H", "phase": "discard"}
    client = make_client()
    client.post("/v1/advise", json=advice)
    text = client.get("/metrics").get_data(as_text=True)
    assert _sample(text, 'rummy_engine_cache_bytes{cache="plans"}') > 0
    assert _sample(text, 'rummy_engine_cache_entries{cache="plans"}') >= 1
    looked = _sample(text, 'rummy_engine_cache_hits_total{cache="plans"}') + _sample(
        text, 'rummy_engine_cache_misses_total{cache="plans"}'
    )
    assert looked >= 1
    # a budget below one plan: the plan is evicted as soon as its sweep is done
    small = make_client(ENGINE_CACHE_MB=0.001)
    before = _sample(text, 'rummy_engine_cache_evictions_total{cache="plans"}')
    small.post("/v1/advise", json={**advice, "rules": {"card_values": {"K": 3}}})
    text = small.get("/metrics").get_data(as_text=True)
    assert _sample(text, 'rummy_engine_cache_evictions_total{cache="plans"}') > before
    assert _sample(text, 'rummy_engine_cache_entries{cache="plans"}') == 0
    make_client()  # the default budget again, for the tests after this one


def test_the_engine_cache_budget_must_be_positive() -> None:
    assert load_config(environ={"ENGINE_CACHE_MB": "16"})["ENGINE_CACHE_MB"] == 16.0
    with pytest.raises(ConfigError):
        load_config(environ={"ENGINE_CACHE_MB": "0"})
    with pytest.raises(ConfigError):
        load_config(environ={"ENGINE_CACHE_MB": "lots"})


def test_solve_time_limit_from_config_reaches_the_solver() -> None:
    client = make_client(SOLVER_TIME_LIMIT=0.001)
    hand = ["2S", "2H", "2D", "2C"] * 2 + [f"{r}{s}" for r in "3456789TJQK" for s in "SHD"][:22]
    r = client.post("/v1/solve", json={"variant": "liverpool", "round": 6, "hand": hand})
    assert r.status_code == 200
    assert r.get_json()["optimal"] is False


def test_json_logs_carry_the_request_id(capsys: pytest.CaptureFixture[str]) -> None:
    client = make_client(LOG_LEVEL="INFO")
    client.get("/livez", headers={"X-Request-ID": "log-me"})
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]
    access = [x for x in lines if x.get("request_id") == "log-me"]
    assert access and access[-1]["path"] == "/livez" and access[-1]["status"] == 200
    make_app(LOG_LEVEL="WARNING")  # back to quiet for the other tests


def test_docs_page_and_its_assets_are_served_locally() -> None:
    client = make_client()
    page = client.get("/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "http://" not in html and "https://" not in html
    for src in ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js"):
        assert f"/docs/assets/{src}" in html
        asset = client.get(f"/docs/assets/{src}")
        assert asset.status_code == 200 and len(asset.data) > 1000
    init = client.get("/docs/assets/docs-init.js").get_data(as_text=True)
    assert "/openapi.yaml" in init


def test_openapi_yaml_is_served() -> None:
    r = make_client().get("/openapi.yaml")
    assert r.status_code == 200 and r.mimetype == "application/yaml"
    assert r.get_data(as_text=True).startswith("openapi: 3.1.0")


def test_settings_defaults_environment_and_overrides() -> None:
    base = load_config(environ={})
    assert base["SOLVER_TIME_LIMIT"] == 2.0 and base["MAX_CONTENT_LENGTH"] == 65536
    env = load_config(
        environ={"SOLVER_TIME_LIMIT": "0.5", "MAX_CONTENT_LENGTH": "1000", "LOG_LEVEL": "debug"}
    )
    assert env["SOLVER_TIME_LIMIT"] == 0.5 and env["MAX_CONTENT_LENGTH"] == 1000
    assert env["LOG_LEVEL"] == "DEBUG"
    assert (
        load_config({"SOLVER_TIME_LIMIT": 3}, environ={"SOLVER_TIME_LIMIT": "0.5"})[
            "SOLVER_TIME_LIMIT"
        ]
        == 3.0
    )
    with pytest.raises(ConfigError):
        load_config(environ={"MAX_CONTENT_LENGTH": "lots"})
    with pytest.raises(ConfigError):
        load_config({"SOLVER_TIME_LIMIT": 0})


@pytest.mark.parametrize("name", ["QUEUE_DEPTH", "SOLVE_QUEUE_DEPTH"])
def test_queue_depths_come_from_the_environment_and_are_never_negative(name: str) -> None:
    assert load_config(environ={name: "0"})[name] == 0
    assert load_config(environ={name: "7"})[name] == 7
    with pytest.raises(ConfigError, match=name):
        load_config(environ={name: "-1"})


def test_app_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAX_CONTENT_LENGTH", "2048")
    monkeypatch.setenv("SOLVER_TIME_LIMIT", "0.25")
    app = make_app()
    assert app.config["MAX_CONTENT_LENGTH"] == 2048
    assert app.config["SOLVER_TIME_LIMIT"] == 0.25
