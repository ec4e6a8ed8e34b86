"""The table of rule fields in docs/rules.md is the one generated from ``Rules``."""

from __future__ import annotations

from solver.rules import RULE_SPECS
from solver.rules_table import DOC, document


def test_the_committed_rule_table_is_the_generated_one() -> None:
    text = DOC.read_text()
    assert document(text) == text, "docs/rules.md differs from solver/rules.py: run `make docs`"


def test_the_table_has_one_row_per_rule_field() -> None:
    rows = [line for line in document(DOC.read_text()).splitlines() if line.startswith("| `")]
    assert [row.split("`")[1] for row in rows] == list(RULE_SPECS)
