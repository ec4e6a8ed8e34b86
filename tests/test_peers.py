"""The solver against two independent libraries, on identical hands: full agreement.

- OpenSpiel's gin rummy utilities (`min_deadwood`) against the `gin` preset's least
  deadwood, on 10-card hands and, after the best discard, on 11-card hands.
- rummikub-solver's tile-count mode (empty table) against a Rummikub-equivalent rule
  set: two decks of 1..13 in four colours, sets of 3-4 distinct colours, runs of 3+,
  no wrap (ace low), every tile worth 1, so least deadwood == most tiles placed.

rummikub-solver never places a joker in a 4-tile group or at either end of a run of 4
or more (it lists only those melds; see `_combine_with_jokers` in its `_ruleset.py`).
Those melds are legal Rummikub, so on racks with a joker it may place fewer tiles than
the rules allow: there the test requires our count to be at least its count and at most
its count plus the jokers held; full agreement is required on joker-free racks.
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

RULESET = rummikub_solver.RuleSet()  # Sabra rules: 13 numbers, 4 colours, 2 repeats, 2 jokers
JOKER_TILE = RULESET.tiles[-1]


def tile_of(card: Card) -> int:
    """Colour i (0..3) and number v are tile i*13+v in rummikub-solver; the joker is 53."""
    return int(JOKER_TILE) if card.is_joker else card.suit * 13 + card.rank


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
        assert (tile.value, list(rummikub_solver.Colour).index(tile.colour)) == (
            card.rank,
            card.suit,
        )
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
