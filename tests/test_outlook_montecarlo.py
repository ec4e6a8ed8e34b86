"""The play-outs in hidden worlds (``advisor.outlook.montecarlo``; docs/advisor.md,
"Effort"): worlds that deal only what the player cannot see, and a decision that leaves
the look-ahead's choice only on a clear gain."""

from __future__ import annotations

from random import Random
from statistics import mean

from advisor.context import Context
from advisor.outlook.masks import MeldMasks, mask_of
from advisor.outlook.montecarlo import (
    HAND_WON,
    Rollouts,
    Scores,
    beats,
    choose,
    sample_worlds,
    strength,
)
from advisor.results import Effort
from advisor.situation import Situation
from solver.cards import parse_cards
from solver.rules import Rules, make_rules

GIN = make_rules("gin")
MASKS = MeldMasks.of(GIN)
assert MASKS is not None


def ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


def live_without(*seen: str) -> list[int]:
    """The live copies of a gin player who has seen ``seen``."""
    return Situation(GIN, tuple(parse_cards(" ".join(seen)))).live_counts()


def test_a_world_deals_the_unseen_cards_between_the_next_player_and_the_stock() -> None:
    hand, pile, taken = "AS 2S 3S 7H 7D 7C JD QD 5C 9H", "4D 8C KD", "QH QC"
    live = live_without(hand, pile, taken)
    unseen = mask_of([c for c, n in enumerate(live) if n])
    for w in sample_worlds(MASKS, live, ids(taken), 10, 3, 16, seed=1):
        stock = mask_of(w.stock)
        assert w.their_hand.bit_count() == 10 and len(w.stock) == 52 - 10 - 3 - 10
        assert w.their_hand & mask_of(ids(taken)) == mask_of(ids(taken))  # it holds them
        assert w.their_hand & stock == 0
        assert w.their_hand | stock == unseen | mask_of(ids(taken))
        assert (w.their_hand | stock) & mask_of(ids(hand + " " + pile)) == 0


def test_the_same_seed_deals_the_same_worlds() -> None:
    live = live_without("AS 2S 3S 7H 7D 7C JD QD 5C 9H", "4D")
    first = sample_worlds(MASKS, live, [], 10, 1, 8, seed=7)
    assert first == sample_worlds(MASKS, live, [], 10, 1, 8, seed=7)
    assert first != sample_worlds(MASKS, live, [], 10, 1, 8, seed=8)


def test_the_longer_the_pile_the_better_the_hand_the_next_player_is_given() -> None:
    # it has kept the best of what it saw: late in the hand its deadwood is lower
    live = live_without("AS 2S 3S 7H 7D 7C JD QD 5C 9H")
    assert strength(0) == strength(1) == 1 and strength(2) == 2 and strength(20) == 38

    def dead(pile: int) -> float:
        found = sample_worlds(MASKS, live, [], 10, pile, 64, seed=3)
        return mean(MASKS.least(w.their_hand) for w in found)

    assert dead(20) < dead(6) < dead(0)


def test_the_cards_the_next_player_took_meld_in_its_hand() -> None:
    # it took QH and QC from the pile for a meld: a world gives it a hand where they meld
    # (QS, or a run through JH-KH or JC-KC) far more often than a uniform hand would
    hand, taken = "AS 2S 3S 7H 7D 7C JD QD 5C 9H", "QH QC"
    live = live_without(hand, taken)
    took = ids(taken)

    def stray(their_hand: int) -> bool:
        dead = MASKS.least(their_hand)
        return any(MASKS.least(their_hand & ~(1 << c)) + MASKS.value[c] == dead for c in took)

    pool = [c for c, n in enumerate(live) if n]
    uniform = [mask_of(took + Random(i).sample(pool, 8)) for i in range(256)]
    worlds = sample_worlds(MASKS, live, took, 10, 0, 256, seed=5)
    assert mean(map(stray, uniform)) > 0.7  # about 6 in 7: both must meld
    assert mean(stray(w.their_hand) for w in worlds) < 0.4  # 8 tries a world


def test_the_next_player_holds_no_meld_for_a_card_it_refused() -> None:
    # it threw 8H or let it pass: a world seldom gives it 8S 8D or 7H 9H, where a uniform
    # hand often would
    hand, refused = "AS 2S 3S 7D 7C JD QD 5C 9C KS", ids("8H")
    live = live_without(hand, "8H")

    def wants(their_hand: int) -> bool:  # 8H would not be deadwood in it
        card = refused[0]
        return MASKS.least(their_hand | 1 << card) < MASKS.least(their_hand) + MASKS.value[card]

    plain = sample_worlds(MASKS, live, [], 10, 6, 256, seed=5)
    worlds = sample_worlds(MASKS, live, [], 10, 6, 256, seed=5, refused=refused)
    assert mean(wants(w.their_hand) for w in plain) > 0.2
    assert mean(wants(w.their_hand) for w in worlds) < 0.02


def test_the_pile_says_what_the_next_player_refused_only_heads_up() -> None:
    # at a table of more, a card under the top may never have been offered to it
    hand, pile = "AS 2S 3S 7D 7C JD QD 5C 9C KS", "4D 8H"
    pairs = [p for c in ids("4D 8H") for p in MASKS.partners[c]]

    def fed(rules: Rules) -> float:
        sit = Situation(rules, tuple(parse_cards(hand)), discard_pile=tuple(parse_cards(pile)))
        rollouts = Rollouts.of(Context(sit, effort=Effort.STANDARD), "discard")
        assert rollouts is not None
        return mean(any(w.their_hand & p == p for p in pairs) for w in rollouts.worlds)

    assert fed(GIN) == 0.0
    assert fed(make_rules("gin", {"max_players": 4})) > 0.2


def test_what_the_next_player_refused_does_not_make_it_weaker() -> None:
    # the least deadwood of as many hands as before, all of them fitting its moves: a
    # filter after the draws would leave it 4-5 points of deadwood weaker here
    hand, pile = "AS 2D 9D 6D 5C 8S QS 3H 8H JS 4S", "6C KD 7C JH 7H TD 5S 7D 3C KC 9C 8C"
    live = live_without(hand, pile)

    def dead(refused: list[int]) -> float:
        found = sample_worlds(MASKS, live, [], 10, 12, 512, seed=9, refused=refused)
        return mean(MASKS.least(w.their_hand) for w in found)

    assert abs(dead(ids("3C KC 9C 8C")) - dead([])) < 1.5


def _splitmix(state: list[int]) -> int:
    state[0] = (state[0] + 0x9E3779B97F4A7C15) % 2**64
    z = state[0]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return z ^ (z >> 31)


def best_of_reference(
    pool: list[int],
    known: int,
    hidden: int,
    draws: int,
    most: int,
    taken: list[int],
    refused: list[int],
    seed: int,
) -> int:
    """The world's hand as montecarlo's docstring states it: the least deadwood of the
    first ``draws`` uniform hands (partial Fisher-Yates over ``pool``, splitmix64 from
    ``seed``) in which every taken card melds and no refused card makes a meld with two
    of its cards, at most ``most`` drawn; one that does not fit only when none does."""
    p, state = list(pool), [seed]
    best: tuple[bool, int, int] | None = None
    tries = fits = 0
    while fits < draws and tries < most:
        tries += 1
        hand = known
        for i in range(hidden):
            j = i + _splitmix(state) % (len(p) - i)
            p[i], p[j] = p[j], p[i]
            hand |= 1 << p[i]
        dead = MASKS.least(hand)
        stray = any(MASKS.least(hand & ~(1 << c)) + MASKS.value[c] == dead for c in taken)
        stray = stray or any(hand & pair == pair for c in refused for pair in MASKS.partners[c])
        fits += not stray
        if best is None or (stray, dead) < best[:2]:
            best = (stray, dead, hand)
    assert best is not None
    return best[2]


def test_the_compiled_world_hand_is_the_least_deadwood_of_its_draws() -> None:
    hand, taken = "AS 2S 3S 7H 7D 7C JD QD 5C 9H", "QH QC"
    took = ids(taken)
    live = live_without(hand, taken)
    pool = [c for c, n in enumerate(live) if n]
    refused = ids("8H 4C 9S")
    cases = (
        (1, 8, [], []),
        (12, 96, [], refused),
        (6, 48, took, []),
        (30, 240, took[:1], refused[:1]),
        (6, 48, took, refused),
    )
    for seed in range(40):
        for draws, most, tk, rf in cases:
            known = mask_of(tk)
            hidden = 10 - len(tk)
            pairs = [pair for c in rf for pair in MASKS.partners[c]]
            got = MASKS.best_of(pool, known, hidden, draws, most, tk, pairs, seed)
            assert got == best_of_reference(pool, known, hidden, draws, most, tk, rf, seed)


def test_a_gain_within_the_noise_does_not_leave_the_incumbent() -> None:
    incumbent = Scores(tuple(10 * (i % 3) - 10 for i in range(64)))
    # one point better on average, with swings of 20 either way: not clear
    noisy = Scores(tuple(p + (21 if i % 2 else -19) for i, p in enumerate(incumbent.points)))
    assert noisy.mean > incumbent.mean
    assert not beats(noisy, incumbent)
    assert choose([incumbent, noisy]) == 0


def test_a_gain_of_more_than_one_standard_error_leaves_the_incumbent() -> None:
    # hands won in every world either way; the paired differences swing 20 either way
    # over 64 worlds: a standard error of 2.5 points
    incumbent = Scores(tuple(50 + 10 * (i % 3) for i in range(64)))

    def ahead_by(gain: int) -> Scores:
        swings = (20 if i % 2 else -20 for i in range(64))
        return Scores(tuple(p + gain + d for p, d in zip(incumbent.points, swings, strict=True)))

    assert beats(ahead_by(3), incumbent)
    assert not beats(ahead_by(2), incumbent)


def test_a_clear_gain_leaves_the_incumbent_for_the_best_that_beats_it() -> None:
    incumbent = Scores(tuple(10 * (i % 3) - 10 for i in range(64)))
    better = Scores(tuple(p + 3 + (i % 2) for i, p in enumerate(incumbent.points)))
    best = Scores(tuple(p + 5 + (i % 2) for i, p in enumerate(incumbent.points)))
    worse = Scores(tuple(p - 5 for p in incumbent.points))
    assert beats(better, incumbent) and beats(best, incumbent)
    assert choose([incumbent, better, worse, best]) == 3
    assert choose([incumbent, worse]) == 0


def test_scores_state_the_share_won_and_the_mean_points() -> None:
    p = Scores((12, -30, 0, 25)).playouts()
    assert (p.worlds, p.win_chance, p.expected_points) == (4, 0.5, 1.75)


def test_a_hand_won_counts_beside_its_points() -> None:
    # a coin flip between winning 30 and losing 1 makes more points on average than
    # winning 1 for sure, but loses half the hands
    flip = Scores(tuple(30 if i % 2 else -1 for i in range(64)))
    sure = Scores(tuple(1 for _ in range(64)))
    assert flip.mean > sure.mean
    assert flip.worth[:2] == (-1 - HAND_WON, 30 + HAND_WON)
    assert beats(sure, flip) and not beats(flip, sure)
    assert choose([flip, sure]) == 1


def test_a_summary_states_the_hands_won_and_the_points() -> None:
    assert Scores((12, -30, 0, 25)).summary() == "wins 50% of hands and +1.8 points on average"
