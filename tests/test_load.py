"""A few seconds of bounded loopback load on the real gunicorn while its workers recycle, one
is stopped mid-load and the master is told to stop: no 500, no request lost."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import Counter

import requests
from server_process import Server, gunicorn_process

SOLVE = {"variant": "gin", "hand": "AS 2S 3S 7H 7D 7C JD QD KD 5C"}
ADVISE = {"variant": "gin", "phase": "draw", "hand": "AS 2S 3S 7H 7D 7C JD QD 5C 9H"}
CALLS = [("GET", "/livez", None), ("POST", "/v1/solve", SOLVE), ("POST", "/v1/advise", ADVISE)]
CLIENTS = 6


def _unanswered(exc: requests.ConnectionError) -> str:
    """Refused at connect (nothing listens) is not lost. Reset by the peer is a connection
    the kernel queued and no worker ever accepted: the listener closed with it in its
    backlog (an accepted request cut off closes with a FIN, a remote disconnect). Anything
    else is a request lost."""
    text = str(exc).lower()
    if "refused" in text:
        return "refused"
    if "reset by peer" in text:
        return "reset"
    return type(exc).__name__


def _load(server: Server, until: float, answers: Counter[str], lock: threading.Lock) -> None:
    i = 0
    while time.monotonic() < until:
        method, path, body = CALLS[i % len(CALLS)]
        i += 1
        try:
            # a fresh connection each time: a kept-alive one may close under a recycled worker
            r = requests.request(
                method, server.url + path, json=body, headers={"Connection": "close"}, timeout=10
            )
            outcome = str(r.status_code)
            if r.status_code == 503 and not r.headers.get("Retry-After"):
                outcome = "503 without Retry-After"
        except requests.ConnectionError as exc:
            outcome = _unanswered(exc)
        except requests.RequestException as exc:
            outcome = type(exc).__name__
        with lock:
            answers[outcome] += 1


def test_recycling_and_a_stopped_worker_lose_nothing() -> None:
    answers: Counter[str] = Counter()
    lock = threading.Lock()
    with gunicorn_process(env={"MAX_REQUESTS": "40"}, workers=2) as server:
        until = time.monotonic() + 4.0
        clients = [
            threading.Thread(target=_load, args=(server, until, answers, lock))
            for _ in range(CLIENTS)
        ]
        for c in clients:
            c.start()
        time.sleep(2.0)
        os.kill(server.worker_pids()[0], signal.SIGTERM)
        for c in clients:
            c.join()
        assert requests.get(f"{server.url}/metrics", timeout=5).status_code == 200
    assert answers["200"] > 100  # the load did run, through several recycled workers
    assert set(answers) <= {"200", "503"}, answers


def test_sigterm_with_requests_in_flight_answers_them_all() -> None:
    answers: Counter[str] = Counter()
    lock = threading.Lock()
    with gunicorn_process(workers=2) as server:
        until = time.monotonic() + 2.0
        clients = [
            threading.Thread(target=_load, args=(server, until, answers, lock))
            for _ in range(CLIENTS)
        ]
        for c in clients:
            c.start()
        time.sleep(1.0)
        os.kill(server.proc.pid, signal.SIGTERM)
        for c in clients:
            c.join()
        assert server.proc.wait(timeout=15) == 0
    # answered, or refused at connect once the server stopped listening, or (a few) reset
    # in the listener's backlog as it closed (never accepted, so never in flight); never
    # cut off
    assert set(answers) <= {"200", "503", "refused", "reset"}, answers
    assert answers["reset"] <= 0.01 * sum(answers.values()), answers
    assert answers["200"] > 20
