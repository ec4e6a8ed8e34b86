"""``rummy solve|validate|score|advise``: the request built from flags (or read whole from
stdin with ``-``), answered by the Flask app in-process, so ``--json`` prints exactly what the
API answers, errors included."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from importlib.metadata import version
from typing import Any

from cli import human
from cli.bodies import OPERATIONS, Operation, request_body

EXIT_OK = 0
EXIT_FAILED = 1  # the service could not answer (time budget, server error)
EXIT_BAD_INPUT = 2  # the request is invalid: the API's 4xx, or unreadable input here

# Commands that another package runs with the remaining arguments: name -> (help, "module:fn").
DELEGATED: dict[str, tuple[str, str]] = {
    "sim": ("play whole games between bots (python -m sim)", "sim.cli:main"),
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rummy",
        description="Exact rummy hand solver and move advisor. Each command takes the same "
        "fields as the HTTP API; '-' as the hand reads a whole request JSON from stdin.",
    )
    parser.add_argument("--version", action="version", version=f"rummy {version('rummy-solver')}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for operation in OPERATIONS.values():
        operation.add_parser(sub)
    for name, (help_text, _) in DELEGATED.items():
        delegated = sub.add_parser(name, help=help_text, add_help=False)
        delegated.add_argument("args", nargs=argparse.REMAINDER)
    return parser


def _delegate(target: str, argv: list[str]) -> int:
    module, _, function = target.partition(":")
    run: Callable[[list[str]], int | None] = getattr(import_module(module), function)
    return run(argv) or EXIT_OK


def _answer(operation: Operation, body: dict[str, Any], time_limit: float | None) -> Any:
    from api import create_app

    config: dict[str, Any] = {"LOG_LEVEL": "ERROR"}
    if time_limit is not None:
        config["SOLVER_TIME_LIMIT"] = time_limit
    client = create_app(config).test_client()
    return client.post(operation.path, json=body)


def _write(text: str) -> None:
    """Print, quietly stopping when the reader closed the pipe (``rummy ... | head``)."""
    try:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit; point it at /dev/null so that cannot fail.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] in DELEGATED:
        return _delegate(DELEGATED[args_list[0]][1], args_list[1:])
    args = _parser().parse_args(args_list)
    operation = OPERATIONS[args.command]
    try:
        body = request_body(operation, args, sys.stdin)
    except ValueError as exc:
        print(f"rummy {operation.name}: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    response = _answer(operation, body, args.time_limit)
    text = response.get_data(as_text=True)
    if response.status_code >= 400:
        if args.json:
            _write(text)
        detail = json.loads(text).get("detail", text)
        print(f"rummy {operation.name}: error: {detail}", file=sys.stderr)
        return EXIT_BAD_INPUT if response.status_code < 500 else EXIT_FAILED
    _write(text if args.json else human.render(operation.name, json.loads(text)))
    return EXIT_OK
