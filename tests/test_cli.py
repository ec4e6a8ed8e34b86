"""The `rummy` command: the API's fields as flags, its JSON with --json, its errors, exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from api_support import GIN_HAND, make_client

from cli import main as cli_main

RUMMY = Path(sys.executable).parent / "rummy"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli_main.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def api_json(path: str, body: dict[str, object]) -> str:
    return make_client().post(path, json=body).get_data(as_text=True)


def test_json_is_exactly_the_api_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--variant", "gin", *GIN_HAND.split(), "--json")
    assert code == 0
    assert out == api_json("/v1/solve", {"variant": "gin", "hand": GIN_HAND})
    assert json.loads(out)["cards_needed"] == 0


def test_solve_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "solve",
        "--variant",
        "liverpool",
        "--round",
        "1",
        "--hand",
        "AS AD 2C 7H 7D 7C KD QD JD 5C",
    )
    assert code == 0
    assert out.splitlines() == [
        "goal contract: met",
        "  set  AS AD 2C  (33 pts)  [2C as AH]",
        "  set  7H 7D 7C  (21 pts)",
        "deadwood: 5C JD QD KD (35 pts)",
        "cards needed: 0",
    ]


def test_every_situation_flag_reaches_the_request(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "advise",
        "--variant",
        "liverpool",
        "--round",
        "1",
        "--hand",
        "8H 8S 8D 9C 9D KD QC 3S 4H 5H",
        "--pile",
        "9S",
        "--seen",
        "KS",
        "--table",
        "4D 5D 6D 7D",
        "--down",
        "--phase",
        "buy",
        "--buys-made",
        "1",
        "--opponent-hand-sizes",
        "9,7",
        "--taken-discard",
        "9D",
        "--rules",
        '{"max_buys": 3}',
        "--json",
    ]
    body = {
        "variant": "liverpool",
        "round": 1,
        "hand": "8H 8S 8D 9C 9D KD QC 3S 4H 5H",
        "discard_pile": "9S",
        "seen": "KS",
        "table": [{"cards": "4D 5D 6D 7D"}],
        "down": True,
        "phase": "buy",
        "buys_made": 1,
        "opponent_hand_sizes": [9, 7],
        "taken_discard": "9D",
        "rules": {"max_buys": 3},
    }
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert out == api_json("/v1/advise", body)


def test_advise_for_people_ranks_discards_with_outs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "advise", "--variant", "gin", *GIN_HAND.split(), "9H")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "goal knock, cards needed: 0"
    assert "discards, best first:" in lines
    assert any("outs (" in line for line in lines)
    assert lines[-1].startswith("recommendation: go out ")


def test_validate_with_layoffs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "validate",
        "--variant",
        "liverpool",
        "--round",
        "1",
        "--down",
        "8H",
        "9C",
        "--table",
        "4H 5H 6H 7H",
        "--layoff",
        "8H:0",
        "--action",
        "lay_off",
    )
    assert code == 0
    # 9C is left for the final discard: the turn goes out
    assert out.splitlines() == ["legal", "  layoff 8H onto 0: fits", "remaining: 9C", "goes out"]


def test_validate_with_the_final_discard_says_the_turn_goes_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--variant", "liverpool", "--round", "1", "--down", "8H", "9C"]
    args += ["--table", "4H 5H 6H 7H", "--layoff", "8H:0", "--action", "lay_off"]
    code, out, _ = run(capsys, "validate", *args, "--discard", "9C")
    assert code == 0
    assert out.splitlines()[-1] == "goes out"
    code, out, _ = run(capsys, "validate", *args, "--discard", "KD")
    assert out.splitlines()[:2] == [
        "not legal",
        "  card_not_in_hand: the hand holds no KD to discard",
    ]


def test_a_whole_request_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {"variant": "rummy40", "hand": "AS JK 7D", "finish": "hand_rummy"}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(body)))
    code, out, _ = run(capsys, "score", "-", "--json")
    assert code == 0
    assert out == api_json("/v1/score", body)
    assert json.loads(out)["points"] == 86


def test_bad_input_exits_2_with_the_api_message(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "--variant", "gin", "AS", "ZZ")
    assert code == 2 and out == ""
    assert err == "rummy solve: error: hand[1]: unknown card 'ZZ'\n"
    code, out, _ = run(capsys, "solve", "--variant", "gin", "AS", "ZZ", "--json")
    assert code == 2
    assert out == api_json("/v1/solve", {"variant": "gin", "hand": "AS ZZ"}) + "\n"


def test_missing_round_is_the_api_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "--variant", "liverpool", *GIN_HAND.split())
    assert code == 2
    detail = json.loads(api_json("/v1/solve", {"variant": "liverpool", "hand": GIN_HAND}))["detail"]
    assert err == f"rummy solve: error: {detail}\n"


def test_unreadable_flags_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", "--variant", "gin", "AS", "--rules", "{")[0] == 2
    assert run(capsys, "validate", "--variant", "gin", "AS", "--layoff", "AS")[0] == 2


def test_a_delegated_command_gets_the_rest_of_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(cli_main.DELEGATED, "echo", ("test", "json:dumps"))
    seen: list[list[str]] = []
    monkeypatch.setattr(json, "dumps", lambda argv: seen.append(argv) or 0)
    assert cli_main.main(["echo", "--games", "3"]) == 0
    assert seen == [["--games", "3"]]


def test_console_script_version_and_help() -> None:
    out = subprocess.run([RUMMY, "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"rummy {version('rummy-solver')}"
    help_text = subprocess.run([RUMMY, "--help"], capture_output=True, text=True, check=True)
    assert "``" not in help_text.stdout and "advise" in help_text.stdout


def test_no_traceback_when_the_reader_closes_the_pipe() -> None:
    shell = f"'{RUMMY}' advise --variant gin {GIN_HAND} 9H --json | head -c 10"
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {shell}"], capture_output=True, text=True, timeout=120
    )
    assert done.stdout == '{"phase":"'
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
