"""Presets (docs/rules.md section 3) and validated house-rule overrides."""

from __future__ import annotations

from typing import Any

import pytest

from solver.cards import parse_card
from solver.errors import GoalError, RulesError
from solver.rules import PRESETS, Contract, make_rules

TABLE: dict[str, dict[str, Any]] = {
    "liverpool": {
        "decks": 2,
        "jokers": 0,
        "wild_ranks": (2,),
        "set_min": 3,
        "set_max": 4,
        "set_distinct_suits": True,
        "run_min": 4,
        "ace": "both",
        "set_min_naturals": 2,
        "run_min_naturals": 3,
        "max_wilds_per_meld": None,
        "hand_size": 10,
    },
    "rummy40": {
        "decks": 2,
        "jokers": 2,
        "wild_ranks": (),
        "set_min": 3,
        "set_max": 4,
        "set_distinct_suits": True,
        "run_min": 3,
        "ace": "high",
        "set_min_naturals": 2,
        "run_min_naturals": 2,
        "max_wilds_per_meld": 1,
        "hand_size": 13,
        "opening_min": 40,
    },
    "israeli": {
        "decks": 2,
        "jokers": 0,
        "wild_ranks": (),
        "set_min": 3,
        "set_max": 4,
        "set_distinct_suits": True,
        "run_min": 3,
        "ace": "both",
        "set_min_naturals": 1,
        "run_min_naturals": 1,
        "max_wilds_per_meld": None,
        "hand_size": 14,
        "require_run": True,
    },
    # the official rules: 106 tiles (1-13 in four colours twice, two jokers), 14 dealt,
    # groups of 3-4 distinct colours, runs of 3+ with 1 low only, a 30-point initial meld
    # counted by the tiles' numbers
    "rummikub": {
        "decks": 2,
        "jokers": 2,
        "wild_ranks": (),
        "set_min": 3,
        "set_max": 4,
        "set_distinct_suits": True,
        "run_min": 3,
        "ace": "low",
        "set_min_naturals": 1,
        "run_min_naturals": 1,
        "max_wilds_per_meld": None,
        "hand_size": 14,
        "opening_min": 30,
        "opening_count": "face",
    },
    "gin": {
        "decks": 1,
        "jokers": 0,
        "wild_ranks": (),
        "set_min": 3,
        "set_max": 4,
        "run_min": 3,
        "ace": "low",
        "hand_size": 10,
        "knock_max": 10,
    },
}

# Card values per docs/rules.md section 3, by rank symbol.
VALUES: dict[str, dict[str, int]] = {
    "liverpool": {"A": 25, "2": 25, "3": 5, "9": 5, "T": 10, "K": 10},
    "rummy40": {"A": 11, "2": 2, "7": 7, "9": 9, "T": 10, "Q": 10, "JK": 25},
    "israeli": {"A": 1, "2": 1, "7": 1, "K": 1, "JK": 1},
    "rummikub": {"A": 1, "2": 2, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13, "JK": 30},
    "gin": {"A": 1, "2": 2, "9": 9, "T": 10, "J": 10, "K": 10},
}


def test_exactly_five_presets() -> None:
    assert set(PRESETS) == {"liverpool", "rummy40", "israeli", "rummikub", "gin"}


def test_the_rummikub_pack_is_106_tiles() -> None:
    rules = make_rules("rummikub")
    assert rules.decks * 52 + rules.jokers == 106


@pytest.mark.parametrize(
    ("variant", "field", "value"),
    [(v, f, x) for v, fields in TABLE.items() for f, x in fields.items()],
)
def test_preset_values(variant: str, field: str, value: Any) -> None:
    assert getattr(make_rules(variant), field) == value


@pytest.mark.parametrize(
    ("variant", "symbol", "points"),
    [(v, s, p) for v, table in VALUES.items() for s, p in table.items()],
)
def test_preset_card_values(variant: str, symbol: str, points: int) -> None:
    rules = make_rules(variant)
    assert rules.card_values[symbol] == points
    assert rules.value(parse_card(f"{symbol}S" if symbol != "JK" else "JK")) == points


def test_only_liverpool_twos_are_wild() -> None:
    assert make_rules("liverpool").is_wild(parse_card("2H"))
    assert not make_rules("rummy40").is_wild(parse_card("2H"))
    assert make_rules("rummy40").is_wild(parse_card("JK"))


def test_liverpool_default_contracts() -> None:
    contracts = make_rules("liverpool").contracts
    assert contracts == (
        Contract(2, 0),
        Contract(1, 1),
        Contract(0, 2),
        Contract(3, 0),
        Contract(2, 1),
        Contract(1, 2, all_cards=True),
    )
    assert make_rules("liverpool").contract(6).all_cards
    assert not make_rules("liverpool").contract(5).all_cards


def test_seven_round_game_is_expressible() -> None:
    seven = [c.to_dict() for c in PRESETS["liverpool"].contracts]
    seven[5]["all_cards"] = False
    seven.append({"sets": 0, "runs": 3, "all_cards": True})
    rules = make_rules("liverpool", {"contracts": seven})
    assert len(rules.contracts) == 7
    assert rules.contract(7) == Contract(0, 3, all_cards=True)
    assert rules.to_dict()["contracts"][6] == {"sets": 0, "runs": 3, "all_cards": True}


@pytest.mark.parametrize("bad_round", [None, 0, 7])
def test_contract_round_out_of_range(bad_round: int | None) -> None:
    with pytest.raises(GoalError) as err:
        make_rules("liverpool").contract(bad_round)
    assert err.value.field == "round"


def test_valid_overrides_apply() -> None:
    rules = make_rules("israeli", {"jokers": 2, "decks": 1, "ace": "low", "run_min": 4})
    assert (rules.jokers, rules.decks, rules.ace, rules.run_min) == (2, 1, "low", 4)
    assert PRESETS["israeli"].jokers == 0  # the preset itself is untouched
    wild = make_rules("gin", {"wild_ranks": ["2", "k"]})
    assert wild.wild_ranks == (2, 13)
    values = make_rules("gin", {"card_values": {"10": 7, "joker": 30}})
    assert values.card_values["T"] == 7
    assert values.card_values["JK"] == 30


@pytest.mark.parametrize(
    ("variant", "overrides", "field"),
    [
        ("israeli", {"run_min": 15}, "run_min"),
        ("gin", {"run_min": 14}, "run_min"),  # ace low: 13 positions
        ("liverpool", {"decks": -1}, "decks"),
        ("liverpool", {"decks": 0}, "decks"),
        ("rummy40", {"jokers": -2}, "jokers"),
        ("rummy40", {"max_wilds_per_meld": -1}, "max_wilds_per_meld"),
        ("liverpool", {"set_min_naturals": -1}, "set_min_naturals"),
        ("liverpool", {"house_bonus": 3}, "house_bonus"),
        ("liverpool", {"ace": "middle"}, "ace"),
        ("liverpool", {"ace": 1}, "ace"),
        ("liverpool", {"set_min": 5, "set_max": 6}, "set_min"),  # distinct suits: 4 at most
        ("gin", {"set_min": 4, "set_max": 3}, "set_max"),
        ("liverpool", {"run_min": "four"}, "run_min"),
        ("liverpool", {"wild_ranks": ["Z"]}, "wild_ranks[0]"),
        ("liverpool", {"card_values": {"A": -5}}, "card_values.A"),
        ("liverpool", {"contracts": [{"sets": 0, "runs": 0}]}, "contracts[0]"),
        ("liverpool", {"contracts": [{"sets": -1, "runs": 1}]}, "contracts[0].sets"),
        ("liverpool", {"require_run": "yes"}, "require_run"),
    ],
)
def test_impossible_overrides_name_the_field(
    variant: str, overrides: dict[str, Any], field: str
) -> None:
    with pytest.raises(RulesError) as err:
        make_rules(variant, overrides)
    assert err.value.field == field
    assert field in str(err.value)


def test_unknown_variant_is_rejected() -> None:
    with pytest.raises(RulesError) as err:
        make_rules("canasta")
    assert err.value.field == "variant"


def test_to_dict_round_trips_through_overrides() -> None:
    for variant, rules in PRESETS.items():
        data = rules.to_dict()
        data.pop("variant")
        assert make_rules(variant, data) == rules
