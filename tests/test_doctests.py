"""The examples in the library's docstrings run, and say what the code does."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import advisor
import api
import solver


def _modules() -> list[str]:
    names = []
    for package in (solver, advisor, api):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            names.append(info.name)
    return sorted(names)


def _examples(module: ModuleType) -> int:
    return sum(len(t.examples) for t in doctest.DocTestFinder().find(module))


MODULES = [name for name in _modules() if _examples(importlib.import_module(name))]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_module_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_value_types_and_parsing_have_examples() -> None:
    assert {"solver.cards", "solver.rules", "solver.melds", "api.notation"} <= set(MODULES)
