"""Every rule field changes an answer: for each field of ``Rules`` (solver/rules.py), a
request whose answer differs between two of its values, both values of every flag.

The fields are enumerated from the rule table itself, so a new field without a case here
fails. Where the API does not read a field (the ways of playing a whole game that only the
referee reads), the change is shown through the referee (``sim``) and the case says so.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from api_support import make_client
from flask.testing import FlaskClient
from sim_support import Seat, StackedDealer, cards, play_round

from advisor.scoring import knock_penalties
from sim.moves import Play
from sim.players.greedy import GreedyPlayer
from sim.referee import Player, Referee
from solver.errors import RulesError
from solver.rules import RULE_SPECS, make_rules

_CLIENT: list[FlaskClient] = []


def _client() -> FlaskClient:
    if not _CLIENT:
        _CLIENT.append(make_client())
    return _CLIENT[0]


@dataclass(frozen=True)
class Case:
    """What ``observe`` sees under each of ``values``: ``expected``, in order."""

    values: tuple[Any, Any]
    observe: Callable[[Any], Any]
    expected: tuple[Any, Any]


def api(
    name: str, path: str, body: dict[str, Any], probe: Callable[[int, Any], Any]
) -> Callable[[Any], Any]:
    """The answer to ``body`` with rule ``name`` set to the value, read by ``probe``."""

    def observe(value: Any) -> Any:
        rules = {**body.get("rules", {}), name: value}
        response = _client().post(path, json={**body, "rules": rules})
        return probe(response.status_code, response.get_json())

    return observe


def status(code: int, answer: Any) -> int:
    return code


def key(*path: str) -> Callable[[int, Any], Any]:
    """The answer's value at ``path`` (a 200 is asserted)."""

    def probe(code: int, answer: Any) -> Any:
        assert code == 200, answer
        for step in path:
            answer = answer[step]
        return answer

    return probe


def _solve(variant: str, hand: str, **more: Any) -> dict[str, Any]:
    return {"variant": variant, "hand": hand, **more}


def _deadwood(name: str, variant: str, hand: str, **more: Any) -> Callable[[Any], Any]:
    return api(name, "/v1/solve", _solve(variant, hand, **more), key("deadwood_points"))


def _referee(name: str, variant: str, run: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Through the referee: ``run`` sees the preset with rule ``name`` set to the value."""
    return lambda value: run(make_rules(variant, {name: value}))


# -- what the referee alone reads ------------------------------------------------------


def _seats_refused(rules: Any) -> bool:
    try:
        Referee(rules, [Seat(), Seat(), Seat()], StackedDealer([]))
    except RulesError:
        return True
    return False


def _decks_for_six(rules: Any) -> int:
    return Referee(rules, [Seat() for _ in range(6)], StackedDealer([])).rules.decks


def _first_hand(rules: Any) -> int:
    first = Seat()
    play_round(rules, [first, Seat()], StackedDealer(["", ""]), max_turns=2)
    return len(first.views[0][1].hand)


def _round_six_hand(rules: Any) -> int:
    seat = Seat()
    play_round(rules, [seat, Seat()], StackedDealer(["", ""]), round_=6, max_turns=1)
    return len(seat.views[0][1].hand)


def _bought_hand(rules: Any) -> list[str] | None:
    """The hand of the second seat after the first passes up KC (None: never offered)."""
    first, second = Seat(), Seat(buys=[True])
    dealer = StackedDealer(["5S 6S 7S", "5H 6H 7H"], upcard="KC", stock="9C 9H 9D 9S")
    play_round(rules, [first, second], dealer, round_=1, max_turns=2)
    if "buy" not in [ask for ask, _ in second.views]:
        return None
    return sorted(str(c) for c in second.last_view("draw").hand)


def _claimed(rules: Any) -> bool:
    """Whether the first seat, down with a run of hearts, claims 9H thrown by the second."""
    goes_down = Play((cards("5H 6H 7H 8H"),), discard=cards("KC")[0])
    first = Seat(plays=[goes_down], calls=[True])
    second = Seat(plays=[Play(discard=cards("9H")[0])])
    hands = ["5H 6H 7H 8H KC", "9H 2C 3C 4D 6D", "AS 3S 5S 7S 9S"]
    dealer = StackedDealer(hands, upcard="QD", stock="JD JS JC")
    play_round(rules, [first, second, Seat()], dealer, round_=1, max_turns=4)
    return cards("9H")[0] in first.last_view("draw").hand


def _stock_runs_dry(rules: Any) -> str:
    return play_round(rules, [Seat(), Seat()], StackedDealer(["", ""]), max_turns=1000).finish


def _taken_and_thrown(rules: Any) -> str:
    """How a round ends when the first seat takes the upcard 2D and only throws a card."""
    seat = Seat(draws=[True])
    loser = "2H 3H 4D 5C 7D 8S 9H TD JS QH KS AC 4C"
    dealer = StackedDealer([loser, "3S 4S 5S 6S 6H 7H 8H 9C TC JC QD KD AD"], upcard="2D")
    result = play_round(rules, [seat, Seat()], dealer, max_turns=2)
    return result.finish


def _hand_rummy_finish(rules: Any) -> str:
    hand = "3S 4S 5S 6S 6H 7H 8H 9C TC JC QD KD AD"
    loser = "2H 3H 4D 5C 7D 8S 9H TD JS QH KS AC 4C"
    dealer = StackedDealer([hand, loser], upcard="2D", stock="2C")
    players: list[Player] = [GreedyPlayer(), GreedyPlayer()]
    return play_round(rules, players, dealer, max_turns=1).finish


# -- the cases -------------------------------------------------------------------------

# fourteen cards in sets of ranks too far apart for any run, and a stray KS
ISRAELI_SETS = "AS AH AD AC 4S 4H 4D 4C 7S 7H 7D TS TH TD KS"
# fourteen cards that meld with a run, and a stray KC: a win keeping KC as the discard
ISRAELI_WIN = "AS 2S 3S 4S 5H 6H 7H 8H 9C TC JC QD QH QS KC"
GIN_DISCARD = "AS 2S 3S 7H 7D 7C JD QD KD 5C 9H"
NOT_OPENED_RUMMY = "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 2S 2H JK KH"  # 35 points in melds

CASES: dict[str, Case] = {
    "decks": Case((1, 2), api("decks", "/v1/solve", _solve("gin", "AS AS 2S"), status), (422, 200)),
    "jokers": Case((0, 1), api("jokers", "/v1/solve", _solve("gin", "JK 2S"), status), (422, 200)),
    "wild_ranks": Case(([], ["2"]), _deadwood("wild_ranks", "gin", "2H 5S 6S"), (13, 0)),
    "set_min": Case((3, 2), _deadwood("set_min", "gin", "7H 7D"), (14, 0)),
    "set_max": Case((4, 3), _deadwood("set_max", "gin", "7H 7D 7C 7S"), (0, 7)),
    "set_distinct_suits": Case(
        (False, True),
        _deadwood("set_distinct_suits", "gin", "7H 7H 7D", rules={"decks": 2}),
        (0, 21),
    ),
    "run_min": Case((3, 4), _deadwood("run_min", "gin", "5S 6S 7S"), (0, 18)),
    "ace": Case(("low", "high"), _deadwood("ace", "gin", "QS KS AS"), (21, 0)),
    "set_min_naturals": Case(
        (2, 3), _deadwood("set_min_naturals", "gin", "7H 7D JK", rules={"jokers": 1}), (0, 14)
    ),
    "run_min_naturals": Case(
        (2, 3), _deadwood("run_min_naturals", "gin", "5S 6S JK", rules={"jokers": 1}), (0, 11)
    ),
    "max_wilds_per_meld": Case(
        (None, 1),
        _deadwood("max_wilds_per_meld", "gin", "5S JK JK", rules={"jokers": 2}),
        (0, 5),
    ),
    "card_values": Case(
        ({}, {"K": 3}),
        api("card_values", "/v1/score", _solve("gin", "KD"), key("points")),
        (10, 3),
    ),
    "opening_min": Case(
        (40, 20),
        api(
            "opening_min",
            "/v1/solve",
            _solve("rummy40", "7H 7D 7C 2S 3S", goal="opening"),
            key("feasible"),
        ),
        (False, True),
    ),
    "opening_count": Case(
        ("rummy40", "face"),
        api(
            "opening_count",
            "/v1/solve",
            _solve("rummikub", "AS AH AD", goal="opening"),
            key("feasible"),
        ),
        (True, False),  # three aces count 33 as Rummy 40's, 3 as tiles' numbers
    ),
    "contracts": Case(
        ([{"sets": 2}], [{"sets": 1}]),
        api(
            "contracts",
            "/v1/solve",
            _solve("liverpool", "7H 7D 7C 9S 5D KC", round=1),
            key("feasible"),
        ),
        (False, True),
    ),
    "require_run": Case(
        (True, False),
        api("require_run", "/v1/solve", _solve("israeli", ISRAELI_SETS), key("feasible")),
        (False, True),
    ),
    "hand_size": Case(
        (14, 15),
        api("hand_size", "/v1/solve", _solve("israeli", ISRAELI_WIN), key("feasible")),
        (True, False),
    ),
    "goal": Case(
        ("win", "deadwood"),
        api("goal", "/v1/solve", _solve("israeli", ISRAELI_WIN), key("goal")),
        ("win", "deadwood"),
    ),
    "knock_max": Case(
        (10, None),
        api("knock_max", "/v1/advise", _solve("gin", GIN_DISCARD), key("goal")),
        ("knock", "out"),
    ),
    "max_buys": Case(
        (None, 1),
        api(
            "max_buys",
            "/v1/advise",
            _solve(
                "liverpool",
                "8H 8S 8D 9C 9D KD QC 3S 4H 5H",
                round=1,
                discard_pile=["9S"],
                phase="buy",
                buys_made=1,
            ),
            key("recommendation", "action"),
        ),
        ("buy", "pass"),
    ),
    "hand_rummy_penalty": Case(
        ("double", "plus25"),
        api(
            "hand_rummy_penalty",
            "/v1/score",
            _solve("rummy40", "KD", finish="hand_rummy"),
            key("points"),
        ),
        (20, 35),
    ),
    "joker_hand_penalty": Case(
        (25, 0),
        api(
            "joker_hand_penalty",
            "/v1/advise",
            _solve("rummy40", "3H TH QC JK QD JK", down=True),
            key("recommendation", "card"),
        ),
        ("3H", "JK"),
    ),
    "take_discard_obliges_meld": Case(
        (True, False),
        api(
            "take_discard_obliges_meld",
            "/v1/advise",
            _solve("rummy40", "2S 3S 9D 9H KC", discard_pile=["4S"], phase="draw"),
            key("take_discard", "allowed"),
        ),
        (False, True),
    ),
    "rearrange_table": Case(
        (True, False),
        api("rearrange_table", "/v1/solve", _solve("rummikub", "R7", down=True), status),
        (200, 422),  # Rummikub's goal, place, rearranges the table
    ),
    "play_or_draw": Case(
        (True, False),
        api(
            "play_or_draw",
            "/v1/validate",
            _solve(
                "rummikub",
                "R5 R6 R7 K1",
                down=True,
                melds=[{"cards": "R5 R6 R7"}],
                action="meld",
                discard="K1",
            ),
            key("legal"),
        ),
        (False, True),  # a Rummikub turn never discards
    ),
    "joker_release": Case(
        (True, False),
        api(
            "joker_release",
            "/v1/advise",
            _solve("rummy40", "5H 9C 9D KS", down=True, table=[{"cards": "3H 4H JK 6H"}]),
            key("recommendation", "action"),
        ),
        ("go_out", "discard"),  # out by releasing the joker for 5H, or not at all
    ),
    "hand_rummy": Case(
        (True, False),
        api(
            "hand_rummy",
            "/v1/advise",
            _solve("rummy40", NOT_OPENED_RUMMY),
            key("recommendation", "action"),
        ),
        ("go_out", "discard"),  # all at once with 35 points, or no opening under 40
    ),
    "new_melds_after_down": Case(
        (False, True),
        api(
            "new_melds_after_down",
            "/v1/validate",
            _solve(
                "liverpool",
                "8S 8H 8D 9C",
                round=1,
                down=True,
                melds=[{"cards": "8S 8H 8D"}],
                action="meld",
            ),
            key("legal"),
        ),
        (False, True),
    ),
    "penalty_after_melding": Case(
        (True, False),
        api(
            "penalty_after_melding",
            "/v1/score",
            _solve("israeli", "AS 2S 3S 9C KD"),
            key("points"),
        ),
        (2, 5),
    ),
    # -- read by the referee only, so shown through it: the API does not read these yet
    # (the API reads `buying` only to refuse a buy phase, and counts one penalty card; a
    # knock's settlement is the referee's)
    "max_players": Case((2, 3), _referee("max_players", "gin", _seats_refused), (True, False)),
    "round_hand_sizes": Case(
        ([10] * 6, [10] * 5 + [12]),
        _referee("round_hand_sizes", "liverpool", _round_six_hand),
        (10, 12),
    ),
    "extra_deck_over_players": Case(
        (5, None), _referee("extra_deck_over_players", "liverpool", _decks_for_six), (3, 2)
    ),
    "first_player_extra_card": Case(
        (True, False), _referee("first_player_extra_card", "israeli", _first_hand), (15, 14)
    ),
    "buying": Case(
        (True, False),
        lambda value: _bought_hand(
            make_rules("liverpool", {"buying": value, "round_hand_sizes": [3] * 6})
        ),
        (["5H", "6H", "7H", "9C", "KC"], None),
    ),
    "buy_penalty_cards": Case(
        (1, 2),
        lambda value: _bought_hand(
            make_rules("liverpool", {"buy_penalty_cards": value, "round_hand_sizes": [3] * 6})
        ),
        (["5H", "6H", "7H", "9C", "KC"], ["5H", "6H", "7H", "9C", "9H", "KC"]),
    ),
    "rummy_call": Case(
        (True, False),
        lambda value: _claimed(
            make_rules(
                "liverpool",
                {"rummy_call": value, "round_hand_sizes": [5] * 6, "contracts": [{"runs": 1}]},
            )
        ),
        (True, False),
    ),
    "reshuffle_stock": Case(
        (False, True),
        lambda value: _stock_runs_dry(
            make_rules("israeli", {"decks": 1, "reshuffle_stock": value})
        ),
        ("exhausted", "turn_limit"),
    ),
    "gin_bonus": Case(
        (25, 0),
        _referee("gin_bonus", "gin", lambda rules: knock_penalties(rules, 0, 0, {1: 40})),
        ((0, {0: 0, 1: 65}), (0, {0: 0, 1: 40})),
    ),
    "undercut_bonus": Case(
        (25, 0),
        _referee("undercut_bonus", "gin", lambda rules: knock_penalties(rules, 0, 5, {1: 2})),
        ((1, {0: 28, 1: 0}), (1, {0: 3, 1: 0})),
    ),
}
# The taking obligation and hand rummy, as the referee applies them.
REFEREE_TOO: dict[str, Case] = {
    "take_discard_obliges_meld": Case(
        (True, False),
        _referee("take_discard_obliges_meld", "rummy40", _taken_and_thrown),
        ("illegal", "turn_limit"),
    ),
    "hand_rummy": Case(
        (True, False),
        _referee("hand_rummy", "rummy40", _hand_rummy_finish),
        ("hand_rummy", "out"),
    ),
}


def _params(cases: dict[str, Case], every: bool) -> Iterator[Any]:
    names = RULE_SPECS if every else cases
    for name in names:
        case = cases.get(name)
        if case is None:
            yield pytest.param(name, 0, id=f"{name}-no-case")
            continue
        for i, value in enumerate(case.values):
            yield pytest.param(name, i, id=f"{name}={json.dumps(value)}")


@pytest.mark.parametrize(("name", "i"), list(_params(CASES, every=True)))
def test_every_value_of_every_rule_shows_in_an_answer(name: str, i: int) -> None:
    case = CASES.get(name)
    assert case is not None, f"rule {name!r} has no case: add one showing what it changes"
    assert case.expected[0] != case.expected[1]
    assert case.observe(case.values[i]) == case.expected[i]


@pytest.mark.parametrize(("name", "i"), list(_params(REFEREE_TOO, every=False)))
def test_the_referee_reads_the_same_flags(name: str, i: int) -> None:
    case = REFEREE_TOO[name]
    assert case.observe(case.values[i]) == case.expected[i]


def test_every_case_names_a_rule() -> None:
    assert set(CASES) <= set(RULE_SPECS)
    assert set(REFEREE_TOO) <= set(RULE_SPECS)
