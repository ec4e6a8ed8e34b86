"""nginx (deploy/nginx/rummy.conf) in front of two gunicorn servers on loopback: under
steady traffic, one server restarted gracefully and, separately, one killed loses no
request. Every answer is a 200, or a 503 with Retry-After (load shed, or a connection
that waited in a stopping server's backlog); never a connection error, a 502 or a 504."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests
from deploy_support import gunicorn_settings
from nginx_process import SITE, Balancer, nginx_balancer
from server_process import Server, free_port, gunicorn_process

# a steady mix: solves, scores, advice and probes; each client loops over it
MIX: tuple[tuple[str, str, dict[str, Any] | None], ...] = (
    ("POST", "/v1/solve", {"variant": "gin", "hand": "AS 2S 3S 7H 7D 7C JD QD KD 5C"}),
    ("POST", "/v1/advise", {"variant": "gin", "hand": "AS 2S 3S 7H 7D 7C JD QD KD 5C 9H"}),
    ("GET", "/livez", None),
    ("POST", "/v1/score", {"variant": "gin", "hand": "4H 5H 6H 9C 9S 9D TD JD QD 2C"}),
    ("POST", "/v1/solve", {"variant": "rummy40", "hand": "QS QH QD 9C TC JC 3D 5H 8S AH"}),
)
# advice that keeps a worker busy for a while: in flight when the signal comes
SLOW_ADVICE: dict[str, Any] = {
    "variant": "liverpool",
    "round": 6,
    "rules": {"decks": 3},
    "hand": ["2S", "2H", "2D", "2C", "2S", "2H", "2D", "2C", "5D", "6C", "9H", "KS", "QD", "7C"],
}
CLIENTS = 4
# nginx's error-log lines about a backend that failed a request
BACKEND_FAILURE = re.compile(r"failed|timed out|temporarily disabled|no live upstreams|closed")
MAX_REQUESTS = 4000  # per scenario, in all: the loops stop at this or when told


@dataclass
class Traffic:
    """What the clients got: (status, Retry-After) per answer, and the failures."""

    answers: list[tuple[int, str | None]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def send(self, session: requests.Session, url: str, method: str, path: str, body: Any) -> None:
        try:
            r = session.request(method, url + path, json=body, timeout=15)
            with self.lock:
                self.answers.append((r.status_code, r.headers.get("Retry-After")))
        except requests.RequestException as exc:
            with self.lock:
                self.failures.append(f"{method} {path}: {exc!r}")

    def lost(self) -> list[str]:
        """Every answer that is not a 200 nor a 503 with Retry-After, and every failure."""
        bad = [f"{s} (Retry-After {ra})" for s, ra in self.answers if s != 200]
        return [b for b in bad if not b.startswith("503 (Retry-After 1")] + self.failures


@contextlib.contextmanager
def steady(url: str) -> Iterator[Traffic]:
    traffic = Traffic()
    stop = threading.Event()

    def client(k: int) -> None:
        session = requests.Session()
        for i in range(MAX_REQUESTS // CLIENTS):
            if stop.is_set():
                return
            traffic.send(session, url, *MIX[(i + k) % len(MIX)])

    threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
    for t in threads:
        t.start()
    try:
        yield traffic
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=30)


def slow_advice(url: str, n: int) -> tuple[list[threading.Thread], Traffic]:
    """``n`` slow advice requests, sent at once, each on its own connection."""
    traffic = Traffic()
    threads = [
        threading.Thread(
            target=traffic.send,
            args=(requests.Session(), url, "POST", "/v1/advise", SLOW_ADVICE),
        )
        for _ in range(n)
    ]
    for t in threads:
        t.start()
    time.sleep(0.3)  # taken by the workers
    return threads, traffic


def why(lost: list[str], balancer: Balancer, errors_since: int) -> str:
    """What a failed run lost, counted, and what nginx logged meanwhile (its last lines)."""
    said = "\n".join(balancer.error_lines()[errors_since:][-40:])
    return f"lost {dict(Counter(lost))}; nginx's error log:\n{said}"


def kill(server: Server) -> None:
    """SIGKILL to the master and its workers at once, as when the machine loses them."""
    pids = [server.proc.pid, *server.worker_pids()]
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    server.proc.wait(timeout=10)


@dataclass
class Site:
    balancer: Balancer
    ports: list[int]
    servers: list[Server]
    stack: contextlib.ExitStack

    def replace(self, k: int) -> float:
        """Start backend ``k`` anew on its port; the time it took to serve."""
        start = time.monotonic()
        self.servers[k] = self.stack.enter_context(
            gunicorn_process(workers=1, port=self.ports[k], startup_timeout=30)
        )
        return time.monotonic() - start

    def back_in_service(self, k: int, timeout: float = 6.0) -> bool:
        """Whether nginx sends backend ``k`` requests again within ``timeout`` (it leaves
        a failed backend out for fail_timeout, 2 s); traffic must be running."""
        since = len(self.balancer.log_lines())
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if f"127.0.0.1:{self.ports[k]}" in self.upstreams(since):
                return True
            time.sleep(0.2)
        return False

    def settled(self, quiet: float = 2.5, timeout: float = 15.0) -> bool:
        """Whether nginx logs no backend failure for ``quiet`` seconds, longer than its
        fail_timeout (2 s), within ``timeout``: then it leaves no backend out (a failure
        at the end of the test before, say an old server's kept-alive connection closing
        under a request, would); traffic must be running."""
        seen, quiet_since = self.failures(), time.monotonic()
        deadline = quiet_since + timeout
        while time.monotonic() < deadline:
            now, logged = time.monotonic(), self.failures()
            if logged != seen:
                seen, quiet_since = logged, now
            elif now - quiet_since >= quiet:
                return True
            time.sleep(0.1)
        return False

    def failures(self) -> int:
        """The backend failures nginx has logged (not its other warnings)."""
        return sum(bool(BACKEND_FAILURE.search(line)) for line in self.balancer.error_lines())

    def upstreams(self, since: int) -> list[str]:
        """The upstream field of each access-log line after line ``since``."""
        lines = self.balancer.log_lines()[since:]
        return [line.split(" upstream=")[1].split(" status=")[0] for line in lines]


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with contextlib.ExitStack() as stack:
        ports = [free_port(), free_port()]
        servers = [stack.enter_context(gunicorn_process(workers=1, port=p)) for p in ports]
        balancer = stack.enter_context(nginx_balancer(ports))
        yield Site(balancer, ports, servers, stack)


def test_nginx_lets_an_idle_connection_go_before_the_server_does() -> None:
    nginx = re.search(r"keepalive_timeout (\d+)s;", SITE.read_text())
    assert nginx is not None and int(nginx[1]) < gunicorn_settings({})["keepalive"]


def test_a_line_nginx_is_still_writing_is_not_read_yet(tmp_path: Path) -> None:
    # nginx appends a line with one write; a read can land between two of them
    log = tmp_path / "access.log"
    line = '127.0.0.1 [t] "GET /livez" 200 0.001 s upstream=a status=200 time=0.001'
    log.write_text(f'{line}\n127.0.0.1 [t] "GE')
    assert Balancer("http://x", log).log_lines() == [line]


def test_only_a_backend_failure_keeps_the_site_unsettled(tmp_path: Path) -> None:
    (tmp_path / "access.log").write_text("")
    site = Site(Balancer("http://x", tmp_path / "access.log"), [], [], contextlib.ExitStack())
    warn = "2026/12/07 02:30:00 [warn] 7#7: *9 "
    (tmp_path / "error.log").write_text(
        f"{warn}an upstream response is buffered to a temporary file, client: 127.0.0.1\n"
        f"{warn}upstream server temporarily disabled while connecting to upstream\n"
        f"{warn.replace('warn', 'error')}connect() failed (111: Connection refused)\n"
    )
    assert site.failures() == 2


def test_a_graceful_restart_loses_no_request(site: Site) -> None:
    old = site.servers[0]
    backend = f"127.0.0.1:{site.ports[0]}"
    errors_since = len(site.balancer.error_lines())
    with steady(site.balancer.url) as traffic:
        time.sleep(0.5)  # steady traffic on both servers first
        # in flight on the old server, straight to it: it finishes while the server drains
        direct, in_flight = slow_advice(f"http://{backend}", 1)
        old.proc.send_signal(signal.SIGTERM)
        site.replace(0)
        back = site.back_in_service(0)
    for t in direct:
        t.join(timeout=30)
    assert old.proc.wait(timeout=15) == 0
    lost = traffic.lost() + in_flight.lost()
    assert lost == [], why(lost, site.balancer, errors_since)
    assert [s for s, _ in in_flight.answers] == [200]
    assert sum(s == 200 for s, _ in traffic.answers) >= 20
    assert back, "the new server on the same port gets no requests through nginx"


def test_a_killed_server_loses_no_request(site: Site) -> None:
    since = len(site.balancer.log_lines())
    errors_since = len(site.balancer.error_lines())
    backend = f"127.0.0.1:{site.ports[1]}"
    with steady(site.balancer.url) as traffic:
        # steady traffic on both servers first, neither left out by nginx
        assert site.settled(), why([], site.balancer, errors_since)
        # through nginx, some on the server about to die: nginx sends those to the other
        threads, in_flight = slow_advice(site.balancer.url, 4)
        kill(site.servers[1])
        for t in threads:
            t.join(timeout=30)
        site.replace(1)
        back = site.back_in_service(1)
    lost = traffic.lost() + in_flight.lost()
    assert lost == [], why(lost, site.balancer, errors_since)
    assert sum(s == 200 for s, _ in traffic.answers) >= 20
    retried = [u for u in site.upstreams(since) if u.startswith(f"{backend}, ")]
    assert retried, "no request was in flight on the killed server"
    assert back, "the new server on the same port gets no requests through nginx"
