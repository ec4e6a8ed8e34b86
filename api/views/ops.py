"""Operations endpoints: liveness, readiness, metrics, the OpenAPI document, the docs page."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app

from api import metrics, shedding
from api.errors import problem
from api.schemas import HealthSchema
from api.spec import API_KEY, JsonBlueprint, spec_yaml
from api.views.docs import docs_page
from api.views.page import page
from solver.cards import parse_cards
from solver.rules import PRESETS
from solver.solve import solve

blp = JsonBlueprint("ops", __name__, description="Operations.")

READY_KEY = "rummy.ready"
SPEC_KEY = "rummy.spec_yaml"
_WARMUP_HAND = "AS 2S 3S 7H 7D 7C KD"


def _text_doc(mimetype: str, description: str) -> dict[str, Any]:
    return {
        "responses": {
            "200": {
                "description": description,
                "content": {mimetype: {"schema": {"type": "string"}}},
            }
        }
    }


@blp.route("/livez", methods=["GET"])
@blp.doc(operationId="livez")
@blp.response(200, HealthSchema, description="The process is up.")
def livez() -> dict[str, str]:
    """Liveness: the process answers."""
    return {"status": "ok"}


@blp.route("/readyz", methods=["GET"])
@blp.doc(operationId="readyz")
@blp.response(200, HealthSchema, description="Ready to serve.")
@blp.alt_response(503, response="SERVICE_UNAVAILABLE")
def readyz() -> Response | dict[str, str]:
    """Readiness: the solver has answered a small solve in this process, and the process
    is not shutting down."""
    if shedding.DRAINING.is_set():
        return problem(503, "The server is shutting down.")
    if not current_app.extensions.get(READY_KEY):
        try:
            solve(parse_cards(_WARMUP_HAND), PRESETS["gin"], "deadwood", time_limit=1.0)
        except Exception:
            current_app.logger.exception("readiness solve failed")
            return problem(503, "The solver is not ready.")
        current_app.extensions[READY_KEY] = True
    return {"status": "ready"}


@blp.route("/metrics", methods=["GET"])
@blp.doc(
    operationId="metrics", **_text_doc("text/plain", "Prometheus metrics (text exposition format).")
)
def prometheus() -> Response:
    """Prometheus metrics: requests and latency per endpoint, solve time and status."""
    response = Response(metrics.exposition())
    response.headers["Content-Type"] = metrics.CONTENT_TYPE
    return response


@blp.route("/openapi.yaml", methods=["GET"])
@blp.doc(operationId="openapiDocument", **_text_doc("application/yaml", "This OpenAPI document."))
def openapi_yaml() -> Response:
    """The OpenAPI 3.1 document of this service."""
    text = current_app.extensions.get(SPEC_KEY)
    if not isinstance(text, str):
        text = spec_yaml(current_app.extensions[API_KEY])
        current_app.extensions[SPEC_KEY] = text
    return Response(text, mimetype="application/yaml")


@blp.route("/", methods=["GET"])
@blp.doc(
    operationId="playground",
    **_text_doc("text/html", "The playground: analysis board, trainer, a game against the bots."),
)
def playground() -> Response:
    """The playground: a web page for people, served by this app (no outside requests)."""
    return page()


@blp.route("/docs", methods=["GET"])
@blp.doc(
    operationId="docsPage",
    **_text_doc("text/html", "Interactive API page (Swagger UI, served by this app)."),
)
def docs() -> Response:
    """The interactive API page; its scripts and styles are served by this app."""
    return Response(docs_page(), mimetype="text/html")
