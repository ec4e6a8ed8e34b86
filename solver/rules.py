"""Rules as data: one frozen object per rule set, the presets, and validated overrides."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from solver.cards import RANKS, Card, parse_rank
from solver.errors import RulesError
from solver.goals import SOLVE_GOALS, Goal
from solver.limits import (
    CARD_VALUE,
    CONTRACT_MELDS,
    CONTRACT_ROUNDS,
    CONTRACT_TOTAL_MELDS,
    ROUND_HAND_SIZE,
    ROUNDS_DEALT,
    RULE_BOUNDS,
    Bound,
)

Ace = Literal["low", "high", "both"]
ACE_VALUES: tuple[str, ...] = ("low", "high", "both")
PENALTIES: tuple[str, ...] = ("double", "plus25")
VALUE_KEYS: tuple[str, ...] = (*RANKS, "JK")


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


@dataclass(frozen=True)
class Rules:
    """Every rule value of docs/rules.md section 3. The solver reads these fields, never a name."""

    variant: str
    decks: int
    jokers: int
    wild_ranks: tuple[int, ...]
    set_min: int
    set_max: int
    set_distinct_suits: bool
    run_min: int
    ace: Ace
    set_min_naturals: int
    run_min_naturals: int
    max_wilds_per_meld: int | None
    card_values: Mapping[str, int]
    opening_min: int | None
    contracts: tuple[Contract, ...]
    require_run: bool
    hand_size: int
    goal: Goal
    knock_max: int | None = None
    max_buys: int | None = None
    hand_rummy_penalty: str = "double"
    joker_hand_penalty: int = 25
    # -- how a game is played (read by the referee in sim/) --
    max_players: int = 4
    round_hand_sizes: tuple[int, ...] = ()  # dealt size of round i+1; hand_size past the end
    extra_deck_over_players: int | None = None  # one more deck above this many players
    first_player_extra_card: bool = False  # dealt one card more, starts by discarding
    take_discard_obliges_meld: bool = False  # the taken discard goes into a meld this turn
    buying: bool = False  # out of turn: the top discard and a penalty card from the stock
    buy_penalty_cards: int = 1
    rummy_call: bool = False  # a discard that fits a table meld may be laid off by another
    joker_release: bool = False  # a joker on the table is won by placing what it stands for
    hand_rummy: bool = False  # going out in one turn from nothing laid, no opening minimum
    new_melds_after_down: bool = True  # else, once down, the hand leaves by layoffs only
    reshuffle_stock: bool = True  # else an empty stock ends the hand with no winner
    penalty_after_melding: bool = False  # a loser's hand is melded first; deadwood counts
    gin_bonus: int = 0  # knocking with no deadwood
    undercut_bonus: int = 0  # the defender's deadwood at most the knocker's

    # -- derived helpers (pure functions of the fields) --

    def is_wild(self, card: Card) -> bool:
        return card.is_joker or card.rank in self.wild_ranks

    def value(self, card: Card) -> int:
        """Deadwood value of a card left in hand."""
        return self.card_values["JK" if card.is_joker else RANKS[card.rank - 1]]

    @property
    def max_position(self) -> int:
        """Highest rank position a run may reach (14 when the ace may be high)."""
        return 13 if self.ace == "low" else 14

    @property
    def min_position(self) -> int:
        return 2 if self.ace == "high" else 1

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
        from solver.errors import GoalError

        if not self.contracts:
            raise GoalError("these rules have no contracts", field="round")
        if round_ is None:
            raise GoalError("round is required for a contract goal", field="round")
        if not 1 <= round_ <= len(self.contracts):
            raise GoalError(f"round must be 1..{len(self.contracts)}, not {round_}", field="round")
        return self.contracts[round_ - 1]

    def to_dict(self) -> dict[str, Any]:
        """JSON form, with the same names that overrides take."""
        return {
            "variant": self.variant,
            "decks": self.decks,
            "jokers": self.jokers,
            "wild_ranks": [RANKS[r - 1] for r in self.wild_ranks],
            "set_min": self.set_min,
            "set_max": self.set_max,
            "set_distinct_suits": self.set_distinct_suits,
            "run_min": self.run_min,
            "ace": self.ace,
            "set_min_naturals": self.set_min_naturals,
            "run_min_naturals": self.run_min_naturals,
            "max_wilds_per_meld": self.max_wilds_per_meld,
            "card_values": dict(self.card_values),
            "opening_min": self.opening_min,
            "contracts": [c.to_dict() for c in self.contracts],
            "require_run": self.require_run,
            "hand_size": self.hand_size,
            "goal": self.goal,
            "knock_max": self.knock_max,
            "max_buys": self.max_buys,
            "hand_rummy_penalty": self.hand_rummy_penalty,
            "joker_hand_penalty": self.joker_hand_penalty,
            "max_players": self.max_players,
            "round_hand_sizes": list(self.round_hand_sizes),
            "extra_deck_over_players": self.extra_deck_over_players,
            "first_player_extra_card": self.first_player_extra_card,
            "take_discard_obliges_meld": self.take_discard_obliges_meld,
            "buying": self.buying,
            "buy_penalty_cards": self.buy_penalty_cards,
            "rummy_call": self.rummy_call,
            "joker_release": self.joker_release,
            "hand_rummy": self.hand_rummy,
            "new_melds_after_down": self.new_melds_after_down,
            "reshuffle_stock": self.reshuffle_stock,
            "penalty_after_melding": self.penalty_after_melding,
            "gin_bonus": self.gin_bonus,
            "undercut_bonus": self.undercut_bonus,
        }


LIVERPOOL_CONTRACTS = (
    Contract(2, 0),
    Contract(1, 1),
    Contract(0, 2),
    Contract(3, 0),
    Contract(2, 1),
    Contract(1, 2, all_cards=True),
)

PRESETS: Mapping[str, Rules] = MappingProxyType(
    {
        "liverpool": Rules(
            variant="liverpool",
            decks=2,
            jokers=0,
            wild_ranks=(2,),
            set_min=3,
            set_max=4,
            set_distinct_suits=True,
            run_min=4,
            ace="both",
            set_min_naturals=2,
            run_min_naturals=3,
            max_wilds_per_meld=None,
            card_values=_values(ace=25, two=25, pips=None, low=5, faces=10, joker=25),
            opening_min=None,
            contracts=LIVERPOOL_CONTRACTS,
            require_run=False,
            hand_size=10,
            goal=Goal.CONTRACT,
            max_players=6,
            round_hand_sizes=(10, 10, 10, 10, 10, 12),
            extra_deck_over_players=5,
            buying=True,
            rummy_call=True,
            new_melds_after_down=False,
        ),
        "rummy40": Rules(
            variant="rummy40",
            decks=2,
            jokers=2,
            wild_ranks=(),
            set_min=3,
            set_max=4,
            set_distinct_suits=True,
            run_min=3,
            ace="high",
            set_min_naturals=2,
            run_min_naturals=2,
            max_wilds_per_meld=1,
            card_values=_values(ace=11, two=2, pips=None, low=None, faces=10, joker=25),
            opening_min=40,
            contracts=(),
            require_run=False,
            hand_size=13,
            goal=Goal.OPENING,
            take_discard_obliges_meld=True,
            joker_release=True,
            hand_rummy=True,
        ),
        "israeli": Rules(
            variant="israeli",
            decks=2,
            jokers=0,
            wild_ranks=(),
            set_min=3,
            set_max=4,
            set_distinct_suits=True,
            run_min=3,
            ace="both",
            set_min_naturals=1,
            run_min_naturals=1,
            max_wilds_per_meld=None,
            card_values=_values(ace=1, two=1, pips=1, low=None, faces=1, joker=1),
            opening_min=None,
            contracts=(),
            require_run=True,
            hand_size=14,
            goal=Goal.WIN,
            first_player_extra_card=True,
            penalty_after_melding=True,
        ),
        "gin": Rules(
            variant="gin",
            decks=1,
            jokers=0,
            wild_ranks=(),
            set_min=3,
            set_max=4,
            set_distinct_suits=False,
            run_min=3,
            ace="low",
            set_min_naturals=1,
            run_min_naturals=1,
            max_wilds_per_meld=None,
            card_values=_values(ace=1, two=2, pips=None, low=None, faces=10, joker=0),
            opening_min=None,
            contracts=(),
            require_run=False,
            hand_size=10,
            goal=Goal.DEADWOOD,
            knock_max=10,
            max_players=2,
            reshuffle_stock=False,
            penalty_after_melding=True,
            gin_bonus=25,
            undercut_bonus=25,
        ),
    }
)

# -- overrides ---------------------------------------------------------------

_INT_FIELDS = (
    "decks",
    "jokers",
    "set_min",
    "set_max",
    "run_min",
    "set_min_naturals",
    "run_min_naturals",
    "hand_size",
    "joker_hand_penalty",
    "buy_penalty_cards",
    "gin_bonus",
    "undercut_bonus",
    "max_players",
)
_OPTIONAL_INT_FIELDS = (
    "max_wilds_per_meld",
    "opening_min",
    "knock_max",
    "max_buys",
    "extra_deck_over_players",
)
_BOOL_FIELDS = (
    "set_distinct_suits",
    "require_run",
    "first_player_extra_card",
    "take_discard_obliges_meld",
    "buying",
    "rummy_call",
    "joker_release",
    "hand_rummy",
    "new_melds_after_down",
    "reshuffle_stock",
    "penalty_after_melding",
)
OVERRIDABLE: tuple[str, ...] = (
    *_INT_FIELDS,
    *_OPTIONAL_INT_FIELDS,
    *_BOOL_FIELDS,
    "wild_ranks",
    "ace",
    "card_values",
    "contracts",
    "goal",
    "hand_rummy_penalty",
    "round_hand_sizes",
)


def _int(name: str, value: Any, bound: Bound) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(name, f"must be an integer, not {value!r}")
    if value not in bound:
        raise RulesError(name, f"must be between {bound.lo} and {bound.hi}, not {value}")
    return value


def _contracts(value: Any) -> tuple[Contract, ...]:
    if not isinstance(value, list | tuple):
        raise RulesError("contracts", "must be a list of {sets, runs, all_cards}")
    if len(value) > CONTRACT_ROUNDS.hi:
        raise RulesError("contracts", f"at most {CONTRACT_ROUNDS.hi} rounds, not {len(value)}")
    out = []
    for i, item in enumerate(value):
        name = f"contracts[{i}]"
        if not isinstance(item, Mapping):
            raise RulesError(name, "must be an object {sets, runs, all_cards}")
        unknown = set(item) - {"sets", "runs", "all_cards"}
        if unknown:
            raise RulesError(name, f"unknown key {sorted(unknown)[0]!r}")
        sets = _int(f"{name}.sets", item.get("sets", 0), CONTRACT_MELDS)
        runs = _int(f"{name}.runs", item.get("runs", 0), CONTRACT_MELDS)
        all_cards = item.get("all_cards", False)
        if not isinstance(all_cards, bool):
            raise RulesError(f"{name}.all_cards", "must be true or false")
        if sets + runs not in CONTRACT_TOTAL_MELDS:
            lo, hi = CONTRACT_TOTAL_MELDS.lo, CONTRACT_TOTAL_MELDS.hi
            raise RulesError(name, f"a contract asks for {lo} to {hi} sets and runs in all")
        out.append(Contract(sets, runs, all_cards))
    return tuple(out)


def _card_values(base: Mapping[str, int], value: Any) -> Mapping[str, int]:
    if not isinstance(value, Mapping):
        raise RulesError("card_values", "must be an object from rank (A..K, JK) to points")
    table = dict(base)
    for key, points in value.items():
        k = str(key).upper()
        if k in ("*", "JOKER"):
            k = "JK"
        if k != "JK":
            try:
                k = RANKS[parse_rank(k) - 1]
            except ValueError:
                raise RulesError("card_values", f"unknown rank {key!r}") from None
        table[k] = _int(f"card_values.{k}", points, CARD_VALUE)
    return MappingProxyType(table)


def _wild_ranks(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list | tuple):
        raise RulesError("wild_ranks", 'must be a list of ranks such as ["2"]')
    ranks = set()
    for item in value:
        try:
            ranks.add(parse_rank(str(item)))
        except ValueError:
            raise RulesError("wild_ranks", f"unknown rank {item!r}") from None
    return tuple(sorted(ranks))


def _coerce(base: Rules, name: str, value: Any) -> Any:
    if name in _INT_FIELDS:
        return _int(name, value, RULE_BOUNDS[name])
    if name in _OPTIONAL_INT_FIELDS:
        return None if value is None else _int(name, value, RULE_BOUNDS[name])
    if name in _BOOL_FIELDS:
        if not isinstance(value, bool):
            raise RulesError(name, "must be true or false")
        return value
    if name == "wild_ranks":
        return _wild_ranks(value)
    if name == "ace":
        if value not in ACE_VALUES:
            raise RulesError("ace", f"must be one of {', '.join(ACE_VALUES)}")
        return value
    if name == "goal":
        if value not in SOLVE_GOALS:
            raise RulesError("goal", f"must be one of {', '.join(SOLVE_GOALS)}")
        return Goal(value)
    if name == "hand_rummy_penalty":
        if value not in PENALTIES:
            raise RulesError(name, f"must be one of {', '.join(PENALTIES)}")
        return value
    if name == "round_hand_sizes":
        if not isinstance(value, list | tuple) or len(value) not in ROUNDS_DEALT:
            raise RulesError(name, f"must be a list of {ROUNDS_DEALT} cards-dealt counts")
        return tuple(_int(f"{name}[{i}]", v, ROUND_HAND_SIZE) for i, v in enumerate(value))
    if name == "card_values":
        return _card_values(base.card_values, value)
    if name == "contracts":
        return _contracts(value)
    raise RulesError(name, "unknown rule")  # pragma: no cover - guarded by OVERRIDABLE


def validate(rules: Rules) -> Rules:
    """Reject impossible combinations, naming the field at fault."""
    r = rules
    for name, bound in RULE_BOUNDS.items():
        value = getattr(r, name)
        if value is not None:
            _int(name, value, bound)
    if r.set_max < r.set_min:
        raise RulesError("set_max", f"must be at least set_min ({r.set_min})")
    if r.set_distinct_suits and r.set_min > 4:
        raise RulesError("set_min", "a set of distinct suits holds at most 4 cards")
    positions = r.max_position - r.min_position + 1
    if r.run_min > positions:
        raise RulesError("run_min", f"a run with ace {r.ace!r} has at most {positions} positions")
    if not 1 <= r.set_min_naturals <= r.set_limit:
        raise RulesError("set_min_naturals", f"must be between 1 and {r.set_limit}")
    if not 1 <= r.run_min_naturals <= positions:
        raise RulesError("run_min_naturals", f"must be between 1 and {positions}")
    if r.goal is Goal.CONTRACT and not r.contracts:
        raise RulesError("contracts", "the contract goal needs at least one contract")
    if r.goal is Goal.OPENING and r.opening_min is None:
        raise RulesError("opening_min", "the opening goal needs an opening minimum")
    for c in r.contracts:
        if c.sets and r.set_limit < r.set_min:
            raise RulesError("contracts", "a contract asks for sets that cannot be made")
    return r


def make_rules(variant: str, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The preset ``variant`` with ``overrides`` applied and validated."""
    if variant not in PRESETS:
        raise RulesError("variant", f"must be one of {', '.join(PRESETS)}, not {variant!r}")
    base = PRESETS[variant]
    if not overrides:
        return base
    if not isinstance(overrides, Mapping):
        raise RulesError("rules", "must be an object of rule values")
    changes: dict[str, Any] = {}
    for name, value in overrides.items():
        if name not in OVERRIDABLE:
            raise RulesError(str(name), "unknown rule")
        changes[name] = _coerce(base, name, value)
    return validate(dataclasses.replace(base, **changes))


# A custom rule set with Rummikub's meld rules (tiles as cards: colours as suits), the
# one the solver is cross-checked with against rummikub-solver: two decks, two jokers,
# sets of 3-4 distinct suits, runs of 3+, ace low, one natural per meld, every card
# worth 1 so the least deadwood is the most cards melded.
RUMMIKUB_OVERRIDES: Mapping[str, Any] = MappingProxyType(
    {
        "decks": 2,
        "jokers": 2,
        "set_max": 4,
        "run_min": 3,
        "ace": "low",
        "set_min_naturals": 1,
        "run_min_naturals": 1,
        "max_wilds_per_meld": None,
        "require_run": False,
        "card_values": {**{r: 1 for r in RANKS}, "JK": 1},
        "goal": "deadwood",
    }
)
