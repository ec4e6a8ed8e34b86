"""The games endpoints: the referee as a service, one person against the bots.

Stateless like the rest: the game travels in the request (``state``) and comes back with
the referee's verdict, the bots' moves and what the person sees. The bots decide within
the request's budget; when it runs short the game pauses (``bots_to_move``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app

from api import budget, examples, translate
from api.budget import enforced
from api.errors import PROBLEM_MIMETYPE
from api.game_schemas import GameMoveRequestSchema, GameResponseSchema, NewGameRequestSchema
from api.schemas import ProblemSchema
from api.spec import JsonBlueprint
from sim import service
from sim.service import DECISION_MARGIN, DECISION_SECONDS, Progress
from solver.budget import Budget

blp = JsonBlueprint(
    "games", __name__, url_prefix="/v1", description="The referee as a service: play the bots."
)


def _key() -> str | None:
    return current_app.config["GAME_STATE_KEY"] or None


def _pause(spent: Budget) -> Callable[[], bool]:
    """True when too little of the request's time is left to start a bot decision."""
    return lambda: spent.remaining() < DECISION_SECONDS + DECISION_MARGIN


def _documented(operation: str, request: Any, description: str) -> Callable[[Any], Any]:
    def decorate(func: Any) -> Any:
        func = blp.alt_response(
            422,
            schema=ProblemSchema,
            description="The request is invalid, or the move is refused: not what the game "
            "asks now, or illegal (the referee's reason). The game is as it was.",
            content_type=PROBLEM_MIMETYPE,
            examples=examples.games_problem_examples(operation),
        )(func)
        func = blp.alt_response(
            400,
            schema=ProblemSchema,
            description="The body is not JSON, or the state is not one this server produced "
            "(with `GAME_STATE_KEY` set: unsigned or altered).",
            content_type=PROBLEM_MIMETYPE,
        )(func)
        func = blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")(func)
        func = blp.alt_response(
            503,
            schema=ProblemSchema,
            description="The server is too busy, or the request's budget ran out before the "
            "move was judged: retry after `Retry-After` seconds.",
            content_type=PROBLEM_MIMETYPE,
        )(func)
        func = blp.response(
            200,
            GameResponseSchema,
            description=description,
            examples=examples.response_examples(operation),
        )(func)
        func = blp.arguments(request, examples=examples.request_examples(operation))(func)
        return blp.doc(operationId=operation)(func)

    return decorate


@blp.route("/games", methods=["POST"])
@_documented("newGame", NewGameRequestSchema(), "The game dealt, played up to the person's move.")
def new_game(body: dict[str, Any]) -> Progress:
    """Start a game against the bots.

    The seats, the rules and a seed; the bots play until the person is asked. The answer's
    `state` goes back with every move.
    """
    spec = translate.game_spec_of(body)
    spent = budget.current()
    with enforced(spent):
        return service.start(spec, _key(), _pause(spent))


@blp.route("/games/move", methods=["POST"])
@_documented("gameMove", GameMoveRequestSchema(), "The move taken, and the bots' answers.")
def game_move(body: dict[str, Any]) -> Progress:
    """The person's move, and the bots' answers.

    The referee judges the move, then the bots play until the person is asked again or the
    game ends. A refused move changes nothing.
    """
    move = translate.move_of(body["move"])
    spent = budget.current()
    with enforced(spent):
        return service.play(body["state"], move, _key(), _pause(spent))
