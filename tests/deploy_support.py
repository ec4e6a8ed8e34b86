"""What the deployment files are checked against: the settings the service reads, read
from its source, and gunicorn's settings as gunicorn.conf.py computes them."""

from __future__ import annotations

import ast
import functools
import json
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
KUBERNETES = ROOT / "deploy" / "kubernetes"
# what a server imports: the settings it reads are in these files
SERVER_SOURCES = ("gunicorn.conf.py", "api", "advisor", "solver")


def manifests(folder: Path = KUBERNETES) -> dict[str, dict[str, Any]]:
    """Every resource of the folder's YAML files, by kind."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text()):
            assert doc["kind"] not in found, f"two {doc['kind']} resources"
            found[doc["kind"]] = doc
    return found


def _python_files() -> Iterator[Path]:
    for name in SERVER_SOURCES:
        path = ROOT / name
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _reads(tree: ast.AST) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = ast.unparse(node.func)
            # os.environ.get("X"), os.getenv("X"), a helper such as _float_env("X", 2.5)
            if func in ("os.environ.get", "os.getenv") or func.endswith("_env"):
                name = _literal(node.args[0])
                if name:
                    yield name
        elif isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ":
            name = _literal(node.slice)
            if name:
                yield name
        elif isinstance(node, ast.AnnAssign | ast.Assign) and isinstance(node.value, ast.Dict):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            # a table of environment variables and their parsers (api/config.py)
            if any("ENV" in ast.unparse(t) for t in targets):
                yield from (k for k in map(_literal, node.value.keys) if k)


@functools.cache
def settings_read() -> frozenset[str]:
    """Every environment variable the server's code reads."""
    return frozenset(
        name for path in _python_files() for name in _reads(ast.parse(path.read_text()))
    )


GUNICORN_FIELDS = (
    "bind",
    "workers",
    "threads",
    "graceful_timeout",
    "max_requests",
    "loglevel",
    "keepalive",
)


def gunicorn_settings(env: Mapping[str, str]) -> dict[str, Any]:
    """gunicorn.conf.py's values of ``GUNICORN_FIELDS`` under ``env`` (in a fresh process:
    the file sets the metrics directory in its environment)."""
    script = (
        "import json, runpy, sys; c = runpy.run_path('gunicorn.conf.py');"
        f" print(json.dumps({{k: c[k] for k in {GUNICORN_FIELDS!r}}}));"
        " c['on_exit'](None)"
    )
    read = settings_read()
    clean = {k: v for k, v in os.environ.items() if k not in read}
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    settings: dict[str, Any] = json.loads(out)
    return settings
