"""The real gunicorn under operation: deadlines, shedding, shutdown, its own error pages."""

from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlparse

import pytest
import requests
from server_process import Server, gunicorn_process

# Liverpool round 6, three decks, eight 2s: once 14.5 s alone and a 30 s worker kill
SLOW_ADVICE = {
    "variant": "liverpool",
    "round": 6,
    "rules": {"decks": 3},
    "hand": ["2S", "2H", "2D", "2C", "2S", "2H", "2D", "2C", "5D", "6C", "9H", "KS", "QD", "7C"],
}
BUDGET = 2.5  # REQUEST_TIME_LIMIT's default


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with gunicorn_process(workers=1) as running:
        yield running


def _is_problem(r: requests.Response, status: int) -> None:
    assert r.status_code == status, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert r.json()["status"] == status


def test_the_request_that_hit_the_worker_kill_answers_within_its_budget(server: Server) -> None:
    started = time.monotonic()
    r = requests.post(f"{server.url}/v1/advise", json=SLOW_ADVICE, timeout=30)
    assert time.monotonic() - started <= BUDGET + 0.5
    assert r.headers["X-Request-ID"]
    if r.status_code != 200:
        _is_problem(r, 503)
        assert r.headers["Retry-After"]
    metrics = requests.get(f"{server.url}/metrics", timeout=5).text
    assert f'endpoint="/v1/advise",method="POST",status="{r.status_code}"' in metrics


def test_advice_beyond_the_queue_is_refused_at_once_and_livez_stays_quick(server: Server) -> None:
    def advise(_: int) -> tuple[int, float, str | None]:
        started = time.monotonic()
        r = requests.post(f"{server.url}/v1/advise", json=SLOW_ADVICE, timeout=30)
        return r.status_code, time.monotonic() - started, r.headers.get("Retry-After")

    with ThreadPoolExecutor(6) as pool:
        answers = pool.map(advise, range(6))
        time.sleep(0.3)  # the lane is full now
        started = time.monotonic()
        assert requests.get(f"{server.url}/livez", timeout=5).status_code == 200
        livez = time.monotonic() - started
        results = list(answers)
    statuses = [status for status, _, _ in results]
    assert set(statuses) <= {200, 503} and statuses.count(503) >= 3
    refused = [seconds for status, seconds, _ in results if status == 503]
    assert min(refused) < 0.5  # beyond the queue: at once, not after waiting
    assert all(after == "1" for status, _, after in results if status == 503)
    assert livez < 0.5
    metrics = requests.get(f"{server.url}/metrics", timeout=5).text
    assert "rummy_http_shed_total" in metrics
    assert 'rummy_http_in_flight{lane="advise"} 0.0' in metrics  # all done now
    assert 'rummy_http_queued{lane="advise"} 0.0' in metrics


def _raw(server: Server, data: bytes) -> tuple[int, dict[str, str], bytes]:
    where = urlparse(server.url)
    with socket.create_connection((where.hostname, where.port), timeout=5) as s:
        s.sendall(data)
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (b"GET /livez HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", 431),
        (b"NOT A REQUEST LINE\r\n\r\n", 400),
    ],
)
def test_gunicorns_own_errors_are_problems(
    server: Server, request_bytes: bytes, status: int
) -> None:
    got, headers, body = _raw(server, request_bytes)
    assert got == status
    assert headers["Content-Type"] == "application/problem+json"
    assert json.loads(body)["status"] == status


def test_sigterm_drains_refuses_new_connections_and_finishes_requests_in_flight() -> None:
    with gunicorn_process(workers=2) as server:
        # the metrics directory the server made for itself, removed when it has stopped
        (metrics,) = server.scratch.glob("rummy-prometheus-*")
        kept = requests.Session()
        assert kept.get(f"{server.url}/readyz", timeout=5).status_code == 200
        in_flight: list[requests.Response] = []
        slow = threading.Thread(
            target=lambda: in_flight.append(
                requests.post(f"{server.url}/v1/advise", json=SLOW_ADVICE, timeout=30)
            )
        )
        slow.start()
        time.sleep(0.3)  # the advice is running
        os.kill(server.proc.pid, signal.SIGTERM)
        time.sleep(0.3)
        # an open connection hears at once that the server is going
        _is_problem(kept.get(f"{server.url}/readyz", timeout=5), 503)
        # a new one is refused promptly instead of hanging in the backlog
        started = time.monotonic()
        with pytest.raises(requests.ConnectionError):
            requests.get(f"{server.url}/livez", timeout=5)
        assert time.monotonic() - started < 1.0
        slow.join(timeout=30)
        assert in_flight and in_flight[0].status_code in (200, 503)
        assert server.proc.wait(timeout=15) == 0
        assert not metrics.exists()


def test_a_respawned_worker_serves_within_a_second() -> None:
    with gunicorn_process(workers=1) as server:
        (victim,) = server.worker_pids()
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            pids = server.worker_pids()
            if pids and victim not in pids:
                break
            time.sleep(0.01)
        spawned = time.monotonic()
        while True:
            try:
                if requests.get(f"{server.url}/livez", timeout=2).status_code == 200:
                    break
            except requests.ConnectionError:
                pass
            assert time.monotonic() - spawned < 1.0
            time.sleep(0.01)


def _chunks(body: bytes) -> Iterator[bytes]:
    for i in range(0, len(body), 4096):
        yield body[i : i + 4096]


def test_a_chunked_body_over_the_limit_is_413_and_one_within_it_is_served(server: Server) -> None:
    big = b'{"variant": "gin", "hand": "' + b"AS " * 40000 + b'"}'
    r = requests.post(f"{server.url}/v1/solve", data=_chunks(big), timeout=10)
    _is_problem(r, 413)
    small = b'{"variant": "gin", "hand": "AS 2S 3S"}'
    r = requests.post(f"{server.url}/v1/solve", data=_chunks(small), timeout=10)
    assert r.status_code == 200, r.text


def test_options_answers_no_content_with_the_allowed_methods(server: Server) -> None:
    r = requests.options(f"{server.url}/v1/solve", timeout=5)
    assert r.status_code == 204
    assert "text/html" not in r.headers.get("Content-Type", "")
    assert set(r.headers["Allow"].replace(" ", "").split(",")) == {"POST", "OPTIONS"}


def _livez_count(server: Server) -> float:
    text = requests.get(f"{server.url}/metrics", timeout=5).text
    prefix = 'rummy_http_requests_total{endpoint="/livez",method="GET",status="200"} '
    return sum(float(line[len(prefix) :]) for line in text.splitlines() if line.startswith(prefix))


def test_counters_stay_monotone_when_a_worker_exits() -> None:
    with gunicorn_process(workers=2) as server:
        for _ in range(20):
            requests.get(f"{server.url}/livez", timeout=5)
        before = _livez_count(server)
        assert before >= 20
        victim = server.worker_pids()[0]
        os.kill(victim, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while victim in server.worker_pids() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _livez_count(server) >= before
