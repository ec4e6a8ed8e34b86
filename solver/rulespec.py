"""What a rule field is, besides its value: the shape of its JSON value, its bounds and its
meaning. Each field of ``solver.rules.Rules`` carries one ``RuleSpec`` in its metadata, and
everything else that names rules (override parsing and its messages, ``to_dict``, the API
schema, the table in docs/rules.md) walks those fields.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from solver.limits import Bound

_SPEC_KEY = "rule"


class Kind(StrEnum):
    """The JSON shape of a rule value."""

    INTEGER = "integer"  # ``bound``; null too where ``nullable``
    FLAG = "flag"  # true or false
    CHOICE = "choice"  # one of ``choices``
    RANKS = "ranks"  # a list of rank symbols
    CARD_VALUES = "card_values"  # rank symbol (and JK) -> points in ``bound``
    CONTRACTS = "contracts"  # a list of ``length`` {sets, runs, all_cards}
    COUNTS = "counts"  # a list of ``length`` integers in ``bound``


@dataclass(frozen=True)
class RuleSpec:
    """One rule: ``kind`` of value; ``bound``: an integer's range (each entry's, for a list
    or table); ``length``: how many entries a list holds; ``choices``: the values of a
    choice; ``nullable``: null is a value (its meaning is in ``description``)."""

    kind: Kind
    description: str
    bound: Bound | None = None
    length: Bound | None = None
    choices: tuple[str, ...] = ()
    nullable: bool = False


def metadata(spec: RuleSpec) -> Mapping[str, RuleSpec]:
    """The metadata of a ``Rules`` field: ``field(default=..., metadata=metadata(spec))``."""
    return {_SPEC_KEY: spec}


def spec_of(f: dataclasses.Field[Any]) -> RuleSpec | None:
    spec = f.metadata.get(_SPEC_KEY)
    return spec if isinstance(spec, RuleSpec) else None


def default_of(f: dataclasses.Field[Any]) -> Any:
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return f.default


def specs_of(cls: type) -> Mapping[str, RuleSpec]:
    """The rule fields of dataclass ``cls`` by name, in declaration order."""
    return {f.name: s for f in dataclasses.fields(cls) if (s := spec_of(f)) is not None}
