"""The gunicorn worker: gthread, with a prompt drain and gunicorn's own errors as problems.

On SIGTERM it marks the app draining (/readyz answers 503), stops listening at once (new
connections are refused instead of queueing in the backlog until the worker exits), and
lets the requests in flight finish. Errors gunicorn answers itself, before the app sees a
request (a bad request line, headers too large), go out as problem+json too.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from gunicorn import util  # type: ignore[import-untyped]
from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]

from api import shedding
from api.errors import PROBLEM_KINDS, PROBLEM_MIMETYPE, TYPE_PREFIX
from api.observability import REQUEST_ID_HEADER


def write_problem(sock: Any, status: int, reason: str, message: str) -> None:
    """gunicorn's ``util.write_error``, answering problem+json instead of an HTML page."""
    slug, title = PROBLEM_KINDS.get(status, ("http-error", reason))
    body = json.dumps(
        {"type": TYPE_PREFIX + slug, "title": title, "status": status, "detail": message or title}
    ).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
        f"Content-Type: {PROBLEM_MIMETYPE}\r\nContent-Length: {len(body)}\r\n"
        f"{REQUEST_ID_HEADER}: {uuid.uuid4().hex}\r\n\r\n"
    ).encode("latin-1")
    util.write_nonblock(sock, head + body)


class DrainingWorker(ThreadWorker):  # type: ignore[misc]
    def init_process(self) -> None:
        util.write_error = write_problem  # gunicorn's error pages, in this worker only
        super().init_process()

    def handle_exit(self, sig: int, frame: Any) -> None:
        shedding.DRAINING.set()
        if self.alive:
            self.method_queue.defer(self._stop_listening)
        super().handle_exit(sig, frame)

    def _stop_listening(self) -> None:
        self.set_accept_enabled(False)
        for listener in self.sockets:
            listener.close()
