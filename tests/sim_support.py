"""Stacked decks and scripted seats for the referee's rule tests; a command-line run's
figures and log, and its figures without the timings."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from sim.cli import main
from sim.moves import Melds, Play, View
from sim.referee import Player, Referee, RoundResult, rounds_of
from solver.cards import Card, parse_cards
from solver.legality import check_meld
from solver.melds import Meld
from solver.rules import Rules


class StackedDealer:
    """Deals ``hands`` (seat by seat from the first player), then ``upcard``, then the
    ``stock`` top first; the rest of the pack lies below in any order. Reshuffles keep
    the pile's order."""

    def __init__(self, hands: Sequence[str], stock: str = "", upcard: str | None = None):
        self.hands = [parse_cards(h) for h in hands]
        self.stock = parse_cards(stock)
        self.upcard = parse_cards(upcard) if upcard else []
        self.dealt = False

    def order(self, cards: Sequence[Card]) -> list[Card]:
        if self.dealt:
            return list(cards)
        self.dealt = True
        size = max(len(h) for h in self.hands)
        dealt = [h[k] for k in range(size) for h in self.hands if k < len(h)]
        top = [*dealt, *self.upcard, *self.stock]
        rest = Counter(cards) - Counter(top)
        assert Counter(top) - Counter(cards) == Counter(), "the stacked cards exceed the pack"
        return [*sorted(rest.elements()), *reversed(top)]


Answer = Callable[[View], object]


@dataclass
class Seat:
    """Answers each ask from its script (a callable of the view, or a fixed value);
    an ask past the script draws from the stock, passes, and throws its last card."""

    draws: list[object] = field(default_factory=list)
    plays: list[object] = field(default_factory=list)
    buys: list[object] = field(default_factory=list)
    calls: list[object] = field(default_factory=list)
    defences: list[object] = field(default_factory=list)
    views: list[tuple[str, View]] = field(default_factory=list)

    def _answer(self, ask: str, script: list[object], view: View, default: object) -> object:
        self.views.append((ask, view))
        if not script:
            return default
        answer = script.pop(0)
        return answer(view) if callable(answer) else answer

    def draw(self, view: View) -> bool:
        return bool(self._answer("draw", self.draws, view, False))

    def play(self, view: View) -> Play:
        answer = self._answer("play", self.plays, view, Play(discard=view.hand[-1]))
        assert isinstance(answer, Play)
        return answer

    def buy(self, view: View) -> bool:
        return bool(self._answer("buy", self.buys, view, False))

    def call_rummy(self, view: View) -> bool:
        return bool(self._answer("rummy", self.calls, view, False))

    def defend(self, view: View, melds: Melds, gin: bool) -> Play:
        answer = self._answer("defend", self.defences, view, Play())
        assert isinstance(answer, Play)
        return answer

    def last_view(self, ask: str) -> View:
        return next(v for a, v in reversed(self.views) if a == ask)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def meld_cards(*melds: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(cards(m) for m in melds)


def play_round(
    rules: Rules,
    players: list[Player],
    dealer: StackedDealer,
    *,
    round_: int | None = None,
    max_turns: int = 50,
    events: list[dict[str, Any]] | None = None,
) -> RoundResult:
    record = events.append if events is not None else None
    ref = Referee(rules, players, dealer, record, max_turns=max_turns)
    return ref.play_game(rounds_of(ref.rules, round_)).rounds[0]


def stalled_round(rules: Rules) -> RoundResult:
    """A Liverpool round 1 nobody can finish: both seats go down with two sets of all
    four suits (a table that takes no card), keeping KC and 3C (the card drawn) and AH
    and 4C, and then only draw and throw the card drawn until the turn limit."""
    first = Seat(plays=[Play(meld_cards("7S 7H 7D 7C", "8S 8H 8D 8C"), discard=cards("QD")[0])])
    second = Seat(plays=[Play(meld_cards("9S 9H 9D 9C", "TS TH TD TC"), discard=cards("QH")[0])])
    hands = ["7S 7H 7D 7C 8S 8H 8D 8C KC QD", "9S 9H 9D 9C TS TH TD TC AH QH"]
    dealer = StackedDealer(hands, stock="3C 4C", upcard="5D")
    return play_round(rules, [first, second], dealer, round_=1)


def table_meld(text: str, rules: Rules) -> Meld:
    meld = check_meld(cards(text), rules, ordered=True).meld
    assert meld is not None
    return meld


# the only fields that measure the machine rather than the games
TIMINGS = ("seconds", "moves_per_second")
PLAYER_TIMINGS = ("decisions_per_second",)


def without_timings(figures: dict[str, Any]) -> dict[str, Any]:
    kept = {k: v for k, v in figures.items() if k not in TIMINGS}
    kept["players"] = [
        {k: v for k, v in p.items() if k not in PLAYER_TIMINGS} for p in figures["players"]
    ]
    return kept


def run(
    args: list[str], log: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[dict[str, Any], str]:
    assert main([*args, "--json", "--quiet", "--log", str(log)]) == 0
    return json.loads(capsys.readouterr().out), log.read_text()
