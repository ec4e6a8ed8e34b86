"""The one place where errors become RFC 9457 ``application/problem+json`` responses."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException

from api import metrics
from sim.service import GameStateError, MoveRefused
from solver.budget import BudgetExhausted
from solver.errors import SolverError

PROBLEM_MIMETYPE = "application/problem+json"
TYPE_PREFIX = "urn:problem-type:rummy:"
# Seconds a client is asked to wait after a 503 (overloaded, draining, out of budget).
RETRY_AFTER = "1"

log = logging.getLogger("api.errors")

# HTTP status -> (type slug, title) of the problems this service answers with.
PROBLEM_KINDS: dict[int, tuple[str, str]] = {
    400: ("malformed-request", "Malformed request"),
    403: ("forbidden", "Forbidden"),
    404: ("not-found", "Not found"),
    405: ("method-not-allowed", "Method not allowed"),
    413: ("payload-too-large", "Request body too large"),
    414: ("uri-too-long", "Request line too long"),
    417: ("expectation-failed", "Expectation failed"),
    431: ("headers-too-large", "Request header fields too large"),
    422: ("invalid-request", "Invalid request"),
    500: ("internal-error", "Internal server error"),
    501: ("not-implemented", "Not implemented"),
    503: ("unavailable", "Service unavailable"),
}


@dataclass(frozen=True)
class FieldError:
    """One reason a request is invalid: where (``field``, and ``index`` of the bad card in
    that list), why. ``path`` is the one name of that spot, a JSON path into the request as
    sent (``hand[1]``, ``table[0].cards[2]``, ``rules.card_values.A``): the answer's
    ``field`` and the start of its ``detail``."""

    field: str
    message: str
    index: int | None = None

    @property
    def path(self) -> str:
        return self.field if self.index is None else f"{self.field}[{self.index}]"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"field": self.path, "message": self.message}
        if self.index is not None:
            out["index"] = self.index
        return out


@dataclass
class ApiError(Exception):
    """An error the API answers with a problem of ``status``."""

    status: int
    detail: str
    errors: list[FieldError] = field(default_factory=list)

    def __str__(self) -> str:
        return self.detail


def invalid(field_name: str, message: str, index: int | None = None) -> ApiError:
    """A 422 naming one field (and card index)."""
    errors = [FieldError(field_name, message, index)]
    return ApiError(422, summary(errors), errors)


def problem(
    status: int,
    detail: str,
    errors: list[FieldError] | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """A problem+json response."""
    slug, title = PROBLEM_KINDS.get(status, ("http-error", "HTTP error"))
    body: dict[str, Any] = {
        "type": TYPE_PREFIX + slug,
        "title": title,
        "status": status,
        "detail": detail,
    }
    if status == 422:
        body["errors"] = [e.to_dict() for e in errors or []]
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_MIMETYPE)
    if status == 503:
        response.headers["Retry-After"] = RETRY_AFTER
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def flatten_messages(messages: Any, path: str = "") -> list[FieldError]:
    """Marshmallow's nested error messages as a flat list of field errors.

    An integer key under a field becomes the ``index`` (card lists) or a ``[i]`` path step;
    a dict field's entry (marshmallow's ``{"A": {"value": [...]}}``) is named by its key.
    """
    out: list[FieldError] = []
    if isinstance(messages, Mapping):
        if path and messages and set(messages) <= {"key", "value"}:
            return flatten_messages(list(messages.values()), path)
        for key, value in messages.items():
            if isinstance(key, int):
                if isinstance(value, list) and all(isinstance(v, str) for v in value):
                    out.extend(FieldError(path or "body", str(m), key) for m in value)
                else:
                    out.extend(flatten_messages(value, f"{path}[{key}]"))
                continue
            name = "" if key == "_schema" else str(key)
            sub = f"{path}.{name}" if path and name else (name or path)
            out.extend(flatten_messages(value, sub))
    elif isinstance(messages, list):
        for item in messages:
            out.extend(flatten_messages(item, path))
    else:
        out.append(FieldError(path or "body", str(messages)))
    return out


def summary(errors: list[FieldError]) -> str:
    """A 422's ``detail``: the first error's path and message (the same path as its
    ``field``)."""
    first = errors[0]
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{first.path}: {first.message}{more}"


def handle_api_error(error: ApiError) -> Response:
    return problem(error.status, error.detail, error.errors)


def handle_solver_error(error: SolverError) -> Response:
    field_name = error.field or "body"
    fe = FieldError(field_name, error.message, error.index)
    return problem(422, summary([fe]), [fe])


def handle_http_exception(error: HTTPException) -> Response:
    status = error.code or 500
    data = getattr(error, "data", None)
    if status == 422:
        messages = (data or {}).get("messages", {})
        # webargs keys its messages by location ("json"); the body is what matters.
        if isinstance(messages, Mapping) and messages and set(messages) <= {"json", "query"}:
            merged: dict[Any, Any] = {}
            for loc in messages.values():
                merged.update(loc if isinstance(loc, Mapping) else {"_schema": loc})
            messages = merged
        errors = flatten_messages(messages) or [FieldError("body", "invalid request")]
        return problem(422, summary(errors), errors)
    if status == 400 and data:
        return problem(400, "The request body is not valid JSON.")
    headers: dict[str, str] = {}
    if status == 405:
        allow = dict(error.get_headers()).get("Allow")
        if allow:
            headers["Allow"] = allow
    if status >= 500:
        return problem(status, "The server could not answer this request.")
    return problem(
        status, error.description or PROBLEM_KINDS.get(status, ("", ""))[1], None, headers
    )


def handle_budget_exhausted(error: BudgetExhausted) -> Response:
    endpoint = request.url_rule.rule if request.url_rule is not None else "unmatched"
    metrics.record_timeout(endpoint)
    seconds = current_app.config["REQUEST_TIME_LIMIT"]
    return problem(503, f"The request's time budget ({seconds:g} s) ran out before an answer.")


def handle_game_state(error: GameStateError) -> Response:
    return problem(400, str(error))


def handle_move_refused(error: MoveRefused) -> Response:
    return problem(422, f"move refused: {error.reason}", [FieldError("move", error.reason)])


def handle_unexpected(error: Exception) -> Response:
    log.exception("unhandled error: %s", type(error).__name__)
    return problem(500, "The server could not answer this request.")


def register_error_handlers(app: Flask) -> None:
    """Install the handlers (after flask-smorest's, so these win)."""
    app.register_error_handler(ApiError, handle_api_error)
    app.register_error_handler(SolverError, handle_solver_error)
    app.register_error_handler(BudgetExhausted, handle_budget_exhausted)
    app.register_error_handler(GameStateError, handle_game_state)
    app.register_error_handler(MoveRefused, handle_move_refused)
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(Exception, handle_unexpected)
