"""What an advice answers, as typed frozen values (API.md, POST /v1/advise).

Attribute names are the JSON field names: the response schemas (api/schemas.py) dump
these objects as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from solver.cards import Card
from solver.goals import Goal
from solver.melds import Meld
from solver.phases import Phase
from solver.solution import Placed
from solver.turn import JokerSwap, Layoff, TurnAction


class AdvicePhase(StrEnum):
    """The phases of a round the advisor advises on (``solver.phases``; a request's phase
    must be one its rules have): ``discard``: the player has drawn and lays down and
    discards; ``draw``: the top discard or the stock; ``buy``: out of turn, buy the top
    discard or not; ``play``: a turn under ``play_or_draw`` (Rummikub), lay down or draw,
    the one phase it has."""

    DISCARD = Phase.DISCARD.value
    DRAW = Phase.DRAW.value
    BUY = Phase.BUY.value
    PLAY = Phase.PLAY.value


class Effort(StrEnum):
    """How hard the advice looks (docs/advisor.md, "Effort"): ``fast``, the exact
    one-step figures alone; ``standard`` and ``deep`` decide by a look-ahead."""

    FAST = "fast"
    STANDARD = "standard"
    DEEP = "deep"


class Action(StrEnum):
    DISCARD = "discard"
    GO_OUT = "go_out"
    TAKE_DISCARD = "take_discard"
    DRAW_STOCK = "draw_stock"
    BUY = "buy"
    PASS = "pass"
    PLAY = "play"


@dataclass(frozen=True)
class OutCard:
    """A live card that lowers cards needed by one, and its live copies."""

    card: Card
    live: int


def out_cards(outs: Mapping[int, int]) -> tuple[OutCard, ...]:
    """Outs as {card id: live copies}, in card-id order."""
    return tuple(OutCard(Card.from_id(c), n) for c, n in sorted(outs.items()) if n)


@dataclass(frozen=True)
class Recommendation:
    action: Action
    card: Card | None
    reason: str


@dataclass(frozen=True)
class Race:
    """The race to go out (``standard``, ``deep``; docs/advisor.md, "Effort"):
    ``chances[i]``, the share of ``samples`` stock orders in which the hand has gone out
    within ``i + 1`` of the next ``horizon`` draws; ``score``, their sum."""

    chances: tuple[float, ...]
    horizon: int
    samples: int
    # the draws of the horizon at which the hand has gone out, on average (the sum of
    # the chances, from the counts): one draw sooner is worth one
    score: float


@dataclass(frozen=True)
class Playouts:
    """The option played out to the end of the hand in ``worlds`` hidden worlds
    (``standard``, ``deep``; docs/advisor.md, "Effort"): the share of them the player
    won, and the points it won on average (negative: paid)."""

    worlds: int
    win_chance: float
    expected_points: float


@dataclass(frozen=True)
class DiscardOption:
    """The hand left after throwing ``card``: its cards needed and outs (``card`` counts
    as seen), its deadwood, and how the throw looks to the table."""

    card: Card
    cards_needed: int | None
    outs: int
    outs_cards: tuple[OutCard, ...]
    deadwood_points: int
    playable_on_table: bool
    points_shed: int
    goes_out: bool
    reason: str
    # the look-ahead's figures (``standard``, ``deep``; None under ``fast``)
    go_out_chance: float | None = None
    expected_points: float | None = None
    horizon: int | None = None
    samples: int | None = None
    race: Race | None = None  # at the fewest cards needed, where there is a choice
    playouts: Playouts | None = None  # ``standard``, ``deep``: the options played out


@dataclass(frozen=True)
class LayDown:
    """``left``: the cards in hand after the lay-down, the final discard among them.
    ``action``: what the lay-down is (``solver.turn``); posted back to /v1/validate with
    it and the recommended discard, it is legal."""

    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    joker_swaps: tuple[JokerSwap, ...]
    goes_out: bool
    left: tuple[Card, ...]
    action: TurnAction


@dataclass(frozen=True)
class DiscardAdvice:
    phase: AdvicePhase
    goal: Goal
    cards_needed: int | None
    lay_down: LayDown | None
    discards: tuple[DiscardOption, ...]
    recommendation: Recommendation
    note: str | None
    live_cards: int
    optimal: bool


@dataclass(frozen=True)
class StockDraw:
    """A stock draw: cards needed expected after it (over the live cards), and its outs."""

    expected_cards_needed: float | None
    outs: int
    outs_cards: tuple[OutCard, ...]
    live: int
    race: Race | None = None  # ``standard``, ``deep``: the race after a stock draw
    playouts: Playouts | None = None  # ``standard``, ``deep``: a stock draw played out


@dataclass(frozen=True)
class TakeDiscard:
    """Taking the top discard, judged on the hand that holds it after its best discard.
    ``is_out``: taking it lowers cards needed."""

    card: Card
    allowed: bool
    is_out: bool
    cards_needed: int | None
    outs: int
    outs_cards: tuple[OutCard, ...]
    best_discard: Card | None
    race: Race | None = None  # as StockDraw's, the taken card the first draw
    playouts: Playouts | None = None  # ``standard``, ``deep``: taking it, played out


@dataclass(frozen=True)
class DrawAdvice:
    phase: AdvicePhase
    goal: Goal
    cards_needed: int | None
    outs: int
    outs_cards: tuple[OutCard, ...]
    draw_stock: StockDraw
    take_discard: TakeDiscard | None
    recommendation: Recommendation
    live_cards: int
    optimal: bool


@dataclass(frozen=True)
class BuyCost:
    extra_cards: int
    points_in_hand: int
    points_after: float


@dataclass(frozen=True)
class BuyFigures:
    """The hand that holds the bought card (and, in an all-cards round, the unknown
    penalty card still to meld)."""

    card: Card
    cards_needed: int | None
    outs: int
    outs_cards: tuple[OutCard, ...]
    best_discard: Card | None
    cost: BuyCost


@dataclass(frozen=True)
class BuyAdvice:
    phase: AdvicePhase
    goal: Goal
    cards_needed: int | None
    outs: int
    outs_cards: tuple[OutCard, ...]
    buy: BuyFigures | None
    buys_made: int
    max_buys: int | None
    recommendation: Recommendation
    live_cards: int
    optimal: bool


@dataclass(frozen=True)
class BestPlay:
    """The play of a ``play`` turn: the table after it, where each laid tile went, the
    melds it made, whether it empties the hand. ``action``: posted to /v1/validate with it
    (``open``: ``melds``; ``rearrange``: ``table`` as ``table_after``), it is legal."""

    table: tuple[Meld, ...]
    placed: tuple[Placed, ...]
    melds: tuple[Meld, ...]
    goes_out: bool
    action: TurnAction


@dataclass(frozen=True)
class PlayAdvice:
    """``play``: the play to make, or None (draw). ``keep_back``: the hand's cards the
    play could lay but keeps for later."""

    phase: AdvicePhase
    goal: Goal
    cards_needed: int | None
    play: BestPlay | None
    keep_back: tuple[Card, ...]
    recommendation: Recommendation
    live_cards: int
    optimal: bool


Advice = DiscardAdvice | DrawAdvice | BuyAdvice | PlayAdvice
