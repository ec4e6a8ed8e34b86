"""The request of each command: its flags, named as the API's fields, into a JSON body."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from advisor.results import AdvicePhase, Effort
from advisor.scoring import Finish
from api.schemas import ACTIONS, SOLVE_GOALS, VARIANTS

STDIN = "-"

Adder = Callable[[argparse.ArgumentParser], None]
Filler = Callable[[argparse.Namespace, dict[str, Any]], None]


@dataclass(frozen=True)
class Operation:
    """One API operation as a command: its name, path, help and own flags."""

    name: str
    help: str
    add_own: Adder
    fill_own: Filler

    @property
    def path(self) -> str:
        return f"/v1/{self.name}"

    def add_parser(self, sub: Any) -> None:
        parser: argparse.ArgumentParser = sub.add_parser(
            self.name, help=self.help, description=self.help
        )
        _add_situation(parser)
        self.add_own(parser)


def _add_situation(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "cards", nargs="*", metavar="CARD", help="the hand (or --hand); '-' reads the request"
    )
    p.add_argument("--hand", help="the hand, e.g. '8H 8S 2C' (spaces or commas)")
    p.add_argument("--variant", choices=VARIANTS, help="the preset rules")
    p.add_argument("--round", type=int, help="Liverpool round, 1..number of contracts")
    p.add_argument("--rules", metavar="JSON", help="rule overrides, e.g. '{\"decks\": 3}'")
    p.add_argument(
        "--table", action="append", metavar="MELD", help="a meld on the table (repeatable)"
    )
    p.add_argument("--pile", metavar="CARDS", help="the discard pile, bottom first")
    p.add_argument("--seen", metavar="CARDS", help="other cards known out of play")
    p.add_argument(
        "--down",
        action="store_const",
        const=True,
        help="Liverpool: has gone down; Rummy 40: has opened",
    )
    p.add_argument("--time-limit", type=float, metavar="SECONDS", help="per solve (default 2)")
    p.add_argument("--json", action="store_true", help="print the API's JSON answer")


def _solve_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--goal", choices=SOLVE_GOALS, help="default auto: the variant's goal")


def _validate_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--meld", action="append", metavar="CARDS", help="a proposed meld (repeatable)")
    p.add_argument(
        "--layoff",
        action="append",
        metavar="CARD:ONTO",
        help="a card onto the meld of that index: the table's, then --meld's (repeatable)",
    )
    p.add_argument("--action", choices=ACTIONS, help="what the lay-down is (default check)")
    p.add_argument("--discard", metavar="CARD", help="the turn's final discard")
    _taken_flag(p)


def _taken_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--taken-discard",
        metavar="CARD",
        help="the discard taken this turn (Rummy 40: it must be laid down this turn)",
    )


def _score_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--finish", choices=tuple(Finish), help="how the winner went out")


def _advise_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--phase", choices=tuple(AdvicePhase), help="discard (default), draw or buy")
    p.add_argument("--buys-made", type=int, help="Liverpool: buys so far this round")
    p.add_argument(
        "--effort",
        choices=tuple(Effort),
        help="how hard the advice looks: fast, standard (the server's default) or deep",
    )
    p.add_argument(
        "--opponent-hand-sizes",
        type=_sizes,
        metavar="N,N,...",
        help="the cards each other player holds, the next player first (e.g. 9,7)",
    )
    _taken_flag(p)


def _sizes(text: str) -> list[int]:
    parts = [t.strip() for t in text.split(",")]
    if not all(t.isdigit() for t in parts):
        raise argparse.ArgumentTypeError(f"{text!r}: expected counts such as 9,7")
    return [int(t) for t in parts]


def _layoff(text: str) -> dict[str, Any]:
    card, sep, onto = text.rpartition(":")
    if not sep or not card or not onto.strip().isdigit():
        raise ValueError(f"--layoff {text!r}: expected CARD:ONTO, e.g. 8H:0")
    return {"card": card.strip(), "onto": int(onto)}


def _given(body: dict[str, Any], **fields: Any) -> None:
    """Set the fields whose flag was given."""
    body.update({name: value for name, value in fields.items() if value is not None})


def _fill_solve(args: argparse.Namespace, body: dict[str, Any]) -> None:
    _given(body, goal=args.goal)


def _fill_validate(args: argparse.Namespace, body: dict[str, Any]) -> None:
    _given(body, action=args.action, discard=args.discard, taken_discard=args.taken_discard)
    if args.meld is not None or "melds" not in body:
        body["melds"] = [{"cards": meld} for meld in args.meld or []]
    if args.layoff is not None:
        body["layoffs"] = [_layoff(item) for item in args.layoff]


def _fill_score(args: argparse.Namespace, body: dict[str, Any]) -> None:
    _given(body, finish=args.finish)


def _fill_advise(args: argparse.Namespace, body: dict[str, Any]) -> None:
    _given(body, phase=args.phase, buys_made=args.buys_made, effort=args.effort)
    _given(body, opponent_hand_sizes=args.opponent_hand_sizes, taken_discard=args.taken_discard)


OPERATIONS: dict[str, Operation] = {
    op.name: op
    for op in (
        Operation("solve", "the optimal meld partition of a hand", _solve_flags, _fill_solve),
        Operation("validate", "is this lay-down legal?", _validate_flags, _fill_validate),
        Operation("score", "the end-of-round penalty of a hand", _score_flags, _fill_score),
        Operation("advise", "what to do now: discard, draw or buy", _advise_flags, _fill_advise),
    )
}


def _stdin_body(stdin: TextIO) -> dict[str, Any]:
    try:
        body = json.load(stdin)
    except json.JSONDecodeError as exc:
        raise ValueError(f"stdin is not valid JSON: {exc}") from None
    if not isinstance(body, dict):
        raise ValueError("stdin must hold one JSON object, the request")
    return body


def request_body(operation: Operation, args: argparse.Namespace, stdin: TextIO) -> dict[str, Any]:
    """The request: read from stdin when the hand is ``-``, then the flags given on top."""
    from_stdin = args.cards == [STDIN] or args.hand == STDIN
    body: dict[str, Any] = _stdin_body(stdin) if from_stdin else {}
    if not from_stdin and (args.cards or args.hand is not None):
        body["hand"] = " ".join([*args.cards, args.hand or ""]).strip()
    if args.rules is not None:
        try:
            body["rules"] = json.loads(args.rules)
        except json.JSONDecodeError as exc:
            raise ValueError(f"--rules is not valid JSON: {exc}") from None
    _given(
        body,
        variant=args.variant,
        round=args.round,
        down=args.down,
        discard_pile=args.pile,
        seen=args.seen,
    )
    if args.table is not None:
        body["table"] = [{"cards": meld} for meld in args.table]
    operation.fill_own(args, body)
    return body
