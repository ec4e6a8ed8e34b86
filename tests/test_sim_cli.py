"""The command line: figures per player, JSON for machines, a log and its replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.cli import main


def test_json_figures_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--variant", "gin", "--players", "greedy,random", "--games", "3", "--seed", "4"]
    assert main([*args, "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["player"] for p in out["players"]] == ["greedy", "random"]
    assert sum(p["wins"] for p in out["players"]) == pytest.approx(3)
    for p in out["players"]:
        assert p["games"] == 3 and p["illegal_moves"] == 0
        low, high = p["win_rate_95"]
        assert low <= p["win_rate"] <= high


def test_a_logged_run_replays_to_the_same_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    args = ["--variant", "liverpool", "--players", "greedy,random", "--round", "3"]
    assert main([*args, "--games", "2", "--rotate", "--log", str(log), "--max-turns", "60"]) == 0
    table = capsys.readouterr().out
    assert "win rate" in table and "greedy" in table
    assert main(["replay", str(log)]) == 0
    assert "2 games replayed, 0 differ" in capsys.readouterr().out


def test_house_rules_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--variant", "israeli", "--players", "greedy,greedy", "--quiet"]
    assert main([*base, "--rules", '{"jokers": 4}']) == 0
    assert main([*base, "--rules", '{"jokers": -1}']) == 2
    assert "jokers" in capsys.readouterr().err
    assert main(["--variant", "gin", "--players", "greedy,alice"]) == 2
    assert main(["--variant", "gin", "--players", "greedy,greedy,greedy"]) == 2
    assert "max_players" in capsys.readouterr().err


def test_rummy_sim_is_the_same_command(capsys: pytest.CaptureFixture[str]) -> None:
    from cli.main import main as rummy

    args = ["--variant", "gin", "--players", "greedy,random", "--games", "2", "--seed", "4"]
    assert main([*args, "--json", "--quiet"]) == 0
    direct = json.loads(capsys.readouterr().out)
    assert rummy(["sim", *args, "--json", "--quiet"]) == 0
    via_rummy = json.loads(capsys.readouterr().out)
    assert [p["wins"] for p in via_rummy["players"]] == [p["wins"] for p in direct["players"]]
