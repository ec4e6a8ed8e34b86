"""Schemas of the games endpoints (the referee as a service): the game state the client
carries, the person's move, and what the person sees. Nothing here shows the stock or
another seat's hand: the view is the referee's ``View`` of the person's seat."""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, fields, validate

from api.schemas import (
    CardField,
    Cards,
    CardsOut,
    LayoffAdviceSchema,
    LayoffSchema,
    ProposedMeldSchema,
    RequestSchema,
    ResponseSchema,
    RuleOverridesField,
    RuleOverridesSchema,
    StrictBoolean,
    VariantField,
    bounded,
)
from sim.moves import Ask
from sim.referee import RoundEnd
from sim.service import SEAT_NAMES, STATE_VERSION, Action
from solver.limits import MAX_HAND_CARDS, MAX_TABLE_MELDS
from solver.rules import RULE_SPECS

_SEATS_BOUND = RULE_SPECS["max_players"].bound
assert _SEATS_BOUND is not None
MAX_SEATS = _SEATS_BOUND.hi
MAX_SEED = 64
# a whole six-round Liverpool game at eight seats stays far below this (docs/api.md)
MAX_ANSWERS = 60_000
FINISHES = tuple(RoundEnd)


def _seats(description: str) -> fields.List[Any]:
    return fields.List(
        fields.String(validate=validate.OneOf(SEAT_NAMES)),
        required=True,
        validate=validate.Length(min=2, max=MAX_SEATS),
        metadata={"description": description},
    )


def _cards_out(description: str, **kwargs: Any) -> fields.List[Any]:
    return CardsOut(CardField(), metadata={"description": description}, **kwargs)


class CardGroupSchema(ResponseSchema):
    cards = _cards_out("The cards; a run's in rank order.", required=True)


class MeldsOut(fields.List):  # type: ignore[type-arg]
    """Melds as the referee holds them (tuples of cards), each dumped as ``{"cards": [...]}``."""

    def __init__(self, description: str, **kwargs: Any) -> None:
        super().__init__(
            fields.Nested(CardGroupSchema), metadata={"description": description}, **kwargs
        )

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else [{"cards": [str(c) for c in m]} for m in value]


def _melds_out(description: str, **kwargs: Any) -> MeldsOut:
    return MeldsOut(description, **kwargs)


class NewGameRequestSchema(RequestSchema):
    variant = VariantField(required=True, metadata={"description": "The preset played."})
    rules = RuleOverridesField(
        RuleOverridesSchema,
        unknown=RAISE,
        load_default=None,
        allow_none=True,
        metadata={"description": "House rules: overrides of the preset (GET /v1/variants)."},
    )
    round = fields.Integer(
        strict=True,
        load_default=None,
        allow_none=True,
        metadata={"description": "Liverpool: play only this round; else every round in turn."},
    )
    players = _seats(
        "One entry per seat, seat 0 first: `human` once (the person), a bot name for every "
        "other seat."
    )
    seed = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(min=1, max=MAX_SEED),
        metadata={
            "description": "The deal's seed (a fresh one when absent): same seed, same game."
        },
    )


class RoundSchema(ResponseSchema):
    """A round played: also read back from the state."""

    round = fields.Integer(
        required=True, allow_none=True, metadata={"description": "Liverpool's round, else null."}
    )
    winner = fields.Integer(
        required=True, allow_none=True, metadata={"description": "The seat that won it, or null."}
    )
    finish = fields.String(
        required=True,
        validate=validate.OneOf(FINISHES),
        metadata={"description": "How it ended (docs/sim.md)."},
    )
    penalties = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "Each seat's penalty points for the round."},
    )
    turns = fields.Integer(required=True, metadata={"description": "Turns played."})
    illegal = fields.Dict(
        metadata={"description": "An illegal move by a bot ended the game: its seat and why."}
    )


class GameStateSchema(RequestSchema):
    """The game as the client carries it; send it back unchanged."""

    class Meta:
        unknown = RAISE

    version = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Equal(STATE_VERSION),
        metadata={"description": "The state's format."},
    )
    variant = VariantField(required=True, metadata={"description": "The preset played."})
    rules = fields.Dict(required=True, metadata={"description": "The house rules as sent."})
    round = fields.Integer(
        required=True,
        strict=True,
        allow_none=True,
        metadata={"description": "Liverpool: the one round played, or null for all."},
    )
    players = _seats("The seats, as asked.")
    seed = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_SEED),
        metadata={
            "description": "The game's seed; with a key the cards are dealt from HMAC(key, seed)."
        },
    )
    rounds = fields.List(
        fields.Nested(RoundSchema, unknown=RAISE),
        required=True,
        metadata={"description": "The rounds played so far."},
    )
    answers = fields.List(
        fields.String(validate=validate.Length(max=MAX_ANSWERS)),
        required=True,
        validate=validate.Length(min=2, max=MAX_SEATS),
        metadata={"description": "Each seat's answers in the round in play (compact text)."},
    )
    signature = fields.String(
        validate=validate.Length(equal=64),
        metadata={"description": "HMAC-SHA256 of the rest, when the server has a key."},
    )


class JokerSwapMoveSchema(RequestSchema):
    onto = fields.Integer(
        required=True,
        strict=True,
        validate=bounded(0, MAX_TABLE_MELDS - 1),
        metadata={"description": "Index into the table of the meld holding the joker."},
    )
    cards = Cards(
        max_items=2,
        required=True,
        metadata={"description": "The natural card(s) put in its place (a set: both suits)."},
    )


class MoveSchema(RequestSchema):
    action = fields.String(
        required=True,
        validate=validate.OneOf(tuple(Action)),
        metadata={
            "description": "What the person does: the ask's `actions` say which fit now. "
            "`play` (the turn after the draw) and `defend` (against a knock) carry the cards."
        },
    )
    melds = fields.List(
        fields.Nested(ProposedMeldSchema),
        load_default=list,
        validate=validate.Length(max=MAX_TABLE_MELDS),
        metadata={"description": "`play`, `defend`: new melds laid from the hand."},
    )
    layoffs = fields.List(
        fields.Nested(LayoffSchema),
        load_default=list,
        validate=validate.Length(max=MAX_HAND_CARDS),
        metadata={
            "description": "`play`, `defend`: cards laid off; `onto` indexes the table, then "
            "this move's own melds (a defence: the knocker's melds)."
        },
    )
    joker_swaps = fields.List(
        fields.Nested(JokerSwapMoveSchema),
        load_default=list,
        validate=validate.Length(max=MAX_TABLE_MELDS),
        metadata={"description": "`play`: jokers taken from the table first."},
    )
    discard = CardField(
        load_default=None,
        allow_none=True,
        metadata={"description": "`play`: the card thrown (none when going out without one)."},
    )
    knock = StrictBoolean(
        load_default=False, metadata={"description": "`play` (gin): knock with these melds."}
    )
    table = fields.List(
        fields.Nested(ProposedMeldSchema),
        load_default=None,
        validate=validate.Length(max=MAX_TABLE_MELDS),
        metadata={
            "description": "`play` under `rearrange_table` (Rummikub), once down: the whole "
            "table after the turn; every tile of the table stays on it. Under `play_or_draw` "
            "a `play` that lays nothing draws a tile."
        },
    )


class GameMoveRequestSchema(RequestSchema):
    state = fields.Nested(
        GameStateSchema, required=True, metadata={"description": "The state last answered."}
    )
    move = fields.Nested(MoveSchema, required=True, metadata={"description": "The person's move."})


class KnockSchema(ResponseSchema):
    seat = fields.Integer(required=True, metadata={"description": "The knocker."})
    melds = _melds_out("The knocker's melds, to lay off onto.", required=True)
    gin = fields.Boolean(required=True, metadata={"description": "A knock with no deadwood."})


class AskedSchema(ResponseSchema):
    ask = fields.String(
        required=True,
        validate=validate.OneOf(tuple(Ask)),
        metadata={
            "description": "`draw` (take the top discard or draw from the stock), `buy` or "
            "`rummy` (take the discard out of turn), `play` (lay down, lay off, swap, "
            "discard, knock), `defend` (answer a knock)."
        },
    )
    actions = fields.List(
        fields.String(validate=validate.OneOf(tuple(Action))),
        required=True,
        metadata={"description": "The moves that answer it."},
    )
    knock = fields.Nested(KnockSchema, metadata={"description": "`defend`: the knock."})


class ViewSchema(ResponseSchema):
    """The referee's view of the person's seat: what a player at the table knows."""

    round = fields.Integer(
        required=True, allow_none=True, metadata={"description": "Liverpool's round."}
    )
    hand = _cards_out("The person's cards, as held.", required=True)
    table = _melds_out("The melds on the table, anyone's; runs low to high.", required=True)
    discard_pile = _cards_out("The discard pile, bottom first.", required=True)
    seen = _cards_out("Cards the others took from the pile and still hold.", required=True)
    down = fields.Boolean(
        required=True, metadata={"description": "The person has gone down / opened."}
    )
    hand_sizes = fields.List(
        fields.Integer(), required=True, metadata={"description": "Cards held by each seat."}
    )
    buys_made = fields.Integer(required=True, metadata={"description": "Buys made this round."})
    obliged = CardField(
        allow_none=True,
        metadata={"description": "The taken discard that must be laid down this turn."},
    )


class JokerSwapMadeSchema(ResponseSchema):
    onto = fields.Integer(required=True, metadata={"description": "The table meld's index."})
    cards = _cards_out("The natural card(s) put in.", required=True)


class MoveMadeSchema(ResponseSchema):
    seat = fields.Integer(required=True, metadata={"description": "Who moved."})
    ask = fields.String(
        required=True,
        validate=validate.OneOf(tuple(Ask)),
        metadata={"description": "What the seat was asked (as in `asked.ask`)."},
    )
    action = fields.String(
        required=True,
        validate=validate.OneOf(tuple(Action)),
        metadata={"description": "Its answer."},
    )
    card = CardField(
        allow_none=True,
        metadata={"description": "The top discard taken, bought, called or passed up."},
    )
    melds = _melds_out("Melds laid.", attribute="play.melds")
    layoffs = fields.List(
        fields.Nested(LayoffAdviceSchema),
        attribute="play.layoffs",
        metadata={"description": "Cards laid off."},
    )
    joker_swaps = fields.List(
        fields.Nested(JokerSwapMadeSchema),
        attribute="play.joker_swaps",
        metadata={"description": "Jokers taken from the table."},
    )
    discard = CardField(
        attribute="play.discard", allow_none=True, metadata={"description": "The card thrown."}
    )
    knock = fields.Boolean(attribute="play.knock", metadata={"description": "A knock (gin)."})
    table = _melds_out("The table after a rearranging play (Rummikub).", attribute="play.table")


class ResultSchema(ResponseSchema):
    totals = fields.List(
        fields.Integer(), required=True, metadata={"description": "Each seat's total penalty."}
    )
    winners = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "The seats with the lowest total."},
    )


class GameResponseSchema(ResponseSchema):
    """Dumps a ``sim.service.Progress``."""

    state = fields.Nested(
        GameStateSchema, required=True, metadata={"description": "Send it back with the next move."}
    )
    seat = fields.Integer(required=True, metadata={"description": "The person's seat."})
    players = fields.List(fields.String(), required=True, metadata={"description": "The seats."})
    status = fields.Method(
        "_status",
        required=True,
        metadata={
            "type": "string",
            "enum": ["your_move", "bots_to_move", "over"],
            "description": "`your_move` (see `asked`), `bots_to_move` (the request's time "
            "ran out first: send `continue`), `over` (see `result`).",
        },
    )
    asked = fields.Nested(
        AskedSchema,
        allow_none=True,
        metadata={"description": "The decision asked of the person; null unless `your_move`."},
    )
    view = fields.Nested(
        ViewSchema,
        allow_none=True,
        metadata={"description": "What the person sees; null when the game is over."},
    )
    turn = fields.Integer(
        allow_none=True, metadata={"description": "The seat whose turn it is; null when over."}
    )
    stock = fields.Integer(required=True, metadata={"description": "Cards left in the stock."})
    moves = fields.List(
        fields.Nested(MoveMadeSchema),
        required=True,
        metadata={"description": "The moves made in this request, the person's first."},
    )
    rounds = fields.List(
        fields.Nested(RoundSchema), required=True, metadata={"description": "The rounds played."}
    )
    result = fields.Nested(
        ResultSchema, allow_none=True, metadata={"description": "At the end: totals and winners."}
    )

    def _status(self, progress: Any) -> str:
        if progress.result is not None:
            return "over"
        return "bots_to_move" if progress.paused else "your_move"
