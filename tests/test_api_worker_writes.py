"""A response leaves the worker in one write, head and body together: a worker killed
mid-response has sent all of it or nothing, so a proxy can still send the request to
another server (tests/test_nginx.py kills one under traffic)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from gunicorn.config import Config  # type: ignore[import-untyped]

from api.worker import WholeResponse


class Socket:
    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.writes.append(bytes(data))


def respond(
    method: str, status: str, headers: list[tuple[str, str]], body: list[bytes]
) -> list[bytes]:
    sock = Socket()
    req = SimpleNamespace(version=(1, 1), method=method, should_close=lambda: False)
    resp = WholeResponse(req, sock, Config())
    resp.start_response(status, headers)
    for chunk in body:
        resp.write(chunk)
    resp.close()
    return sock.writes


def test_head_and_body_go_in_one_write() -> None:
    (write,) = respond("POST", "200 OK", [("Content-Length", "7")], [b'{"a":1}'])
    head, body = write.split(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 OK\r\n") and b"Content-Length: 7" in head
    assert body == b'{"a":1}'


@pytest.mark.parametrize(("method", "status"), [("GET", "204 No Content"), ("HEAD", "200 OK")])
def test_a_response_without_body_bytes_still_sends_its_head(method: str, status: str) -> None:
    (write,) = respond(method, status, [("Content-Length", "0")], [])
    assert write.startswith(f"HTTP/1.1 {status}".encode()) and write.endswith(b"\r\n\r\n")


def test_a_streamed_response_sends_its_head_first_then_chunks() -> None:
    writes = respond("GET", "200 OK", [], [b"ab", b"c"])
    assert b"Transfer-Encoding: chunked" in writes[0] and writes[0].endswith(b"\r\n\r\n")
    assert writes[1:] == [b"2\r\nab\r\n", b"1\r\nc\r\n", b"0\r\n\r\n"]
