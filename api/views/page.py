"""The playground at ``/``: static files of the package (api/static/playground), built from
web/ and committed, so serving needs no npm. Its Content-Security-Policy lets the page
load and call nothing but this server."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory
from werkzeug.exceptions import NotFound

from sim.players import PLAYER_NAMES

STATIC = Path(__file__).resolve().parent.parent / "static" / "playground"
# nothing from elsewhere: scripts, styles, images, fonts and requests all from this origin
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
# the bots a seat may hold, from sim itself, for the page's seat pickers
_BOTS_MARK = "{{bots}}"

assets = Blueprint("playground", __name__)


def _secured(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def page() -> Response:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    html = html.replace(_BOTS_MARK, " ".join(PLAYER_NAMES))
    return _secured(Response(html, mimetype="text/html"))


@assets.route("/playground/<path:name>", methods=["GET"])
def asset(name: str) -> Response:
    """One script or style of the page."""
    if name == "index.html" or not (STATIC / name).is_file():
        raise NotFound()
    return _secured(send_from_directory(STATIC, name, max_age=300))
