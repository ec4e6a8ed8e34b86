"""The /v1 endpoints: solve, validate, score, advise and the variants list."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, jsonify

from api import budget, calls, translate
from api.schemas import (
    AdviseRequestSchema,
    AdviseResponseSchema,
    ScoreRequestSchema,
    ScoreResponseSchema,
    SolveRequestSchema,
    SolveResponseSchema,
    ValidateRequestSchema,
    ValidateResponseSchema,
    VariantsResponseSchema,
)
from api.spec import JsonBlueprint
from solver.rules import PRESETS

blp = JsonBlueprint("v1", __name__, url_prefix="/v1", description="Solver and advisor.")

_BODY_ERRORS = ((400, "BAD_REQUEST"), (413, "REQUEST_ENTITY_TOO_LARGE"))


def _body_errors(func: Any) -> Any:
    """Document the problems every POST may answer besides 422."""
    for status, name in _BODY_ERRORS:
        func = blp.alt_response(status, response=name)(func)
    return func


def _time_limit() -> float:
    return float(current_app.config["SOLVER_TIME_LIMIT"])


@blp.route("/solve", methods=["POST"])
@blp.arguments(SolveRequestSchema())
@blp.response(200, SolveResponseSchema, description="The best partition under the goal.")
@_body_errors
def solve(body: dict[str, Any]) -> Response:
    """The optimal partition of a hand.

    `goal` `auto` picks: Liverpool not down -> `contract`; Rummy 40 not opened ->
    `opening`; Israeli -> `win`; otherwise `deadwood`.
    """
    situation = translate.situation_of(body)
    solution = calls.run_solve(situation, body["goal"], _time_limit(), budget.current())
    needed = calls.cards_needed(situation, solution, _time_limit(), budget.current())
    payload = solution.to_dict()
    payload["cards_needed"] = needed.needed
    if solution.feasible is None or (needed.needed is None and not needed.optimal):
        payload["reason"] = "time_limit"  # something above is unknown, not disproved
    return jsonify(payload)


@blp.route("/validate", methods=["POST"])
@blp.arguments(ValidateRequestSchema())
@blp.response(200, ValidateResponseSchema, description="The verdict and every violation.")
@_body_errors
def validate(body: dict[str, Any]) -> Response:
    """Is this lay-down legal?"""
    situation = translate.situation_of(body)
    melds = translate.proposed_melds(body)
    layoffs = translate.layoffs_of(body)
    return jsonify(calls.run_validate(situation, melds, layoffs, body["action"]))


@blp.route("/score", methods=["POST"])
@blp.arguments(ScoreRequestSchema())
@blp.response(200, ScoreResponseSchema, description="The hand's end-of-round penalty.")
@_body_errors
def score(body: dict[str, Any]) -> Response:
    """End-of-round penalty of a losing hand (gin: deadwood after optimal melding)."""
    situation = translate.situation_of(body)
    return jsonify(calls.run_score(situation, body["finish"], _time_limit(), budget.current()))


@blp.route("/advise", methods=["POST"])
@blp.arguments(AdviseRequestSchema())
@blp.response(200, AdviseResponseSchema, description="The recommended move and its figures.")
@_body_errors
def advise(body: dict[str, Any]) -> Response:
    """What to do now: discard, draw, or buy."""
    situation = translate.situation_of(body)
    return jsonify(
        calls.run_advise(
            situation, body["phase"], _time_limit(), budget.current(), body["buys_made"]
        )
    )


@blp.route("/variants", methods=["GET"])
@blp.response(200, VariantsResponseSchema, description="Every preset with its rule values.")
def variants() -> Response:
    """Every preset with its full rule values, the Liverpool contracts included."""
    return jsonify({"variants": {name: rules.to_dict() for name, rules in PRESETS.items()}})
