"""Rule sets and hands of the solver's reference tests, shared with the tests of the
deadwood search and of the advice context: hands drawn from a narrow window of ranks in two
or three suits, plus wild cards and a little noise, so that most hold competing melds."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from solver.cards import ALL_CARDS, JOKER, Card, rank_at
from solver.rules import PRESETS, Rules, make_rules

SETTINGS = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# -- rule sets under test ------------------------------------------------------------

LIVERPOOL = PRESETS["liverpool"]
RUMMY40 = PRESETS["rummy40"]
ISRAELI = PRESETS["israeli"]
ISRAELI_J2 = make_rules("israeli", {"jokers": 2})
GIN = PRESETS["gin"]
LIVERPOOL_3D = make_rules("liverpool", {"decks": 3})

DEADWOOD_RULES = {
    "liverpool": LIVERPOOL,
    "liverpool-3decks": LIVERPOOL_3D,
    "rummy40": RUMMY40,
    "israeli": ISRAELI,
    "israeli-jokers2": ISRAELI_J2,
    "gin": GIN,
}


# -- hands -----------------------------------------------------------------------------


def physical_pack(rules: Rules) -> list[Card]:
    """Every physical card of the pack, copies included."""
    return [c for c in ALL_CARDS for _ in range(rules.decks)] + [JOKER] * rules.jokers


@st.composite
def hands(draw: st.DrawFn, rules: Rules, min_size: int = 6, max_size: int = 11) -> list[Card]:
    """A hand biased toward melds: a rank window in 2-3 suits, wild cards, some noise."""
    pack = physical_pack(rules)
    low = draw(st.integers(1, 13))
    width = draw(st.integers(3, 6))
    positions = {(low + i - 1) % 13 + 1 for i in range(width)}  # wraps past K to A
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=3, unique=True))
    window = [
        i
        for i, c in enumerate(pack)
        if (not c.is_joker and c.rank in positions and c.suit in suits) or rules.is_wild(c)
    ]
    size = draw(st.integers(min_size, max_size))
    take = min(size - draw(st.integers(0, 2)), len(window))
    noise = size - take
    picked = draw(st.lists(st.sampled_from(window), min_size=take, max_size=take, unique=True))
    extra = draw(
        st.lists(
            st.integers(0, len(pack) - 1).filter(lambda i: i not in picked),
            min_size=noise,
            max_size=noise,
            unique=True,
        )
    )
    return [pack[i] for i in [*picked, *extra]]


@st.composite
def built_hands(
    draw: st.DrawFn,
    rules: Rules,
    min_size: int = 6,
    max_size: int = 11,
    shape: tuple[int, int] | None = None,
) -> list[Card]:
    """A near-complete hand: sets and runs dealt whole (a wild in some), then noise.

    ``shape``: deal exactly that many sets, then runs (a Liverpool contract), at most
    one card longer than their minimum, and up to ``max_size`` cards in all.
    """
    pack = physical_pack(rules)
    wilds = [c for c in set(pack) if rules.is_wild(c)]
    size = draw(st.integers(min_size, max_size))
    kinds = [True] * shape[0] + [False] * shape[1] if shape else []
    cards: list[Card] = []
    while len(cards) < size - 1 or kinds:
        is_set = kinds.pop(0) if kinds else draw(st.booleans())
        if is_set:
            rank = draw(st.integers(1, 13))
            n = draw(st.integers(rules.set_min, rules.set_min + 1 if shape else rules.set_limit))
            suits = draw(st.permutations(range(4)))[:n]
            meld = [Card(rank, s) for s in suits]
        else:
            suit = draw(st.integers(0, 3))
            n = draw(st.integers(rules.run_min, rules.run_min + (1 if shape else 2)))
            low = draw(st.integers(rules.min_position, rules.max_position - n + 1))
            meld = [Card(rank_at(p), suit) for p in range(low, low + n)]
        if wilds and draw(st.integers(0, 2)) == 0:
            meld[draw(st.integers(0, len(meld) - 1))] = draw(st.sampled_from(sorted(wilds)))
        cards.extend(meld)
    cards = cards[: max(size, max_size if shape else 0)]
    room = max(size - len(cards), 1) if shape else size - len(cards)
    noise = draw(st.lists(st.sampled_from(pack), max_size=room))
    hand: list[Card] = []
    have: Counter[Card] = Counter(pack)
    for c in [*cards, *noise]:
        if have[c] > 0:  # never more copies than the pack holds
            have[c] -= 1
            hand.append(c)
    return hand


def any_hands(rules: Rules, min_size: int = 6, max_size: int = 11) -> st.SearchStrategy[list[Card]]:
    return st.one_of(hands(rules, min_size, max_size), built_hands(rules, min_size, max_size))


# -- checking one answer ----------------------------------------------------------------
