"""The solver against two independent libraries, on identical hands: full agreement.

- OpenSpiel's gin rummy utilities (`min_deadwood`) against the `gin` preset's least
  deadwood, on 10-card hands and, after the best discard, on 11-card hands.
- rummikub-solver's tile-count mode (empty table) against the `rummikub` preset with
  every tile worth 1, so least deadwood == most tiles placed.
- rummikub-solver on table-and-rack positions (random deals played forward a few turns,
  tests/rummikub_peer.py) against the goal `place`: the tiles laid (tile count), the
  points laid (total value), and whether an initial meld exists.

rummikub-solver never places a joker in a 4-tile group or at either end of a run of 4
or more (it lists only those melds; see `_combine_with_jokers` in its `_ruleset.py`).
Those melds are legal Rummikub, so on racks with a joker it may place fewer tiles than
the rules allow: there the test requires our count to be at least its count and at most
its count plus the jokers held; full agreement is required on joker-free racks. On
table-and-rack positions every difference must come with a play of ours that holds a
meld beyond those limits (`beyond_its_limits`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from reference import reference

from solver.cards import ALL_CARDS, JOKER, RANKS, Card, parse_cards
from solver.rules import PRESETS, make_rules
from solver.solve import solve

pyspiel = pytest.importorskip("pyspiel")
rummikub_solver = pytest.importorskip("rummikub_solver")
from rummikub_peer import (  # noqa: E402  (after the skip: it imports rummikub_solver)
    _COLOURS,
    RULESET,
    Position,
    beyond_its_limits,
    ours,
    positions,
    theirs,
    tile_of,
    value_of,
)

from solver.place import place  # noqa: E402

GIN = PRESETS["gin"]
# the rummikub preset with every tile worth 1: the least deadwood is the most tiles melded
RUMMIKUB = make_rules("rummikub", {"card_values": dict.fromkeys((*RANKS, "JK"), 1)})

# -- OpenSpiel gin ------------------------------------------------------------------------

UTILS = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)  # ranks, suits, hand size


def to_openspiel(cards: Sequence[Card]) -> list[int]:
    """OpenSpiel's card ints (suits s c d h, ranks A..K) via its own string parser."""
    return list(UTILS.card_strings_to_card_ints([str(c)[0] + str(c)[1].lower() for c in cards]))


def test_openspiel_card_mapping() -> None:
    """Hand-made hands: OpenSpiel reads our cards as the same cards."""
    for card in ALL_CARDS:
        (i,) = to_openspiel([card])
        assert UTILS.card_string(i).upper() == str(card)
        assert UTILS.card_value(i) == GIN.value(card)
    assert UTILS.min_deadwood(to_openspiel(parse_cards("AS 2S 3S 7H 7D 7C TC JC QC 5D"))) == 5
    # mixed suits meld nothing: 1+2+3+7+7+8+10+10+10+5
    assert UTILS.min_deadwood(to_openspiel(parse_cards("AS 2H 3S 7H 7D 8C TC JS QC 5D"))) == 63
    # 11 cards: OpenSpiel leaves out the best discard (the KH)
    assert UTILS.min_deadwood(to_openspiel(parse_cards("AS 2S 3S 7H 7D 7C TC JC QC 5D KH"))) == 5


def random_hands(seed: int, count: int, size: int) -> list[list[Card]]:
    """Half dealt from the whole deck, half from a window of 6 ranks (rich in melds)."""
    rng = random.Random(seed)
    hands = []
    for i in range(count):
        low = rng.randint(1, 8)
        pool = ALL_CARDS if i % 2 else [c for c in ALL_CARDS if low <= c.rank < low + 6]
        hands.append(rng.sample(pool, size))
    return hands


def test_openspiel_agrees_with_reference_on_some_hands() -> None:
    """The harness itself: OpenSpiel and the exhaustive reference agree on gin hands."""
    for hand in random_hands(7, 40, 10):
        assert UTILS.min_deadwood(to_openspiel(hand)) == reference(hand, GIN).deadwood_points


def test_gin_least_deadwood_equals_openspiel_10_cards() -> None:
    disagree = []
    hands = random_hands(2024, 3000, 10)
    for hand in hands:
        ours = solve(hand, GIN, "deadwood").deadwood_points
        theirs = UTILS.min_deadwood(to_openspiel(hand))
        if ours != theirs:
            disagree.append((" ".join(map(str, hand)), ours, theirs))
    assert not disagree, f"{len(disagree)}/{len(hands)} disagree, e.g. {disagree[:5]}"


def openspiel_best_discard(hand: Sequence[Card]) -> int:
    """OpenSpiel's exact 10-card figure, minimised over the 11 possible discards."""
    ints = to_openspiel(hand)
    return min(int(UTILS.min_deadwood(ints[:i] + ints[i + 1 :])) for i in range(len(ints)))


def test_gin_best_discard_equals_openspiel_11_cards() -> None:
    """11 cards: least deadwood after the best discard equals OpenSpiel's, discard by discard.

    OpenSpiel's own 11-card `min_deadwood` melds all 11 cards first and then drops the
    highest deadwood card, which is not always the best discard (see the next test), so
    it is only an upper bound; the exact figure is the least 10-card `min_deadwood`.
    """
    disagree = []
    hands = random_hands(2025, 1000, 11)
    for hand in hands:
        sol = solve(hand, GIN, "deadwood", discard=True)
        theirs = openspiel_best_discard(hand)
        if sol.deadwood_points != theirs or sol.discard is None:
            disagree.append((" ".join(map(str, hand)), sol.deadwood_points, theirs))
        assert sol.deadwood_points <= UTILS.min_deadwood(to_openspiel(hand))
    assert not disagree, f"{len(disagree)}/{len(hands)} disagree, e.g. {disagree[:5]}"


def test_openspiel_11_card_shortcut_misses_the_best_discard() -> None:
    """7 7 7 / 8 8 / 9 9 9 / Q Q Q: OpenSpiel's 11-card shortcut keeps the sets (8 left);
    discarding 9D instead gives 7-8-9 runs in spades and clubs, Q Q Q, and 7H: 7."""
    hand = parse_cards("7S 9S 7C 7H QH 8S 8C 9D QD 9C QS")
    assert UTILS.min_deadwood(to_openspiel(hand)) == 8
    assert openspiel_best_discard(hand) == 7
    assert reference(hand, GIN, discard=True).deadwood_points == 7
    sol = solve(hand, GIN, "deadwood", discard=True)
    assert (sol.deadwood_points, sol.discard) == (7, parse_cards("9D")[0])


# -- rummikub-solver ----------------------------------------------------------------------


def tiles_placed(rack: Sequence[Card]) -> int:
    state = RULESET.new_game()
    state.add_rack(*(tile_of(c) for c in rack))
    found = RULESET.solve(state, rummikub_solver.SolverMode.TILE_COUNT)
    return 0 if found is None else len(found.tiles)


def cards_melded(rack: Sequence[Card]) -> int:
    return len(rack) - len(solve(rack, RUMMIKUB, "deadwood").deadwood)


def random_racks(seed: int, count: int, *, jokers: bool) -> list[list[Card]]:
    """Half dealt from the whole pool, half from a window of 7 numbers (rich in melds)."""
    full = [c for c in ALL_CARDS for _ in range(2)] + ([JOKER] * 2 if jokers else [])
    rng = random.Random(seed)
    racks: list[list[Card]] = []
    while len(racks) < count:
        low = rng.randint(1, 7)
        window = [c for c in full if c.is_joker or low <= c.rank < low + 7]
        rack = rng.sample(full if len(racks) % 2 else window, 14)
        if not jokers or JOKER in rack:
            racks.append(rack)
    return racks


def test_rummikub_tile_mapping() -> None:
    """Hand-made racks: rummikub-solver reads our cards as the same tiles."""
    for card in ALL_CARDS:
        tile = RULESET.tiles[tile_of(card) - 1]
        assert (tile.value, tile.colour.name) == (card.rank, _COLOURS[card.suit])
    assert tiles_placed(parse_cards("5S 6S 7S 8S 9S KH")) == 5
    assert tiles_placed(parse_cards("5S 5H 5D 5C 9S")) == 4
    assert tiles_placed(parse_cards("QS KS AS")) == 0  # no wrap: the ace is only 1
    assert tiles_placed(parse_cards("AS 2S 3S 5H JK")) == 3
    # its joker restriction (see the module docstring): a legal 4-run it does not place
    assert tiles_placed(parse_cards("5S 6S 7S JK")) == 3
    assert cards_melded(parse_cards("5S 6S 7S JK")) == 4


def test_rummikub_agrees_with_reference_on_some_racks() -> None:
    """The harness itself, on joker-free racks small enough for the exhaustive reference."""
    rng = random.Random(11)
    pool = [c for c in ALL_CARDS if c.rank <= 6 for _ in range(2)]
    for _ in range(25):
        rack = rng.sample(pool, 10)
        ref = reference(rack, RUMMIKUB)
        assert tiles_placed(rack) == len(rack) - ref.deadwood_cards


def test_rummikub_tile_count_equals_cards_melded() -> None:
    disagree = []
    racks = random_racks(4242, 400, jokers=False)
    for rack in racks:
        ours, theirs = cards_melded(rack), tiles_placed(rack)
        if ours != theirs:
            disagree.append((" ".join(map(str, rack)), ours, theirs))
    assert not disagree, f"{len(disagree)}/{len(racks)} disagree, e.g. {disagree[:5]}"


def test_rummikub_with_jokers_within_its_joker_restriction() -> None:
    bad = []
    racks = random_racks(4343, 200, jokers=True)
    for rack in racks:
        ours, theirs = cards_melded(rack), tiles_placed(rack)
        if not theirs <= ours <= theirs + rack.count(JOKER):
            bad.append((" ".join(map(str, rack)), ours, theirs))
    assert not bad, f"{len(bad)}/{len(racks)} outside the bound, e.g. {bad[:5]}"


# -- rummikub-solver on the table and the rack ---------------------------------------------

RUMMIKUB_RULES = PRESETS["rummikub"]
POSITIONS = positions(2026, 90, both_jokers=30)


def _shown(position: Position) -> str:
    table = " | ".join(" ".join(map(str, m)) for m in position.table)
    return f"rack {' '.join(map(str, position.rack))}; table {table}; down {position.down}"


def test_the_positions_hold_both_kinds_and_both_jokers() -> None:
    assert sum(p.down for p in POSITIONS) >= 30
    assert sum(not p.down for p in POSITIONS) >= 10
    assert sum(p.jokers == 2 for p in POSITIONS) >= 30
    assert sum(p.jokers == 2 and p.down and len(p.table) >= 3 for p in POSITIONS) >= 10


def test_the_same_tiles_on_the_table_wherever_its_joker_limits_allow() -> None:
    """Once down: the same number of tiles laid as rummikub-solver's, except where our
    play needs a meld beyond its joker limits, and then ours lays more."""
    differ = []
    for position in (p for p in POSITIONS if p.down):
        mine, its = len(ours(position)), len(theirs(position))
        if mine == its:
            continue
        answer = place(position.rack, position.table, RUMMIKUB_RULES, down=True)
        assert answer.table is not None
        explained = position.jokers and mine > its and any(map(beyond_its_limits, answer.table))
        if not explained:
            differ.append((_shown(position), mine, its))
    assert not differ, f"{len(differ)} unexplained, e.g. {differ[:3]}"


def test_its_total_value_mode_lays_the_most_tiles_not_the_most_points() -> None:
    """rummikub-solver 1.0.0's TOTAL_VALUE objective sums the outer product of the tiles
    laid and the tile values (``cp.sum(tiles[:, None] @ tilevalue[None, :])``), which is
    the tile count times a constant: it answers a play of the most tiles. Ours by value
    lays at least its points everywhere, and more where fewer tiles are worth more."""
    more = 0
    for position in (p for p in POSITIONS if p.down):
        its = theirs(position, "value")
        assert len(its) == len(theirs(position, "tiles")), _shown(position)
        mine = value_of(ours(position, "value"))
        assert mine >= value_of(its), _shown(position)
        more += mine > value_of(its)
    assert more > 0


def test_joker_free_positions_agree_exactly() -> None:
    free = [p for p in POSITIONS if p.down and not p.jokers]
    assert len(free) >= 5
    for position in free:
        assert len(ours(position)) == len(theirs(position)), _shown(position)


def test_an_initial_meld_exists_for_both_or_neither() -> None:
    """Before the initial meld, from the rack alone: a 30-point meld exists for both
    solvers or for neither (a joker counts the tile it stands for in both)."""
    differ = []
    for position in (p for p in POSITIONS if not p.down):
        mine, its = bool(ours(position)), bool(theirs(position))
        if mine != its:
            differ.append((_shown(position), mine, its))
    assert not differ, differ[:3]
