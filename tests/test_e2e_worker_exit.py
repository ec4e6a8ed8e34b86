"""A worker that exits (recycling, a timeout, a signal) must not break the workers after it."""

from __future__ import annotations

import os
import signal
import time

import requests
from server_process import Server, gunicorn_process


def _respawned(server: Server, gone: int, count: int, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pids = server.worker_pids()
        if gone not in pids and len(pids) == count:
            return
        time.sleep(0.05)
    raise AssertionError("gunicorn did not replace the worker")


def test_every_endpoint_still_answers_after_a_worker_exits_gracefully() -> None:
    with gunicorn_process(workers=2) as server:
        victim = server.worker_pids()[0]
        os.kill(victim, signal.SIGTERM)
        _respawned(server, victim, 2)
        time.sleep(1.0)  # the new worker has imported the app and serves
        codes = [requests.get(f"{server.url}/livez", timeout=5).status_code for _ in range(20)]
        assert codes == [200] * 20
        r = requests.post(
            f"{server.url}/v1/solve", json={"variant": "gin", "hand": "AS 2S 3S"}, timeout=10
        )
        assert r.status_code == 200, r.text
        assert requests.get(f"{server.url}/metrics", timeout=5).status_code == 200
