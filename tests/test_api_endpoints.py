"""The /v1 endpoints answer as docs/api.md says, with real solver results."""

from __future__ import annotations

import pytest
from api_support import GIN_HAND, LIVERPOOL_R1, make_client
from flask.testing import FlaskClient

from solver.rules import PRESETS


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return make_client()


def test_solve_gin_deadwood(client: FlaskClient) -> None:
    r = client.post("/v1/solve", json={"variant": "gin", "hand": GIN_HAND})
    assert r.status_code == 200
    body = r.get_json()
    assert body["goal"] == "deadwood"
    assert body["feasible"] is True and body["optimal"] is True
    assert body["deadwood"] == ["5C"]
    assert body["deadwood_points"] == 5
    assert body["cards_needed"] == 0
    assert sorted(m["kind"] for m in body["melds"]) == ["run", "run", "set"]
    assert body["melded_points"] == sum(m["points"] for m in body["melds"])


def test_solve_auto_contract_for_liverpool(client: FlaskClient) -> None:
    r = client.post("/v1/solve", json={"variant": "liverpool", "round": 1, "hand": LIVERPOOL_R1})
    body = r.get_json()
    assert r.status_code == 200
    assert body["goal"] == "contract" and body["feasible"] is True
    assert [m["kind"] for m in body["melds"]] == ["set", "set"]
    wild_set = next(m for m in body["melds"] if "2C" in m["cards"])
    assert wild_set["wilds"] == [{"card": "2C", "as": "AH"}]


def test_solve_auto_after_going_down_is_deadwood(client: FlaskClient) -> None:
    r = client.post(
        "/v1/solve",
        json={"variant": "liverpool", "round": 1, "hand": LIVERPOOL_R1, "down": True},
    )
    assert r.get_json()["goal"] == "deadwood"


def test_solve_infeasible_goal_reports_distance(client: FlaskClient) -> None:
    hand = "AS 2S 3S 4S 7H 7D 7C KD QD JD 5C 5H 5S 9C 9D"
    r = client.post("/v1/solve", json={"variant": "israeli", "hand": hand})
    body = r.get_json()
    assert body["goal"] == "win" and body["feasible"] is False
    assert body["cards_needed"] >= 1
    assert body["deadwood"] == ["9D", "9C"] or sorted(body["deadwood"]) == ["9C", "9D"]


def test_solve_accepts_lenient_card_strings(client: FlaskClient) -> None:
    hand = ["as", "2♠", "3s", "10h", "JH", "qh", "kh", "7c", "7d", "7s"]
    r = client.post("/v1/solve", json={"variant": "gin", "hand": hand})
    body = r.get_json()
    assert r.status_code == 200
    assert body["deadwood"] == [] and body["deadwood_points"] == 0
    assert any(m["cards"] == ["TH", "JH", "QH", "KH"] for m in body["melds"])


def test_solve_explicit_opening_goal(client: FlaskClient) -> None:
    hand = "QS QH QD 9C TC JC 3D 5H 8S AH KH 4C 6D"
    r = client.post("/v1/solve", json={"variant": "rummy40", "hand": hand, "goal": "opening"})
    body = r.get_json()
    assert body["goal"] == "opening" and body["feasible"] is True
    assert body["melded_points"] >= 40


def test_solve_with_house_rules(client: FlaskClient) -> None:
    # three decks: three copies of a card are fine
    r = client.post(
        "/v1/solve",
        json={"variant": "liverpool", "round": 1, "rules": {"decks": 3}, "hand": "7H 7H 7H 5C"},
    )
    assert r.status_code == 200


def test_variants_lists_every_preset_with_rules(client: FlaskClient) -> None:
    r = client.get("/v1/variants")
    assert r.status_code == 200
    variants = r.get_json()["variants"]
    assert set(variants) == set(PRESETS)
    for name, rules in PRESETS.items():
        assert variants[name] == rules.to_dict()
    assert len(variants["liverpool"]["contracts"]) == 6
    assert variants["liverpool"]["contracts"][5] == {"sets": 1, "runs": 2, "all_cards": True}


def test_score_rummy40_hand_rummy_doubles(client: FlaskClient) -> None:
    r = client.post(
        "/v1/score", json={"variant": "rummy40", "hand": "AS JK 5H KD", "finish": "hand_rummy"}
    )
    body = r.get_json()
    assert body["points"] == 2 * (11 + 25 + 5 + 10)
    assert {c["card"]: c["points"] for c in body["cards"]} == {
        "AS": 11,
        "5H": 5,
        "KD": 10,
        "JK": 25,
    }


def test_score_plus25_house_rule(client: FlaskClient) -> None:
    r = client.post(
        "/v1/score",
        json={
            "variant": "rummy40",
            "hand": "AS 5H",
            "finish": "hand_rummy",
            "rules": {"hand_rummy_penalty": "plus25"},
        },
    )
    assert r.get_json()["points"] == 11 + 5 + 25


def test_score_liverpool_values(client: FlaskClient) -> None:
    r = client.post("/v1/score", json={"variant": "liverpool", "round": 2, "hand": "AS 2D 5C TH"})
    assert r.get_json()["points"] == 25 + 25 + 5 + 10


def test_score_gin_counts_deadwood_only(client: FlaskClient) -> None:
    r = client.post("/v1/score", json={"variant": "gin", "hand": GIN_HAND})
    body = r.get_json()
    assert body["points"] == 5
    assert body["cards"] == [{"card": "5C", "points": 5}]
    assert len(body["melds"]) == 3


def test_validate_legal_and_illegal(client: FlaskClient) -> None:
    ok = client.post(
        "/v1/validate",
        json={"variant": "gin", "hand": GIN_HAND, "melds": [{"cards": ["7H", "7D", "7C"]}]},
    )
    assert ok.status_code == 200
    body = ok.get_json()
    assert body["legal"] is True and body["violations"] == []
    assert "7H" not in body["remaining"] and len(body["remaining"]) == 7
    bad = client.post(
        "/v1/validate",
        json={"variant": "gin", "hand": GIN_HAND, "melds": [{"cards": ["7H", "8D", "KS"]}]},
    )
    codes = {v["code"] for v in bad.get_json()["violations"]}
    assert bad.get_json()["legal"] is False
    assert "card_not_in_hand" in codes


def test_validate_layoff_onto_table(client: FlaskClient) -> None:
    r = client.post(
        "/v1/validate",
        json={
            "variant": "liverpool",
            "round": 1,
            "down": True,
            "hand": "8H 9C",
            "table": [{"cards": ["4H", "5H", "6H", "7H"]}],
            "melds": [],
            "layoffs": [{"card": "8H", "onto": 0}],
            "action": "lay_off",
        },
    )
    body = r.get_json()
    assert r.status_code == 200, body
    assert body["legal"] is True
    assert body["remaining"] == ["9C"]


def test_advise_route_is_registered(client: FlaskClient) -> None:
    r = client.post("/v1/advise", json={"variant": "gin", "hand": GIN_HAND, "phase": "nope"})
    assert r.status_code == 422  # the route exists and validates its fields


def test_solve_reports_cards_needed_when_the_goal_is_not_met(client: FlaskClient) -> None:
    # Israeli, 14 cards: everything melds but 9C, so one card (8C or TC... or a 9) short
    hand = "AS 2S 3S 4H 4D 4C 7H 8H 9H TD JD QD KD 9C"
    r = client.post("/v1/solve", json={"variant": "israeli", "hand": hand})
    body = r.get_json()
    assert r.status_code == 200, body
    assert body["goal"] == "win" and body["feasible"] is False
    assert body["cards_needed"] == 1


def test_advise_discard_phase_ranks_every_card(client: FlaskClient) -> None:
    # Liverpool round 2 (a set and a run): go down, then throw a stray face card (KD and
    # QC tie at 10 points; the canonical order puts QC first)
    hand = "8H 8S 2C 4H 5H 6H 7H KD QC"
    r = client.post("/v1/advise", json={"variant": "liverpool", "round": 2, "hand": hand})
    body = r.get_json()
    assert r.status_code == 200, body
    assert body["goal"] == "contract" and body["cards_needed"] == 0
    assert body["lay_down"] is not None and len(body["lay_down"]["melds"]) == 2
    assert (body["recommendation"]["action"], body["recommendation"]["card"]) == ("discard", "QC")
    assert [d["card"] for d in body["discards"]][:2] == ["QC", "KD"]
    assert len(body["discards"]) == len(hand.split())
