"""Marshmallow schemas of the HTTP contract: requests (loaded) and responses (documented)."""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, INCLUDE, Schema, ValidationError, fields, validate

from solver.goals import SOLVE_GOALS as RULES_GOALS
from solver.goals import Goal
from solver.rules import ACE_VALUES, PENALTIES, PRESETS

MAX_HAND = 60
MAX_TABLE = 100
MAX_LIST = 500
MAX_CARD_STRING = 2000

VARIANTS: tuple[str, ...] = tuple(PRESETS)
SOLVE_GOALS: tuple[str, ...] = ("auto", *RULES_GOALS)
ACTIONS: tuple[str, ...] = ("check", "go_down", "open", "meld", "win", "hand_rummy")
FINISHES: tuple[str, ...] = ("normal", "hand_rummy")
PHASES: tuple[str, ...] = ("discard", "draw", "buy")
ADVICE_GOALS: tuple[str, ...] = tuple(Goal)
RECOMMENDED_ACTIONS: tuple[str, ...] = (
    "discard",
    "go_out",
    "take_discard",
    "draw_stock",
    "buy",
    "pass",
)
VIOLATION_CODES: tuple[str, ...] = (
    "card_not_in_hand",
    "too_many_copies",
    "meld_too_short",
    "meld_too_long",
    "mixed_ranks",
    "duplicate_suit",
    "mixed_suits",
    "not_consecutive",
    "ace_misplaced",
    "too_many_wilds",
    "too_few_naturals",
    "contract_unmet",
    "opening_too_low",
    "cards_left_over",
    "no_run",
    "not_down",
    "layoff_illegal",
)

CARD_EXAMPLE = ["7H", "8H", "9H", "KS", "KD", "KC", "2C", "5D", "JK", "QS"]


class Cards(fields.Field):  # type: ignore[type-arg]
    """A list of card strings, or one string of cards separated by spaces or commas.

    Only the shape is checked here; card names are read by ``api.translate``.
    """

    def __init__(self, max_items: int = MAX_LIST, **kwargs: Any) -> None:
        self.max_items = max_items
        metadata = {
            "oneOf": [
                {"type": "array", "items": {"type": "string"}, "maxItems": max_items},
                {"type": "string", "maxLength": MAX_CARD_STRING},
            ],
            **kwargs.pop("metadata", {}),
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            if len(value) > MAX_CARD_STRING:
                raise ValidationError(f"Longer than {MAX_CARD_STRING} characters.")
            return value
        if isinstance(value, list):
            if len(value) > self.max_items:
                raise ValidationError(f"At most {self.max_items} cards.")
            bad = {i: ["Not a card string."] for i, v in enumerate(value) if not isinstance(v, str)}
            if bad:
                raise ValidationError(bad)  # type: ignore[arg-type,unused-ignore]
            return value
        raise ValidationError("Must be a list of card strings or one string of cards.")


class RequestSchema(Schema):
    class Meta:
        unknown = EXCLUDE


class TableMeldSchema(RequestSchema):
    cards = Cards(
        max_items=MAX_HAND,
        required=True,
        metadata={"description": "The meld's cards; a run's cards in rank order."},
    )


class LayoffSchema(RequestSchema):
    card = fields.String(required=True, metadata={"example": "9H"})
    onto = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=0, max=MAX_TABLE - 1),
        metadata={"description": "Index into `table`."},
    )


class SituationSchema(RequestSchema):
    """Fields shared by every POST."""

    variant = fields.String(
        required=True,
        validate=validate.OneOf(VARIANTS),
        metadata={"description": "The preset the rules start from."},
    )
    rules = fields.Dict(
        keys=fields.String(),
        load_default=None,
        allow_none=True,
        metadata={
            "description": "Overrides of the preset's rule values (names as in GET /v1/variants).",
            "example": {"decks": 3},
        },
    )
    round = fields.Integer(
        strict=True,
        load_default=None,
        allow_none=True,
        metadata={"description": "Liverpool round, 1..number of contracts; required there."},
    )
    hand = Cards(
        max_items=MAX_HAND,
        required=True,
        metadata={"description": "The player's cards (at most 60).", "example": CARD_EXAMPLE},
    )
    table = fields.List(
        fields.Nested(TableMeldSchema),
        load_default=list,
        validate=validate.Length(max=MAX_TABLE),
        metadata={"description": "Melds already on the table (at most 100)."},
    )
    discard_pile = Cards(
        load_default=list, metadata={"description": "Bottom first; the last is the top discard."}
    )
    seen = Cards(load_default=list, metadata={"description": "Other cards known out of play."})
    down = fields.Boolean(
        load_default=False,
        metadata={"description": "Liverpool: has gone down; Rummy 40: has opened."},
    )


class SolveRequestSchema(SituationSchema):
    goal = fields.String(load_default="auto", validate=validate.OneOf(SOLVE_GOALS))


class ProposedMeldSchema(RequestSchema):
    cards = Cards(max_items=MAX_HAND, required=True)


class ValidateRequestSchema(SituationSchema):
    melds = fields.List(
        fields.Nested(ProposedMeldSchema), required=True, validate=validate.Length(max=MAX_TABLE)
    )
    layoffs = fields.List(
        fields.Nested(LayoffSchema), load_default=list, validate=validate.Length(max=MAX_LIST)
    )
    action = fields.String(load_default="check", validate=validate.OneOf(ACTIONS))


class ScoreRequestSchema(SituationSchema):
    finish = fields.String(load_default="normal", validate=validate.OneOf(FINISHES))


class AdviseRequestSchema(SituationSchema):
    phase = fields.String(load_default="discard", validate=validate.OneOf(PHASES))
    buys_made = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=100),
        metadata={"description": "Liverpool: buys made so far this round (for max_buys)."},
    )


# -- responses (documentation; the views send the library's dicts as they are) --


class ResponseSchema(Schema):
    class Meta:
        unknown = INCLUDE


class WildSchema(ResponseSchema):
    card = fields.String(required=True)
    as_ = fields.String(data_key="as", required=True)


class MeldSchema(ResponseSchema):
    kind = fields.String(required=True, validate=validate.OneOf(("set", "run")))
    rank = fields.String(metadata={"description": "Sets: the rank."})
    suit = fields.String(metadata={"description": "Runs: the suit."})
    low = fields.String(metadata={"description": "Runs: the lowest rank."})
    high = fields.String(metadata={"description": "Runs: the highest rank."})
    cards = fields.List(fields.String(), required=True)
    points = fields.Integer(required=True, metadata={"description": "Rummy 40 opening count."})
    wilds = fields.List(fields.Nested(WildSchema))


class SolveResponseSchema(ResponseSchema):
    goal = fields.String(required=True, validate=validate.OneOf(RULES_GOALS))
    feasible = fields.Boolean(required=True)
    optimal = fields.Boolean(required=True)
    melds = fields.List(fields.Nested(MeldSchema), required=True)
    deadwood = fields.List(fields.String(), required=True)
    deadwood_points = fields.Integer(required=True)
    melded_points = fields.Integer(required=True)
    cards_needed = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "null when no live cards can reach the goal"},
    )
    discard = fields.String(allow_none=True)


class ViolationSchema(ResponseSchema):
    code = fields.String(required=True, validate=validate.OneOf(VIOLATION_CODES))
    message = fields.String(required=True)
    meld = fields.Integer(metadata={"description": "Index of the proposed meld at fault."})
    card = fields.String(metadata={"description": "The card at fault."})


class ReadMeldSchema(ResponseSchema):
    kind = fields.String(
        required=True,
        validate=validate.OneOf(("set", "run", "unknown")),
        metadata={"description": "The kind as read; `unknown` when it cannot be told."},
    )
    cards = fields.List(fields.String(), required=True)
    legal = fields.Boolean(metadata={"description": "This meld alone is legal."})


class LayoffReadSchema(ResponseSchema):
    card = fields.String(required=True)
    onto = fields.Integer(required=True)
    legal = fields.Boolean(required=True)


class ValidateResponseSchema(ResponseSchema):
    legal = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    melds = fields.List(fields.Nested(ReadMeldSchema), required=True)
    melded_points = fields.Integer(required=True)
    remaining = fields.List(fields.String(), required=True)
    layoffs = fields.List(fields.Nested(LayoffReadSchema))


class CardPointsSchema(ResponseSchema):
    card = fields.String(required=True)
    points = fields.Integer(required=True)


class ScoreResponseSchema(ResponseSchema):
    points = fields.Integer(required=True, metadata={"description": "The hand's penalty."})
    cards = fields.List(fields.Nested(CardPointsSchema), required=True)
    finish = fields.String(validate=validate.OneOf(FINISHES))
    base_points = fields.Integer(metadata={"description": "The card values summed."})
    melds = fields.List(
        fields.Nested(MeldSchema), metadata={"description": "Gin: the melds set aside."}
    )


class ContractSchema(ResponseSchema):
    sets = fields.Integer(required=True)
    runs = fields.Integer(required=True)
    all_cards = fields.Boolean(required=True)


class RulesSchema(ResponseSchema):
    variant = fields.String(required=True)
    decks = fields.Integer(required=True)
    jokers = fields.Integer(required=True)
    wild_ranks = fields.List(fields.String(), required=True)
    set_min = fields.Integer(required=True)
    set_max = fields.Integer(required=True)
    set_distinct_suits = fields.Boolean(required=True)
    run_min = fields.Integer(required=True)
    ace = fields.String(required=True, validate=validate.OneOf(ACE_VALUES))
    set_min_naturals = fields.Integer(required=True)
    run_min_naturals = fields.Integer(required=True)
    max_wilds_per_meld = fields.Integer(required=True, allow_none=True)
    card_values = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    opening_min = fields.Integer(required=True, allow_none=True)
    contracts = fields.List(fields.Nested(ContractSchema), required=True)
    require_run = fields.Boolean(required=True)
    hand_size = fields.Integer(required=True)
    goal = fields.String(required=True, validate=validate.OneOf(RULES_GOALS))
    knock_max = fields.Integer(allow_none=True)
    max_buys = fields.Integer(allow_none=True)
    hand_rummy_penalty = fields.String(validate=validate.OneOf(PENALTIES))
    joker_hand_penalty = fields.Integer()


class VariantsResponseSchema(ResponseSchema):
    variants = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(RulesSchema),
        required=True,
        metadata={"description": "Every preset by name, with its full rule values."},
    )


class RecommendationSchema(ResponseSchema):
    action = fields.String(required=True, validate=validate.OneOf(RECOMMENDED_ACTIONS))
    card = fields.String(allow_none=True)
    reason = fields.String()


class OutCardSchema(ResponseSchema):
    card = fields.String(required=True)
    live = fields.Integer(required=True, metadata={"description": "Live copies of the card."})


def _needed_field() -> fields.Integer:
    return fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "Cards needed; null when no live cards can reach the goal."},
    )


class WithOutsSchema(ResponseSchema):
    outs = fields.Integer(required=True, metadata={"description": "Live copies of every out."})
    outs_cards = fields.List(fields.Nested(OutCardSchema), required=True)


class DiscardOptionSchema(WithOutsSchema):
    card = fields.String(required=True)
    cards_needed = _needed_field()
    deadwood_points = fields.Integer(required=True)
    playable_on_table = fields.Boolean(required=True)
    points_shed = fields.Integer()
    goes_out = fields.Boolean()
    reason = fields.String(required=True)


class LayoffAdviceSchema(ResponseSchema):
    card = fields.String(required=True)
    onto = fields.Integer(
        required=True,
        metadata={"description": "Index into table, then into this lay-down's own melds."},
    )


class JokerSwapSchema(ResponseSchema):
    onto = fields.Integer(required=True)
    card = fields.String(required=True)
    joker = fields.String(required=True)


class LayDownSchema(ResponseSchema):
    melds = fields.List(fields.Nested(MeldSchema), required=True)
    layoffs = fields.List(fields.Nested(LayoffAdviceSchema), required=True)
    joker_swaps = fields.List(fields.Nested(JokerSwapSchema), required=True)
    goes_out = fields.Boolean(required=True)
    left = fields.List(fields.String())


class TakeDiscardSchema(WithOutsSchema):
    card = fields.String(required=True)
    allowed = fields.Boolean(required=True)
    is_out = fields.Boolean()
    cards_needed = _needed_field()
    best_discard = fields.String(allow_none=True)


class DrawStockSchema(WithOutsSchema):
    expected_cards_needed = fields.Float(required=True, allow_none=True)
    live = fields.Integer()


class BuyCostSchema(ResponseSchema):
    extra_cards = fields.Integer(required=True)
    points_in_hand = fields.Integer(required=True)
    points_after = fields.Float(required=True)


class BuyFiguresSchema(WithOutsSchema):
    card = fields.String(required=True)
    cards_needed = _needed_field()
    best_discard = fields.String(allow_none=True)
    cost = fields.Nested(BuyCostSchema, required=True)


class AdviseResponseSchema(ResponseSchema):
    phase = fields.String(validate=validate.OneOf(PHASES))
    goal = fields.String(required=True, validate=validate.OneOf(ADVICE_GOALS))
    cards_needed = _needed_field()
    recommendation = fields.Nested(RecommendationSchema, required=True)
    optimal = fields.Boolean(
        metadata={"description": "False when a solve was stopped by the time limit."}
    )
    live_cards = fields.Integer()
    # discard phase
    lay_down = fields.Nested(LayDownSchema, allow_none=True)
    discards = fields.List(fields.Nested(DiscardOptionSchema))
    note = fields.String(allow_none=True)
    # draw and buy phases
    outs = fields.Integer()
    outs_cards = fields.List(fields.Nested(OutCardSchema))
    take_discard = fields.Nested(TakeDiscardSchema, allow_none=True)
    draw_stock = fields.Nested(DrawStockSchema)
    buy = fields.Nested(BuyFiguresSchema, allow_none=True)
    buys_made = fields.Integer()
    max_buys = fields.Integer(allow_none=True)


class HealthSchema(ResponseSchema):
    status = fields.String(required=True, metadata={"example": "ok"})


class FieldErrorSchema(ResponseSchema):
    field = fields.String(required=True, metadata={"example": "hand"})
    index = fields.Integer(metadata={"description": "Index of the bad card in its list."})
    message = fields.String(required=True)


class ProblemSchema(ResponseSchema):
    """RFC 9457 problem details."""

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    errors = fields.List(
        fields.Nested(FieldErrorSchema), metadata={"description": "422 only: what is invalid."}
    )
