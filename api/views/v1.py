"""The /v1 endpoints: solve, validate, score, advise and the variants list.

Each view returns the library's answer; ``@blp.response`` dumps it by its response schema.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import current_app

from advisor.results import Advice
from advisor.scoring import Score
from api import budget, calls, examples, translate
from api.errors import PROBLEM_MIMETYPE
from api.schemas import (
    AdviseRequestSchema,
    AdviseResponseSchema,
    ProblemSchema,
    ScoreRequestSchema,
    ScoreResponseSchema,
    SolveRequestSchema,
    SolveResponseSchema,
    ValidateRequestSchema,
    ValidateResponseSchema,
    VariantsResponseSchema,
)
from api.spec import JsonBlueprint
from solver.place import PlaceBy
from solver.rules import PRESETS, rule_bounds
from solver.turn import TurnVerdict

blp = JsonBlueprint("v1", __name__, url_prefix="/v1", description="Solver and advisor.")

F = TypeVar("F", bound=Callable[..., Any])

_BODY_ERRORS = ((400, "BAD_REQUEST"), (413, "REQUEST_ENTITY_TOO_LARGE"))
# the operations that run in a lane, within the request's budget
_BUDGETED = ("solve", "score", "advise")


def _post(operation: str, request: Any, response: Any, description: str) -> Callable[[F], F]:
    """The decorators of every POST: its id, body, answer with examples, and problems."""

    def decorate(func: F) -> F:
        func = blp.alt_response(
            422,
            schema=ProblemSchema,
            description="The request is invalid: which field, which card index, why.",
            content_type=PROBLEM_MIMETYPE,
            examples=examples.problem_example(),
        )(func)
        for status, name in _BODY_ERRORS:
            func = blp.alt_response(status, response=name)(func)
        if operation in _BUDGETED:
            func = blp.alt_response(
                503,
                schema=ProblemSchema,
                description="Nothing could be established within the request's budget, or "
                "the server is too busy: retry after `Retry-After` seconds.",
                content_type=PROBLEM_MIMETYPE,
            )(func)
        func = blp.response(
            200,
            response,
            description=description,
            examples=examples.response_examples(operation),
        )(func)
        func = blp.arguments(request, examples=examples.request_examples(operation))(func)
        func = blp.doc(operationId=operation)(func)
        return blp.route(f"/{operation}", methods=["POST"])(func)

    return decorate


def _time_limit() -> float:
    return float(current_app.config["SOLVER_TIME_LIMIT"])


@_post("solve", SolveRequestSchema(), SolveResponseSchema, "The best partition under the goal.")
def solve(body: dict[str, Any]) -> calls.SolveAnswer:
    """The optimal partition of a hand.

    `goal` `auto` picks: Liverpool not down -> `contract`; Rummy 40 not opened ->
    `opening`; Israeli -> `win`; Rummikub -> `place`; otherwise `deadwood`. The goal
    `place` answers the best play onto a table that may be rearranged (`table`, `placed`).
    """
    situation = translate.situation_of(body)
    return calls.answer_solve(
        situation, body["goal"], _time_limit(), budget.current(), PlaceBy(body["place_by"])
    )


@_post(
    "validate",
    ValidateRequestSchema(),
    ValidateResponseSchema,
    "The verdict and every violation.",
)
def validate(body: dict[str, Any]) -> TurnVerdict:
    """Is this lay-down legal? The whole turn: joker swaps, melds, layoffs, the discard."""
    situation = translate.situation_of(body)
    seat, turn = translate.turn_of(body, situation)
    return calls.run_validate(situation, seat, turn)


@_post("score", ScoreRequestSchema(), ScoreResponseSchema, "The hand's end-of-round penalty.")
def score(body: dict[str, Any]) -> Score:
    """End-of-round penalty of a losing hand (melded first where `penalty_after_melding`)."""
    situation = translate.situation_of(body)
    return calls.run_score(situation, body["finish"], _time_limit(), budget.current())


@_post("advise", AdviseRequestSchema(), AdviseResponseSchema, "The recommended move and figures.")
def advise(body: dict[str, Any]) -> Advice:
    """What to do now: discard, draw, or buy."""
    situation = translate.situation_of(body)
    return calls.run_advise(
        situation, body["phase"], budget.current(), body["buys_made"], body["effort"]
    )


@blp.route("/variants", methods=["GET"])
@blp.doc(operationId="listVariants")
@blp.response(200, VariantsResponseSchema, description="Every preset with its rule values.")
def variants() -> dict[str, Any]:
    """Every preset with its full rule values, the Liverpool contracts included, and the
    bounds an override must keep."""
    return {
        "variants": {name: rules.to_dict() for name, rules in PRESETS.items()},
        "bounds": rule_bounds(),
    }
