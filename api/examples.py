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
    },
}

# One request the service refuses, with the problem it answers (shown under 422).
INVALID_REQUEST: dict[str, Any] = {"variant": "gin", "hand": ["AS", "ZZ"]}

PATHS = {name: f"/v1/{name}" for name in REQUESTS}


def answers() -> dict[str, Any]:
    """The recorded answers: ``{operation: {example: body}}`` and ``problem``; none before
    the first recording (which needs the app, so the app must start without them)."""
    if not ANSWERS_FILE.exists():
        return {}
    data: dict[str, Any] = json.loads(ANSWERS_FILE.read_text())
    return data


def request_examples(operation: str) -> dict[str, dict[str, Any]]:
    """The OpenAPI ``examples`` of an operation's request body."""
    return {
        name: {"summary": summary, "value": body}
        for name, (summary, body) in REQUESTS[operation].items()
    }


def response_examples(operation: str) -> dict[str, dict[str, Any]]:
    """The OpenAPI ``examples`` of an operation's 200 answer: the answers to its requests."""
    recorded = answers().get(operation, {})
    return {
        name: {"summary": summary, "value": recorded[name]}
        for name, (summary, _) in REQUESTS[operation].items()
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
    return out


def main() -> None:
    ANSWERS_FILE.write_text(json.dumps(record(), indent=1, ensure_ascii=False) + "\n")
    sys.stderr.write(f"wrote {ANSWERS_FILE}\n")


if __name__ == "__main__":
    main()
