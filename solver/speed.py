"""How fast this machine works, in one place: the rates that convert counted work into
seconds of a request's allowance (solver.budget), and the engine's guard.

A count decides every answer (CP-SAT's deterministic time, the states a search expands),
never a clock; these constants only say how much counting a second of allowance buys.
Each is measured by ``bench/work.py`` on an otherwise idle machine and set near the low
tenth percentile, so that t seconds of allowance take about t seconds or less; the
measurements and their history are in docs/operations.md ("Work allowance").
"""

from __future__ import annotations

# CP-SAT deterministic units per second of search (solver/model.py).
WORK_PER_SECOND = 0.2
# States per second of the meld search of the advice (advisor/deadwood.py).
NODES_PER_SECOND = 20_000
# States per second of the cards-needed engine's sweeps (advisor/engine).
STATES_PER_SECOND = 2_500_000
# The most states one engine sweep may expand over all its passes, whatever the request
# allows (about 3 s at STATES_PER_SECOND): beyond it the rules are absurd and the engine
# answers optimal: false. bench/work.py prints the most a hand of bench/advise.py's
# corpus takes.
WORK_LIMIT = 8_000_000
