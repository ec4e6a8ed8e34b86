"""CORS for the origins the operator allows (``CORS_ORIGINS``, comma-separated; none by
default): preflights are answered here, and every answer to an allowed origin says so."""

from __future__ import annotations

from flask import Flask, Response, current_app, request

from api.observability import REQUEST_ID_HEADER

ANY_ORIGIN = "*"
ALLOWED_METHODS = "GET, POST, OPTIONS"
ALLOWED_HEADERS = f"Content-Type, {REQUEST_ID_HEADER}"
# Headers a page may read besides the CORS-safelisted ones.
EXPOSED_HEADERS = f"{REQUEST_ID_HEADER}, Retry-After"
PREFLIGHT_MAX_AGE = "600"
ORIGINS_KEY = "rummy.cors_origins"


def parse_origins(value: str) -> frozenset[str]:
    """``"https://a.example, http://localhost:3000/"`` as a set of origins (no trailing slash)."""
    return frozenset(part.strip().rstrip("/") for part in value.split(",") if part.strip())


def _allowed(origin: str | None) -> str | None:
    """The ``Access-Control-Allow-Origin`` value for ``origin``, or None if it is not allowed."""
    origins: frozenset[str] = current_app.extensions[ORIGINS_KEY]
    if origin is None or not origins:
        return None
    if ANY_ORIGIN in origins:
        return ANY_ORIGIN
    return origin if origin in origins else None


def _preflight() -> Response | None:
    """Answer a CORS preflight of an allowed origin; others fall through to Flask's OPTIONS."""
    if request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers:
        return None
    if request.url_rule is None or _allowed(request.headers.get("Origin")) is None:
        return None
    response = Response(status=204)
    response.headers["Access-Control-Allow-Methods"] = ALLOWED_METHODS
    response.headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS
    response.headers["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE
    return response


def _headers(response: Response) -> Response:
    origins: frozenset[str] = current_app.extensions[ORIGINS_KEY]
    if not origins:
        return response
    if ANY_ORIGIN not in origins:
        response.vary.add("Origin")  # the answer differs by origin: caches must know
    allow = _allowed(request.headers.get("Origin"))
    if allow is not None:
        response.headers["Access-Control-Allow-Origin"] = allow
        response.headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS
    return response


def install(app: Flask) -> None:
    app.extensions[ORIGINS_KEY] = parse_origins(str(app.config["CORS_ORIGINS"]))
    app.before_request(_preflight)
    app.after_request(_headers)
