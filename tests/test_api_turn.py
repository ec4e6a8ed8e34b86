"""One legality and one scoring through the API: /v1/validate judges whole turns (joker
swaps, the discard, actions tied to the rules), the advice recommends only what it
accepts, and /v1/score counts as the referee does (issues 17 and 22)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from api_support import make_client

CLIENT = make_client()


def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = CLIENT.post(path, json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = response.get_json()
    return answer


def codes(answer: dict[str, Any]) -> list[str]:
    return [v["code"] for v in answer["violations"]]


# Rummy 40: four melds of 35 points and the discard KH
ALL_BUT_ONE = "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 2S 2H JK KH"
ITS_MELDS = [{"cards": m} for m in ("2S 3S 4S", "2H 3H 4H", "2D 3D 4D", "2C 2S 2H JK")]
NO_HAND_RUMMY = {"variant": "rummy40", "rules": {"hand_rummy": False}, "hand": ALL_BUT_ONE}


def test_without_hand_rummy_the_advice_does_not_go_out_under_the_opening_minimum() -> None:
    advice = post("/v1/advise", NO_HAND_RUMMY)
    assert advice["lay_down"] is None
    assert advice["recommendation"]["action"] == "discard"
    assert advice["note"] is None
    with_rule = post("/v1/advise", {**NO_HAND_RUMMY, "rules": {}})
    assert with_rule["lay_down"]["action"] == "hand_rummy"


def test_without_hand_rummy_validate_refuses_the_hand_rummy() -> None:
    body = {**NO_HAND_RUMMY, "melds": ITS_MELDS, "action": "hand_rummy"}
    assert codes(post("/v1/validate", body)) == ["hand_rummy_not_allowed"]
    assert post("/v1/validate", {**body, "rules": {}})["legal"]


RELEASE = {
    "variant": "rummy40",
    "down": True,
    "hand": "5H 9C 9D KS",
    "table": [{"cards": ["3H", "4H", "JK", "6H"]}],
}


def test_without_joker_release_the_advice_swaps_no_joker() -> None:
    advice = post("/v1/advise", {**RELEASE, "rules": {"joker_release": False}})
    assert advice["lay_down"] is None
    released = post("/v1/advise", RELEASE)
    assert released["lay_down"]["joker_swaps"] == [
        {"onto": 0, "card": "5H", "cards": ["5H"], "joker": "JK"}
    ]


def test_validate_judges_a_joker_swap() -> None:
    swap = {"onto": 0, "card": "5H", "joker": "JK"}
    body = {
        **RELEASE,
        "melds": [{"cards": "9C 9D JK"}],
        "joker_swaps": [swap],
        "discard": "KS",
        "action": "meld",
    }
    legal = post("/v1/validate", body)
    assert legal["legal"] and legal["goes_out"]
    assert legal["joker_swaps"] == [{**swap, "cards": ["5H"], "legal": True}]
    refused = post("/v1/validate", {**body, "rules": {"joker_release": False}})
    assert "joker_swap_illegal" in codes(refused)
    assert refused["joker_swaps"][0]["legal"] is False


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (
            {
                "variant": "liverpool",
                "round": 1,
                "down": True,
                "hand": "8S 8H 8D 9C",
                "melds": [{"cards": ["8S", "8H", "8D"]}],
                "action": "meld",
            },
            "action_not_allowed",
        ),
        (
            {
                "variant": "israeli",
                "down": True,
                "hand": "8S 8H 8D 9C",
                "melds": [{"cards": "8S 8H 8D"}],
                "action": "meld",
            },
            "action_not_allowed",
        ),
        (
            {
                "variant": "israeli",
                "hand": "8S 8H 8D 9C",
                "melds": [{"cards": "8S 8H 8D"}],
                "action": "hand_rummy",
            },
            "hand_rummy_not_allowed",
        ),
        (
            {
                "variant": "liverpool",
                "round": 1,
                "hand": "8S 8H 8D 9C 9H 9D KC",
                "melds": [{"cards": "8S 8H 8D"}, {"cards": "9C 9H 9D"}],
                "action": "open",
            },
            "action_not_allowed",
        ),
    ],
)
def test_an_action_the_rules_do_not_have_is_not_legal(body: dict[str, Any], code: str) -> None:
    answer = post("/v1/validate", body)
    assert answer["legal"] is False and codes(answer) == [code]


def test_liverpool_lays_off_after_going_down_with_lay_off() -> None:
    body = {
        "variant": "liverpool",
        "round": 1,
        "down": True,
        "hand": "8H 9C",
        "table": [{"cards": ["4H", "5H", "6H", "7H"]}],
        "melds": [],
        "layoffs": [{"card": "8H", "onto": 0}],
        "action": "lay_off",
        "discard": "9C",
    }
    answer = post("/v1/validate", body)
    assert answer["legal"] and answer["goes_out"]


def test_the_israeli_penalty_counts_the_cards_left_unmelded() -> None:
    score = post("/v1/score", {"variant": "israeli", "hand": "AS 2S 3S 9C KD"})
    assert score["points"] == 2
    assert [c["card"] for c in score["cards"]] == ["9C", "KD"]
    assert [m["cards"] for m in score["melds"]] == [["AS", "2S", "3S"]]
    every_card = post(
        "/v1/score",
        {"variant": "israeli", "rules": {"penalty_after_melding": False}, "hand": "AS 2S 3S 9C"},
    )
    assert every_card["points"] == 4
    # the flag, not the knock, decides: gin without it counts every card too
    gin = {"variant": "gin", "rules": {"penalty_after_melding": False}, "hand": "AS 2S 3S 9C"}
    assert post("/v1/score", gin)["points"] == 1 + 2 + 3 + 9


SET_RELEASE = {
    "variant": "rummy40",
    "down": True,
    "hand": "8D 8C 3C 4C 5C 9H",
    "table": [{"cards": ["8S", "8H", "JK"]}],
}


def test_a_joker_released_from_a_set_shows_both_missing_suits_and_every_card() -> None:
    lay = post("/v1/advise", SET_RELEASE)["lay_down"]
    assert [s["cards"] for s in lay["joker_swaps"]] == [["8D", "8C"]]
    placed = [c for s in lay["joker_swaps"] for c in s["cards"]]
    placed += [c for m in lay["melds"] for c in m["cards"]]
    placed += [lo["card"] for lo in lay["layoffs"]] + lay["left"]
    freed = [s["joker"] for s in lay["joker_swaps"]]
    assert Counter(placed) == Counter(SET_RELEASE["hand"].split() + freed)


def test_cards_needed_counts_a_legal_joker_release() -> None:
    body = {
        "variant": "rummy40",
        "down": True,
        "hand": "4H 9C 9D 9S 3C",
        "table": [{"cards": ["JK", "5H", "6H"]}],
    }
    advice = post("/v1/advise", body)
    assert advice["recommendation"]["action"] == "go_out"
    assert advice["cards_needed"] == 0
    off = post("/v1/advise", {**body, "rules": {"joker_release": False}})
    assert off["cards_needed"] == 1 and off["recommendation"]["action"] == "discard"
