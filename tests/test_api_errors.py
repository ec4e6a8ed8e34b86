"""Every error is an RFC 9457 problem with the right status, fields and card indexes."""

from __future__ import annotations

from typing import Any

import pytest
from api_support import GIN_HAND, make_app, make_client, problem_of
from flask.testing import FlaskClient

from api.errors import FieldError, flatten_messages


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return make_client()


def _errors(client: FlaskClient, body: Any, path: str = "/v1/solve") -> list[dict[str, Any]]:
    problem = problem_of(client.post(path, json=body), 422)
    errors: list[dict[str, Any]] = problem["errors"]
    assert errors, problem
    return errors


def test_malformed_json_is_400(client: FlaskClient) -> None:
    r = client.post("/v1/solve", data='{"variant": ', content_type="application/json")
    body = problem_of(r, 400)
    assert "errors" not in body


def test_non_utf8_body_is_400(client: FlaskClient) -> None:
    problem_of(client.post("/v1/solve", data=b"\xff\xfe{", content_type="application/json"), 400)


def test_json_without_content_type_is_read(client: FlaskClient) -> None:
    r = client.post("/v1/solve", data='{"variant": "gin", "hand": "AS 2S 3S"}')
    assert r.status_code == 200


def test_unknown_card_names_field_and_index(client: FlaskClient) -> None:
    errors = _errors(client, {"variant": "gin", "hand": ["AS", "2S", "ZZ"]})
    assert errors == [{"field": "hand[2]", "index": 2, "message": "unknown card 'ZZ'"}]


def test_unknown_card_in_a_string_hand(client: FlaskClient) -> None:
    errors = _errors(client, {"variant": "gin", "hand": "AS, 2S 11H"})
    assert errors[0]["field"] == "hand[2]" and errors[0]["index"] == 2


def test_unknown_card_in_table_meld(client: FlaskClient) -> None:
    body = {
        "variant": "gin",
        "hand": "AS",
        "table": [{"cards": ["2H", "3H", "4H"]}, {"cards": "5D Q"}],
    }
    errors = _errors(client, body)
    assert errors[0]["field"] == "table[1].cards[1]" and errors[0]["index"] == 1


def test_too_many_copies_in_hand(client: FlaskClient) -> None:
    errors = _errors(client, {"variant": "gin", "hand": "AS 2S AS"})
    assert errors[0]["field"] == "hand[2]" and errors[0]["index"] == 2
    assert "copies of AS" in errors[0]["message"]


def test_too_many_copies_across_hand_table_discards_seen(client: FlaskClient) -> None:
    body = {
        "variant": "liverpool",
        "round": 1,
        "hand": "7H",
        "table": [{"cards": "5D 6D 7D 8D"}],
        "discard_pile": ["7H"],
        "seen": ["KS", "7H"],
    }
    errors = _errors(client, body)
    assert errors[0]["field"] == "seen[1]" and errors[0]["index"] == 1


def test_jokers_beyond_the_pack(client: FlaskClient) -> None:
    errors = _errors(client, {"variant": "rummy40", "hand": "JK * joker"})
    assert errors[0]["field"] == "hand[2]" and errors[0]["index"] == 2


def test_bad_rule_value_names_the_field(client: FlaskClient) -> None:
    errors = _errors(client, {"variant": "gin", "hand": "AS", "rules": {"run_min": 99}})
    assert errors[0]["field"] == "rules.run_min"
    errors = _errors(client, {"variant": "gin", "hand": "AS", "rules": {"colour": "red"}})
    assert errors[0]["field"] == "rules.colour"
    errors = _errors(client, {"variant": "gin", "hand": "AS", "rules": {"ace": "middle"}})
    assert errors[0]["field"] == "rules.ace"


def test_missing_and_bad_round_for_liverpool(client: FlaskClient) -> None:
    for path in ("/v1/solve", "/v1/score", "/v1/validate", "/v1/advise"):
        body: dict[str, Any] = {"variant": "liverpool", "hand": "AS", "melds": []}
        assert _errors(client, body, path)[0]["field"] == "round"
    assert (
        _errors(client, {"variant": "liverpool", "hand": "AS", "round": 7})[0]["field"] == "round"
    )


def test_unknown_variant(client: FlaskClient) -> None:
    errors = _errors(client, {"variant": "canasta", "hand": "AS"})
    assert errors[0]["field"] == "variant"


def test_missing_required_fields(client: FlaskClient) -> None:
    fields = {e["field"] for e in _errors(client, {})}
    assert fields == {"variant", "hand"}
    assert {e["field"] for e in _errors(client, [1, 2])} == {"body"}


def test_wrong_types_are_422(client: FlaskClient) -> None:
    assert _errors(client, {"variant": "gin", "hand": 7})[0]["field"] == "hand"
    assert _errors(client, {"variant": "gin", "hand": ["AS", 3]})[0] == {
        "field": "hand[1]",
        "index": 1,
        "message": "Not a card string.",
    }
    assert _errors(client, {"variant": "gin", "hand": "AS", "round": "1"})[0]["field"] == "round"
    assert _errors(client, {"variant": "gin", "hand": "AS", "goal": "x"})[0]["field"] == "goal"
    assert _errors(client, {"variant": "gin", "hand": "AS", "table": [{}]})[0]["field"] == (
        "table[0].cards"
    )


def test_limits_on_hand_and_table(client: FlaskClient) -> None:
    big = {"variant": "liverpool", "round": 1, "rules": {"decks": 3}, "hand": ["7H"] * 61}
    assert _errors(client, big)[0]["field"] == "hand"
    as_string = dict(big, hand=" ".join(["AS"] * 61))
    assert _errors(client, as_string)[0]["field"] == "hand"
    table = [{"cards": ["AS", "2S", "3S"]}] * 101
    assert _errors(client, {"variant": "gin", "hand": "KS", "table": table})[0]["field"] == "table"


def test_the_other_players_hand_sizes_are_bounded_by_the_table(client: FlaskClient) -> None:
    body = {"variant": "gin", "hand": GIN_HAND, "opponent_hand_sizes": [10, 10]}
    errors = _errors(client, body, "/v1/advise")  # gin seats two players
    assert errors[0]["field"] == "opponent_hand_sizes"
    assert "at most 1 other players" in errors[0]["message"]
    negative = dict(body, opponent_hand_sizes=[-1])
    assert _errors(client, negative, "/v1/advise")[0]["field"] == "opponent_hand_sizes[0]"
    assert client.post("/v1/advise", json=dict(body, opponent_hand_sizes=[10])).status_code == 200


def test_the_taken_discard_must_be_in_the_hand(client: FlaskClient) -> None:
    body = {"variant": "rummy40", "hand": "7S 7H 7C 9D", "taken_discard": "KS"}
    for path, extra in (("/v1/advise", {}), ("/v1/validate", {"melds": []})):
        errors = _errors(client, {**body, **extra}, path)
        assert errors[0] == {"field": "taken_discard", "message": "KS is not in the hand"}


def test_validate_field_errors(client: FlaskClient) -> None:
    body = {"variant": "gin", "hand": GIN_HAND, "melds": [{"cards": ["7H", "XX"]}]}
    assert _errors(client, body, "/v1/validate")[0] == {
        "field": "melds[0].cards[1]",
        "index": 1,
        "message": "unknown card 'XX'",
    }
    body = {"variant": "gin", "hand": GIN_HAND, "melds": [], "layoffs": [{"card": "QQ", "onto": 0}]}
    assert _errors(client, body, "/v1/validate")[0]["field"] == "layoffs[0].card"
    assert _errors(client, {"variant": "gin", "hand": "AS"}, "/v1/validate")[0]["field"] == "melds"


def test_body_over_limit_is_413() -> None:
    client = make_client(MAX_CONTENT_LENGTH=1024)
    body = {"variant": "gin", "hand": "AS", "seen": ["KS"] * 400}
    problem_of(client.post("/v1/solve", json=body), 413)
    # whatever the declared type
    problem_of(client.post("/v1/solve", data="x" * 2000, content_type="text/plain"), 413)


def test_unknown_path_is_404(client: FlaskClient) -> None:
    problem_of(client.get("/v2/solve"), 404)
    problem_of(client.get("/docs/assets/../../etc/passwd"), 404)


def test_wrong_method_is_405_with_allow(client: FlaskClient) -> None:
    r = client.get("/v1/solve")
    problem_of(r, 405)
    assert "POST" in r.headers["Allow"]
    problem_of(client.post("/v1/variants"), 405)


def test_unexpected_exception_is_500_without_traceback() -> None:
    app = make_app()

    @app.route("/boom")
    def boom() -> str:
        raise RuntimeError("secret internals")

    r = app.test_client().get("/boom")
    body = problem_of(r, 500)
    assert "secret internals" not in r.get_data(as_text=True)
    assert body["title"] == "Internal server error"
    assert r.headers["X-Request-ID"]


def test_flatten_messages_paths() -> None:
    messages = {"hand": {2: ["Not a card string."]}, "table": {0: {"cards": ["Missing."]}}}
    assert flatten_messages(messages) == [
        FieldError("hand", "Not a card string.", 2),
        FieldError("table[0].cards", "Missing."),
    ]
    assert flatten_messages({"_schema": ["Invalid input type."]}) == [
        FieldError("body", "Invalid input type.")
    ]


GIN_TEN = "AS 2S 3S 7H 7D 7C JD QD 5C 9H"


@pytest.mark.parametrize(
    ("variant", "rules", "have"),
    [
        ("gin", None, "draw, discard, defend"),
        ("rummy40", None, "draw, discard"),
        ("liverpool", {"buying": False}, "draw, call, discard"),
        ("rummikub", None, "play"),
    ],
)
def test_a_buy_where_the_rules_have_no_buying_is_refused(
    client: FlaskClient, variant: str, rules: dict[str, Any] | None, have: str
) -> None:
    # issue 22: gin's buy phase answered 200 with cards_needed null ("unreachable")
    body = {"variant": variant, "rules": rules, "round": 1, "hand": GIN_TEN, "phase": "buy"}
    body["discard_pile"] = ["KD"]
    errors = _errors(client, body, "/v1/advise")
    assert errors == [
        {
            "field": "phase",
            "message": f"these rules have no buy phase (buying: false); they have: {have}",
        }
    ]


def test_play_where_the_rules_have_no_play_or_draw_is_refused(client: FlaskClient) -> None:
    body = {"variant": "gin", "hand": GIN_TEN, "phase": "play"}
    assert _errors(client, body, "/v1/advise") == [
        {
            "field": "phase",
            "message": "these rules have no play phase (play_or_draw: false); "
            "they have: draw, discard, defend",
        }
    ]


def test_the_phases_the_rules_have_are_advised(client: FlaskClient) -> None:
    for phase in ("draw", "discard"):
        body = {"variant": "gin", "hand": GIN_TEN, "discard_pile": ["KD"], "phase": phase}
        assert client.post("/v1/advise", json=body).status_code == 200
    body = {"variant": "liverpool", "round": 1, "hand": GIN_TEN, "discard_pile": ["KD"]}
    assert client.post("/v1/advise", json={**body, "phase": "buy"}).status_code == 200


@pytest.mark.parametrize(
    ("meld", "why"),
    [
        (["3S", "9H", "KD"], "a set's natural cards must share a rank: 3S 9H KD"),
        ([], "a meld needs cards"),
        (["5H", "7H", "6H"], "a run's cards, in the order given, must be consecutive ranks"),
    ],
)
@pytest.mark.parametrize("path", ["/v1/advise", "/v1/solve", "/v1/score", "/v1/validate"])
def test_a_table_meld_that_is_no_legal_meld_is_refused(
    client: FlaskClient, path: str, meld: list[str], why: str
) -> None:
    # issue 22: such tables were advised against (their cards live outs, layoff targets)
    table = [{"cards": ["8S", "8H", "JK"]}, {"cards": meld}]
    body = {"variant": "rummy40", "down": True, "hand": "4S 9C 9D 9S 3C", "table": table}
    problem = problem_of(client.post(path, json={**body, "melds": []}), 422)
    assert [e["field"] for e in problem["errors"]] == ["table[1]"]
    assert problem["errors"][0]["message"].startswith(f"not a legal meld: {why}")
    assert problem["detail"].startswith(f"table[1]: not a legal meld: {why}")


@pytest.mark.parametrize(
    ("body", "path", "message"),
    [
        ({"hand": ["AS", "ZZ"]}, "hand[1]", "unknown card 'ZZ'"),
        ({"hand": "AS 2S 3S QQ"}, "hand[3]", "unknown card 'QQ'"),
        ({"hand": "AS", "table": [{"cards": ["AS", 5]}]}, "table[0].cards[1]", None),
        ({"rules": {"card_values": {"A": "x"}}}, "rules.card_values.A", None),
        ({"rules": {"card_values": {"Z": 1}}}, "rules.card_values.Z", "unknown rank 'Z'"),
        ({"rules": {"wild_ranks": ["2", "Z"]}}, "rules.wild_ranks[1]", "unknown rank 'Z'"),
        ({"rules": {"contracts": [{"sets": 9}]}}, "rules.contracts[0].sets", None),
        ({"rules": {"decks": 0}}, "rules.decks", "must be between 1 and 3"),
        ({"phase": "draw", "buys_made": 101}, "buys_made", "must be between 0 and 100"),
    ],
)
def test_an_error_names_one_json_path_in_field_and_detail(
    client: FlaskClient, body: dict[str, Any], path: str, message: str | None
) -> None:
    # issue 22: `hand` with index 1 in errors was `hand[1]` in detail; `rules.card_values.A`
    # was `rules.card_values.A.value`
    problem = problem_of(
        client.post("/v1/advise", json={"variant": "gin", "hand": "AS", **body}), 422
    )
    first = problem["errors"][0]
    assert first["field"] == path
    assert problem["detail"].startswith(f"{path}: {first['message']}")
    if message is not None:
        assert first["message"] == message


def test_a_game_names_its_rule_by_path(client: FlaskClient) -> None:
    body = {"variant": "gin", "rules": {"decks": 9}, "players": ["human", "advisor"]}
    problem = problem_of(client.post("/v1/games", json=body), 422)
    assert problem["errors"] == [{"field": "rules.decks", "message": "must be between 1 and 3"}]
    assert problem["detail"] == "rules.decks: must be between 1 and 3"


def test_a_goal_the_rules_do_not_have_names_the_goal(client: FlaskClient) -> None:
    for goal, why in (("contract", "no contracts"), ("opening", "no opening minimum")):
        errors = _errors(client, {"variant": "gin", "hand": "AS 2S 3S", "goal": goal})
        assert errors == [{"field": "goal", "message": f"these rules have {why}"}]
