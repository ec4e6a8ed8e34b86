"""The HTTP layer: a Flask app whose views translate requests and delegate to the library."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, request
from werkzeug.exceptions import RequestEntityTooLarge

from api import budget, observability, shedding
from api.config import load_config
from api.errors import register_error_handlers
from api.spec import API_DESCRIPTION, API_KEY, API_TITLE, API_VERSION, OPENAPI_VERSION, RummyApi


def _limit_body() -> None:
    """Refuse a declared body over the limit before reading it, whatever its type."""
    limit = request.max_content_length
    if limit is not None and request.content_length is not None and request.content_length > limit:
        raise RequestEntityTooLarge()


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. Settings: defaults < environment < ``config``."""
    from api.views import docs, ops, v1

    app = Flask(__name__)
    app.config.update(load_config(config))
    app.config.update(
        API_TITLE=API_TITLE,
        API_VERSION=API_VERSION,
        OPENAPI_VERSION=OPENAPI_VERSION,
        API_SPEC_OPTIONS={"info": {"description": API_DESCRIPTION}},
        JSON_SORT_KEYS=False,
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]
    observability.setup_logging(app.config["LOG_LEVEL"])
    app.before_request(budget.start)  # first: the budget covers everything after arrival
    observability.install(app)
    app.before_request(_limit_body)
    shedding.install(app)

    api = RummyApi(app)
    api.register_blueprint(v1.blp)
    api.register_blueprint(ops.blp)
    app.register_blueprint(docs.assets)
    app.extensions[API_KEY] = api
    register_error_handlers(app)
    return app
