"""Rummikub's turns: the advice (lay down or draw, what to keep back), the rearranging
turn's legality (solver.turn, through /v1/validate) and whole games by the referee."""

from __future__ import annotations

import random
from typing import Any

import pytest
from api_support import make_client

from advisor.advise import advise
from advisor.results import Action, AdvicePhase, PlayAdvice
from advisor.situation import Situation
from sim.players import make_player
from sim.referee import RandomDealer, Referee
from solver.cards import Card, parse_cards
from solver.rules import PRESETS

RUMMIKUB = PRESETS["rummikub"]


def tiles(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def play_advice(hand: str, table: tuple[str, ...] = (), down: bool = True) -> PlayAdvice:
    sit = Situation(RUMMIKUB, tiles(hand), table=tuple(tiles(m) for m in table), down=down)
    advice = advise(sit)
    assert isinstance(advice, PlayAdvice)
    return advice


def test_play_when_the_table_takes_tiles() -> None:
    advice = play_advice("K6 O6 B2", ("R3 R4 R5 R6",))
    assert advice.phase is AdvicePhase.PLAY and advice.recommendation.action is Action.PLAY
    assert advice.play is not None and not advice.play.goes_out
    assert sorted(str(p.card) for p in advice.play.placed) == ["6D", "6S"]


def test_draw_when_nothing_fits_or_no_initial_meld() -> None:
    assert play_advice("K1 B9", ("R4 R5 R6",)).recommendation.action is Action.DRAW_STOCK
    before = play_advice("K8 K9 K10 R9", ("R10 R11 R12",), down=False)
    assert before.recommendation.action is Action.DRAW_STOCK
    assert before.cards_needed == 1


def test_a_joker_that_adds_only_itself_is_kept_back() -> None:
    advice = play_advice("K6 O6 J B2", ("R3 R4 R5 R6",))
    assert [str(c) for c in advice.keep_back] == ["JK"]
    assert advice.play is not None
    assert all(not p.card.is_joker for p in advice.play.placed)


def test_a_joker_goes_down_when_it_takes_the_hand_out() -> None:
    advice = play_advice("K6 O6 J", ("R3 R4 R5 R6",))
    assert advice.play is not None and advice.play.goes_out
    assert advice.keep_back == ()


def _validate(**body: Any) -> dict[str, Any]:
    base = {"variant": "rummikub", "down": True, "melds": [], "action": "rearrange"}
    answer: dict[str, Any] = make_client().post("/v1/validate", json={**base, **body}).get_json()
    return answer


def test_the_advised_play_posted_back_is_legal() -> None:
    client = make_client()
    body = {"variant": "rummikub", "hand": "K6 O6 B2 B3 B4", "down": True}
    body["table"] = [{"cards": "R3 R4 R5 R6"}, {"cards": "B5 B6 B7"}]
    advice = client.post("/v1/advise", json=body).get_json()
    assert advice["play"]["action"] == "rearrange"
    after = [{"cards": m["cards"]} for m in advice["play"]["table"]]
    verdict = _validate(hand=body["hand"], table=body["table"], table_after=after)
    assert verdict["legal"] and verdict["goes_out"] and verdict["left"] == []
    assert advice["play"]["goes_out"]


def test_a_rearrangement_keeps_every_table_tile() -> None:
    verdict = _validate(
        hand="K6 O6", table=[{"cards": "R3 R4 R5 R6"}], table_after=[{"cards": "K6 O6 R6"}]
    )
    assert not verdict["legal"]
    assert [v["code"] for v in verdict["violations"]] == ["table_not_kept"]


def test_a_rearrangement_needs_the_initial_meld() -> None:
    verdict = _validate(
        hand="K6 O6",
        down=False,
        table=[{"cards": "R3 R4 R5 R6"}],
        table_after=[{"cards": "R3 R4 R5"}, {"cards": "K6 R6 O6"}],
    )
    assert [v["code"] for v in verdict["violations"]] == ["not_down"]


def test_rearranged_melds_must_be_legal_and_the_tiles_held() -> None:
    verdict = _validate(
        hand="K6",
        table=[{"cards": "R3 R4 R5 R6"}],
        table_after=[{"cards": "R3 R4 R5"}, {"cards": "K6 R6 O6"}],
    )
    assert [v["code"] for v in verdict["violations"]] == ["card_not_in_hand"]


@pytest.mark.parametrize("seats", [("advisor", "greedy"), ("greedy", "random", "advisor")])
def test_games_by_the_referee_have_no_illegal_move(seats: tuple[str, ...]) -> None:
    for seed in range(2):
        players = [make_player(name, f"{seed}-{i}") for i, name in enumerate(seats)]
        referee = Referee(RUMMIKUB, players, RandomDealer(random.Random(seed)))
        result = referee.play_game([None])
        assert result.illegal is None
        (hand,) = result.rounds
        assert hand.finish in ("out", "exhausted")
        if hand.finish == "out":
            assert hand.winner is not None and hand.penalties[hand.winner] == 0
            assert sum(hand.penalties) > 0


def test_a_person_plays_rummikub_through_the_game_service() -> None:
    """Laying nothing draws a tile; a table rearranged before the initial meld is refused."""
    client = make_client()
    game = client.post(
        "/v1/games", json={"variant": "rummikub", "players": ["human", "greedy"], "seed": "k1"}
    ).get_json()
    assert game["asked"]["ask"] == "play" and len(game["view"]["hand"]) == 14
    refused = client.post(
        "/v1/games/move",
        json={"state": game["state"], "move": {"action": "play", "table": [{"cards": "R1 R2 R3"}]}},
    )
    assert refused.status_code == 422
    drew = client.post(
        "/v1/games/move", json={"state": game["state"], "move": {"action": "play"}}
    ).get_json()
    assert drew["moves"][0]["seat"] == 0 and len(drew["view"]["hand"]) == 15
