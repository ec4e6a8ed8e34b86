"""Where the games are played changes nothing: the figures and the log of a match are
the same in one process and in several (``--jobs N``), but for the timings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sim_support import run, without_timings

from sim.cli import main
from sim.runner.base import in_order


@pytest.mark.parametrize(
    "args",
    [
        ["--variant", "gin", "--players", "advisor,greedy", "--games", "5", "--rotate"],
        ["--variant", "rummy40", "--players", "greedy,random,greedy", "--games", "3"],
    ],
)
def test_two_processes_give_the_figures_and_log_of_one(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [*args, "--seed", "jobs", "--max-turns", "40"]
    one, one_log = run([*args, "--jobs", "1"], tmp_path / "one.jsonl", capsys)
    two, two_log = run([*args, "--jobs", "2"], tmp_path / "two.jsonl", capsys)
    assert without_timings(two) == without_timings(one)
    assert two_log == one_log
    seeds = [json.loads(line)["seed"] for line in one_log.splitlines() if '"event":"game"' in line]
    assert seeds == [f"jobs-{i}" for i in range(one["games"])]


def test_a_rule_error_inside_a_worker_reaches_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--variant", "gin", "--players", "greedy,greedy", "--quiet", "--jobs", "2"]
    assert main([*args, "--rules", '{"hand_size": 30}']) == 2
    assert "hand_size: 2 hands of 30 need more than 52 cards" in capsys.readouterr().err


def test_jobs_must_be_a_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--variant", "gin", "--players", "greedy,greedy", "--jobs", "0"])
    assert "must be 1 or more" in capsys.readouterr().err


def test_results_come_in_item_order_with_a_bounded_window() -> None:
    submitted: list[int] = []
    in_flight: list[int] = []

    def submit(item: int) -> int:
        submitted.append(item)
        in_flight.append(len(submitted) - len(collected))
        return item

    collected: list[int] = []

    def collect(handle: int) -> int:
        collected.append(handle)
        return handle * 10

    assert list(in_order(submit, collect, range(7), 3)) == [i * 10 for i in range(7)]
    assert max(in_flight) == 3
