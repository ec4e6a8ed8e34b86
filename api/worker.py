"""The gunicorn worker: gthread, with a prompt drain and gunicorn's own errors as problems.

On SIGTERM it marks the app draining (/readyz answers 503), stops listening at once (new
connections are refused instead of queueing in the backlog until the worker exits), and
lets the requests in flight finish. Errors gunicorn answers itself, before the app sees a
request (a bad request line, headers too large), go out as problem+json too. A response
leaves in one write, head and body together (``WholeResponse``).
"""

from __future__ import annotations

import json
import socket
import uuid
from typing import Any

from gunicorn import glogging, util  # type: ignore[import-untyped]
from gunicorn.http import wsgi  # type: ignore[import-untyped]
from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]

from api import malloc, shedding
from api.errors import PROBLEM_KINDS, PROBLEM_MIMETYPE, RETRY_AFTER, TYPE_PREFIX
from api.observability import REQUEST_ID_HEADER

# A request waiting in the backlog at shutdown has sent its head already, or will at once.
_REFUSAL_READ_SECONDS = 0.2
_REFUSAL_READ_BYTES = 65536


def _problem_bytes(status: int, reason: str, message: str, extra: str = "") -> bytes:
    slug, title = PROBLEM_KINDS.get(status, ("http-error", reason))
    body = json.dumps(
        {"type": TYPE_PREFIX + slug, "title": title, "status": status, "detail": message or title}
    ).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
        f"Content-Type: {PROBLEM_MIMETYPE}\r\nContent-Length: {len(body)}\r\n"
        f"{REQUEST_ID_HEADER}: {uuid.uuid4().hex}\r\n{extra}\r\n"
    ).encode("latin-1")
    return head + body


def write_problem(sock: Any, status: int, reason: str, message: str) -> None:
    """gunicorn's ``util.write_error``, answering problem+json instead of an HTML page."""
    util.write_nonblock(sock, _problem_bytes(status, reason, message))


def _refuse_waiting(listener: Any) -> None:
    """Answer 503 + Retry-After to the connections already waiting in the backlog: closing
    the socket would reset them, and a reset looks like a request cut off mid-way."""
    listener.setblocking(False)
    answer = _problem_bytes(
        503,
        "Service Unavailable",
        "The server is shutting down.",
        f"Retry-After: {RETRY_AFTER}\r\n",
    )
    while True:
        try:
            conn, _ = listener.accept()
        except OSError:  # nothing left waiting
            return
        try:
            conn.settimeout(_REFUSAL_READ_SECONDS)
            conn.recv(_REFUSAL_READ_BYTES)  # read the request first: unread data means a reset
            conn.sendall(answer)
            conn.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # the client went away
        finally:
            conn.close()


class WholeResponse(wsgi.Response):  # type: ignore[misc]
    """gunicorn's response, its head held back and sent with the first body bytes in one
    write. A worker killed between two writes would leave a proxy holding a head without
    its body: too late to send the request to another server, so the client would see the
    answer cut off. In one write, a killed worker has sent all of it or nothing."""

    _head = b""
    headers_sent: bool  # set by gunicorn's Response

    def send_headers(self) -> None:
        if self.headers_sent:
            return
        lines = [*self.default_headers(), *(f"{k}: {v}\r\n" for k, v in self.headers)]
        self._head = ("".join(lines) + "\r\n").encode("latin-1")
        self.headers_sent = True

    def _flush_head(self) -> None:
        head, self._head = self._head, b""
        if head:
            self.sock.sendall(head)

    def _emit_body(self, data: bytes) -> None:
        if self.chunked:  # streamed: the chunks go as they come
            self._flush_head()
            util.write(self.sock, data, True)
        else:
            head, self._head = self._head, b""
            self.sock.sendall(head + data)

    def can_sendfile(self) -> bool:
        return False  # a file body goes through _emit_body too, after its head

    def close(self) -> None:
        if not self.headers_sent:
            self.send_headers()
        self._flush_head()  # a response with no body bytes (204, HEAD)
        super().close()


class AppAccessLogger(glogging.Logger):  # type: ignore[misc]
    """Gunicorn's logger without its access log: the app writes one JSON line per request,
    with its request id. (With ``logconfig_dict`` set, gunicorn would otherwise build the
    fields of an access line on every request, then drop it.)"""

    def access(self, resp: Any, req: Any, environ: Any, request_time: Any) -> None:
        pass


class DrainingWorker(ThreadWorker):  # type: ignore[misc]
    def init_process(self) -> None:
        util.write_error = write_problem  # gunicorn's error pages, in this worker only
        wsgi.Response = WholeResponse  # what gunicorn builds for each request, likewise
        malloc.limit_arenas()  # before the worker's threads start
        super().init_process()

    def handle_exit(self, sig: int, frame: Any) -> None:
        shedding.DRAINING.set()
        if self.alive:
            self.method_queue.defer(self._stop_listening)
        super().handle_exit(sig, frame)

    def _stop_listening(self) -> None:
        self.set_accept_enabled(False)
        for listener in self.sockets:
            _refuse_waiting(listener)
            listener.close()
