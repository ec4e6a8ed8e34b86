"""Service settings: defaults, overridden by the environment, overridden by create_app(config)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from advisor.engine.cache import DEFAULT_MB

DEFAULTS: dict[str, Any] = {
    "SOLVER_TIME_LIMIT": 2.0,
    # A request's whole wall-clock budget: parsing, model building and every solve.
    "REQUEST_TIME_LIMIT": 2.5,
    # Per worker process: advice and solves running at once, and waiting beyond those
    # (advice: QUEUE_DEPTH). Solves take milliseconds, so more of them may wait: a client's
    # four kept-alive connections on one worker are served in turn, not refused.
    "ADVISE_CONCURRENCY": 1,
    "SOLVE_CONCURRENCY": 1,
    "QUEUE_DEPTH": 2,
    "SOLVE_QUEUE_DEPTH": 4,
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "LOG_LEVEL": "INFO",
    "CORS_ORIGINS": "",
    # Signs the games' state (HMAC-SHA256) and hides their deal; none: neither.
    "GAME_STATE_KEY": "",
    # Per worker process: what the advice engine keeps between requests (its plans and
    # layoff searches, least recently used first out), megabytes.
    "ENGINE_CACHE_MB": DEFAULT_MB,
}

# Environment variable -> parser. PORT and WEB_CONCURRENCY are read by gunicorn.conf.py.
_ENV_PARSERS: dict[str, type] = {
    "SOLVER_TIME_LIMIT": float,
    "REQUEST_TIME_LIMIT": float,
    "ADVISE_CONCURRENCY": int,
    "SOLVE_CONCURRENCY": int,
    "QUEUE_DEPTH": int,
    "SOLVE_QUEUE_DEPTH": int,
    "MAX_CONTENT_LENGTH": int,
    "LOG_LEVEL": str,
    "CORS_ORIGINS": str,
    "GAME_STATE_KEY": str,
    "ENGINE_CACHE_MB": float,
}


class ConfigError(ValueError):
    """A setting that cannot be read."""


def from_environ(environ: Mapping[str, str]) -> dict[str, Any]:
    """The settings that the environment names, parsed."""
    out: dict[str, Any] = {}
    for name, parse in _ENV_PARSERS.items():
        raw = environ.get(name)
        if raw is None or raw.strip() == "":
            continue
        try:
            out[name] = parse(raw.strip())
        except ValueError:
            raise ConfigError(f"{name}={raw!r} is not a valid {parse.__name__}") from None
    return out


def load_config(
    overrides: Mapping[str, Any] | None = None, environ: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """Defaults, then the environment, then ``overrides``; checked for sane values."""
    settings = dict(DEFAULTS)
    settings.update(from_environ(os.environ if environ is None else environ))
    if overrides:
        settings.update(overrides)
    settings["LOG_LEVEL"] = str(settings["LOG_LEVEL"]).upper()
    for name in ("SOLVER_TIME_LIMIT", "REQUEST_TIME_LIMIT", "ENGINE_CACHE_MB"):
        if float(settings[name]) <= 0:
            raise ConfigError(f"{name} must be positive")
        settings[name] = float(settings[name])
    for name in ("MAX_CONTENT_LENGTH", "ADVISE_CONCURRENCY", "SOLVE_CONCURRENCY"):
        if int(settings[name]) <= 0:
            raise ConfigError(f"{name} must be positive")
        settings[name] = int(settings[name])
    for name in ("QUEUE_DEPTH", "SOLVE_QUEUE_DEPTH"):
        if int(settings[name]) < 0:
            raise ConfigError(f"{name} must be 0 or more")
        settings[name] = int(settings[name])
    return settings
