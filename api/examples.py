"""Request examples of every POST, and the real answers to them shown in the OpenAPI document.

The answers live in ``api/examples.json``; ``python -m api.examples`` writes it afresh from
the app's own answers (``make openapi`` does, then regenerates openapi.yaml).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ANSWERS_FILE = Path(__file__).with_name("examples.json")

# operation -> example name -> (summary, request body); the first is the page's default.
REQUESTS: dict[str, dict[str, tuple[str, dict[str, Any]]]] = {
    "solve": {
        "gin": (
            "Gin: the least deadwood",
            {"variant": "gin", "hand": "AS 2S 3S 7H 7D 7C JD QD KD 5C"},
        ),
        "liverpool": (
            "Liverpool round 1: two sets, a wild 2 among them",
            {"variant": "liverpool", "round": 1, "hand": "AS AD 2C 7H 7D 7C KD QD JD 5C"},
        ),
        "rummikub_place": (
            "Rummikub, after the initial meld: the table rearranged to lay both sixes",
            {
                "variant": "rummikub",
                "down": True,
                "hand": "K6 O6 B9",
                "table": [{"cards": "R3 R4 R5 R6"}, {"cards": "B10 B11 B12"}],
            },
        ),
        "israeli_unmet": (
            "Israeli: the win is one card away",
            {"variant": "israeli", "hand": "AS 2S 3S 4H 4D 4C 7H 8H 9H TD JD QD KD 9C"},
        ),
    },
    "validate": {
        "layoff": (
            "Liverpool, once down: lay off 8H onto a run on the table, throw 9C to go out",
            {
                "variant": "liverpool",
                "round": 1,
                "down": True,
                "hand": "8H 9C",
                "table": [{"cards": ["4H", "5H", "6H", "7H"]}],
                "melds": [],
                "layoffs": [{"card": "8H", "onto": 0}],
                "action": "lay_off",
                "discard": "9C",
            },
        ),
        "joker_swap": (
            "Rummy 40, opened: release the joker with 5H, meld it, throw KS to go out",
            {
                "variant": "rummy40",
                "down": True,
                "hand": "5H 9C 9D KS",
                "table": [{"cards": ["3H", "4H", "JK", "6H"]}],
                "melds": [{"cards": ["9C", "9D", "JK"]}],
                "joker_swaps": [{"onto": 0, "card": "5H", "joker": "JK"}],
                "action": "meld",
                "discard": "KS",
            },
        ),
        "illegal": (
            "Gin: a meld that is no set and no run",
            {"variant": "gin", "hand": "AS 2S 3S 7H 8D", "melds": [{"cards": "7H 8D AS"}]},
        ),
    },
    "score": {
        "hand_rummy": (
            "Rummy 40: a hand rummy doubles the penalty",
            {"variant": "rummy40", "hand": "AS JK 7D", "finish": "hand_rummy"},
        ),
        "gin": (
            "Gin: only deadwood counts",
            {"variant": "gin", "hand": "AS 2S 3S 7H 7D 7C JD QD KD 5C"},
        ),
    },
    "advise": {
        "draw": (
            "Gin, draw phase: the top discard or the stock",
            {
                "variant": "gin",
                "hand": "AS 2S 3S 7H 7D 7C JD QD KD 5C",
                "discard_pile": ["9H"],
                "phase": "draw",
            },
        ),
        "buy": (
            "Liverpool, buy phase: buy the 9S or pass",
            {
                "variant": "liverpool",
                "round": 1,
                "hand": "8H 8S 8D 9C 9D KD QC 3S 4H 5H",
                "discard_pile": ["9S"],
                "phase": "buy",
            },
        ),
        "discard": (
            "Gin, discard phase: what to throw, and the knock",
            {"variant": "gin", "hand": "AS 2S 3S 7H 7D 7C JD QD KD 5C 9H"},
        ),
        "rummy40_hold": (
            "Rummy 40, opened: QC lays off, the sets are held while the other holds 9 cards",
            {
                "variant": "rummy40",
                "hand": "7S 7H 7C 9S 9D 9C QC 3D KS",
                "table": [{"cards": "QS QH QD"}],
                "discard_pile": ["2D"],
                "down": True,
                "opponent_hand_sizes": [9],
            },
        ),
    },
}

# One request the service refuses, with the problem it answers (shown under 422).
INVALID_REQUEST: dict[str, Any] = {"variant": "gin", "hand": ["AS", "ZZ"]}

PATHS = {name: f"/v1/{name}" for name in REQUESTS}

# The games: a new game, then moves sent with the state it answered (recorded together).
GAME_REQUESTS: dict[str, tuple[str, dict[str, Any]]] = {
    "gin": (
        "Gin against the advisor, the person first",
        {"variant": "gin", "players": ["human", "advisor"], "seed": "example"},
    ),
}
GAME_MOVES: dict[str, tuple[str, dict[str, Any]]] = {
    "draw_stock": ("Draw from the stock", {"action": "draw_stock"}),
}
REFUSED_MOVE: tuple[str, dict[str, Any]] = (
    "A move the game does not ask for now",
    {"action": "play", "discard": "KS"},
)
GAME_PATHS = {"newGame": "/v1/games", "gameMove": "/v1/games/move"}


def answers() -> dict[str, Any]:
    """The recorded answers: ``{operation: {example: body}}`` and ``problem``; none before
    the first recording (which needs the app, so the app must start without them)."""
    if not ANSWERS_FILE.exists():
        return {}
    data: dict[str, Any] = json.loads(ANSWERS_FILE.read_text())
    return data


def _game_state() -> dict[str, Any] | None:
    recorded = answers().get("newGame", {})
    return recorded["gin"]["state"] if "gin" in recorded else None


def _move_requests() -> dict[str, tuple[str, dict[str, Any]]]:
    state = _game_state()
    if state is None:
        return {}
    return {
        name: (summary, {"state": state, "move": move})
        for name, (summary, move) in GAME_MOVES.items()
    }


def _requests(operation: str) -> dict[str, tuple[str, dict[str, Any]]]:
    if operation == "newGame":
        return GAME_REQUESTS
    if operation == "gameMove":
        return _move_requests()
    return REQUESTS[operation]


def games_problem_examples(operation: str) -> dict[str, dict[str, Any]]:
    """The OpenAPI ``examples`` of a games operation's 422 answer."""
    recorded = answers().get("refused")
    if operation != "gameMove" or recorded is None:
        return {}
    return {"refused": {"summary": REFUSED_MOVE[0], "value": recorded}}


def request_examples(operation: str) -> dict[str, dict[str, Any]]:
    """The OpenAPI ``examples`` of an operation's request body."""
    return {
        name: {"summary": summary, "value": body}
        for name, (summary, body) in _requests(operation).items()
    }


def response_examples(operation: str) -> dict[str, dict[str, Any]]:
    """The OpenAPI ``examples`` of an operation's 200 answer: the answers to its requests."""
    recorded = answers().get(operation, {})
    return {
        name: {"summary": summary, "value": recorded[name]}
        for name, (summary, _) in _requests(operation).items()
        if name in recorded
    }


def problem_example() -> dict[str, Any]:
    """The OpenAPI ``examples`` of a 422 answer."""
    recorded = answers()
    if "problem" not in recorded:
        return {}
    return {"unknown_card": {"summary": "An unknown card", "value": recorded["problem"]}}


def record() -> dict[str, Any]:
    """Every example request answered by the app itself."""
    from api import create_app

    client = create_app({"LOG_LEVEL": "WARNING", "TESTING": True}).test_client()
    out: dict[str, Any] = {}
    for operation, examples in REQUESTS.items():
        out[operation] = {}
        for name, (_, body) in examples.items():
            response = client.post(PATHS[operation], json=body)
            if response.status_code != 200:
                raise SystemExit(f"{operation}/{name}: {response.status_code} {response.text}")
            out[operation][name] = response.get_json()
    out["problem"] = client.post("/v1/solve", json=INVALID_REQUEST).get_json()
    out.update(_record_games(client))
    return out


def _record_games(client: Any) -> dict[str, Any]:
    """A game started, then each move and the refused one sent with its state."""
    out: dict[str, Any] = {"newGame": {}, "gameMove": {}}
    for name, (_, body) in GAME_REQUESTS.items():
        out["newGame"][name] = _answer(client, GAME_PATHS["newGame"], body, name)
    state = out["newGame"]["gin"]["state"]
    for name, (_, move) in GAME_MOVES.items():
        body = {"state": state, "move": move}
        out["gameMove"][name] = _answer(client, GAME_PATHS["gameMove"], body, name)
    refused = client.post(GAME_PATHS["gameMove"], json={"state": state, "move": REFUSED_MOVE[1]})
    out["refused"] = refused.get_json()
    return out


def _answer(client: Any, path: str, body: dict[str, Any], name: str) -> Any:
    response = client.post(path, json=body)
    if response.status_code != 200:
        raise SystemExit(f"{path}/{name}: {response.status_code} {response.text}")
    return response.get_json()


def main() -> None:
    ANSWERS_FILE.write_text(json.dumps(record(), indent=1, ensure_ascii=False) + "\n")
    sys.stderr.write(f"wrote {ANSWERS_FILE}\n")


if __name__ == "__main__":
    main()
