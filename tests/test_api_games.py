"""POST /v1/games and /v1/games/move: the referee as a service. A person's seat driven by a
scripted policy plays every variant to the end; the view holds nothing the person may not
see; a tampered state is a 400; an illegal move a 422 that leaves the game as it was."""

from __future__ import annotations

import json
import random
import re
from collections import deque
from collections.abc import Iterator
from typing import Any

import pytest
from api_support import make_client, problem_of
from flask.testing import FlaskClient

from sim.moves import Ask, Play, View
from sim.players.greedy import GreedyPlayer
from sim.referee import RandomDealer, Referee, rounds_of, table_rules
from sim.service import Action, deal_seed, decode_answer, read_state
from solver.cards import parse_cards
from solver.rules import make_rules

KEY = "test-key"
CARD = re.compile(r'"([2-9TJQKA][SHDC]|JK)"')
# (variant, round, seats, seed): seeds of short games (many Liverpool rounds of the
# baselines run to the turn limit; a whole game of six is bench/games.py's)
GAMES = [
    ("gin", None, ["human", "advisor"], "t-gin"),
    ("israeli", None, ["advisor", "human", "greedy"], "t-israeli"),
    ("rummy40", None, ["human", "greedy", "random"], "t-rummy40"),
    ("liverpool", 1, ["greedy", "human", "greedy"], "t2"),
]


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return make_client(GAME_STATE_KEY=KEY)


def _view(answer: dict[str, Any]) -> View:
    state = answer["state"]
    v = answer["view"]
    rules = table_rules(make_rules(state["variant"], state["rules"] or None), len(state["players"]))
    return View(
        rules=rules,
        seat=answer["seat"],
        round=v["round"],
        hand=tuple(parse_cards(v["hand"])),
        table=tuple(tuple(parse_cards(m["cards"])) for m in v["table"]),
        discard_pile=tuple(parse_cards(v["discard_pile"])),
        seen=tuple(parse_cards(v["seen"])),
        down=v["down"],
        hand_sizes=tuple(v["hand_sizes"]),
        buys_made=v["buys_made"],
        obliged=None if v["obliged"] is None else parse_cards([v["obliged"]])[0],
    )


def _cards_of(play: Play) -> dict[str, Any]:
    return {
        "melds": [{"cards": [str(c) for c in m]} for m in play.melds],
        "layoffs": [{"card": str(lo.card), "onto": lo.onto} for lo in play.layoffs],
        "joker_swaps": [
            {"onto": s.onto, "cards": [str(c) for c in s.cards]} for s in play.joker_swaps
        ],
        "discard": None if play.discard is None else str(play.discard),
        "knock": play.knock,
    }


def policy(answer: dict[str, Any]) -> dict[str, Any]:
    """The person's move: what the greedy baseline would do in the view."""
    if answer["status"] == "bots_to_move":
        return {"action": "continue"}
    asked, view, bot = answer["asked"], _view(answer), GreedyPlayer()
    ask = asked["ask"]
    if ask == "draw":
        return {"action": "take_discard" if bot.draw(view) else "draw_stock"}
    if ask in ("buy", "rummy"):
        return {"action": "pass"}
    if ask == "play":
        return {"action": "play", **_cards_of(bot.play(view))}
    knock = asked["knock"]
    melds = tuple(tuple(parse_cards(m["cards"])) for m in knock["melds"])
    return {"action": "defend", **_cards_of(bot.defend(view, melds, knock["gin"]))}


class _Recorded:
    """A seat's recorded answers in order, whatever it is asked; past them it fails, which
    ends the round there (as an illegal move) with the cards where they stand."""

    def __init__(self, tokens: list[str]):
        self.answers = deque(decode_answer(Ask.PLAY if "/" in t else Ask.DRAW, t) for t in tokens)

    def _next(self) -> Any:
        if not self.answers:
            raise RuntimeError("the recorded answers end here")
        return self.answers.popleft()

    def draw(self, view: View) -> Any:
        return self._next()

    buy = call_rummy = draw

    def play(self, view: View) -> Any:
        return self._next()

    def defend(self, view: View, melds: Any, gin: bool) -> Any:
        return self._next()


def hidden(state: dict[str, Any], key: str | None) -> list[str]:
    """The stock and the other seats' hands now, by replaying the state's answers."""
    spec, rounds, answers = read_state(state, key)
    rules = make_rules(spec.variant, dict(spec.overrides) or None)
    n = len(spec.players)
    planned = rounds_of(table_rules(rules, n), spec.round)
    k = len(rounds)
    dealer = RandomDealer(random.Random(f"{deal_seed(spec.seed, key)}/{k}"))
    ref = Referee(rules, [_Recorded(a) for a in answers], dealer)
    ref.play_round(planned[k], k % n)
    hand = ref.in_play
    assert hand is not None
    others = [c for s in range(n) if s != spec.human for c in hand.hands[s]]
    return [str(c) for c in [*hand.stock, *others]]


def _public(answer: dict[str, Any]) -> set[str]:
    """Every card the response may show: the person's own, the table's, the pile's, the
    cards the others took from it, and the moves made (all laid face up)."""
    view = answer["view"] or {}
    shown = {*view.get("hand", []), *view.get("discard_pile", []), *view.get("seen", [])}
    shown |= {c for m in view.get("table", []) for c in m["cards"]}
    for move in answer["moves"]:
        shown |= set(CARD.findall(json.dumps(move)))
    if answer["asked"] and answer["asked"].get("knock"):
        shown |= set(CARD.findall(json.dumps(answer["asked"]["knock"])))
    return shown


def play_through(
    client: FlaskClient, body: dict[str, Any], key: str | None = KEY
) -> Iterator[dict[str, Any]]:
    """Every answer of one game, the person moved by ``policy``."""
    response = client.post("/v1/games", json=body)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    yield answer
    for _ in range(2000):
        if answer["status"] == "over":
            return
        move = policy(answer)
        response = client.post("/v1/games/move", json={"state": answer["state"], "move": move})
        assert response.status_code == 200, (move, response.get_json())
        answer = response.get_json()
        yield answer
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("variant", "round_", "players", "seed"), GAMES)
def test_every_variant_plays_to_the_end_and_the_view_hides_the_rest(
    client: FlaskClient, variant: str, round_: int | None, players: list[str], seed: str
) -> None:
    body = {"variant": variant, "round": round_, "players": players, "seed": seed}
    answers = list(play_through(client, body))
    last = answers[-1]
    assert last["status"] == "over" and last["view"] is None and last["asked"] is None
    result = last["result"]
    assert len(result["totals"]) == len(players) and result["winners"]
    assert result["totals"] == [
        sum(r["penalties"][s] for r in last["rounds"]) for s in range(len(players))
    ]
    assert last["rounds"][-1]["finish"] != "illegal"
    checked = 0
    for answer in answers[:-1]:
        assert set(answer["view"]) == {
            "round",
            "hand",
            "table",
            "discard_pile",
            "seen",
            "down",
            "hand_sizes",
            "buys_made",
            "obliged",
        }
        assert len(answer["view"]["hand"]) == answer["view"]["hand_sizes"][answer["seat"]]
        shown = json.dumps({k: v for k, v in answer.items() if k != "state"})
        secret = set(hidden(answer["state"], KEY)) - _public(answer)
        assert not secret & set(CARD.findall(shown))
        assert not {"stock", "hands", "deck"} & set(answer["state"])
        checked += len(secret)
    assert checked, "some card was hidden"


def test_the_person_is_asked_only_what_the_game_asks(client: FlaskClient) -> None:
    body = {"variant": "gin", "players": ["human", "greedy"], "seed": "asks"}
    first = next(play_through(client, body))
    assert first["status"] == "your_move" and first["turn"] == 0
    assert first["asked"] == {"ask": "draw", "actions": ["take_discard", "draw_stock"]}
    wrong = client.post("/v1/games/move", json={"state": first["state"], "move": {"action": "buy"}})
    problem = problem_of(wrong, 422)
    assert "`take_discard` or `draw_stock`" in problem["detail"]
    drew = client.post(
        "/v1/games/move", json={"state": first["state"], "move": {"action": "draw_stock"}}
    ).get_json()
    assert drew["asked"]["ask"] == "play"
    assert len(drew["view"]["hand"]) == 11 and drew["stock"] == first["stock"] - 1


def test_an_illegal_move_is_a_422_with_the_referees_reason_and_changes_nothing(
    client: FlaskClient,
) -> None:
    body = {"variant": "gin", "players": ["human", "greedy"], "seed": "illegal"}
    first = next(play_through(client, body))
    drew = client.post(
        "/v1/games/move", json={"state": first["state"], "move": {"action": "draw_stock"}}
    ).get_json()
    hand = drew["view"]["hand"]
    absent = next(c for c in ("KS", "KH", "KD", "KC", "QS") if c not in hand)
    refused = client.post(
        "/v1/games/move",
        json={"state": drew["state"], "move": {"action": "play", "discard": absent}},
    )
    problem = problem_of(refused, 422)
    reason = problem["errors"][0]["message"]
    assert problem["detail"] == f"move refused: {reason}"
    assert problem["errors"] == [{"field": "move", "message": reason}]
    assert absent in reason and "hand holds no" in reason  # the referee's words
    # a knock over the limit is the referee's to refuse too
    knock = client.post(
        "/v1/games/move",
        json={
            "state": drew["state"],
            "move": {"action": "play", "discard": hand[0], "knock": True},
        },
    )
    assert "a knock leaves at most 10 deadwood points" in problem_of(knock, 422)["detail"]
    # the state sent is still the game: the legal move goes through from it
    legal = client.post(
        "/v1/games/move",
        json={"state": drew["state"], "move": {"action": "play", "discard": hand[0]}},
    )
    assert legal.status_code == 200
    assert hand[0] in legal.get_json()["moves"][0]["discard"]


def test_a_tampered_or_unsigned_state_is_a_400(client: FlaskClient) -> None:
    body = {"variant": "gin", "players": ["human", "greedy"], "seed": "tamper"}
    state = next(play_through(client, body))["state"]
    move = {"action": "draw_stock"}
    for change in (
        {"seed": "other"},
        {"answers": ["n", "n"]},
        {"players": ["human", "advisor"]},
        {"signature": "0" * 64},
    ):
        sent = {**state, **change}
        problem = problem_of(client.post("/v1/games/move", json={"state": sent, "move": move}), 400)
        assert "not signed by this server or was altered" in problem["detail"]
    unsigned = {k: v for k, v in state.items() if k != "signature"}
    problem_of(client.post("/v1/games/move", json={"state": unsigned, "move": move}), 400)
    other_key = make_client(GAME_STATE_KEY="another key")
    problem_of(other_key.post("/v1/games/move", json={"state": state, "move": move}), 400)


def test_with_a_key_the_deal_is_not_the_seeds(client: FlaskClient) -> None:
    body = {"variant": "gin", "players": ["human", "greedy"], "seed": "same"}
    keyed = next(play_through(client, body))
    again = next(play_through(client, body))
    plain = next(play_through(make_client(), body, None))
    other = next(play_through(make_client(GAME_STATE_KEY="k2"), body))
    assert keyed["view"]["hand"] == again["view"]["hand"]  # same key, same seed: same game
    assert keyed["view"]["hand"] != plain["view"]["hand"]
    assert keyed["view"]["hand"] != other["view"]["hand"]
    assert "signature" not in plain["state"] and len(keyed["state"]["signature"]) == 64


def test_a_game_short_of_time_pauses_and_continues() -> None:
    # with so little time each request makes one bot decision, then pauses
    client = make_client(REQUEST_TIME_LIMIT=0.5)
    body = {"variant": "liverpool", "round": 1, "players": ["human", *["greedy"] * 3], "seed": "p"}
    answer = next(play_through(client, body))
    assert answer["status"] == "your_move"
    move = policy(answer)
    statuses = []
    for _ in range(40):
        answer = client.post(
            "/v1/games/move", json={"state": answer["state"], "move": move}
        ).get_json()
        statuses.append(answer["status"])
        if answer["status"] == "your_move" and answer["asked"]["ask"] == "draw":
            break
        if answer["status"] == "bots_to_move":
            early = client.post(
                "/v1/games/move", json={"state": answer["state"], "move": {"action": "pass"}}
            )
            assert "send `continue`" in problem_of(early, 422)["detail"]
        move = policy(answer)
    assert "bots_to_move" in statuses and statuses[-1] == "your_move"
    resumed = client.post(
        "/v1/games/move", json={"state": answer["state"], "move": {"action": Action.CONTINUE}}
    )
    assert "not `continue`" in problem_of(resumed, 422)["detail"]
