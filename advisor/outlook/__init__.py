"""Look-ahead for the ``standard`` and ``deep`` advice (docs/advisor.md, "Effort")."""
