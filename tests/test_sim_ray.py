"""``--ray``: the games as tasks on a local Ray instance (2 CPUs) give the figures and the
log of a one-process run, and the instance leaves no process behind."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sim_support import run, without_timings

from sim.cli import main


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid``."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


@pytest.fixture
def ray_dir(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    # Ray's sessions and sockets here, not in /tmp/ray (a short path: socket names are)
    path = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    monkeypatch.setenv("RAY_TMPDIR", path)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_ray_tasks_give_the_figures_and_log_of_one_process(
    ray_dir: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--variant", "gin", "--players", "advisor,greedy", "--games", "4", "--rotate"]
    args += ["--seed", "ray", "--max-turns", "40"]
    one, one_log = run(args, tmp_path / "one.jsonl", capsys)
    before = descendants(os.getpid())
    on_ray, ray_log = run([*args, "--ray", "--jobs", "2"], tmp_path / "ray.jsonl", capsys)
    assert without_timings(on_ray) == without_timings(one)
    assert ray_log == one_log
    assert descendants(os.getpid()) <= before, "the local Ray instance left processes"


def test_without_ray_the_option_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as if not installed
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    assert main(["--variant", "gin", "--players", "greedy,greedy", "--quiet", "--ray"]) == 2
    assert "pip install -e '.[cluster]'" in capsys.readouterr().err


def test_jobs_are_for_a_local_instance(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--variant", "gin", "--players", "greedy,greedy", "--quiet", "--jobs", "2"]
    assert main([*args, "--ray", "ray://cluster:10001"]) == 2
    assert "--jobs is for local runs" in capsys.readouterr().err
