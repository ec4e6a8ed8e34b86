"""Marshmallow schemas of the HTTP contract: requests are loaded by them, responses dumped by
them, so the OpenAPI document and the wire cannot differ."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from types import MappingProxyType
from typing import Any, ClassVar

from marshmallow import (
    EXCLUDE,
    INCLUDE,
    RAISE,
    Schema,
    ValidationError,
    fields,
    missing,
    post_dump,
    validate,
)
from marshmallow.utils import get_value

from advisor.outlook.montecarlo import GATE, HAND_WON
from advisor.phases.lay_down import HOLD_OVER
from advisor.results import Action, AdvicePhase, Effort
from advisor.scoring import Finish
from api.notation import CARD_NOTATION, CARD_PATTERN, CARDS_STRING_PATTERN
from solver.cards import SUITS, rank_symbol
from solver.goals import AUTO_GOAL, Goal
from solver.goals import SOLVE_GOALS as RULES_GOALS
from solver.limits import (
    CONTRACT_MELDS,
    MAX_BUYS_MADE,
    MAX_CARD_LIST,
    MAX_HAND_CARDS,
    MAX_TABLE_MELDS,
)
from solver.melds import MELD_KINDS
from solver.place import PlaceBy
from solver.rules import PRESETS, RULE_SPECS
from solver.rulespec import Kind, RuleSpec
from solver.turn import TurnAction

MAX_HAND = MAX_HAND_CARDS
MAX_TABLE = MAX_TABLE_MELDS
MAX_LIST = MAX_CARD_LIST


def _most_opponents() -> int:
    """The most other players at a table: the largest ``max_players`` less one."""
    bound = RULE_SPECS["max_players"].bound
    assert bound is not None
    return bound.hi - 1


MAX_OPPONENTS = _most_opponents()
MAX_CARD_STRING = 2000

VARIANTS: tuple[str, ...] = tuple(PRESETS)
SOLVE_GOALS: tuple[str, ...] = (AUTO_GOAL, *RULES_GOALS)
ACTIONS: tuple[str, ...] = tuple(TurnAction)
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
    "joker_swap_illegal",
    "hand_rummy_not_allowed",
    "action_not_allowed",
    "already_down",
    "no_new_melds",
    "taken_discard_not_laid",
    "discard_missing",
    "knock_too_high",
    "table_not_kept",
)

# Shared components of the document: one generated type each (see api.spec).
COMPONENTS: dict[str, dict[str, Any]] = {
    "Card": {
        "type": "string",
        "pattern": CARD_PATTERN,
        "description": CARD_NOTATION,
        "examples": ["7H", "TS", "JK"],
    },
    "CardList": {
        "description": (
            "Cards as a list of card strings, or as one string of cards separated by spaces "
            'or commas (`"7H 8H 9H"`).'
        ),
        "oneOf": [
            {"type": "array", "items": {"$ref": "#/components/schemas/Card"}},
            {"type": "string", "pattern": CARDS_STRING_PATTERN, "maxLength": MAX_CARD_STRING},
        ],
    },
    "Variant": {
        "type": "string",
        "enum": list(VARIANTS),
        "description": "A preset rule set; `GET /v1/variants` lists each with its rule values.",
    },
}


def bounded(lo: int, hi: int) -> validate.Range:
    """A bound with the library's message for both ends (``must be between 0 and 100``)."""
    return validate.Range(min=lo, max=hi, error="must be between {min} and {max}")


class ComponentField(fields.Field):  # type: ignore[type-arg]
    """A field documented as a reference to one of ``COMPONENTS``."""

    component: ClassVar[str]


class CardField(ComponentField):
    """One card: read as a string (its name is checked by ``api.translate``), dumped canonical."""

    component = "Card"

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else str(value)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, str):
            raise ValidationError("Not a card string.")
        return value


class VariantField(ComponentField):
    component = "Variant"

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return value

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, str):
            raise ValidationError("Not a valid string.")
        return validate.OneOf(VARIANTS)(value)


class Cards(ComponentField):
    """A list of card strings, or one string of cards separated by spaces or commas.

    Only the shape is checked here; card names are read by ``api.translate``.
    """

    component = "CardList"

    def __init__(self, max_items: int = MAX_LIST, **kwargs: Any) -> None:
        self.max_items = max_items
        super().__init__(**kwargs)

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


class StrictBoolean(fields.Boolean):
    """true or false, nothing that merely reads as one ("yes", 1)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class RankField(fields.String):
    """A rank position (1..14, 14 the high ace) dumped as its symbol; read as the text sent."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else rank_symbol(value)


class SuitField(fields.String):
    """A suit index dumped as its letter."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else SUITS[value]


class CardsOut(fields.List):  # type: ignore[type-arg]
    """Canonical card strings in a response, dumped in one pass rather than card by card."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else [str(c) for c in value]


def _cards_out(description: str, **kwargs: Any) -> fields.List[Any]:
    """A list of canonical card strings in a response."""
    return CardsOut(CardField(), metadata={"description": description}, **kwargs)


class RequestSchema(Schema):
    class Meta:
        unknown = EXCLUDE


class ResponseSchema(Schema):
    """Dumps dicts and objects alike, by key or attribute name."""

    class Meta:
        unknown = INCLUDE

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._nullable = {f.data_key or n for n, f in self.dump_fields.items() if f.allow_none}

    @post_dump
    def _omit_unset(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        # A library value may hold None where a field does not apply (a dataclass has every
        # attribute); the document does not allow null there, so the field is left out.
        nullable = self._nullable
        return {key: value for key, value in data.items() if value is not None or key in nullable}


def _contract_fields(required: bool) -> dict[str, fields.Field]:  # type: ignore[type-arg]
    melds = bounded(CONTRACT_MELDS.lo, CONTRACT_MELDS.hi)
    return {
        "sets": fields.Integer(
            required=required,
            strict=True,
            validate=melds,
            metadata={"description": "Sets to lay down in this round."},
        ),
        "runs": fields.Integer(
            required=required,
            strict=True,
            validate=melds,
            metadata={"description": "Runs to lay down in this round."},
        ),
        "all_cards": StrictBoolean(
            required=required,
            metadata={"description": "The round is won only by melding every card."},
        ),
    }


ContractSchema = ResponseSchema.from_dict(_contract_fields(True), name="ContractSchema")


# One round of a custom contract list; a missing count is 0.
ContractOverrideSchema = RequestSchema.from_dict(
    _contract_fields(False), name="ContractOverrideSchema"
)


def _rule_field(spec: RuleSpec, required: bool) -> fields.Field:  # type: ignore[type-arg]
    """A rule's field, from its spec (solver/rules.py). The bounds are documentation here:
    overrides are read and checked by the library alone (``RuleOverridesField``)."""
    meta: dict[str, Any] = {"description": spec.description}
    bound = spec.bound
    limits = {} if bound is None else {"minimum": bound.lo, "maximum": bound.hi}
    length = {} if spec.length is None else {"maxItems": spec.length.hi}
    match spec.kind:
        case Kind.INTEGER:
            return fields.Integer(
                required=required, allow_none=spec.nullable, metadata={**limits, **meta}
            )
        case Kind.FLAG:
            return fields.Boolean(required=required, metadata=meta)
        case Kind.CHOICE:
            return fields.String(required=required, metadata={"enum": list(spec.choices), **meta})
        case Kind.RANKS:
            return fields.List(fields.String(), required=required, metadata=meta)
        case Kind.CARD_VALUES:
            values = fields.Integer(metadata=limits)
            return fields.Dict(
                keys=fields.String(), values=values, required=required, metadata=meta
            )
        case Kind.CONTRACTS:
            contract = ContractSchema if required else ContractOverrideSchema
            return fields.List(
                fields.Nested(contract), required=required, metadata={**length, **meta}
            )
        case Kind.COUNTS:
            return fields.List(
                fields.Integer(metadata=limits), required=required, metadata={**length, **meta}
            )


def _rule_fields(required: bool) -> dict[str, fields.Field]:  # type: ignore[type-arg]
    """Every rule, in the order of ``Rules``."""
    return {name: _rule_field(spec, required) for name, spec in RULE_SPECS.items()}


# Every preset's rule values (``Rules.to_dict``): all of them, always.
RulesSchema = ResponseSchema.from_dict(
    {
        "variant": fields.String(
            required=True, metadata={"description": "The preset these values belong to."}
        ),
        **_rule_fields(True),
    },
    name="RulesSchema",
)


# Overrides of a preset's rule values: any subset of them; an unknown name is refused.
RuleOverridesSchema = RequestSchema.from_dict(_rule_fields(False), name="RuleOverridesSchema")


class RuleOverridesField(fields.Nested):
    """The ``rules`` of a request, documented by ``RuleOverridesSchema`` and passed on as
    sent: ``solver.rules.make_rules`` reads and checks them, with the one set of messages."""

    def _deserialize(
        self,
        value: Any,
        attr: str | None,
        data: Mapping[str, Any] | None,
        partial: bool | Sequence[str] | AbstractSet[str] | None = None,
        **kwargs: Any,
    ) -> Any:
        return value


class TableMeldSchema(RequestSchema):
    cards = Cards(
        max_items=MAX_HAND,
        required=True,
        metadata={
            "description": f"The meld's cards (at most {MAX_HAND}); a run's in rank order, so "
            "a wild's position says what it stands for."
        },
    )


class LayoffSchema(RequestSchema):
    card = CardField(required=True, metadata={"description": "The card from the hand."})
    onto = fields.Integer(
        required=True,
        strict=True,
        validate=bounded(0, 2 * MAX_TABLE - 1),
        metadata={
            "description": "The meld the card goes onto: an index into `table`, then into "
            "this lay-down's `melds` (`len(table)` is the first of them)."
        },
    )


class JokerSwapRequestSchema(RequestSchema):
    onto = fields.Integer(
        required=True,
        strict=True,
        validate=bounded(0, MAX_TABLE - 1),
        metadata={"description": "Index into `table` of the meld whose joker is taken."},
    )
    card = CardField(required=True, metadata={"description": "The natural card put in."})
    cards = Cards(
        max_items=2,
        load_default=None,
        metadata={
            "description": "Every natural card put in, `card` among them: a 3-card set's "
            "joker takes both missing suits (default: `card` alone)."
        },
    )
    joker = CardField(load_default="JK", metadata={"description": "The joker taken back."})


class SituationSchema(RequestSchema):
    """Fields shared by every POST."""

    variant = VariantField(
        required=True, metadata={"description": "The preset the rules start from."}
    )
    rules = RuleOverridesField(
        RuleOverridesSchema,
        unknown=RAISE,
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
        metadata={"description": f"The player's cards (at most {MAX_HAND})."},
    )
    table = fields.List(
        fields.Nested(TableMeldSchema),
        load_default=list,
        validate=validate.Length(max=MAX_TABLE),
        metadata={
            "description": f"Melds already on the table, anyone's (at most {MAX_TABLE}), each "
            "a legal meld under the rules (else a 422 names it: `table[1]`)."
        },
    )
    discard_pile = Cards(
        load_default=list,
        metadata={
            "description": "The discard pile, bottom first; the last is the top discard (in "
            "the `draw` and `buy` phases, the card on offer)."
        },
    )
    seen = Cards(
        load_default=list,
        metadata={
            "description": "Other cards known to be out of play, besides those in `hand`, "
            "`table` and `discard_pile` (for live-card counts)."
        },
    )
    down = StrictBoolean(
        load_default=False,
        metadata={"description": "Liverpool: has gone down this round; Rummy 40: has opened."},
    )


class SolveRequestSchema(SituationSchema):
    goal = fields.String(
        load_default=AUTO_GOAL,
        validate=validate.OneOf(SOLVE_GOALS),
        metadata={
            "description": "What to solve for. `auto`: Liverpool not down -> `contract`; "
            "Rummy 40 not opened -> `opening`; Israeli -> `win`; Rummikub -> `place`; "
            "otherwise `deadwood`. `place` (rules with `rearrange_table`): the best play of "
            "the hand onto `table`, every table meld open to rearrangement; before the "
            "opening (`down: false`), the best opening from the hand alone, the table "
            "untouched."
        },
    )
    place_by = fields.String(
        load_default=PlaceBy.TILES.value,
        validate=validate.OneOf(tuple(PlaceBy)),
        metadata={
            "description": "Goal `place`: what the best play lays most of. `tiles`: the most "
            "tiles (ties: the least value left); `value`: the most points, each natural "
            "tile its `card_values` entry and a joker none (ties: the most tiles); `left`: "
            "the least `card_values` left in hand, a joker's counted (ties: the most tiles)."
        },
    )


class ProposedMeldSchema(RequestSchema):
    cards = Cards(
        max_items=MAX_HAND,
        required=True,
        metadata={"description": "The proposed meld's cards; a run's in rank order."},
    )


def _taken_discard(what: str) -> CardField:
    return CardField(
        load_default=None,
        metadata={
            "description": "The discard taken this turn (one of `hand`): with "
            f"`take_discard_obliges_meld` {what}"
        },
    )


class ValidateRequestSchema(SituationSchema):
    melds = fields.List(
        fields.Nested(ProposedMeldSchema),
        required=True,
        validate=validate.Length(max=MAX_TABLE),
        metadata={"description": "The melds to lay down from the hand (may be empty)."},
    )
    layoffs = fields.List(
        fields.Nested(LayoffSchema),
        load_default=list,
        validate=validate.Length(max=MAX_LIST),
        metadata={
            "description": "Cards from the hand added to melds on the table or to this "
            "lay-down's melds (after them)."
        },
    )
    joker_swaps = fields.List(
        fields.Nested(JokerSwapRequestSchema),
        load_default=list,
        validate=validate.Length(max=MAX_TABLE),
        metadata={
            "description": "Jokers released from table melds first (the shape of the advice's "
            "`lay_down.joker_swaps`); the joker joins the hand."
        },
    )
    discard = CardField(
        load_default=None,
        metadata={
            "description": "The turn's final discard; when it is sent, the discard and going "
            "out are judged too (omitted: a card need only be left for it)."
        },
    )
    table_after = fields.List(
        fields.Nested(TableMeldSchema),
        load_default=None,
        validate=validate.Length(max=MAX_TABLE),
        metadata={
            "description": "`action: rearrange` (rules with `rearrange_table`): the whole table "
            "after the turn, as melds; every tile of `table` must stay on it, the others come "
            "from the hand (the `table` of a `place` answer, posted back)."
        },
    )
    taken_discard = _taken_discard("it must be laid down in a new meld this turn.")
    action = fields.String(
        load_default="check",
        validate=validate.OneOf(ACTIONS),
        metadata={
            "description": "What the lay-down is, each only under the rules that have it: "
            "`go_down` (contracts), `open` (an opening minimum), `meld` (new melds and layoffs "
            "once down, where `new_melds_after_down`), `lay_off` (layoffs and joker swaps once "
            "down), `hand_rummy` (`hand_rummy`: every card but the discard at once), `win` "
            "(Israeli: the whole hand), `knock` (`knock_max`), `rearrange` (`rearrange_table`: "
            "the whole table after the turn in `table_after`), `check` (the melds alone, no "
            "rule of the turn)."
        },
    )


class ScoreRequestSchema(SituationSchema):
    finish = fields.String(
        load_default="normal",
        validate=validate.OneOf(tuple(Finish)),
        metadata={"description": "How the winner went out: `hand_rummy` (Rummy 40) doubles."},
    )


class AdviseRequestSchema(SituationSchema):
    phase = fields.String(
        load_default="discard",
        validate=validate.OneOf(tuple(AdvicePhase)),
        metadata={
            "description": "`discard`: the player has drawn and must lay down and discard; "
            "`draw`: the top discard or the stock; `buy` (where `buying`, out of turn): buy the "
            "top discard or pass; `play` (rules with `play_or_draw`, Rummikub): lay down or "
            "draw, the one phase those rules have (their advice answers `play` for `discard` "
            "and `draw` too). Another phase the rules do not have is refused (422)."
        },
    )
    buys_made = fields.Integer(
        load_default=0,
        strict=True,
        validate=bounded(0, MAX_BUYS_MADE),
        metadata={"description": "Liverpool: buys made so far this round (for `max_buys`)."},
    )
    taken_discard = _taken_discard("the `discard` phase's lay-down lays it down in a new meld.")
    opponent_hand_sizes = fields.List(
        fields.Integer(strict=True, validate=bounded(0, MAX_HAND)),
        load_default=list,
        validate=validate.Length(max=MAX_OPPONENTS),
        metadata={
            "description": "How many cards each other player holds now, the next player "
            "first (at most the rules' `max_players` less one), as every player at the table "
            "sees. Optional; at `standard` and `deep` it lets the advice keep new melds in "
            "hand after the opening while every other player holds more than "
            f"{HOLD_OVER} cards (docs/advisor.md, Effort). Not sent, they are laid down.",
            "example": [9],
        },
    )
    effort = fields.String(
        load_default=Effort.STANDARD.value,
        validate=validate.OneOf(tuple(Effort)),
        metadata={
            "description": "How hard the advice looks (docs/advisor.md, Effort): `fast`, the "
            "exact one-step figures alone; `standard` (the default) and `deep` decide by a "
            "look-ahead over the next draws where the rules allow it (a knock), adding each "
            "option's `go_out_chance`, `expected_points`, `horizon` and `samples`, and the "
            "race to go out (`race`) of the draws and of the best discards; where going out "
            "is not a knock (Liverpool, Rummy 40, Israeli) `standard` answers as `fast` and "
            "`deep` looks two draws ahead at the best throws (those its work allowance lets "
            "it finish carry `horizon` and `samples`); where new melds may be laid after the "
            "opening (Rummy 40) both hold them in hand, given `opponent_hand_sizes`, while "
            f"every other player holds more than {HOLD_OVER} cards."
        },
    )


# -- responses: the views return library values, these schemas dump them ----------------


class WildSchema(ResponseSchema):
    card = CardField(required=True, metadata={"description": "The wild card as held."})
    as_ = CardField(
        attribute="as",
        data_key="as",
        required=True,
        metadata={"description": "The card it stands for."},
    )


class WildsField(fields.List):  # type: ignore[type-arg]
    """A meld's wild cards, each with the card it stands for, read from its ``cards`` and
    ``stands_for``; left out when the object has no ``stands_for`` (an illegal meld)."""

    def get_value(self, obj: Any, attr: str, accessor: Any = None, default: Any = missing) -> Any:
        get = accessor or get_value
        stands_for = get(obj, "stands_for", missing)
        if stands_for is missing:
            return missing
        cards = get(obj, "cards", missing)
        return [{"card": c, "as": s} for c, s in zip(cards, stands_for, strict=True) if c != s]


class MeldSchema(ResponseSchema):
    """Dumps a ``solver.melds.Meld``."""

    kind = fields.String(
        required=True,
        validate=validate.OneOf(MELD_KINDS),
        metadata={"description": "`set` (one rank) or `run` (one suit, consecutive)."},
    )
    rank = RankField(metadata={"description": "Sets: the rank."})
    suit = SuitField(metadata={"description": "Runs: the suit."})
    low = RankField(metadata={"description": "Runs: the lowest rank."})
    high = RankField(metadata={"description": "Runs: the highest rank."})
    cards = _cards_out("The meld's cards; a run's in rank order.", required=True)
    points = fields.Integer(
        required=True,
        metadata={
            "description": "The meld's value under Rummy 40's opening count (A 11, faces 10, "
            "pips; a wild counts as the card it stands for)."
        },
    )
    wilds = WildsField(
        fields.Nested(WildSchema),
        metadata={"description": "Each wild card of the meld and the card it stands for."},
    )


class PlacedSchema(ResponseSchema):
    card = CardField(required=True, metadata={"description": "The tile from the hand."})
    meld = fields.Integer(
        required=True, metadata={"description": "The meld it went into: an index into `table`."}
    )


class SolveResponseSchema(ResponseSchema):
    """Dumps an ``api.calls.SolveAnswer``: its solution's fields, then its own."""

    goal = fields.String(
        attribute="solution.goal",
        required=True,
        validate=validate.OneOf(RULES_GOALS),
        metadata={"description": "The goal that was solved (`auto` resolved)."},
    )
    feasible = fields.Boolean(
        attribute="solution.feasible",
        required=True,
        allow_none=True,
        metadata={
            "description": "The goal can be met with this hand now; null when the time limit "
            "stopped the search before that was settled (`reason` says so)."
        },
    )
    optimal = fields.Boolean(
        required=True,
        metadata={
            "description": "The answer is proven: the partition optimal and the cards needed "
            "exact; false only when the time limit stopped one of them."
        },
    )
    melds = fields.List(
        fields.Nested(MeldSchema),
        attribute="solution.melds",
        required=True,
        metadata={
            "description": "The chosen melds; when the goal is not feasible, the "
            "least-deadwood partition with no goal."
        },
    )
    deadwood = _cards_out("The cards left over.", attribute="solution.deadwood", required=True)
    deadwood_points = fields.Integer(
        attribute="solution.deadwood_points",
        required=True,
        metadata={"description": "The deadwood's value under the variant."},
    )
    melded_points = fields.Integer(
        attribute="solution.melded_points",
        required=True,
        metadata={"description": "The sum of the melds' `points`."},
    )
    discard = CardField(
        attribute="solution.discard",
        allow_none=True,
        metadata={"description": "The card kept out as the discard; null when none is."},
    )
    cards_needed = fields.Integer(
        required=True,
        allow_none=True,
        metadata={
            "description": "Cards needed to meet the goal (0 when feasible); null when no live "
            "cards can reach it, or, with `reason` `time_limit`, when the search ran out of time "
            "before finding out."
        },
    )
    table = fields.List(
        fields.Nested(MeldSchema),
        attribute="solution.table",
        metadata={
            "description": "Goal `place`: the table after the play, every meld legal (the "
            "table's tiles all on it, rearranged or not)."
        },
    )
    placed = fields.List(
        fields.Nested(PlacedSchema),
        attribute="solution.placed",
        metadata={"description": "Goal `place`: each tile laid from the hand and its meld."},
    )
    opening = fields.Integer(
        attribute="solution.opening",
        metadata={
            "description": "Goal `place` before the opening (`down: false`): the points of the "
            "opening laid (0: none reaches `opening_min`), counted by `opening_count`."
        },
    )
    reason = fields.String(
        validate=validate.OneOf(("time_limit", "not_measured")),
        metadata={
            "description": "Present when a figure is unknown rather than disproved: "
            "`time_limit`, the request's time budget ran out; `not_measured`, the goal has "
            "no cards-needed measure there (`place` once down)."
        },
    )


class ViolationSchema(ResponseSchema):
    code = fields.String(
        required=True,
        validate=validate.OneOf(VIOLATION_CODES),
        metadata={"description": "Stable code of the broken rule (docs/api.md lists them)."},
    )
    message = fields.String(required=True, metadata={"description": "One sentence for people."})
    meld = fields.Integer(metadata={"description": "Index of the proposed meld at fault."})
    card = CardField(metadata={"description": "The card at fault."})


class ReadMeldSchema(MeldSchema):
    """Dumps a ``solver.turn.MeldReading``: a legal meld as its ``Meld``, an illegal one
    by its kind as told and its cards as sent."""

    kind = fields.String(
        required=True,
        validate=validate.OneOf((*MELD_KINDS, "unknown")),
        metadata={"description": "The kind as read; `unknown` when it cannot be told."},
    )
    points = fields.Integer(metadata={"description": "Legal melds: as in `Meld`."})
    legal = fields.Boolean(required=True, metadata={"description": "This meld alone is legal."})

    def get_attribute(self, obj: Any, attr: str, default: Any) -> Any:
        source = obj.meld if obj.meld is not None and attr != "legal" else obj
        return super().get_attribute(source, attr, default)


class LayoffReadSchema(ResponseSchema):
    card = CardField(required=True, metadata={"description": "The card laid off."})
    onto = fields.Integer(
        required=True, metadata={"description": "Index into `table`, then into `melds`."}
    )
    legal = fields.Boolean(required=True, metadata={"description": "The card fits that meld."})


class JokerSwapReadSchema(ResponseSchema):
    onto = fields.Integer(required=True, metadata={"description": "Index into `table`."})
    card = CardField(required=True, metadata={"description": "The first natural card put in."})
    cards = _cards_out("Every natural card put in.", required=True)
    joker = CardField(required=True, metadata={"description": "The joker taken back."})
    legal = fields.Boolean(
        required=True, metadata={"description": "The rules allow it and the cards free the joker."}
    )


class ValidateResponseSchema(ResponseSchema):
    legal = fields.Boolean(required=True, metadata={"description": "The whole lay-down is legal."})
    violations = fields.List(
        fields.Nested(ViolationSchema),
        required=True,
        metadata={"description": "Every rule broken, not only the first; empty when legal."},
    )
    melds = fields.List(
        fields.Nested(ReadMeldSchema),
        required=True,
        metadata={"description": "Each proposed meld as read, in the order sent."},
    )
    melded_points = fields.Integer(
        required=True, metadata={"description": "The sum of the legal melds' `points`."}
    )
    remaining = _cards_out("The hand's cards the lay-down does not use.", required=True)
    layoffs = fields.List(
        fields.Nested(LayoffReadSchema), metadata={"description": "Each layoff as judged."}
    )
    joker_swaps = fields.List(
        fields.Nested(JokerSwapReadSchema), metadata={"description": "Each joker swap as judged."}
    )
    goes_out = fields.Boolean(
        attribute="ends_hand",
        metadata={
            "description": "The turn is legal and ends the hand: no card is left after the "
            "discard (without a `discard`: only the card for it is left), or it knocks."
        },
    )
    hand_rummy = fields.Boolean(
        metadata={"description": "The turn is legal and goes out as a hand rummy."}
    )
    action = fields.String(
        validate=validate.OneOf(ACTIONS), metadata={"description": "The action as sent."}
    )
    left = _cards_out(
        "The hand after the lay-down and the `discard` (without one: `remaining`); a joker "
        "a swap freed is in it unless the lay-down uses it."
    )
    down = fields.Boolean(
        metadata={"description": "The player is down (gone down, opened) after the turn."}
    )
    table = fields.List(
        fields.Nested(MeldSchema),
        metadata={
            "description": "The table after the turn: its legal melds as the swaps and layoffs "
            "leave them, then the new melds."
        },
    )
    knock_points = fields.Integer(
        metadata={"description": "`knock`: the deadwood points left after the discard."}
    )


class CardPointsSchema(ResponseSchema):
    card = CardField(required=True, metadata={"description": "A card that counts."})
    points = fields.Integer(required=True, metadata={"description": "Its value."})


class ScoreResponseSchema(ResponseSchema):
    points = fields.Integer(required=True, metadata={"description": "The hand's penalty."})
    cards = fields.List(
        fields.Nested(CardPointsSchema),
        required=True,
        metadata={"description": "Every card that counts, with its value."},
    )
    finish = fields.String(
        validate=validate.OneOf(tuple(Finish)), metadata={"description": "The finish as sent."}
    )
    base_points = fields.Integer(
        metadata={"description": "The card values summed, before the finish's factor."}
    )
    melds = fields.List(
        fields.Nested(MeldSchema),
        metadata={
            "description": "Under `penalty_after_melding` (Israeli, gin): the melds set aside "
            "before counting; else empty."
        },
    )
    optimal = fields.Boolean(
        metadata={
            "description": "Present when the hand is melded before counting "
            "(`penalty_after_melding`): false when "
            "the time limit stopped the melding before it was proven least; the points are "
            "then those of the melds found."
        }
    )


class BoundSchema(ResponseSchema):
    min = fields.Integer(required=True, attribute="lo", metadata={"description": "Least value."})
    max = fields.Integer(required=True, attribute="hi", metadata={"description": "Most value."})


class VariantsResponseSchema(ResponseSchema):
    variants = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(RulesSchema),
        required=True,
        metadata={"description": "Every preset by name, with its full rule values."},
    )
    bounds = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(BoundSchema),
        metadata={"description": "The bounds of each integer rule an override may set."},
    )


class RecommendationSchema(ResponseSchema):
    action = fields.String(
        required=True,
        validate=validate.OneOf(tuple(Action)),
        metadata={
            "description": "The move: `discard` or `go_out` (discard phase), `take_discard` "
            "or `draw_stock` (draw), `buy` or `pass` (buy), `play` or `draw_stock` (play)."
        },
    )
    card = CardField(
        allow_none=True,
        metadata={"description": "The card to discard, throw to go out, take or buy."},
    )
    reason = fields.String(metadata={"description": "Why, in one sentence."})


class OutCardSchema(ResponseSchema):
    card = CardField(required=True, metadata={"description": "A card that would help."})
    live = fields.Integer(required=True, metadata={"description": "Live copies of the card."})


def _needed_field() -> fields.Integer:
    return fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "Cards needed; null when no live cards can reach the goal."},
    )


def _outs_fields() -> tuple[fields.Integer, fields.List[Any]]:
    outs = fields.Integer(
        required=True,
        metadata={"description": "Live copies of every card that lowers the cards needed."},
    )
    outs_cards = fields.List(
        fields.Nested(OutCardSchema),
        required=True,
        metadata={"description": "Each out with its live copies."},
    )
    return outs, outs_cards


class RaceSchema(ResponseSchema):
    chances = fields.List(
        fields.Float(),
        required=True,
        metadata={
            "description": "The share of the stock orders in which the hand has gone out "
            "within 1, 2, ... `horizon` draws (each card not seen equally likely next; "
            "the least-deadwood card thrown after each draw)."
        },
    )
    horizon = fields.Integer(required=True, metadata={"description": "The draws raced."})
    samples = fields.Integer(
        required=True, metadata={"description": "The stock orders sampled (seeded by the request)."}
    )
    score = fields.Float(
        required=True,
        metadata={
            "description": "The sum of `chances`: the draws of the horizon at which the hand "
            "has gone out, on average. The decisions compare it."
        },
    )


def _race_field(what: str) -> fields.Nested:
    return fields.Nested(RaceSchema, metadata={"description": f"`standard`, `deep`: {what}"})


class PlayoutsSchema(ResponseSchema):
    worlds = fields.Integer(
        required=True,
        metadata={
            "description": "The hidden worlds played out (the next player's hand and the "
            "stock's order dealt from the cards not seen, the hand fitting the next "
            "player's moves: the cards it took meld in it, and heads-up the pile's top "
            "cards it let pass do not; seeded by the request)."
        },
    )
    win_chance = fields.Float(
        required=True,
        metadata={"description": "The share of the worlds in which the player won the hand."},
    )
    expected_points = fields.Float(
        required=True,
        metadata={
            "description": "The points the player won in them on average (negative: paid), "
            "each knock settled as the rules score it, the defender laying off onto the "
            "knocker's melds. The decision weighs each world's points and "
            f"{HAND_WON} for a hand won (as much less for one lost). A discard or a draw "
            "leaves the look-ahead's choice only for an option whose worth so counted, "
            f"world by world, is higher by {GATE:g} standard error{'' if GATE == 1 else 's'}; "
            "a knock or a hold is played by the best mean worth."
        },
    )


def _playouts_field(what: str) -> fields.Nested:
    return fields.Nested(
        PlayoutsSchema,
        metadata={
            "description": f"`standard`, `deep`, where going out is a knock: {what} played "
            "out to the end of the hand, both seats by the EAAI baseline's policy "
            "(docs/advisor.md)."
        },
    )


class DiscardOptionSchema(ResponseSchema):
    card = CardField(required=True, metadata={"description": "The card thrown."})
    cards_needed = _needed_field()
    outs, outs_cards = _outs_fields()
    deadwood_points = fields.Integer(
        required=True, metadata={"description": "Deadwood points of the hand left."}
    )
    playable_on_table = fields.Boolean(
        required=True, metadata={"description": "The card fits a meld on the table."}
    )
    points_shed = fields.Integer(metadata={"description": "The thrown card's value."})
    goes_out = fields.Boolean(metadata={"description": "This throw ends the hand."})
    reason = fields.String(required=True, metadata={"description": "Why, in one sentence."})
    go_out_chance = fields.Float(
        metadata={
            "description": "Look-ahead (`standard`, `deep`): the chance of going out within "
            "`horizon` draws from the live cards, throwing the least-deadwood card after each."
        }
    )
    expected_points = fields.Float(
        metadata={
            "description": "Look-ahead: the hand's expected worth at the horizon, in points "
            "(a knock's expected gain, or minus the deadwood held; docs/advisor.md)."
        }
    )
    horizon = fields.Integer(metadata={"description": "Look-ahead: the draws looked ahead."})
    samples = fields.Integer(
        metadata={"description": "Look-ahead: the draw sequences weighed (enumerated exactly)."}
    )
    race = _race_field(
        "the race to go out after this throw, for the first options of the fewest cards "
        "needed when there is a choice among them; each draw of its `score` adds 8 points to "
        "`expected_points` in the ranking."
    )
    playouts = _playouts_field("the first options of the look-ahead's order, when none goes out,")


class LayoffAdviceSchema(ResponseSchema):
    card = CardField(required=True, metadata={"description": "The card to lay off."})
    onto = fields.Integer(
        required=True,
        metadata={"description": "Index into table, then into this lay-down's own melds."},
    )


class JokerSwapSchema(ResponseSchema):
    onto = fields.Integer(
        required=True, metadata={"description": "Index into `table` of the meld."}
    )
    card = CardField(required=True, metadata={"description": "The (first) natural card put in."})
    cards = _cards_out(
        "Every natural card put in: a run's joker takes one, a 3-card set's both missing suits.",
        required=True,
    )
    joker = CardField(required=True, metadata={"description": "The joker taken back."})


class LayDownSchema(ResponseSchema):
    melds = fields.List(
        fields.Nested(MeldSchema), required=True, metadata={"description": "Melds to lay down."}
    )
    layoffs = fields.List(
        fields.Nested(LayoffAdviceSchema),
        required=True,
        metadata={"description": "Cards to add to melds."},
    )
    joker_swaps = fields.List(
        fields.Nested(JokerSwapSchema),
        required=True,
        metadata={"description": "Jokers to take back from the table first."},
    )
    goes_out = fields.Boolean(
        required=True, metadata={"description": "The lay-down (and a discard) ends the hand."}
    )
    left = _cards_out("The cards left in hand after it.")
    action = fields.String(
        required=True,
        validate=validate.OneOf(ACTIONS),
        metadata={
            "description": "What the lay-down is: posted to /v1/validate with this `action` "
            "and the recommended card as `discard`, it is legal."
        },
    )


class TakeDiscardSchema(ResponseSchema):
    card = CardField(required=True, metadata={"description": "The top discard."})
    allowed = fields.Boolean(
        required=True, metadata={"description": "The rules let this player take it."}
    )
    is_out = fields.Boolean(metadata={"description": "The card is an out of the hand."})
    cards_needed = _needed_field()
    outs, outs_cards = _outs_fields()
    best_discard = CardField(
        allow_none=True, metadata={"description": "The best discard after taking it."}
    )
    race = _race_field("the race to go out after taking it (the first draw) and discarding.")
    playouts = _playouts_field("taking it and throwing the least-deadwood card,")


class DrawStockSchema(ResponseSchema):
    expected_cards_needed = fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": "Cards needed after a stock draw, averaged over live cards."},
    )
    outs, outs_cards = _outs_fields()
    live = fields.Integer(metadata={"description": "Live cards the stock may give."})
    race = _race_field("the race to go out from a stock draw, over the same stock orders.")
    playouts = _playouts_field("a stock draw, in the same worlds,")


class BuyCostSchema(ResponseSchema):
    extra_cards = fields.Integer(
        required=True, metadata={"description": "Cards added to the hand (the penalty card)."}
    )
    points_in_hand = fields.Integer(required=True, metadata={"description": "Points held now."})
    points_after = fields.Float(
        required=True, metadata={"description": "Expected points held after the buy."}
    )


class BuyFiguresSchema(ResponseSchema):
    card = CardField(required=True, metadata={"description": "The card on offer."})
    cards_needed = _needed_field()
    outs, outs_cards = _outs_fields()
    best_discard = CardField(
        allow_none=True, metadata={"description": "The best discard after buying."}
    )
    cost = fields.Nested(
        BuyCostSchema, required=True, metadata={"description": "What the buy costs."}
    )


def _advice_fields(
    phase: AdvicePhase,
    own: dict[str, fields.Field],  # type: ignore[type-arg]
    after: dict[str, fields.Field] | None = None,  # type: ignore[type-arg]
) -> dict[str, fields.Field]:  # type: ignore[type-arg]
    """The fields of one phase's advice, in the wire's order: what every phase answers,
    the phase's ``own`` figures, the recommendation and what comes ``after`` it."""
    return {
        "phase": fields.String(
            required=True,
            validate=validate.OneOf((phase,)),
            metadata={"description": "The phase as sent."},
        ),
        "goal": fields.String(
            required=True,
            validate=validate.OneOf(tuple(Goal)),
            metadata={"description": "The current goal (docs/rules.md, cards needed)."},
        ),
        "cards_needed": _needed_field(),
        **own,
        "recommendation": fields.Nested(
            RecommendationSchema, required=True, metadata={"description": "The move to make."}
        ),
        **(after or {}),
        "live_cards": fields.Integer(
            required=True,
            metadata={"description": "Cards not in hand, on the table, discarded or seen."},
        ),
        "optimal": fields.Boolean(
            required=True,
            metadata={
                "description": "False when the request's budget cut a search short: its work "
                "allowance (the same answer every time) or, past its deadline, the guard. "
                "Figures not settled are then null (cards needed, a best discard), and the "
                "recommendation rests on what was established (e.g. the discards' deadwood)."
            },
        ),
    }


def _hand_outs() -> dict[str, fields.Field]:  # type: ignore[type-arg]
    outs = fields.Integer(
        required=True, metadata={"description": "Live outs of the hand as it is."}
    )
    outs_cards = fields.List(
        fields.Nested(OutCardSchema),
        required=True,
        metadata={"description": "Those outs with their live copies."},
    )
    return {"outs": outs, "outs_cards": outs_cards}


DiscardAdviceSchema = ResponseSchema.from_dict(
    _advice_fields(
        AdvicePhase.DISCARD,
        {
            "lay_down": fields.Nested(
                LayDownSchema,
                required=True,
                allow_none=True,
                metadata={"description": "What to lay down this turn, or null."},
            ),
            "discards": fields.List(
                fields.Nested(DiscardOptionSchema),
                required=True,
                metadata={"description": "One entry per distinct card, best first."},
            ),
        },
        {
            "note": fields.String(
                required=True,
                allow_none=True,
                metadata={"description": "Why no lay-down, if so; else null."},
            ),
        },
    ),
    name="DiscardAdviceSchema",
)

DrawAdviceSchema = ResponseSchema.from_dict(
    _advice_fields(
        AdvicePhase.DRAW,
        {
            **_hand_outs(),
            "draw_stock": fields.Nested(
                DrawStockSchema,
                required=True,
                metadata={"description": "The figures of a stock draw."},
            ),
            "take_discard": fields.Nested(
                TakeDiscardSchema,
                required=True,
                allow_none=True,
                metadata={"description": "The figures after taking the top discard; null: none."},
            ),
        },
    ),
    name="DrawAdviceSchema",
)

BuyAdviceSchema = ResponseSchema.from_dict(
    _advice_fields(
        AdvicePhase.BUY,
        {
            "buy": fields.Nested(
                BuyFiguresSchema,
                required=True,
                allow_none=True,
                metadata={"description": "The figures after buying the top discard; null: no buy."},
            ),
            **_hand_outs(),
            "buys_made": fields.Integer(
                required=True, metadata={"description": "Buys made as sent."}
            ),
            "max_buys": fields.Integer(
                required=True,
                allow_none=True,
                metadata={"description": "The rules' limit; null: none."},
            ),
        },
    ),
    name="BuyAdviceSchema",
)


class BestPlaySchema(ResponseSchema):
    table = fields.List(
        fields.Nested(MeldSchema),
        required=True,
        metadata={"description": "The table after the play, every meld legal."},
    )
    placed = fields.List(
        fields.Nested(PlacedSchema),
        required=True,
        metadata={"description": "Each tile laid from the hand and its meld in `table`."},
    )
    melds = fields.List(
        fields.Nested(MeldSchema),
        required=True,
        metadata={"description": "The melds of `table` the play makes or remakes."},
    )
    goes_out = fields.Boolean(
        required=True, metadata={"description": "The play lays every tile of the hand."}
    )
    action = fields.String(
        required=True,
        validate=validate.OneOf(ACTIONS),
        metadata={
            "description": "Posted to /v1/validate with this `action` it is legal: `open`, "
            "`melds` as the melds; `rearrange`, `table` as `table_after`."
        },
    )


PlayAdviceSchema = ResponseSchema.from_dict(
    _advice_fields(
        AdvicePhase.PLAY,
        {
            "play": fields.Nested(
                BestPlaySchema,
                required=True,
                allow_none=True,
                metadata={"description": "The play to make now; null: draw a tile."},
            ),
            "keep_back": _cards_out(
                "Tiles the play could lay but keeps in hand for later (jokers that add only "
                "themselves).",
                required=True,
            ),
        },
    ),
    name="PlayAdviceSchema",
)


class OneOfSchema(Schema):
    """Dumps a value by the schema its ``discriminator`` attribute names; documented as
    the component ``component``: one of those schemas, told apart by that property."""

    component: ClassVar[str]
    discriminator: ClassVar[str]
    choices: ClassVar[Mapping[str, tuple[str, type[Schema]]]]  # value -> (component, schema)

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        _, schema = self.choices[getattr(obj, self.discriminator)]
        return schema().dump(obj)

    @classmethod
    def openapi(cls) -> dict[str, Any]:
        refs = {value: f"#/components/schemas/{name}" for value, (name, _) in cls.choices.items()}
        return {
            "oneOf": [{"$ref": ref} for ref in refs.values()],
            "discriminator": {"propertyName": cls.discriminator, "mapping": refs},
        }


class AdviseResponseSchema(OneOfSchema):
    """An advice, by its phase."""

    component = "AdviseResponse"
    discriminator = "phase"
    choices = MappingProxyType(
        {
            AdvicePhase.DISCARD: ("DiscardAdvice", DiscardAdviceSchema),
            AdvicePhase.DRAW: ("DrawAdvice", DrawAdviceSchema),
            AdvicePhase.BUY: ("BuyAdvice", BuyAdviceSchema),
            AdvicePhase.PLAY: ("PlayAdvice", PlayAdviceSchema),
        }
    )


class HealthSchema(ResponseSchema):
    status = fields.String(
        required=True, metadata={"description": "`ok` (livez) or `ready` (readyz)."}
    )


class FieldErrorSchema(ResponseSchema):
    field = fields.String(
        required=True,
        metadata={
            "description": "Where the request is at fault: a JSON path into it as sent "
            "(`hand[1]`, `table[0].cards[2]`, `rules.card_values.A`), the path `detail` "
            "starts with."
        },
    )
    index = fields.Integer(
        metadata={"description": "Index of the bad item in its list (the last step of `field`)."}
    )
    message = fields.String(required=True, metadata={"description": "What is wrong."})


class ProblemSchema(ResponseSchema):
    """RFC 9457 problem details."""

    type = fields.String(
        required=True, metadata={"description": "URN of the problem type (one per status)."}
    )
    title = fields.String(required=True, metadata={"description": "The type's short title."})
    status = fields.Integer(required=True, metadata={"description": "The HTTP status."})
    detail = fields.String(required=True, metadata={"description": "This occurrence, for people."})
    errors = fields.List(
        fields.Nested(FieldErrorSchema), metadata={"description": "422 only: what is invalid."}
    )
