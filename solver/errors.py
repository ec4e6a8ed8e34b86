"""Typed errors of the library. The API maps every one of them to a 422 problem."""

from __future__ import annotations

from typing import Any


def _restored(cls: type[SolverError], args: tuple[Any, ...], fields: dict[str, Any]) -> Any:
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(fields)
    return error


class SolverError(ValueError):
    """Base of every error the library raises for bad input.

    ``field`` names the rule or request part at fault (when the library knows
    it), ``index`` the position of the bad card in its list.
    """

    def __init__(self, message: str, *, field: str | None = None, index: int | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.index = index

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt from its fields, whatever the subclass's arguments: a simulation's worker
        # process hands the error to the runner (the default pickling calls cls(*args))
        return (_restored, (type(self), self.args, self.__dict__))


class CardParseError(SolverError):
    """A token that is no card."""

    def __init__(self, token: str, index: int | None = None):
        where = f" at index {index}" if index is not None else ""
        super().__init__(f"unknown card {token!r}{where}", index=index)
        self.token = token


class TooManyCopiesError(SolverError):
    """More copies of a card than the pack holds."""

    def __init__(self, card: str, count: int, allowed: int, index: int | None = None):
        super().__init__(f"{count} copies of {card}, but the pack holds {allowed}", index=index)
        self.card = card
        self.count = count
        self.allowed = allowed


class TableMeldError(SolverError):
    """A meld on the table, as sent, that is no legal meld under the rules."""

    def __init__(self, index: int, reasons: list[str]):
        super().__init__(f"not a legal meld: {'; '.join(reasons)}", field=f"table[{index}]")
        self.meld = index


class RulesError(SolverError):
    """A rule value that is unknown, malformed or impossible with the others."""

    def __init__(self, field: str, reason: str):
        super().__init__(f"{field}: {reason}", field=field)
        self.reason = reason


class GoalError(SolverError):
    """A goal that does not apply to the rules or the situation (e.g. a missing round)."""
