"""Gunicorn settings for the rummy API (``gunicorn -c gunicorn.conf.py 'api:create_app()'``).

Read from the environment: PORT (8000), WEB_CONCURRENCY (worker processes: the CPUs this
process may use), WEB_THREADS (threads per worker, 8), MAX_REQUESTS (2000 before a worker
is recycled), REQUEST_TIME_LIMIT (2.5 s: the graceful shutdown waits a little longer than
one request may take), LOG_LEVEL. See docs/operations.md.
"""

from __future__ import annotations

import gc
import glob
import json
import logging
import os
import shutil
import tempfile
from typing import Any


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _float_env(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, "") or default)
    except ValueError:
        return default


# Prometheus multiprocess mode: every worker writes its samples to one directory, which
# must exist (and be empty) before any worker imports prometheus_client. Only the master
# removes a directory it made, in on_exit: an atexit handler would be inherited by every
# forked worker, and the first worker to exit would delete the directory under the others.
# A directory given is emptied of samples here, before the first fork: a restarted
# container keeps its emptyDir, and the old workers' files would count as live ones.
_own_metrics_dir: str | None = None
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    _own_metrics_dir = tempfile.mkdtemp(prefix="rummy-prometheus-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = _own_metrics_dir
else:
    os.makedirs(os.environ["PROMETHEUS_MULTIPROC_DIR"], exist_ok=True)
    for _stale in glob.glob(os.path.join(os.environ["PROMETHEUS_MULTIPROC_DIR"], "*.db")):
        os.remove(_stale)

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "") or _cpus())
# Threads, so that cheap requests are served beside running solves; the app admits the
# CPU-bound ones per lane (api/shedding.py) and refuses the excess at once.
worker_class = "api.worker.DrainingWorker"
threads = int(os.environ.get("WEB_THREADS", "") or 8)
# Import the app once in the master: a respawned worker serves at once.
preload_app = True
# gthread workers report from their main loop, not from a request: this catches a hung
# process, not a slow request (the request budget bounds those).
timeout = 30
# Requests in flight at SIGTERM finish: none takes longer than its budget.
graceful_timeout = int(_float_env("REQUEST_TIME_LIMIT", 2.5)) + 5
keepalive = 5
# Workers are recycled now and then (MAX_REQUESTS, 2000); the others serve meanwhile.
max_requests = int(os.environ.get("MAX_REQUESTS", "") or 2000)
max_requests_jitter = max_requests // 10
accesslog = None  # the app logs one JSON line per request, with its request id
logger_class = "api.worker.AppAccessLogger"
errorlog = "-"
loglevel = (os.environ.get("LOG_LEVEL") or "info").lower()


class _JsonLines(logging.Formatter):
    """Gunicorn's own log lines as JSON, like the app's."""

    def format(self, record: logging.LogRecord) -> str:
        return json.dumps(
            {
                "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
                "level": record.levelname,
                "logger": record.name,
                "message": record.getMessage(),
            }
        )


logconfig_dict: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": _JsonLines}},
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "stream": "ext://sys.stdout",
        }
    },
    "root": {"level": loglevel.upper(), "handlers": ["stdout"]},
    "loggers": {
        "gunicorn.error": {"handlers": ["stdout"], "level": loglevel.upper(), "propagate": False},
    },
}


def pre_fork(server: Any, worker: Any) -> None:
    """Move what the master loaded (the app, OR-Tools, ...) out of the collector's reach:
    a full collection in a worker would otherwise walk, and copy on write, the whole
    preloaded heap (about 80 ms on this machine, now and then in the middle of a request)."""
    gc.freeze()


def on_exit(server: Any) -> None:
    """The master is shutting down: remove the metrics directory it made."""
    if _own_metrics_dir is not None:
        shutil.rmtree(_own_metrics_dir, ignore_errors=True)


def child_exit(server: Any, worker: Any) -> None:
    """Drop a dead worker's live gauges from the shared metrics directory."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


# Gunicorn 24+ opens a control socket in the home directory; this service has no use for it
# (and several servers on one machine would share its path). Older versions ignore this.
control_socket_disable = True
