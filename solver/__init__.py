"""Exact rummy hand solving: cards, rules as data, meld legality and the CP-SAT partition solver."""
