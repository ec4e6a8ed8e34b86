"""Meld legality: read a group of cards as a set or a run under the rules, naming every fault.

Reading choices (when several legal readings exist):

- a card of a wild rank plays as itself whenever that is legal (more naturals win);
- a set is preferred over a run only when the naturals share a rank (a legal set
  and a legal run at once happen only with one natural card, e.g. ``7H JK JK``);
- a run puts surplus wilds at its high end (``5H 6H 7H JK`` is 5-8), unless the
  ace rule forbids it, in which case they go below (``QH KH AH JK`` is J-A).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from solver.cards import Card, sort_cards
from solver.errors import TableMeldError
from solver.melds import Meld, make_run, make_set
from solver.rules import Rules

# Codes that tell the kind of a meld: reported together when the kind cannot be told.
_KIND_CODES = ("mixed_ranks", "mixed_suits")


@dataclass(frozen=True)
class Violation:
    """One broken rule. ``meld`` indexes the proposed melds, ``card`` names the card at fault."""

    code: str
    message: str
    meld: int | None = None
    card: str | None = None


@dataclass(frozen=True)
class MeldCheck:
    """The verdict on one group of cards: the meld as read when legal, else every violation.

    ``kind`` is the kind as read (``set``/``run``), or ``unknown`` when the natural
    cards share neither a rank nor a suit.
    """

    meld: Meld | None
    violations: tuple[Violation, ...]
    kind: str = "unknown"

    @property
    def legal(self) -> bool:
        return self.meld is not None and not self.violations


@dataclass(frozen=True)
class _Reading:
    kind: str
    meld: Meld | None
    violations: tuple[Violation, ...]
    naturals: int
    trailing: int = 0  # wilds above the highest natural of a run: more is preferred

    @property
    def legal(self) -> bool:
        return self.meld is not None and not self.violations


def _names(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


# -- shared checks -----------------------------------------------------------------


def _count_checks(kind: str, n: int, naturals: int, wilds: int, rules: Rules) -> list[Violation]:
    """Size, natural-minimum and wild-limit faults common to both readings."""
    out: list[Violation] = []
    if kind == "set":
        lo, hi, nat_min = rules.set_min, rules.set_limit, rules.set_min_naturals
        if n > hi:
            out.append(Violation("meld_too_long", f"a set holds at most {hi} cards, not {n}"))
    else:
        lo, nat_min = rules.run_min, rules.run_min_naturals
        positions = rules.max_position - rules.min_position + 1
        if n > positions:
            out.append(
                Violation(
                    "meld_too_long",
                    f"a run with ace '{rules.ace}' spans at most {positions} cards, not {n}",
                )
            )
    if n < lo:
        out.append(Violation("meld_too_short", f"a {kind} needs at least {lo} cards, not {n}"))
    # A meld of wild cards only is never legal, whatever the minimum says.
    if naturals < max(nat_min, 1):
        out.append(
            Violation(
                "too_few_naturals",
                f"a {kind} needs at least {max(nat_min, 1)} natural cards, not {naturals}",
            )
        )
    limit = rules.max_wilds_per_meld
    if limit is not None and wilds > limit:
        out.append(
            Violation("too_many_wilds", f"a meld holds at most {limit} wild card(s), not {wilds}")
        )
    return out


def _mixed_suits(naturals: Sequence[Card]) -> Violation | None:
    suits = {c.suit for c in naturals}
    if len(suits) <= 1:
        return None
    odd = next(c for c in naturals if c.suit != naturals[0].suit)
    return Violation(
        "mixed_suits", f"a run's natural cards must share a suit: {_names(naturals)}", card=str(odd)
    )


# -- sets --------------------------------------------------------------------------


def _set_reading(naturals: Sequence[Card], wilds: Sequence[Card], rules: Rules) -> _Reading:
    n = len(naturals) + len(wilds)
    out = _count_checks("set", n, len(naturals), len(wilds), rules)
    ranks = Counter(c.rank for c in naturals)
    if len(ranks) > 1:
        rank = ranks.most_common(1)[0][0]
        odd = next(c for c in naturals if c.rank != rank)
        out.append(
            Violation(
                "mixed_ranks",
                f"a set's natural cards must share a rank: {_names(naturals)}",
                card=str(odd),
            )
        )
    if rules.set_distinct_suits:
        seen: set[tuple[int, int]] = set()
        for c in naturals:
            key = (c.rank, c.suit)
            if key in seen:
                out.append(
                    Violation(
                        "duplicate_suit",
                        f"a set holds one natural card per suit; {c} is there twice",
                        card=str(c),
                    )
                )
            seen.add(key)
    meld = None
    if not out:
        meld = make_set(naturals[0].rank, naturals, sort_cards(wilds))
    return _Reading("set", meld, tuple(out), len(naturals))


# -- runs --------------------------------------------------------------------------


def _cyclic_fit(naturals: Sequence[Card], length: int) -> bool:
    """Could the naturals stand in ``length`` consecutive places if ranks wrapped K-A-2?"""
    residues = sorted({c.rank - 1 for c in naturals})
    if len(residues) != len(naturals):
        return False
    if len(residues) <= 1:
        return True
    gaps = [(residues[(i + 1) % len(residues)] - r) % 13 for i, r in enumerate(residues)]
    return 13 - max(gaps) + 1 <= min(length, 13)


def _place(naturals: Sequence[Card], low: int, high: int) -> dict[int, Card] | None:
    """Positions low..high for the naturals (aces at 1 or 14 only), or None if they do not fit."""
    placed: dict[int, Card] = {}
    aces = []
    for c in naturals:
        if c.rank == 1:
            aces.append(c)
            continue
        if not low <= c.rank <= high or c.rank in placed:
            return None
        placed[c.rank] = c
    ace_spots = [p for p in (1, 14) if low <= p <= high]
    if len(aces) > len(ace_spots):
        return None
    # With one ace and both ends open (a 14-card run), the ace takes 1; the other end is a wild.
    for spot, ace in zip(ace_spots, aces, strict=False):
        placed[spot] = ace
    return placed


def _position_fault(naturals: Sequence[Card], n: int, rules: Rules) -> Violation:
    # The allowed positions hold every window that does not pass the ace where the rule
    # forbids it, so cards that would fit with ranks wrapping fail only because of the ace.
    if _cyclic_fit(naturals, n):
        return Violation(
            "ace_misplaced",
            f"with ace '{rules.ace}' these cards need an ace where it may not stand"
            f" (or a wrap K-A-2): {_names(naturals)}",
        )
    return Violation(
        "not_consecutive",
        f"a run's cards must stand in consecutive positions: {_names(naturals)}",
    )


def _run_unordered(naturals: Sequence[Card], wilds: Sequence[Card], rules: Rules) -> _Reading:
    n = len(naturals) + len(wilds)
    out = _count_checks("run", n, len(naturals), len(wilds), rules)
    mixed = _mixed_suits(naturals)
    if mixed:
        out.append(mixed)
    lo_pos, hi_pos = rules.min_position, rules.max_position
    length = min(n, hi_pos - lo_pos + 1)
    best: tuple[int, int, dict[int, Card]] | None = None
    for low in range(lo_pos, hi_pos - length + 2):
        placed = _place(naturals, low, low + length - 1)
        if placed is None:
            continue
        trailing = low + length - 1 - max(placed, default=low)
        if best is None or trailing > best[0]:
            best = (trailing, low, placed)
    if best is None:
        out.append(_position_fault(naturals, n, rules))
        return _Reading("run", None, tuple(out), len(naturals))
    trailing, low, placed = best
    meld = None
    if not out:
        spare = iter(sort_cards(wilds))
        slots = [placed.get(p) or next(spare) for p in range(low, low + n)]
        meld = make_run(naturals[0].suit, low, slots)
    return _Reading("run", meld, tuple(out), len(naturals), trailing)


def _run_ordered(cards: Sequence[Card], natural: Sequence[bool], rules: Rules) -> _Reading:
    n = len(cards)
    naturals = [c for c, nat in zip(cards, natural, strict=True) if nat]
    out = _count_checks("run", n, len(naturals), n - len(naturals), rules)
    mixed = _mixed_suits(naturals)
    if mixed:
        out.append(mixed)
    # Each natural at index i fixes the run's low rank modulo 13; they must agree.
    residues = {
        (c.rank - 1 - i) % 13 for i, (c, nat) in enumerate(zip(cards, natural, strict=True)) if nat
    }
    low: int | None = None
    if len(residues) > 1:
        out.append(
            Violation(
                "not_consecutive",
                f"a run's cards, in the order given, must be consecutive ranks: {_names(cards)}",
            )
        )
    else:
        res = residues.pop() if residues else 0
        fits = [
            lo
            for lo in range(rules.min_position, rules.max_position - n + 2)
            if (lo - 1 - res) % 13 == 0
        ]
        if fits:
            low = fits[0]
        elif n <= rules.max_position - rules.min_position + 1:
            out.append(
                Violation(
                    "ace_misplaced",
                    f"with ace '{rules.ace}' the run {_names(cards)} puts an ace"
                    " where it may not stand (or wraps K-A-2)",
                )
            )
    meld = None
    trailing = 0
    if low is not None:
        last = max((i for i, nat in enumerate(natural) if nat), default=n - 1)
        trailing = n - 1 - last
        if not out:
            meld = make_run(naturals[0].suit, low, cards)
    return _Reading("run", meld, tuple(out), len(naturals), trailing)


# -- choosing a reading ------------------------------------------------------------


def _unordered_splits(
    cards: Sequence[Card], rules: Rules
) -> Iterator[tuple[list[Card], list[Card]]]:
    """The ways worth trying to play wild-rank cards as naturals or wilds (jokers: always wild).

    Of one card value, 0, 1, 2 or every copy plays as itself: a run holds a card at most
    once (an ace twice, at 1 and 14) and a set with distinct suits once, so other counts
    only repeat a fault. Capping keeps the count small however many decks there are.
    """
    fixed_nat = [c for c in cards if not rules.is_wild(c)]
    jokers = [c for c in cards if c.is_joker]
    choosable = Counter(c for c in cards if rules.is_wild(c) and not c.is_joker)
    kinds = sorted(choosable, key=lambda c: c.sort_key)
    options = [sorted({0, min(1, choosable[k]), min(2, choosable[k]), choosable[k]}) for k in kinds]
    for counts in itertools.product(*options):
        nat = list(fixed_nat)
        wild = list(jokers)
        for k, m in zip(kinds, counts, strict=True):
            nat += [k] * m
            wild += [k] * (choosable[k] - m)
        yield sort_cards(nat), sort_cards(wild)


def _ordered_flags(cards: Sequence[Card], rules: Rules) -> list[tuple[bool, ...]]:
    """Which cards of a table meld play as themselves, per reading worth trying.

    In a run a wild-rank card is natural only where it stands at its own rank and suit,
    so the candidates are: the naturals' own (residue, suit) target, or when every card
    is wild-rank, each target one of them implies. Set readings come from the splits.
    """
    base = [not rules.is_wild(c) for c in cards]
    choosable = [i for i, c in enumerate(cards) if rules.is_wild(c) and not c.is_joker]

    def target(i: int) -> tuple[int, int]:
        return ((cards[i].rank - 1 - i) % 13, cards[i].suit)

    targets = {target(i) for i, nat in enumerate(base) if nat}
    if not targets:
        targets = {target(i) for i in choosable}
    elif len(targets) > 1:
        targets = set()  # the naturals disagree already: no wild-rank card mends that
    flags = {tuple(base)}
    for t in targets:
        flags.add(tuple(base[i] or (i in choosable and target(i) == t) for i in range(len(cards))))
    for nat, _ in _unordered_splits(cards, rules):
        # Mark the first copies of each wild-rank card that the split plays as natural.
        want = Counter(c for c in nat if rules.is_wild(c))
        marks = list(base)
        for i in choosable:
            if want[cards[i]]:
                want[cards[i]] -= 1
                marks[i] = True
        flags.add(tuple(marks))
    return sorted(flags)


def _combined(set_r: _Reading, run_r: _Reading) -> _Reading:
    """Kind unknown: the kind-telling codes, plus the faults both readings share."""
    run_codes = {v.code for v in run_r.violations}
    run_msgs = {v.code: v.message for v in run_r.violations}
    kept = [v for v in set_r.violations if v.code in _KIND_CODES]
    kept += [
        Violation(
            v.code,
            f"{v.message}; {run_msgs[v.code]}" if run_msgs[v.code] != v.message else v.message,
            card=v.card,
        )
        for v in set_r.violations
        if v.code in run_codes and v.code not in _KIND_CODES
    ]
    kept += [v for v in run_r.violations if v.code == "mixed_suits"]
    return _Reading("unknown", None, tuple(kept), set_r.naturals)


def _explain(naturals: Sequence[Card], set_r: _Reading, run_r: _Reading) -> _Reading:
    """The reading that says what is wrong, by what the naturals share."""
    share_rank = len({c.rank for c in naturals}) <= 1
    share_suit = len({c.suit for c in naturals}) <= 1
    if share_rank and not share_suit:
        return set_r
    if share_suit and not share_rank:
        return run_r
    if not share_rank and not share_suit:
        return _combined(set_r, run_r)
    return set_r if len(set_r.violations) <= len(run_r.violations) else run_r


def _choose(readings: list[tuple[_Reading, _Reading, _Reading]]) -> MeldCheck:
    """``readings``: per split (set reading, run reading, explanation)."""
    legal = [r for s, u, _ in readings for r in (s, u) if r.legal]
    if legal:
        # More naturals; then a set (it is legal only when the naturals share a rank);
        # then surplus wilds at the high end; then the higher low, for a fixed answer.
        best = max(
            legal,
            key=lambda r: (
                r.naturals,
                r.kind == "set",
                r.trailing,
                r.meld.low if r.meld and r.meld.low else 0,
            ),
        )
        return MeldCheck(best.meld, (), best.kind)
    # Fewest faults; on a tie, wild-rank cards read as wilds (fewer naturals).
    worst = min((e for _, _, e in readings), key=lambda r: (len(r.violations), r.naturals))
    return MeldCheck(None, worst.violations, worst.kind)


def check_meld(cards: Sequence[Card], rules: Rules, *, ordered: bool = False) -> MeldCheck:
    """Is ``cards`` a legal meld? Returns the meld as read, or every violation that applies.

    ``ordered=False``: a proposed meld, cards in any order; the best legal reading is
    found (see the module notes). ``ordered=True``: a table meld as sent; a run is read
    in the given (ascending) order, so a wild's place says what it stands for.
    """
    if not cards:
        v = Violation("meld_too_short", "a meld needs cards")
        return MeldCheck(None, (v,), "unknown")
    readings: list[tuple[_Reading, _Reading, _Reading]] = []
    if not ordered:
        for nat, wild in _unordered_splits(sort_cards(cards), rules):
            s = _set_reading(nat, wild, rules)
            r = _run_unordered(nat, wild, rules)
            readings.append((s, r, _explain(nat, s, r)))
        return _choose(readings)
    for natural in _ordered_flags(cards, rules):
        nat = sort_cards(c for c, f in zip(cards, natural, strict=True) if f)
        wild = sort_cards(c for c, f in zip(cards, natural, strict=True) if not f)
        s = _set_reading(nat, wild, rules)
        r = _run_ordered(cards, natural, rules)
        readings.append((s, r, _explain(nat, s, r)))
    return _choose(readings)


def check_table(table: Sequence[Sequence[Card]], rules: Rules) -> None:
    """Every meld on the table is legal as sent (runs in rank order), or ``TableMeldError``
    names the first that is not: no advice or verdict rests on a table that cannot be."""
    for i, cards in enumerate(table):
        check = check_meld(cards, rules, ordered=True)
        if not check.legal:
            raise TableMeldError(i, [v.message for v in check.violations])


# -- laying off --------------------------------------------------------------------


def _split_meld(meld: Meld) -> tuple[list[Card], list[Card]]:
    """A meld's cards split into those playing as themselves and the wilds."""
    nat = [c for c, s in zip(meld.cards, meld.stands_for, strict=True) if c == s]
    wild = [c for c, s in zip(meld.cards, meld.stands_for, strict=True) if c != s]
    return nat, wild


def _extend_run(
    meld: Meld, naturals: Sequence[Card], wilds: Sequence[Card], rules: Rules
) -> tuple[int, Meld] | None:
    """Best placement of new cards at the run's ends: (low-end count, meld)."""
    assert meld.low is not None and meld.high is not None
    if any(c.suit != meld.suit for c in naturals):
        return None
    k = len(naturals) + len(wilds)
    for below in range(k + 1):  # fewest cards below first: surplus wilds go high
        low, high = meld.low - below, meld.high + (k - below)
        if low < rules.min_position or high > rules.max_position:
            continue
        new_positions = [*range(low, meld.low), *range(meld.high + 1, high + 1)]
        placed = _place(naturals, min(new_positions), max(new_positions))
        if placed is None or any(p not in new_positions for p in placed):
            continue
        spare = iter(sort_cards(wilds))
        slot = {p: placed.get(p) or next(spare) for p in new_positions}
        cards = [slot[p] for p in range(low, meld.low)]
        cards += [*meld.cards, *(slot[p] for p in range(meld.high + 1, high + 1))]
        assert meld.suit is not None
        return below, make_run(meld.suit, low, cards)
    return None


def extend_meld(meld: Meld, cards: Sequence[Card], rules: Rules) -> Meld | None:
    """Lay ``cards`` off onto the table meld ``meld``; the new meld, or None if it does not fit.

    Runs grow at either end (wilds too, going high when they can); sets take suits they
    lack. The result keeps every limit: set size, run span, natural minimums, wilds.
    """
    if not cards:
        return meld
    old_nat, old_wild = _split_meld(meld)
    best: tuple[tuple[int, int], Meld] | None = None
    for nat, wild in _unordered_splits(sort_cards(cards), rules):
        all_nat, all_wild = [*old_nat, *nat], [*old_wild, *wild]
        if meld.kind == "set":
            reading = _set_reading(all_nat, all_wild, rules)
            if not reading.legal or reading.meld is None or reading.meld.rank != meld.rank:
                continue
            key, new = (len(all_nat), 0), reading.meld
        else:
            n = len(meld.cards) + len(cards)
            if _count_checks("run", n, len(all_nat), len(all_wild), rules):
                continue
            placed = _extend_run(meld, nat, wild, rules)
            if placed is None:
                continue
            key, new = (len(all_nat), -placed[0]), placed[1]
        if best is None or key > best[0]:
            best = (key, new)
    return None if best is None else best[1]
