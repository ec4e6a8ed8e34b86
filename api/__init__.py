"""The HTTP layer: a Flask app whose views translate requests and delegate to the library."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, request
from werkzeug.exceptions import RequestEntityTooLarge

from advisor.engine import set_cache_budget
from api import budget, cors, observability, shedding
from api.config import load_config
from api.errors import register_error_handlers
from api.spec import API_KEY, API_TITLE, API_VERSION, OPENAPI_VERSION, SPEC_OPTIONS, RummyApi


def _limit_body() -> None:
    """Refuse a body over the limit before parsing it, whatever its type: a declared length
    at once; a chunked body (no length) once more than the limit has arrived, rather than
    parsing what fits and calling it malformed."""
    limit = request.max_content_length
    if limit is None:
        return
    if request.content_length is not None:
        if request.content_length > limit:
            raise RequestEntityTooLarge()
        return
    if request.environ.get("wsgi.input_terminated"):
        body = request.environ["wsgi.input"].read(limit + 1)
        if len(body) > limit:
            raise RequestEntityTooLarge()
        request.environ["wsgi.input"] = io.BytesIO(body)


def _options_reply(response: Response) -> Response:
    """Flask's automatic OPTIONS answer, without its empty text/html body."""
    if request.method == "OPTIONS" and response.status_code == 200 and not response.data:
        response.status_code = 204
        del response.headers["Content-Type"]
    return response


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. Settings: defaults < environment < ``config``."""
    from api.views import docs, games, ops, page, v1

    app = Flask(__name__)
    app.config.update(load_config(config))
    set_cache_budget(app.config["ENGINE_CACHE_MB"])  # the engine's, one per process
    app.config.update(
        API_TITLE=API_TITLE,
        API_VERSION=API_VERSION,
        OPENAPI_VERSION=OPENAPI_VERSION,
        API_SPEC_OPTIONS=SPEC_OPTIONS,
        JSON_SORT_KEYS=False,
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]
    observability.setup_logging(app.config["LOG_LEVEL"])
    app.before_request(budget.start)  # first: the budget covers everything after arrival
    observability.install(app)
    app.before_request(_limit_body)
    cors.install(app)
    app.after_request(_options_reply)
    shedding.install(app)

    api = RummyApi(app)
    api.register_blueprint(v1.blp)
    api.register_blueprint(games.blp)
    api.register_blueprint(ops.blp)
    app.register_blueprint(docs.assets)
    app.register_blueprint(page.assets)
    app.extensions[API_KEY] = api
    register_error_handlers(app)
    return app
