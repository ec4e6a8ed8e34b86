"""Debian's nginx with deploy/nginx/rummy.conf in front of backends on loopback ports, run
as the current user with its own prefix, pid, logs and temporary paths (used by the
load-balancer test and bench/scale.py)."""

from __future__ import annotations

import getpass
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import requests
from server_process import ROOT, free_port

NGINX = "/usr/sbin/nginx"  # Debian's (the Makefile installs it)
SITE = ROOT / "deploy" / "nginx" / "rummy.conf"

_MAIN = """daemon off;
{user}worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 512; }}
http {{
    client_body_temp_path {tmp}/client_body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {tmp}/rummy.conf;
    access_log {tmp}/access.log rummy;
}}
"""


@dataclass(frozen=True)
class Balancer:
    url: str
    access_log: Path

    def log_lines(self) -> list[str]:
        """The access log's complete lines: one nginx is still writing is left for later."""
        return _complete_lines(self.access_log)

    def error_lines(self) -> list[str]:
        """nginx's error log (warnings and errors): why it left a backend out."""
        return _complete_lines(self.access_log.parent / "error.log")


def _complete_lines(path: Path) -> list[str]:
    text = path.read_text() if path.exists() else ""
    return text[: text.rfind("\n") + 1].splitlines()


def site_config(listen: int, backends: Sequence[int]) -> str:
    """deploy/nginx/rummy.conf with loopback ports: nginx's and its backends'."""
    text = SITE.read_text()
    servers = re.findall(r"^( +server 127\.0\.0\.1:\d+ [^\n]*;)$", text, flags=re.MULTILINE)
    template = servers[0]
    lines = [re.sub(r":\d+", f":{port}", template, count=1) for port in backends]
    text = text.replace("\n".join(servers), "\n".join(lines))
    return re.sub(r"listen \d+;", f"listen 127.0.0.1:{listen};", text)


@contextmanager
def nginx_balancer(backends: Sequence[int], startup_timeout: float = 10.0) -> Iterator[Balancer]:
    if not Path(NGINX).exists():
        raise RuntimeError(f"{NGINX} is missing: apt-get install nginx (make test does)")
    tmp = Path(tempfile.mkdtemp(prefix="rummy-nginx-"))
    port = free_port()
    (tmp / "rummy.conf").write_text(site_config(port, backends))
    # a master started as root would hand its workers to "nobody": keep them this user's
    user = f"user {getpass.getuser()};\n" if os.geteuid() == 0 else ""
    (tmp / "nginx.conf").write_text(_MAIN.format(tmp=tmp, user=user))
    command = [NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf"), "-e", str(tmp / "error.log")]
    subprocess.run([*command, "-t", "-q"], check=True, capture_output=True, timeout=30)
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + startup_timeout
        while True:
            try:
                requests.get(f"{url}/livez", timeout=2)
                break
            except requests.ConnectionError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((tmp / "error.log").read_text()) from None
                time.sleep(0.05)
        yield Balancer(url, tmp / "access.log")
    finally:
        proc.terminate()  # SIGTERM: nginx's fast shutdown
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)
