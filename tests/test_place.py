"""The goal ``place`` (solver/place.py): Rummikub's best play onto a table that may be
rearranged, and before the initial meld the 30-point meld from the rack alone."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from api_support import make_client

from solver.cards import JOKER, Card, parse_cards
from solver.errors import GoalError, RulesError
from solver.legality import check_meld
from solver.melds import Meld
from solver.place import PlaceBy, place
from solver.rules import PRESETS, make_rules
from solver.solution import Solution

RUMMIKUB = PRESETS["rummikub"]


def tiles(text: str) -> list[Card]:
    return parse_cards(text)


def table_of(*melds: str) -> list[list[Card]]:
    return [tiles(m) for m in melds]


def laid(answer: Solution) -> list[str]:
    assert answer.placed is not None
    return sorted(str(p.card) for p in answer.placed)


def shown(melds: tuple[Meld, ...] | None) -> list[str]:
    assert melds is not None
    return sorted(" ".join(str(c) for c in m.cards) for m in melds)


def test_a_group_is_split_to_make_room_for_two_tiles() -> None:
    """R3 R4 R5 R6 on the table, K6 O6 on the rack: only by taking R6 off the run do
    both tiles go down, as a group of sixes."""
    answer = place(tiles("K6 O6"), table_of("R3 R4 R5 R6"), RUMMIKUB, down=True)
    assert answer.feasible and answer.optimal
    assert laid(answer) == ["6D", "6S"]
    assert shown(answer.table) == ["3H 4H 5H", "6S 6H 6D"]
    assert answer.deadwood == ()


def test_the_table_is_extended_and_completed() -> None:
    answer = place(
        tiles("R7 R8 K9 O5"),
        table_of("R4 R5 R6", "K5 R5 B5", "O7 O8 O9"),
        RUMMIKUB,
        down=True,
    )
    assert laid(answer) == ["5D", "7H", "8H"]
    assert [str(c) for c in answer.deadwood] == ["9S"]
    assert answer.deadwood_points == 9
    # the untouched run of orange is not among the melds the play made
    assert "7D 8D 9D" in shown(answer.table)
    assert "7D 8D 9D" not in shown(answer.melds)


def test_a_joker_on_the_table_stays_on_it() -> None:
    """R4 J R6 with R5 on the rack: R5 takes the joker's place and the joker moves to an
    end of the run; it never comes back to the rack."""
    answer = place(tiles("R5"), table_of("R4 J R6"), RUMMIKUB, down=True)
    assert laid(answer) == ["5H"]
    assert answer.table is not None
    assert sum(c.is_joker for m in answer.table for c in m.cards) == 1
    assert JOKER not in answer.deadwood


def test_a_long_run_comes_back_whole() -> None:
    """The model lays runs as pieces of 3 to 5; the answer joins them again."""
    table = table_of("R1 R2 R3 R4 R5 R6 R7 J R9", "K1 K2 K3 K4 K5 K6")
    kept = place(tiles("B13"), table, RUMMIKUB, down=True)
    assert shown(kept.table) == ["AH 2H 3H 4H 5H 6H 7H JK 9H", "AS 2S 3S 4S 5S 6S"]
    assert kept.melds == ()
    longer = place(tiles("K7 K8"), table, RUMMIKUB, down=True)
    assert "AS 2S 3S 4S 5S 6S 7S 8S" in shown(longer.table)


def test_nothing_fits() -> None:
    answer = place(tiles("K1 B9"), table_of("R4 R5 R6"), RUMMIKUB, down=True)
    assert answer.feasible is False and answer.optimal
    assert laid(answer) == []
    assert shown(answer.table) == ["4H 5H 6H"]


def test_the_initial_meld_needs_30_points_from_the_rack_alone() -> None:
    """R10 R11 R12 R13 on the table cannot take the rack's R9 before the initial meld; the
    rack's 9 10 11 of black count 30, its 9 10 of black and a joker too (the joker counts
    the 11 it stands for), 8 9 10 only 27."""
    table = table_of("R10 R11 R12 R13")
    opened = place(tiles("K9 K10 K11 R9"), table, RUMMIKUB, down=False)
    assert opened.feasible and opened.opening == 30
    assert laid(opened) == ["9S", "JS", "TS"]
    assert shown(opened.table) == ["9S TS JS", "TH JH QH KH"]
    with_joker = place(tiles("K9 K10 J"), table, RUMMIKUB, down=False)
    assert with_joker.feasible and with_joker.opening == 30
    short = place(tiles("K8 K9 K10 R9"), table, RUMMIKUB, down=False)
    assert short.feasible is False and short.opening == 0 and laid(short) == []
    # once down, the same rack lays all four tiles
    assert len(laid(place(tiles("K8 K9 K10 R9"), table, RUMMIKUB, down=True))) == 4


def test_by_tiles_or_by_value() -> None:
    """A joker makes either K1 K2 _ K4 (four tiles, 7 points) or R12 R13 _ (three tiles,
    25 points): the most tiles is the first, the most value and the least left the
    second."""
    rack = tiles("J K1 K2 K4 R12 R13")
    most = place(rack, [], RUMMIKUB, down=True, by=PlaceBy.TILES)
    assert laid(most) == ["2S", "4S", "AS", "JK"]
    for by in (PlaceBy.VALUE, PlaceBy.LEFT):
        assert laid(place(rack, [], RUMMIKUB, down=True, by=by)) == ["JK", "KH", "QH"]


def test_an_illegal_table_meld_is_refused_by_index() -> None:
    with pytest.raises(GoalError) as err:
        place(tiles("R7"), table_of("R4 R5 R6", "K1 R2 B3"), RUMMIKUB, down=True)
    assert err.value.field == "table[1]"


def test_place_needs_a_table_that_may_be_rearranged() -> None:
    with pytest.raises(RulesError):
        make_rules("rummikub", {"rearrange_table": False})
    with pytest.raises(GoalError):
        place(tiles("7H"), [], PRESETS["rummy40"], down=True)


def _deal(rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """A table of the melds a few racks could lay, and a fresh rack of 14."""
    pack = [c for c in (*[Card(r, s) for s in range(4) for r in range(1, 14)],) for _ in "ab"]
    pack += [JOKER, JOKER]
    rng.shuffle(pack)
    table: list[list[Card]] = []
    for _ in range(3):
        rack, pack = pack[:14], pack[14:]
        answer = place(rack, table, RUMMIKUB, down=True)
        assert answer.table is not None
        table = [list(m.cards) for m in answer.table]
    return table, pack[:14]


@pytest.mark.parametrize("seed", range(8))
def test_every_play_is_a_legal_table_holding_the_old_one(seed: int) -> None:
    table, rack = _deal(random.Random(seed))
    answer = place(rack, table, RUMMIKUB, down=True)
    assert answer.optimal and answer.table is not None and answer.placed is not None
    for meld in answer.table:
        assert check_meld(meld.cards, RUMMIKUB, ordered=True).legal
    after = Counter(c for m in answer.table for c in m.cards)
    before = Counter(c for m in table for c in m)
    assert after == before + Counter(p.card for p in answer.placed)
    assert Counter(rack) == Counter(answer.deadwood) + Counter(p.card for p in answer.placed)
    for p in answer.placed:
        assert p.card in answer.table[p.meld].cards


def test_the_api_answers_table_and_placed() -> None:
    body = {
        "variant": "rummikub",
        "hand": "K6 O6",
        "table": [{"cards": "R3 R4 R5 R6"}],
        "down": True,
    }
    answer = make_client().post("/v1/solve", json=body).get_json()
    assert answer["goal"] == "place" and answer["feasible"] and answer["cards_needed"] == 0
    assert [m["cards"] for m in answer["table"]] == [["6S", "6H", "6D"], ["3H", "4H", "5H"]]
    assert answer["placed"] == [{"card": "6S", "meld": 0}, {"card": "6D", "meld": 0}]
    assert "opening" not in answer


def test_the_api_before_the_initial_meld_and_by_value() -> None:
    client = make_client()
    body = {"variant": "rummikub", "hand": "K8 K9 K10 R9", "table": [{"cards": "R10 R11 R12"}]}
    answer = client.post("/v1/solve", json=body).get_json()
    assert answer["feasible"] is False and answer["opening"] == 0
    assert answer["cards_needed"] == 1  # one more black tile (a 7 or a jack) opens
    body = {"variant": "rummikub", "hand": "J K1 K2 K4 R12 R13", "down": True, "place_by": "value"}
    answer = client.post("/v1/solve", json=body).get_json()
    assert sorted(p["card"] for p in answer["placed"]) == ["JK", "KH", "QH"]


def test_without_an_opening_minimum_the_first_play_is_still_from_the_rack_alone() -> None:
    rules = make_rules("rummikub", {"opening_min": None})
    answer = place(tiles("K6 O6 K1 K2 K3"), table_of("R3 R4 R5 R6"), rules, down=False)
    assert laid(answer) == ["2S", "3S", "AS"]
    assert shown(answer.table) == ["3H 4H 5H 6H", "AS 2S 3S"]


def _measure(answer: Solution, by: PlaceBy) -> tuple[int, int]:
    """What ``by`` maximises, then its tie-break (solver/place.py, PlaceBy)."""
    assert answer.placed is not None
    count = len(answer.placed)
    worth = sum(RUMMIKUB.value(p.card) for p in answer.placed if not p.card.is_joker)
    if by is PlaceBy.TILES:
        return count, -answer.deadwood_points
    return (worth, count) if by is PlaceBy.VALUE else (-answer.deadwood_points, count)


@pytest.mark.parametrize("seed", range(12))
def test_the_dynamic_program_lays_what_the_cp_sat_model_lays(seed: int) -> None:
    """Under the Rummikub rules the dynamic program answers; the CP-SAT model (``model``)
    is the reference: the same measure on every objective, before and after the opening."""
    table, rack = _deal(random.Random(100 + seed))
    for down in (True, False):
        for by in PlaceBy:
            fast = place(rack, table, RUMMIKUB, down=down, by=by)
            exact = place(rack, table, RUMMIKUB, down=down, by=by, model=True)
            assert fast.optimal and exact.optimal
            assert fast.feasible == exact.feasible
            assert _measure(fast, by) == _measure(exact, by)
            assert fast.table is not None
            for meld in fast.table:
                assert check_meld(meld.cards, RUMMIKUB, ordered=True).legal
            if not down and fast.feasible:
                assert fast.opening is not None and fast.opening >= 30


def _crowded(rng: random.Random) -> list[Card]:
    """Long stretches of one or two colours, often both copies, and the jokers: where runs
    crowd one colour (the dynamic program keeps two runs in progress per colour)."""
    rack: list[Card] = []
    for suit in rng.sample(range(4), rng.choice([1, 1, 2, 4])):
        low = rng.randint(1, 9)
        for number in range(low, min(13, low + rng.randint(3, 8)) + 1):
            rack += [Card(number, suit)] * rng.choice([0, 1, 1, 2, 2, 2])
    return rack + [JOKER] * rng.choice([1, 2, 2])


@pytest.mark.parametrize("seed", range(40))
def test_the_dynamic_program_agrees_where_runs_crowd_a_colour(seed: int) -> None:
    rng = random.Random(seed)
    rack, by, down = _crowded(rng), rng.choice(list(PlaceBy)), rng.random() < 0.6
    fast = place(rack, [], RUMMIKUB, down=down, by=by)
    exact = place(rack, [], RUMMIKUB, down=down, by=by, model=True)
    assert exact.optimal and fast.feasible == exact.feasible
    assert _measure(fast, by) == _measure(exact, by)
