"""Every `$ command` of the README's console blocks prints what the README shows, byte for
byte, against a fresh server run as `make run` runs it (2 workers). The docs' http
examples and tables are tests/test_docs.py's."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_process import gunicorn_server

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCUMENTED = "localhost:8000"


def examples(text: str) -> list[tuple[str, str]]:
    """(command, output) of each `$ ` line in a console block, in order."""
    found: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.DOTALL):
        for line in block.splitlines():
            if line.startswith("$ "):
                found.append((line[2:], []))
            else:
                found[-1][1].append(line)
    return [(command, "\n".join(lines).strip("\n")) for command, lines in found]


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with gunicorn_server(workers=2) as url:
        yield url.removeprefix("http://")


def test_the_readme_has_examples_of_every_endpoint() -> None:
    commands = " ".join(command for command, _ in examples(README.read_text()))
    for path in ("/v1/solve", "/v1/validate", "/v1/score", "/v1/advise", "/v1/variants"):
        assert path in commands
    assert "rummy advise" in commands


def test_every_readme_example_prints_what_it_shows(base: str) -> None:
    # One test, in order: the metrics example counts the requests before it.
    for command, shown in examples(README.read_text()):
        done = subprocess.run(
            ["bash", "-c", command.replace(DOCUMENTED, base)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=120,
        )
        printed = done.stdout.replace(base, DOCUMENTED).replace("\r", "").strip("\n")
        assert printed == shown, command
