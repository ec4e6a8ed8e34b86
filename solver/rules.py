"""Rules as data: one frozen object per rule set, the presets, and validated overrides.

``Rules`` is the one table of rule fields: each field declares its type, its default and
(in its metadata) a ``RuleSpec`` with its kind, bounds and meaning. Override parsing and
its messages, ``to_dict``, the API schema and the table in docs/rules.md walk these
fields, so adding a rule is adding one field here (and reading it where it matters).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from solver.cards import RANKS, Card, parse_rank, rank_at
from solver.errors import GoalError, RulesError
from solver.goals import SOLVE_GOALS, Goal
from solver.limits import (
    CARD_VALUE,
    CONTRACT_MELDS,
    CONTRACT_ROUNDS,
    CONTRACT_TOTAL_MELDS,
    MAX_HAND_CARDS,
    ROUND_HAND_SIZE,
    ROUNDS_DEALT,
    Bound,
)
from solver.melds import Meld, rummy40_value
from solver.rulespec import Kind, RuleSpec, default_of, metadata, spec_of, specs_of


class Ace(StrEnum):
    """Where an ace may stand in a run: only below the 2, only above the K, or either."""

    LOW = "low"
    HIGH = "high"
    BOTH = "both"


class StalledRound(StrEnum):
    """How a hand still open at the referee's turn limit is scored: every player counts
    the cards in hand (as if someone had gone out), or nobody scores."""

    COUNT = "count"
    VOID = "void"


class HandRummyPenalty(StrEnum):
    """What a hand rummy does to the others' count: doubles it, or adds 25."""

    DOUBLE = "double"
    PLUS25 = "plus25"


class OpeningCount(StrEnum):
    """What a card counts towards an opening: Rummy 40's count (A 11, faces 10, pips) or
    its face number (A 1 .. K 13, as Rummikub's tiles). A wild counts as what it stands for."""

    RUMMY40 = "rummy40"
    FACE = "face"


@dataclass(frozen=True)
class Contract:
    """One Liverpool round: how many sets and runs go down; ``all_cards``: no card may remain."""

    sets: int
    runs: int
    all_cards: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"sets": self.sets, "runs": self.runs, "all_cards": self.all_cards}


def _values(
    ace: int, two: int, pips: int | None, low: int | None, faces: int, joker: int
) -> Mapping[str, int]:
    table: dict[str, int] = {}
    for i, sym in enumerate(RANKS, start=1):
        if i == 1:
            table[sym] = ace
        elif i == 2:
            table[sym] = two
        elif i >= 10:
            table[sym] = faces
        elif low is not None:
            table[sym] = low
        else:
            table[sym] = i if pips is None else pips
    table["JK"] = joker
    return MappingProxyType(table)


# The metadata of each kind of field (a ``RuleSpec``).


def _int(description: str, lo: int, hi: int, nullable: bool = False) -> Mapping[str, RuleSpec]:
    return metadata(RuleSpec(Kind.INTEGER, description, Bound(lo, hi), nullable=nullable))


def _flag(description: str) -> Mapping[str, RuleSpec]:
    return metadata(RuleSpec(Kind.FLAG, description))


def _choice(description: str, choices: tuple[str, ...]) -> Mapping[str, RuleSpec]:
    return metadata(RuleSpec(Kind.CHOICE, description, choices=choices))


# The standard count: A 1, pips their value, T-K 10 (gin's).
STANDARD_VALUES = _values(ace=1, two=2, pips=None, low=None, faces=10, joker=0)


# The bounds keep every accepted request within its time budget: set and run shapes grow
# with the copies of each card (decks) and the wild cards (jokers, wild ranks), the model
# with the hand (solver/limits.py).
@dataclass(frozen=True)
class Rules:
    """Every rule value of docs/rules.md section 3. The solver reads these fields, never a name."""

    variant: str
    decks: int = field(default=2, metadata=_int("Standard 52-card decks in the pack.", 1, 3))
    jokers: int = field(
        default=0, metadata=_int("Jokers in the pack (in all, not per deck).", 0, 6)
    )
    wild_ranks: tuple[int, ...] = field(
        default=(),
        metadata=metadata(RuleSpec(Kind.RANKS, 'Ranks whose cards are wild, such as `["2"]`.')),
    )
    set_min: int = field(default=3, metadata=_int("Fewest cards in a set.", 2, 8))
    set_max: int = field(default=4, metadata=_int("Most cards in a set.", 2, 8))
    set_distinct_suits: bool = field(
        default=True, metadata=_flag("A set's cards are of different suits (4 at most).")
    )
    run_min: int = field(default=3, metadata=_int("Fewest cards in a run.", 2, 14))
    ace: Ace = field(
        default=Ace.BOTH,
        metadata=_choice(
            "Where an ace stands in a run: below the 2, above the K, or either.", tuple(Ace)
        ),
    )
    set_min_naturals: int = field(
        default=1, metadata=_int("Fewest natural (not wild) cards in a set.", 1, 8)
    )
    run_min_naturals: int = field(
        default=1, metadata=_int("Fewest natural (not wild) cards in a run.", 1, 14)
    )
    max_wilds_per_meld: int | None = field(
        default=None,
        metadata=_int("Most wild cards in one meld; null: no limit.", 0, 14, nullable=True),
    )
    card_values: Mapping[str, int] = field(
        default_factory=lambda: STANDARD_VALUES,
        metadata=metadata(
            RuleSpec(
                Kind.CARD_VALUES,
                "Deadwood points by rank (A..K, JK for the joker); an override changes only "
                "the ranks it names.",
                CARD_VALUE,
            )
        ),
    )
    opening_min: int | None = field(
        default=None,
        metadata=_int("Points the first lay-down must reach; null: no opening.", 0, 1000, True),
    )
    opening_count: OpeningCount = field(
        default=OpeningCount.RUMMY40,
        metadata=_choice(
            "What a card counts towards the opening: Rummy 40's count (A 11, faces 10, pips) "
            "or its face number (A 1 .. K 13); a wild counts as the card it stands for.",
            tuple(OpeningCount),
        ),
    )
    contracts: tuple[Contract, ...] = field(
        default=(),
        metadata=metadata(
            RuleSpec(
                Kind.CONTRACTS,
                "The contract of each round, in order; a round asks for "
                f"{CONTRACT_TOTAL_MELDS.lo}..{CONTRACT_TOTAL_MELDS.hi} melds in all.",
                CONTRACT_MELDS,
                CONTRACT_ROUNDS,
            )
        ),
    )
    require_run: bool = field(
        default=False, metadata=_flag("Going out needs at least one run among the melds.")
    )
    hand_size: int = field(
        default=10, metadata=_int("Cards dealt to each player.", 1, MAX_HAND_CARDS)
    )
    goal: Goal = field(
        default=Goal.DEADWOOD,
        metadata=_choice("What the solver aims for before going down or opening.", SOLVE_GOALS),
    )
    knock_max: int | None = field(
        default=None,
        metadata=_int("Most deadwood points to knock with; null: no knocking.", 0, 1000, True),
    )
    max_buys: int | None = field(
        default=None,
        metadata=_int("Most buys per round (Liverpool); null: no limit.", 0, 100, True),
    )
    hand_rummy_penalty: HandRummyPenalty = field(
        default=HandRummyPenalty.DOUBLE,
        metadata=_choice(
            "Penalty for the others when a player goes out all at once.", tuple(HandRummyPenalty)
        ),
    )
    joker_hand_penalty: int = field(
        default=25, metadata=_int("Points a joker left in hand costs.", 0, 1000)
    )
    # -- how a game is played (read by the referee in sim/) --
    max_players: int = field(default=4, metadata=_int("Most players at one table.", 2, 8))
    round_hand_sizes: tuple[int, ...] = field(
        default=(),
        metadata=metadata(
            RuleSpec(
                Kind.COUNTS,
                "Cards dealt in each round, in order; `hand_size` past the end.",
                ROUND_HAND_SIZE,
                ROUNDS_DEALT,
            )
        ),
    )
    extra_deck_over_players: int | None = field(
        default=None,
        metadata=_int(
            "With more players than this, one more deck joins the pack; null: never.", 2, 8, True
        ),
    )
    first_player_extra_card: bool = field(
        default=False,
        metadata=_flag("The first player is dealt one card more and starts by discarding."),
    )
    take_discard_obliges_meld: bool = field(
        default=False,
        metadata=_flag("Taking the top discard obliges a lay-down with it in the same turn."),
    )
    buying: bool = field(
        default=False,
        metadata=_flag(
            "A player not on turn may buy the top discard with penalty cards from the stock."
        ),
    )
    buy_penalty_cards: int = field(
        default=1, metadata=_int("Cards from the stock that come with a bought discard.", 0, 5)
    )
    rummy_call: bool = field(
        default=False,
        metadata=_flag("A discard that fits a table meld may be called by another player."),
    )
    rearrange_table: bool = field(
        default=False,
        metadata=_flag(
            "Once down, a turn may rearrange every meld on the table, as long as all are "
            "valid melds again at its end and the table's tiles stay on it."
        ),
    )
    play_or_draw: bool = field(
        default=False,
        metadata=_flag(
            "A turn either lays tiles down or, laying nothing, draws one: no discards and "
            "no discard pile."
        ),
    )
    joker_release: bool = field(
        default=False,
        metadata=_flag("A joker on the table may be taken by placing the card it stands for."),
    )
    hand_rummy: bool = field(
        default=False,
        metadata=_flag("Going out in one turn with nothing laid before: no opening minimum."),
    )
    new_melds_after_down: bool = field(
        default=True,
        metadata=_flag("New melds may be laid after going down (opening); else only layoffs."),
    )
    reshuffle_stock: bool = field(
        default=True,
        metadata=_flag(
            "An empty stock is refilled from the pile (its top card stays); else the hand ends."
        ),
    )
    stalled_round: StalledRound = field(
        default=StalledRound.COUNT,
        metadata=_choice(
            "A hand still open at the referee's turn limit: every player counts the cards in"
            " hand, or nobody scores.",
            tuple(StalledRound),
        ),
    )
    penalty_after_melding: bool = field(
        default=False,
        metadata=_flag("A loser's hand is melded first and only its deadwood counts."),
    )
    gin_bonus: int = field(
        default=0, metadata=_int("Bonus for knocking with no deadwood.", 0, 1000)
    )
    undercut_bonus: int = field(
        default=0,
        metadata=_int("Bonus to a defender whose deadwood is at most the knocker's.", 0, 1000),
    )

    # -- derived helpers (pure functions of the fields) --

    def is_wild(self, card: Card) -> bool:
        return card.is_joker or card.rank in self.wild_ranks

    def value(self, card: Card) -> int:
        """Deadwood value of a card left in hand."""
        return self.card_values["JK" if card.is_joker else RANKS[card.rank - 1]]

    def points(self, cards: Iterable[Card]) -> int:
        """The deadwood value of ``cards`` held together.

        >>> from solver.cards import parse_cards
        >>> PRESETS["liverpool"].points(parse_cards("QD AS 7C"))
        40
        """
        return sum(self.value(c) for c in cards)

    def opening_value(self, position: int) -> int:
        """What the card at rank position ``position`` (1..14) counts towards the opening.

        >>> [PRESETS["rummy40"].opening_value(p) for p in (1, 7, 13, 14)]
        [11, 7, 10, 11]
        >>> [PRESETS["rummikub"].opening_value(p) for p in (1, 7, 13)]
        [1, 7, 13]
        """
        if self.opening_count is OpeningCount.FACE:
            return rank_at(position)
        return rummy40_value(position)

    def meld_value(self, meld: Meld) -> int:
        """A meld's count towards the opening (``opening_count``)."""
        if meld.kind == "set":
            assert meld.rank is not None
            return self.opening_value(meld.rank) * len(meld.cards)
        assert meld.low is not None and meld.high is not None
        return sum(self.opening_value(p) for p in range(meld.low, meld.high + 1))

    @property
    def max_position(self) -> int:
        """Highest rank position a run may reach (14 when the ace may be high)."""
        return 13 if self.ace is Ace.LOW else 14

    @property
    def min_position(self) -> int:
        return 2 if self.ace is Ace.HIGH else 1

    @property
    def set_limit(self) -> int:
        """Largest legal set size (distinct suits cap it at 4)."""
        return min(self.set_max, 4) if self.set_distinct_suits else self.set_max

    def dealt_size(self, round_: int | None) -> int:
        """Cards dealt to each player in ``round_`` (the first player may get one more)."""
        if round_ is not None and 1 <= round_ <= len(self.round_hand_sizes):
            return self.round_hand_sizes[round_ - 1]
        return self.hand_size

    def contract(self, round_: int | None) -> Contract:
        if not self.contracts:
            raise GoalError("these rules have no contracts", field="round")
        if round_ is None:
            raise GoalError("round is required for a contract goal", field="round")
        if not 1 <= round_ <= len(self.contracts):
            raise GoalError(f"round must be 1..{len(self.contracts)}, not {round_}", field="round")
        return self.contracts[round_ - 1]

    def to_dict(self) -> dict[str, Any]:
        """JSON form, with the same names that overrides take.

        >>> data = make_rules("liverpool").to_dict()
        >>> data["wild_ranks"], data["contracts"][0], data["ace"]
        (['2'], {'sets': 2, 'runs': 0, 'all_cards': False}, 'both')
        """
        out: dict[str, Any] = {"variant": self.variant}
        for name, spec in RULE_SPECS.items():
            out[name] = _DUMPERS.get(spec.kind, _same)(getattr(self, name))
        return out


RULE_SPECS: Mapping[str, RuleSpec] = MappingProxyType(dict(specs_of(Rules)))
RULE_DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {f.name: default_of(f) for f in dataclasses.fields(Rules) if spec_of(f) is not None}
)


def rule_bounds() -> dict[str, Bound]:
    """The range of every integer rule."""
    return {n: s.bound for n, s in RULE_SPECS.items() if s.kind is Kind.INTEGER and s.bound}


# -- the JSON form of a value, by kind ----------------------------------------


def _same(value: Any) -> Any:
    return value


_DUMPERS: Mapping[Kind, Callable[[Any], Any]] = MappingProxyType(
    {
        Kind.CHOICE: str,
        Kind.RANKS: lambda ranks: [RANKS[r - 1] for r in ranks],
        Kind.CARD_VALUES: dict,
        Kind.CONTRACTS: lambda contracts: [c.to_dict() for c in contracts],
        Kind.COUNTS: list,
    }
)


LIVERPOOL_CONTRACTS = (
    Contract(2, 0),
    Contract(1, 1),
    Contract(0, 2),
    Contract(3, 0),
    Contract(2, 1),
    Contract(1, 2, all_cards=True),
)

# Each preset gives only the values that differ from the defaults.
_PRESETS = (
    Rules(
        variant="liverpool",
        wild_ranks=(2,),
        run_min=4,
        set_min_naturals=2,
        run_min_naturals=3,
        card_values=_values(ace=25, two=25, pips=None, low=5, faces=10, joker=25),
        contracts=LIVERPOOL_CONTRACTS,
        goal=Goal.CONTRACT,
        max_players=6,
        round_hand_sizes=(10, 10, 10, 10, 10, 12),
        extra_deck_over_players=5,
        buying=True,
        rummy_call=True,
        new_melds_after_down=False,
    ),
    Rules(
        variant="rummy40",
        jokers=2,
        ace=Ace.HIGH,
        set_min_naturals=2,
        run_min_naturals=2,
        max_wilds_per_meld=1,
        card_values=_values(ace=11, two=2, pips=None, low=None, faces=10, joker=25),
        opening_min=40,
        hand_size=13,
        goal=Goal.OPENING,
        take_discard_obliges_meld=True,
        joker_release=True,
        hand_rummy=True,
    ),
    Rules(
        variant="israeli",
        card_values=_values(ace=1, two=1, pips=1, low=None, faces=1, joker=1),
        require_run=True,
        hand_size=14,
        goal=Goal.WIN,
        first_player_extra_card=True,
        penalty_after_melding=True,
    ),
    Rules(
        variant="rummikub",
        jokers=2,
        ace=Ace.LOW,
        card_values=MappingProxyType({**{r: i for i, r in enumerate(RANKS, 1)}, "JK": 30}),
        opening_min=30,
        opening_count=OpeningCount.FACE,
        hand_size=14,
        goal=Goal.PLACE,
        joker_hand_penalty=30,
        rearrange_table=True,
        play_or_draw=True,
        reshuffle_stock=False,
    ),
    Rules(
        variant="gin",
        decks=1,
        set_distinct_suits=False,
        ace=Ace.LOW,
        knock_max=10,
        max_players=2,
        reshuffle_stock=False,
        penalty_after_melding=True,
        gin_bonus=25,
        undercut_bonus=25,
    ),
)


# -- overrides: one reader per kind, so a rule's checks and messages follow from its spec --


def _int_value(name: str, value: Any, bound: Bound) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(name, f"must be an integer, not {value!r}")
    if value not in bound:
        raise RulesError(name, f"must be between {bound.lo} and {bound.hi}")
    return value


def _list(name: str, value: Any, spec: RuleSpec, what: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise RulesError(name, f"must be a list of {what}")
    length = spec.length
    if length is not None and len(value) > length.hi:
        raise RulesError(name, f"at most {length.hi} entries, not {len(value)}")
    return list(value)


def _read_integer(name: str, spec: RuleSpec, value: Any, base: Rules) -> int | None:
    assert spec.bound is not None
    if value is None and spec.nullable:
        return None
    return _int_value(name, value, spec.bound)


def _read_flag(name: str, spec: RuleSpec, value: Any, base: Rules) -> bool:
    if not isinstance(value, bool):
        raise RulesError(name, "must be true or false")
    return value


def _read_choice(name: str, spec: RuleSpec, value: Any, base: Rules) -> str:
    for choice in spec.choices:
        if isinstance(value, str) and value == choice:
            return choice
    raise RulesError(name, f"must be one of {', '.join(spec.choices)}")


def _read_ranks(name: str, spec: RuleSpec, value: Any, base: Rules) -> tuple[int, ...]:
    ranks = set()
    for i, item in enumerate(_list(name, value, spec, 'ranks such as ["2"]')):
        try:
            if not isinstance(item, str):
                raise ValueError(item)
            ranks.add(parse_rank(item))
        except ValueError:
            raise RulesError(f"{name}[{i}]", f"unknown rank {item!r}") from None
    return tuple(sorted(ranks))


def _read_card_values(name: str, spec: RuleSpec, value: Any, base: Rules) -> Mapping[str, int]:
    assert spec.bound is not None
    if not isinstance(value, Mapping):
        raise RulesError(name, "must be an object from rank (A..K, JK) to points")
    table = dict(getattr(base, name))
    for key, points in value.items():
        k = str(key).upper()
        if k in ("*", "JOKER"):
            k = "JK"
        if k != "JK":
            try:
                k = RANKS[parse_rank(k) - 1]
            except ValueError:
                raise RulesError(f"{name}.{key}", f"unknown rank {key!r}") from None
        table[k] = _int_value(f"{name}.{k}", points, spec.bound)
    return MappingProxyType(table)


def _read_contracts(name: str, spec: RuleSpec, value: Any, base: Rules) -> tuple[Contract, ...]:
    assert spec.bound is not None
    out = []
    for i, item in enumerate(_list(name, value, spec, "{sets, runs, all_cards}")):
        where = f"{name}[{i}]"
        if not isinstance(item, Mapping):
            raise RulesError(where, "must be an object {sets, runs, all_cards}")
        unknown = set(item) - {"sets", "runs", "all_cards"}
        if unknown:
            raise RulesError(f"{where}.{sorted(unknown)[0]}", "unknown key")
        sets = _int_value(f"{where}.sets", item.get("sets", 0), spec.bound)
        runs = _int_value(f"{where}.runs", item.get("runs", 0), spec.bound)
        all_cards = item.get("all_cards", False)
        if not isinstance(all_cards, bool):
            raise RulesError(f"{where}.all_cards", "must be true or false")
        if sets + runs not in CONTRACT_TOTAL_MELDS:
            lo, hi = CONTRACT_TOTAL_MELDS.lo, CONTRACT_TOTAL_MELDS.hi
            raise RulesError(where, f"a contract asks for {lo} to {hi} sets and runs in all")
        out.append(Contract(sets, runs, all_cards))
    return tuple(out)


def _read_counts(name: str, spec: RuleSpec, value: Any, base: Rules) -> tuple[int, ...]:
    assert spec.bound is not None
    items = _list(name, value, spec, "integers")
    return tuple(_int_value(f"{name}[{i}]", v, spec.bound) for i, v in enumerate(items))


_READERS: Mapping[Kind, Callable[[str, RuleSpec, Any, Rules], Any]] = MappingProxyType(
    {
        Kind.INTEGER: _read_integer,
        Kind.FLAG: _read_flag,
        Kind.CHOICE: _read_choice,
        Kind.RANKS: _read_ranks,
        Kind.CARD_VALUES: _read_card_values,
        Kind.CONTRACTS: _read_contracts,
        Kind.COUNTS: _read_counts,
    }
)


def validate(rules: Rules) -> Rules:
    """Reject impossible combinations, naming the field at fault."""
    r = rules
    for name, bound in rule_bounds().items():
        value = getattr(r, name)
        if value is not None:
            _int_value(name, value, bound)
    if r.set_max < r.set_min:
        raise RulesError("set_max", f"must be at least set_min ({r.set_min})")
    if r.set_distinct_suits and r.set_min > 4:
        raise RulesError("set_min", "a set of distinct suits holds at most 4 cards")
    positions = r.max_position - r.min_position + 1
    if r.run_min > positions:
        raise RulesError("run_min", f"a run with ace '{r.ace}' has at most {positions} positions")
    if not 1 <= r.set_min_naturals <= r.set_limit:
        raise RulesError("set_min_naturals", f"must be between 1 and {r.set_limit}")
    if not 1 <= r.run_min_naturals <= positions:
        raise RulesError("run_min_naturals", f"must be between 1 and {positions}")
    if r.goal is Goal.CONTRACT and not r.contracts:
        raise RulesError("contracts", "the contract goal needs at least one contract")
    if r.goal is Goal.PLACE and not r.rearrange_table:
        raise RulesError("rearrange_table", "the place goal needs a table that may be rearranged")
    if r.goal is Goal.OPENING and r.opening_min is None:
        raise RulesError("opening_min", "the opening goal needs an opening minimum")
    for c in r.contracts:
        if c.sets and r.set_limit < r.set_min:
            raise RulesError("contracts", "a contract asks for sets that cannot be made")
    return r


PRESETS: Mapping[str, Rules] = MappingProxyType({r.variant: validate(r) for r in _PRESETS})


def preset_differences(name: str) -> dict[str, Any]:
    """The presets whose value of rule ``name`` is not its default, with that value."""
    default = RULE_DEFAULTS[name]
    return {p: getattr(r, name) for p, r in PRESETS.items() if getattr(r, name) != default}


def make_rules(variant: str, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The preset ``variant`` with ``overrides`` applied and validated.

    >>> rules = make_rules("gin", {"decks": 2, "ace": "both", "card_values": {"K": 3}})
    >>> rules.decks, str(rules.ace), rules.max_position, rules.card_values["K"]
    (2, 'both', 14, 3)
    >>> make_rules("gin", {"decks": 4})
    Traceback (most recent call last):
    ...
    solver.errors.RulesError: decks: must be between 1 and 3
    >>> make_rules("gin", {"set_min": 5, "set_max": 4})
    Traceback (most recent call last):
    ...
    solver.errors.RulesError: set_max: must be at least set_min (5)
    >>> make_rules("gin", {"colour": "red"})
    Traceback (most recent call last):
    ...
    solver.errors.RulesError: colour: unknown rule
    """
    if variant not in PRESETS:
        raise RulesError("variant", f"must be one of {', '.join(PRESETS)}, not {variant!r}")
    base = PRESETS[variant]
    if overrides is None:
        return base
    if not isinstance(overrides, Mapping):
        raise RulesError("rules", "must be an object of rule values")
    if not overrides:
        return base
    changes: dict[str, Any] = {}
    for name, value in overrides.items():
        spec = RULE_SPECS.get(name)
        if spec is None:
            raise RulesError(str(name), "unknown rule")
        changes[name] = _READERS[spec.kind](name, spec, value, base)
    return validate(dataclasses.replace(base, **changes))
