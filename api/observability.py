"""Request ids on every response, JSON log lines to stdout, per-request metrics."""

from __future__ import annotations

import json
import logging
import re
import sys
import time
import uuid
from typing import Any

from flask import Flask, Response, g, has_request_context, request

from api import malloc, metrics

REQUEST_ID_HEADER = "X-Request-ID"
_CLIENT_ID = re.compile(r"^[\x21-\x7e]{1,200}$")
_EXTRA_KEYS = ("method", "path", "status", "duration_ms", "endpoint", "remote_addr")
_HANDLER_FLAG = "_rummy_json_handler"

log = logging.getLogger("api.access")


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request id and extras."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None),
        }
        for key in _EXTRA_KEYS:
            if hasattr(record, key):
                out[key] = getattr(record, key)
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out)


class StdoutHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stdout`` is at the time of each record."""

    @property
    def stream(self) -> Any:
        return sys.stdout

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = current_request_id()
        return True


def setup_logging(level: str) -> None:
    """JSON lines to stdout for the ``api`` loggers (installed once per process)."""
    logger = logging.getLogger("api")
    logger.setLevel(level)
    logger.propagate = False
    if not any(getattr(h, _HANDLER_FLAG, False) for h in logger.handlers):
        handler = StdoutHandler()
        setattr(handler, _HANDLER_FLAG, True)
        handler.setFormatter(JsonFormatter())
        handler.addFilter(RequestIdFilter())
        logger.addHandler(handler)


def current_request_id() -> str | None:
    if not has_request_context():
        return None
    rid = g.get("request_id")
    return rid if isinstance(rid, str) else None


def _start() -> None:
    sent = request.headers.get(REQUEST_ID_HEADER, "")
    g.request_id = sent if _CLIENT_ID.match(sent) else uuid.uuid4().hex
    g.started = time.perf_counter()


def _finish(response: Response) -> Response:
    rid = current_request_id()
    if rid is None:
        rid = uuid.uuid4().hex
        g.request_id = rid
    response.headers[REQUEST_ID_HEADER] = rid
    started = g.get("started")
    seconds = time.perf_counter() - started if isinstance(started, float) else 0.0
    endpoint = request.url_rule.rule if request.url_rule is not None else "unmatched"
    metrics.record_request(endpoint, request.method, response.status_code, seconds)
    if metrics.record_engine_cache():
        malloc.trim()  # what the evicted entries held, back to the system
    log.info(
        "%s %s %s",
        request.method,
        request.path,
        response.status_code,
        extra={
            "method": request.method,
            "path": request.path,
            "status": response.status_code,
            "duration_ms": round(seconds * 1000, 3),
            "endpoint": endpoint,
            "remote_addr": request.remote_addr,
        },
    )
    return response


def install(app: Flask) -> None:
    app.before_request(_start)
    app.after_request(_finish)
