"""The table of rule fields in docs/rules.md, generated from ``Rules`` (solver/rules.py),
and each preset's phases (``solver.phases.phases_of``).

``python -m solver.rules_table`` (``make docs``) rewrites each between its markers in
docs/rules.md; ``--check`` only says whether the committed text is the generated one.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from solver.cards import RANKS
from solver.phases import GIVEN_BY, phases_of
from solver.rules import PRESETS, RULE_DEFAULTS, RULE_SPECS, Contract, preset_differences
from solver.rulespec import Kind, RuleSpec

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
BEGIN = "<!-- rule table: generated from solver/rules.py by `make docs`; do not edit -->"
END = "<!-- end of the rule table -->"
PHASES_BEGIN = "<!-- phases: generated from solver/phases.py by `make docs`; do not edit -->"
PHASES_END = "<!-- end of the phases -->"


def values_of(spec: RuleSpec) -> str:
    """What a rule admits, in words."""
    bound = spec.bound
    span = "" if bound is None else f"{bound.lo}..{bound.hi}"
    most = "" if spec.length is None else f"at most {spec.length.hi} "
    match spec.kind:
        case Kind.INTEGER:
            return f"{span} or null" if spec.nullable else span
        case Kind.FLAG:
            return "true, false"
        case Kind.CHOICE:
            return ", ".join(spec.choices)
        case Kind.RANKS:
            return "ranks (A..K)"
        case Kind.CARD_VALUES:
            return f"rank (A..K, JK) to {span}"
        case Kind.CONTRACTS:
            return f"{most}rounds of {span} sets and {span} runs"
        case Kind.COUNTS:
            return f"{most}counts of {span}"


def _card_values(table: Mapping[str, int]) -> str:
    """Ranks grouped where they share a value or count their pips: ``A-T pip; J-K 10``."""
    values = [table[r] for r in RANKS]
    parts: list[str] = []
    i = 0
    while i < len(values):
        same = next((j for j in range(i, len(values)) if values[j] != values[i]), len(values))
        pips = next((j for j in range(i, len(values)) if values[j] != j + 1), len(values))
        end, what = (pips, "pip") if pips - i > max(same - i, 1) else (same, str(values[i]))
        ranks = RANKS[i] if end - i == 1 else f"{RANKS[i]}-{RANKS[end - 1]}"
        parts.append(f"{ranks} {what}")
        i = end
    parts.append(f"JK {table['JK']}")
    return "; ".join(parts)


def _contract(c: Contract) -> str:
    melds = [f"{n} {kind}{'s' if n > 1 else ''}" for n, kind in ((c.sets, "set"), (c.runs, "run"))]
    text = " + ".join(m for m in melds if not m.startswith("0"))
    return f"{text}, all cards" if c.all_cards else text


def shown(spec: RuleSpec, value: Any) -> str:
    """A rule value as the table shows it."""
    if value is None:
        return "null"
    match spec.kind:
        case Kind.FLAG:
            return "true" if value else "false"
        case Kind.RANKS:
            return ", ".join(RANKS[r - 1] for r in value) or "none"
        case Kind.CARD_VALUES:
            return _card_values(value)
        case Kind.CONTRACTS:
            return "; ".join(_contract(c) for c in value) or "none"
        case Kind.COUNTS:
            return ", ".join(str(n) for n in value) or "none"
        case _:
            return str(value)


def table() -> str:
    """The markdown table: one row per rule; a preset's cell is blank where it keeps the
    default."""
    head: Sequence[str] = ("rule", "values", "default", *(f"`{p}`" for p in PRESETS), "meaning")
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, spec in RULE_SPECS.items():
        differs = preset_differences(name)
        cells = [
            f"`{name}`",
            values_of(spec),
            shown(spec, RULE_DEFAULTS[name]),
            *(shown(spec, differs[p]) if p in differs else "" for p in PRESETS),
            spec.description,
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def phases() -> str:
    """Each preset's phases, and the rule field that gives each phase."""
    how = {"true": "unless", "false": "with", "null": "with a"}  # the value without it
    given = ", ".join(f"`{p}` {how[off]} `{name}`" for p, (name, off, _) in GIVEN_BY.items())
    lines = [
        f"- `{name}`: {', '.join(f'`{p}`' for p in phases_of(rules))}"
        for name, rules in PRESETS.items()
    ]
    return "\n".join([f"A rule set has {given}. The presets have:", "", *lines])


def _between(text: str, begin: str, end: str, generated: str) -> str:
    start, stop = text.index(begin) + len(begin), text.index(end)
    return f"{text[:start]}\n{generated}\n{text[stop:]}"


def document(text: str) -> str:
    """``text`` with the table and the phases between their markers replaced by the
    generated ones."""
    return _between(_between(text, BEGIN, END, table()), PHASES_BEGIN, PHASES_END, phases())


def main(argv: Sequence[str]) -> int:
    text = DOC.read_text()
    generated = document(text)
    if "--check" in argv:
        if generated != text:
            sys.stderr.write(f"{DOC} differs from the rules: run `make docs`\n")
            return 1
        return 0
    DOC.write_text(generated)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
