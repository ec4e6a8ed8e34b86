"""The interactive API page: Swagger UI from the flask-swagger-ui package's files."""

from __future__ import annotations

from pathlib import Path

import flask_swagger_ui
from flask import Blueprint, Response, send_from_directory
from werkzeug.exceptions import NotFound

SWAGGER_DIST = Path(flask_swagger_ui.__file__).resolve().parent / "dist"
ASSETS = ("swagger-ui.css", "index.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js")

assets = Blueprint("docs_assets", __name__)

# Starts Swagger UI on this service's own document (kept here so the package needs no data).
_INIT_JS = """window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.yaml",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,  // the default badge would call a validator on the internet
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout",
  });
});
"""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Rummy solver API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="stylesheet" href="/docs/assets/index.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/assets/docs-init.js"></script>
</body>
</html>
"""


def docs_page() -> str:
    return _PAGE


@assets.route("/docs/assets/<path:name>", methods=["GET"])
def asset(name: str) -> Response:
    """One script or style of the docs page (only the files the page uses)."""
    if name == "docs-init.js":
        return Response(_INIT_JS, mimetype="text/javascript")
    if name not in ASSETS:
        raise NotFound()
    return send_from_directory(SWAGGER_DIST, name, max_age=3600)
