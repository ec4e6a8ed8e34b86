"""Start the real gunicorn server on a free loopback port (used by the e2e test and the bench)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass(frozen=True)
class Server:
    """A running gunicorn: its base URL and its master process."""

    url: str
    proc: subprocess.Popen[bytes]
    scratch: Path  # its TMPDIR

    def worker_pids(self) -> list[int]:
        """The master's live worker processes."""
        path = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        return [int(p) for p in path.read_text().split()]


@contextmanager
def gunicorn_server(
    env: Mapping[str, str] | None = None, workers: int = 2, startup_timeout: float = 20.0
) -> Iterator[str]:
    """Run ``gunicorn -c gunicorn.conf.py 'api:create_app()'``; yield its base URL."""
    with gunicorn_process(env, workers, startup_timeout) as server:
        yield server.url


@contextmanager
def gunicorn_process(
    env: Mapping[str, str] | None = None,
    workers: int = 2,
    startup_timeout: float = 20.0,
    port: int | None = None,
) -> Iterator[Server]:
    """Run ``gunicorn -c gunicorn.conf.py 'api:create_app()'`` (on ``port``, else a free
    one); yield the running server."""
    port = port or free_port()
    # the server's temporary files (its own metrics directory) go to a scratch directory
    # removed below: a server killed outright never removes them itself
    scratch = tempfile.TemporaryDirectory(prefix="rummy-test-server-")
    run_env = dict(os.environ)
    run_env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    run_env.update(
        {
            "PORT": str(port),
            "WEB_CONCURRENCY": str(workers),
            "LOG_LEVEL": "WARNING",
            "TMPDIR": scratch.name,
        }
    )
    run_env.update(env or {})
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed in the finally below
    proc = subprocess.Popen(
        [gunicorn, "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}", "api:create_app()"],
        cwd=ROOT,
        env=run_env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + startup_timeout
        while True:
            if proc.poll() is not None:
                log.seek(0)
                out = log.read().decode(errors="replace")
                raise RuntimeError(f"gunicorn exited with {proc.returncode}:\n{out}")
            try:
                if requests.get(f"{base}/readyz", timeout=2).status_code == 200:
                    break
            except requests.RequestException:  # refused, reset or slow while starting
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not become ready")
            time.sleep(0.1)
        server = Server(base, proc, Path(scratch.name))
        # the master forks its workers one after another (about half a second apart here):
        # whoever measures "the server" wants all of them serving
        while len(server.worker_pids()) < workers:
            if time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not start {workers} workers")
            time.sleep(0.05)
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
        scratch.cleanup()
