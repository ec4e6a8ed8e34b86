"""The legality of a turn: one verdict on a whole lay-down, read from rule values only.

A turn after the draw is applied in this order: joker swaps (releases), new melds,
layoffs, then the final discard. ``onto`` (of a layoff or a swap) indexes the table as it
stood before the turn, and a layoff's ``onto`` goes on into this turn's new melds, in the
order they are listed. ``/v1/validate``, the advisor's lay-down and the referee all ask
:func:`judge_turn`, so a rule honoured in one is honoured in all.

The action names what the lay-down is, and each exists only under the rules that have it:

- ``go_down`` (``contracts``): exactly the round's sets and runs, then layoffs; a round
  whose contract takes every card leaves none, and ends with no discard.
- ``open`` (``opening_min``): melds worth at least ``opening_min``, then layoffs.
- ``meld`` (tabled rules with ``new_melds_after_down``): new melds and layoffs, once down.
- ``lay_off`` (tabled rules): layoffs and joker swaps only, once down.
- ``hand_rummy`` (``hand_rummy``): from nothing laid, every card but the final discard in
  melds at once; no layoffs, no opening minimum.
- ``win`` (goal ``win``): every card but the final discard melded (a run among them where
  ``require_run``); the only lay-down those rules have.
- ``knock`` (``knock_max``): melds shown, deadwood at most ``knock_max`` after the discard.
- ``rearrange`` (``rearrange_table``): once down, the whole table after the turn
  (``Turn.table``): every meld legal, every tile of the table still on it, the rest from
  the hand.
- ``check``: the melds, layoffs and swaps alone, with no rule of the turn.

Under ``play_or_draw`` no turn ends with a discard.

Without an action (the referee), the action is read from the lay-down and the seat.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from solver.cards import JOKER, Card, check_pack, sort_cards
from solver.goals import Goal
from solver.legality import MeldCheck, Violation, check_meld, extend_meld
from solver.melds import Meld, make_run, make_set
from solver.rules import Rules


class TurnAction(StrEnum):
    CHECK = "check"
    GO_DOWN = "go_down"
    OPEN = "open"
    MELD = "meld"
    LAY_OFF = "lay_off"
    WIN = "win"
    HAND_RUMMY = "hand_rummy"
    KNOCK = "knock"
    REARRANGE = "rearrange"


@dataclass(frozen=True)
class Layoff:
    """``card`` from the hand onto meld ``onto``: the table's melds first, then this
    turn's new melds in the order listed."""

    card: Card
    onto: int


@dataclass(frozen=True)
class JokerSwap:
    """The natural ``cards`` put in table meld ``onto`` free its ``joker``, which joins the
    hand: a run's joker for the card it stands for, a 3-card set's for both missing suits."""

    onto: int
    cards: tuple[Card, ...]
    joker: Card = JOKER

    @property
    def card(self) -> Card:
        """The first natural card put in (the only one for a run)."""
        return self.cards[0]


@dataclass(frozen=True)
class Turn:
    """What a seat lays down after its draw. ``complete``: ``discard`` is the turn's final
    discard (None: the turn ends with none). When not complete (``/v1/validate`` sent no
    discard) the discard is not judged, only that a card is left for it where one is due.
    ``action`` None: the action the lay-down is, read from the rules."""

    melds: tuple[tuple[Card, ...], ...] = ()
    layoffs: tuple[Layoff, ...] = ()
    joker_swaps: tuple[JokerSwap, ...] = ()
    discard: Card | None = None
    complete: bool = True
    action: TurnAction | None = None
    # ``rearrange``: the whole table after the turn, as melds (runs in rank order)
    table: tuple[tuple[Card, ...], ...] | None = None


@dataclass(frozen=True)
class Seat:
    """The seat before the turn: its hand (the draw included), the table's melds as they
    lie (runs in rank order), whether it is down (gone down, opened), the Liverpool round,
    and the discard it took this turn (``taken``, in ``hand``)."""

    hand: tuple[Card, ...]
    table: tuple[tuple[Card, ...], ...] = ()
    down: bool = False
    round: int | None = None
    taken: Card | None = None


@dataclass(frozen=True)
class MeldReading:
    """A proposed meld as read: ``meld`` when it is legal alone, else ``kind`` as told
    (``unknown`` when it cannot be) and ``cards`` as sent."""

    kind: str
    cards: tuple[Card, ...]
    meld: Meld | None

    @property
    def legal(self) -> bool:
        return self.meld is not None


@dataclass(frozen=True)
class LayoffResult:
    card: Card
    onto: int
    legal: bool


@dataclass(frozen=True)
class SwapResult:
    """A joker swap as judged: ``legal`` when the rules allow it and its cards free the joker."""

    onto: int
    cards: tuple[Card, ...]
    joker: Card
    legal: bool

    @property
    def card(self) -> Card:
        return self.cards[0]


@dataclass(frozen=True)
class TurnVerdict:
    """The verdict on a turn: every violation, each new meld as read, each layoff and swap
    as judged, the hand's cards the lay-down leaves (``remaining``, the discard among them)
    and the hand after the discard (``left``), the table after the turn (its melds that
    are legal), and how the turn ends. ``knock_points``: the deadwood a knock counts."""

    action: TurnAction | None
    violations: tuple[Violation, ...]
    checks: tuple[MeldCheck, ...]
    meld_cards: tuple[tuple[Card, ...], ...]
    layoffs: tuple[LayoffResult, ...]
    joker_swaps: tuple[SwapResult, ...]
    remaining: tuple[Card, ...]
    left: tuple[Card, ...]
    table: tuple[Meld, ...]
    down: bool
    goes_out: bool
    hand_rummy: bool
    knock_points: int | None = None

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def melded_points(self) -> int:
        return sum(c.meld.points for c in self.checks if c.meld is not None)

    @property
    def melds(self) -> tuple[MeldReading, ...]:
        return tuple(
            MeldReading(check.kind, cards, check.meld)
            for check, cards in zip(self.checks, self.meld_cards, strict=True)
        )

    @property
    def ends_hand(self) -> bool:
        """The turn is legal and ends the hand: it goes out, or it knocks."""
        return self.goes_out or (self.legal and self.action is TurnAction.KNOCK)

    @property
    def new_melds(self) -> tuple[Meld, ...]:
        """This turn's melds as read (all of them when the turn is legal)."""
        return tuple(c.meld for c in self.checks if c.meld is not None)


# -- what the rules have ------------------------------------------------------------


def tabled(rules: Rules) -> bool:
    """Melds go on the table during play (going down to a contract, or opening)."""
    return rules.goal is not Goal.WIN and (
        bool(rules.contracts) or rules.opening_min is not None or rules.rearrange_table
    )


def actions_of(rules: Rules) -> frozenset[TurnAction]:
    """The actions these rules have (``check`` always)."""
    out = {TurnAction.CHECK}
    if tabled(rules):
        out.add(TurnAction.LAY_OFF)
        out.add(TurnAction.GO_DOWN if rules.contracts else TurnAction.OPEN)
        if rules.new_melds_after_down:
            out.add(TurnAction.MELD)
        if rules.hand_rummy and not rules.contracts:
            out.add(TurnAction.HAND_RUMMY)
        if rules.rearrange_table:
            out.add(TurnAction.REARRANGE)
    if rules.goal is Goal.WIN:
        out.add(TurnAction.WIN)
    if rules.knock_max is not None:
        out.add(TurnAction.KNOCK)
    return frozenset(out)


def _all_cards(rules: Rules, round_: int | None) -> bool:
    """This round goes down with every card and ends with no discard."""
    return bool(rules.contracts) and rules.contract(round_).all_cards


def _action_of(rules: Rules, seat: Seat, turn: Turn) -> TurnAction | None:
    """The action a lay-down is when none is named (None: nothing is laid down)."""
    if turn.table is not None:
        return TurnAction.REARRANGE
    if not (turn.melds or turn.layoffs or turn.joker_swaps):
        return None
    if rules.goal is Goal.WIN:
        return TurnAction.WIN
    if not seat.down and turn.melds:
        if rules.contracts:
            return TurnAction.GO_DOWN
        melded = sum(len(m) for m in turn.melds)
        clean = not turn.layoffs and not turn.joker_swaps
        if TurnAction.HAND_RUMMY in actions_of(rules) and clean and len(seat.hand) - melded == 1:
            return TurnAction.HAND_RUMMY
        return TurnAction.OPEN
    if turn.melds and rules.new_melds_after_down:
        return TurnAction.MELD
    return TurnAction.LAY_OFF if tabled(rules) else TurnAction.MELD


def _not_allowed(rules: Rules, action: TurnAction) -> Violation | None:
    if action in actions_of(rules):
        return None
    if action is TurnAction.HAND_RUMMY:
        return Violation("hand_rummy_not_allowed", "these rules have no hand rummy")
    have = ", ".join(a for a in TurnAction if a in actions_of(rules))
    return Violation("action_not_allowed", f"these rules have no {action}; they have: {have}")


# -- the parts of a turn -----------------------------------------------------------


def _swap_violation(message: str, swap: JokerSwap) -> Violation:
    return Violation("joker_swap_illegal", f"joker swap onto {swap.onto}: {message}")


def _released(rules: Rules, meld: Meld, swap: JokerSwap) -> Meld | str:
    """The table meld after the swap, or why the swap does not free its joker."""
    if not swap.joker.is_joker:
        return f"{swap.joker} is not a joker"
    jokers = [i for i, c in enumerate(meld.cards) if c.is_joker]
    if not jokers:
        return "that meld holds no joker"
    if meld.kind == "run":
        i = next((i for i in jokers if meld.stands_for[i] in swap.cards), None)
        if i is None or len(swap.cards) != 1:
            names = " or ".join(str(meld.stands_for[i]) for i in jokers)
            return f"a run's joker is freed by the card it stands for ({names})"
        cards = list(meld.cards)
        cards[i] = swap.cards[0]
        assert meld.suit is not None and meld.low is not None
        new = make_run(meld.suit, meld.low, cards)
    else:
        naturals = [c for c in meld.cards if not c.is_joker]
        present = {c.suit for c in naturals}
        missing = sorted(Card(naturals[0].rank, s) for s in range(4) if s not in present)
        if len(meld.cards) != 3 or len(jokers) != 1 or sort_cards(swap.cards) != missing:
            both = " and ".join(str(c) for c in missing)
            return f"a 3-card set's joker is freed by both missing suits ({both})"
        new = make_set(naturals[0].rank, [*naturals, *swap.cards], [])
    if not check_meld(new.cards, rules, ordered=True).legal:
        return "the meld would not stay legal"
    return new


def release(rules: Rules, meld: Meld, held: Counter[Card]) -> tuple[tuple[Card, ...], Meld] | None:
    """The natural cards of ``held`` that free a joker of the table meld ``meld``, and the
    meld after; None when ``held`` frees none. Whether the rules and the seat allow the
    release is the turn's to judge."""
    jokers = [i for i, c in enumerate(meld.cards) if c.is_joker]
    if not jokers:
        return None
    options: list[tuple[Card, ...]] = [(meld.stands_for[i],) for i in jokers]
    if meld.kind == "set":
        present = {c.suit for c in meld.cards if not c.is_joker}
        assert meld.rank is not None
        options = [tuple(sorted(Card(meld.rank, s) for s in range(4) if s not in present))]
    for cards in options:
        if all(held[c] >= cards.count(c) for c in cards):
            after = _released(rules, meld, JokerSwap(0, cards))
            if isinstance(after, Meld):
                return cards, after
    return None


def _swaps(
    rules: Rules, seat: Seat, turn: Turn, table: list[Meld | None], ruled: bool
) -> tuple[list[Violation], list[SwapResult], int]:
    """Apply the swaps to ``table``; the violations, each swap as judged, and the jokers
    that join the hand (one per swap that frees its joker, allowed or not, so the cards
    of a refused swap are not reported twice)."""
    out: list[Violation] = []
    results: list[SwapResult] = []
    gained = 0
    if turn.joker_swaps and not rules.joker_release:
        out.append(
            Violation("joker_swap_illegal", "these rules keep jokers on the table where they are")
        )
    if turn.joker_swaps and ruled and not seat.down:
        out.append(
            Violation("joker_swap_illegal", "only a player already down may release a joker")
        )
    for swap in turn.joker_swaps:
        meld = table[swap.onto] if 0 <= swap.onto < len(table) else None
        if meld is None:
            why: Meld | str = f"{swap.onto} names no legal table meld (the table has {len(table)})"
        else:
            why = _released(rules, meld, swap)
        if isinstance(why, str):
            out.append(_swap_violation(why, swap))
        else:
            table[swap.onto] = why
            gained += 1
        legal = not isinstance(why, str) and rules.joker_release and (seat.down or not ruled)
        results.append(SwapResult(swap.onto, swap.cards, swap.joker, legal))
    return out, results, gained


def _layoffs(
    rules: Rules, layoffs: Sequence[Layoff], table: list[Meld | None], sent: int
) -> tuple[list[Violation], list[LayoffResult]]:
    """Lay each card onto its meld (``table``: the table's melds, then the new ones;
    ``sent`` of them were on the table). A meld's cards go on together, in whatever
    order they were sent (8S with a joker as 9S onto TS..KS)."""
    out: list[Violation] = []
    fits = [False] * len(layoffs)
    pending: dict[int, list[int]] = {}
    for i, lo in enumerate(layoffs):
        if not 0 <= lo.onto < len(table):
            out.append(
                Violation(
                    "layoff_illegal",
                    f"{lo.card}: onto {lo.onto} names no table meld (the table has {sent})",
                    card=str(lo.card),
                )
            )
        elif table[lo.onto] is None:
            what = "table meld" if lo.onto < sent else "meld"
            out.append(
                Violation(
                    "layoff_illegal",
                    f"{lo.card}: {what} {lo.onto} is not a legal meld",
                    card=str(lo.card),
                )
            )
        else:
            pending.setdefault(lo.onto, []).append(i)
    for onto, indices in pending.items():
        meld = table[onto]
        assert meld is not None
        grown = extend_meld(meld, [layoffs[i].card for i in indices], rules)
        if grown is not None:
            table[onto] = grown
            for i in indices:
                fits[i] = True
            continue
        # Name the cards that fit no way: lay on in passes what goes on, one at a time.
        left = list(indices)
        progress = True
        while left and progress:
            progress = False
            for i in list(left):
                one = extend_meld(meld, [layoffs[i].card], rules)
                if one is not None:
                    meld, fits[i], progress = one, True, True
                    left.remove(i)
        for i in left:
            card = layoffs[i].card
            out.append(
                Violation(
                    "layoff_illegal", f"{card} does not fit table meld {onto}", card=str(card)
                )
            )
    results = [LayoffResult(lo.card, lo.onto, f) for lo, f in zip(layoffs, fits, strict=True)]
    return out, results


def _accounting(
    held: Counter[Card], used: Sequence[Card]
) -> tuple[list[Violation], tuple[Card, ...]]:
    """Cards used that the hand lacks, and the hand's cards left unused."""
    want = Counter(used)
    out: list[Violation] = []
    for card in dict.fromkeys(used):  # first-use order, each card once
        if held[card] == 0:
            out.append(Violation("card_not_in_hand", f"the hand holds no {card}", card=str(card)))
        elif want[card] > held[card]:
            out.append(
                Violation(
                    "too_many_copies",
                    f"{want[card]} copies of {card} are used, the hand holds {held[card]}",
                    card=str(card),
                )
            )
    return out, tuple(sort_cards((held - want).elements()))


def _left_over(remaining: Sequence[Card], keep: int) -> Violation:
    left = " ".join(str(c) for c in remaining)
    rule = "every card but the final discard" if keep else "every card"
    return Violation("cards_left_over", f"{rule} must be melded; left: {left}")


def _no_discard(message: str) -> Violation:
    return Violation("discard_missing", message)


_NOT_DOWN_LAYOFFS = Violation("not_down", "layoffs come only after going down / opening")


def _layoff_rule(action: TurnAction | None, seat: Seat, turn: Turn) -> list[Violation]:
    """Whether this action lays off at all (judged before the layoffs' fit)."""
    if not turn.layoffs or action in (None, TurnAction.CHECK):
        return []
    if action is TurnAction.WIN:
        return [Violation("layoff_illegal", "a win lays down melds only, with no layoffs")]
    if action is TurnAction.KNOCK:
        return [Violation("layoff_illegal", "a knock shows melds only, with no layoffs")]
    if action is TurnAction.HAND_RUMMY:
        return [_NOT_DOWN_LAYOFFS]
    if action in (TurnAction.MELD, TurnAction.LAY_OFF) and not seat.down:
        return [_NOT_DOWN_LAYOFFS]
    if action in (TurnAction.GO_DOWN, TurnAction.OPEN) and not seat.down and not turn.melds:
        return [_NOT_DOWN_LAYOFFS]
    return []


def _already_down(seat: Seat, action: TurnAction) -> list[Violation]:
    if not seat.down:
        return []
    return [Violation("already_down", f"{action} is a first lay-down, and this player is down")]


def _action_rules(
    rules: Rules,
    seat: Seat,
    turn: Turn,
    action: TurnAction,
    checks: Sequence[MeldCheck],
    remaining: Sequence[Card],
) -> list[Violation]:
    """The rules of the action itself (the contract, the opening, a whole hand melded)."""
    out: list[Violation] = []
    kinds = Counter(c.kind for c in checks)
    if action is TurnAction.GO_DOWN:
        out += _already_down(seat, action)
        contract = rules.contract(seat.round)
        if kinds["set"] != contract.sets or kinds["run"] != contract.runs or kinds["unknown"]:
            out.append(
                Violation(
                    "contract_unmet",
                    f"round {seat.round} asks for exactly {contract.sets} set(s) and"
                    f" {contract.runs} run(s); laid: {kinds['set']} set(s),"
                    f" {kinds['run']} run(s), {kinds['unknown']} unreadable",
                )
            )
        if contract.all_cards and remaining:
            out.append(
                Violation(
                    "cards_left_over",
                    f"round {seat.round} goes down with every card; left: "
                    + " ".join(str(c) for c in remaining),
                )
            )
    elif action is TurnAction.OPEN:
        out += _already_down(seat, action)
        total = sum(rules.meld_value(c.meld) for c in checks if c.meld is not None)
        if rules.opening_min is not None and total < rules.opening_min:
            out.append(
                Violation(
                    "opening_too_low",
                    f"an opening needs {rules.opening_min} points; these melds count {total}",
                )
            )
    elif action in (TurnAction.MELD, TurnAction.LAY_OFF):
        if turn.melds and not seat.down:
            out.append(Violation("not_down", "new melds come only after going down / opening"))
        elif turn.melds and action is TurnAction.LAY_OFF:
            why = (
                "after going down no new melds are made"
                if not rules.new_melds_after_down
                else "lay_off lays no new melds (meld does)"
            )
            out.append(Violation("no_new_melds", why))
    elif action is TurnAction.WIN:
        keep = 1 if len(seat.hand) > rules.hand_size else 0
        if len(remaining) > keep:
            out.append(_left_over(remaining, keep))
        if rules.require_run and not kinds["run"]:
            out.append(Violation("no_run", "a win needs at least one run"))
    elif action is TurnAction.HAND_RUMMY:
        out += _already_down(seat, action)
        if len(remaining) > 1:
            out.append(_left_over(remaining, 1))
    if action in (TurnAction.WIN, TurnAction.HAND_RUMMY, TurnAction.KNOCK) and turn.joker_swaps:
        out.append(Violation("joker_swap_illegal", f"{action} lays down melds from the hand only"))
    return out


def _discard_due(
    rules: Rules, seat: Seat, action: TurnAction | None, remaining: Sequence[Card]
) -> bool:
    """The turn ends with a discard: always, but when it lays every card in a round that
    takes every card, or a win melds a hand that has not drawn (``hand_size`` cards);
    never under ``play_or_draw``."""
    if rules.play_or_draw:
        return False
    if remaining:
        return True
    if action is TurnAction.WIN:
        return len(seat.hand) > rules.hand_size
    return not _all_cards(rules, seat.round)


def _discard(
    rules: Rules, seat: Seat, turn: Turn, action: TurnAction | None, remaining: tuple[Card, ...]
) -> tuple[tuple[Card, ...], list[Violation]]:
    """The hand after the discard, and what is wrong with the discard."""
    due = _discard_due(rules, seat, action, remaining)
    if not turn.complete:
        if due and not remaining:
            return remaining, [_no_discard("no card is left for the final discard")]
        return remaining, []
    if rules.play_or_draw and turn.discard is not None:
        return remaining, [Violation("action_not_allowed", "under these rules no turn discards")]
    if turn.discard is None:
        if not due:
            return remaining, []
        if remaining:
            return remaining, [_no_discard("the turn must end with a discard")]
        out = "going out ends with a final discard: no card is left for it"
        return remaining, [_no_discard(out)]
    if turn.discard not in remaining:
        fault = Violation(
            "card_not_in_hand",
            f"the hand holds no {turn.discard} to discard",
            card=str(turn.discard),
        )
        return remaining, [fault]
    left = list(remaining)
    left.remove(turn.discard)
    return tuple(left), []


def _knock_points(rules: Rules, turn: Turn, left: Sequence[Card]) -> int:
    """The deadwood a knock counts: the hand after the discard, or (no discard sent) the
    cards left less the highest, the one a knocker throws."""
    points = sorted((rules.value(c) for c in left), reverse=True)
    return sum(points if turn.complete else points[1:])


# -- the turn ------------------------------------------------------------------------


def judge_turn(rules: Rules, seat: Seat, turn: Turn) -> TurnVerdict:
    """Judge ``turn`` by ``seat`` under ``rules``, reporting every violation present.

    Raises TooManyCopiesError for a hand the pack cannot hold, and GoalError where the
    round matters and is missing or out of range.
    """
    check_pack(seat.hand, rules)
    action = turn.action if turn.action is not None else _action_of(rules, seat, turn)
    ruled = action is not TurnAction.CHECK  # the rules of the turn apply
    violations: list[Violation] = []
    refused = None if action is None else _not_allowed(rules, action)
    if refused is not None:
        violations.append(refused)
    if action is TurnAction.REARRANGE or turn.table is not None:
        return _rearrange(rules, seat, turn, action, violations)

    table: list[Meld | None] = [check_meld(c, rules, ordered=True).meld for c in seat.table]
    swap_faults, swaps, gained = _swaps(rules, seat, turn, table, ruled)
    held = Counter(seat.hand)
    held[JOKER] += gained
    used = [c for s in turn.joker_swaps for c in s.cards]
    used += [c for meld in turn.melds for c in meld] + [lo.card for lo in turn.layoffs]
    accounting, remaining = _accounting(held, used)
    violations += accounting + swap_faults

    checks = tuple(check_meld(cards, rules) for cards in turn.melds)
    for i, check in enumerate(checks):
        violations += [dataclasses.replace(v, meld=i) for v in check.violations]
    table += [c.meld for c in checks]
    layoffs: list[LayoffResult] = []
    if turn.layoffs:
        violations += _layoff_rule(action, seat, turn)
        lay_faults, layoffs = _layoffs(rules, turn.layoffs, table, len(seat.table))
        violations += lay_faults
    if not ruled:
        return _verdict(
            action, violations, checks, turn, layoffs, swaps, remaining, remaining, table, seat.down
        )

    if action is not None and refused is None:
        violations += _action_rules(rules, seat, turn, action, checks, remaining)
    # RULES.md: "at least one meld with it"; a layoff does not do
    taken = seat.taken if rules.take_discard_obliges_meld else None
    if taken is not None and not any(taken in m for m in turn.melds):
        violations.append(
            Violation(
                "taken_discard_not_laid",
                f"the taken discard {taken} must be laid down in a new meld this turn",
                card=str(taken),
            )
        )
    left, discard_faults = _discard(rules, seat, turn, action, remaining)
    violations += discard_faults
    knock = None
    if action is TurnAction.KNOCK:
        knock = _knock_points(rules, turn, left)
        if rules.knock_max is not None and knock > rules.knock_max:
            violations.append(
                Violation(
                    "knock_too_high",
                    f"a knock leaves at most {rules.knock_max} deadwood points, not {knock}",
                )
            )
    goes_down = action in (TurnAction.GO_DOWN, TurnAction.OPEN, TurnAction.HAND_RUMMY)
    down = seat.down or goes_down
    if turn.complete:
        out = not left
    else:
        out = len(remaining) == int(_discard_due(rules, seat, action, remaining))
    return _verdict(
        action, violations, checks, turn, layoffs, swaps, remaining, left, table, down, out, knock
    )


def _rearrange(
    rules: Rules, seat: Seat, turn: Turn, action: TurnAction | None, violations: list[Violation]
) -> TurnVerdict:
    """A turn that lays the whole table anew (``Turn.table``): each of its melds legal,
    every tile of the table before it still there, the tiles it adds from the hand."""
    after = turn.table or ()
    if action is not TurnAction.REARRANGE:
        violations.append(Violation("action_not_allowed", "a new table is a rearrange turn"))
    if not seat.down:
        violations.append(Violation("not_down", "the table is rearranged only once down"))
    if turn.melds or turn.layoffs or turn.joker_swaps:
        violations.append(
            Violation("action_not_allowed", "a rearrangement lays the whole table, nothing else")
        )
    checks = tuple(check_meld(cards, rules) for cards in after)
    for i, check in enumerate(checks):
        violations += [dataclasses.replace(v, meld=i) for v in check.violations]
    before = Counter(c for m in seat.table for c in m)
    laid = Counter(c for m in after for c in m)
    gone = before - laid
    if gone:
        names = " ".join(str(c) for c in sort_cards(gone.elements()))
        violations.append(Violation("table_not_kept", f"table tiles taken off the table: {names}"))
    accounting, remaining = _accounting(Counter(seat.hand), list((laid - before).elements()))
    violations += accounting
    left, discard_faults = _discard(rules, seat, turn, action, remaining)
    violations += discard_faults
    table: list[Meld | None] = [c.meld for c in checks]
    return TurnVerdict(
        action=action,
        violations=tuple(violations),
        checks=checks,
        meld_cards=tuple(tuple(m) for m in after),
        layoffs=(),
        joker_swaps=(),
        remaining=remaining,
        left=left,
        table=tuple(m for m in table if m is not None),
        down=seat.down,
        goes_out=not violations and not left,
        hand_rummy=False,
    )


def _verdict(
    action: TurnAction | None,
    violations: Sequence[Violation],
    checks: tuple[MeldCheck, ...],
    turn: Turn,
    layoffs: Sequence[LayoffResult],
    swaps: Sequence[SwapResult],
    remaining: tuple[Card, ...],
    left: tuple[Card, ...],
    table: Sequence[Meld | None],
    down: bool,
    out: bool = False,
    knock: int | None = None,
) -> TurnVerdict:
    legal = not violations
    return TurnVerdict(
        action=action,
        violations=tuple(violations),
        checks=checks,
        meld_cards=tuple(tuple(m) for m in turn.melds),
        layoffs=tuple(layoffs),
        joker_swaps=tuple(swaps),
        remaining=remaining,
        left=left,
        table=tuple(m for m in table if m is not None),
        down=down,
        goes_out=legal and out,
        hand_rummy=legal and out and action is TurnAction.HAND_RUMMY,
        knock_points=knock,
    )


# -- the answer to a knock --------------------------------------------------------------


@dataclass(frozen=True)
class DefenceVerdict:
    """A knocked player's melds and layoffs onto the knocker's melds, as judged, and the
    deadwood points its hand counts after them."""

    violations: tuple[Violation, ...]
    deadwood_points: int

    @property
    def legal(self) -> bool:
        return not self.violations


def judge_defence(
    rules: Rules,
    hand: Sequence[Card],
    shown: Sequence[Meld],
    melds: Sequence[Sequence[Card]],
    layoffs: Sequence[Layoff],
    *,
    gin: bool,
) -> DefenceVerdict:
    """The defender's melds and its layoffs (``onto`` indexing ``shown``, the knocker's
    melds); against gin (no deadwood) nothing is laid off."""
    violations: list[Violation] = []
    used = [c for m in melds for c in m] + [lo.card for lo in layoffs]
    accounting, remaining = _accounting(Counter(hand), used)
    violations += accounting
    for i, cards in enumerate(melds):
        check = check_meld(cards, rules)
        violations += [dataclasses.replace(v, meld=i) for v in check.violations]
    if gin and layoffs:
        violations.append(Violation("layoff_illegal", "no layoffs against gin"))
    elif layoffs:
        violations += _layoffs(rules, layoffs, list(shown), len(shown))[0]
    return DefenceVerdict(tuple(violations), rules.points(remaining))
