"""Game logs as JSON lines, and their replay: the logged deals and moves played back
through the referee must give the logged scores."""

from __future__ import annotations

import json
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from sim.moves import Ask, Melds, Play, View
from sim.referee import Referee, rounds_of
from solver.cards import Card, parse_cards
from solver.rules import make_rules


class LogWriter:
    """The ``record`` callback that writes each event as one JSON line."""

    def __init__(self, out: TextIO):
        self.out = out

    def __call__(self, event: dict[str, Any]) -> None:
        self.out.write(json.dumps(event, separators=(",", ":")) + "\n")


class ReplayError(Exception):
    """A log the referee cannot play back (a move out of order, a deal that does not fit)."""


class ScriptedPlayer:
    """Answers with the logged moves of one seat, in order."""

    def __init__(self, moves: Iterable[tuple[str, Any]]):
        self.moves = deque(moves)

    def _next(self, ask: Ask) -> Any:
        if not self.moves:
            raise ReplayError(f"the log has no more moves, the referee asks {ask}")
        logged, answer = self.moves.popleft()
        if logged != ask:
            raise ReplayError(f"the log answers {logged}, the referee asks {ask}")
        return answer

    def draw(self, view: View) -> bool:
        return bool(self._next(Ask.DRAW))

    def buy(self, view: View) -> bool:
        return bool(self._next(Ask.BUY))

    def call_rummy(self, view: View) -> bool:
        return bool(self._next(Ask.RUMMY))

    def play(self, view: View) -> Play:
        return Play.from_dict(self._next(Ask.PLAY))

    def defend(self, view: View, melds: Melds, gin: bool) -> Play:
        return Play.from_dict(self._next(Ask.DEFEND))


class ReplayDealer:
    def __init__(self, orders: Iterable[Sequence[str]]):
        self.orders = deque(orders)

    def order(self, cards: Sequence[Card]) -> list[Card]:
        if not self.orders:
            raise ReplayError("the log has no more shuffles")
        out = parse_cards(list(self.orders.popleft()))
        if Counter(out) != Counter(cards):
            raise ReplayError("a logged shuffle holds other cards than the referee's")
        return out


@dataclass(frozen=True)
class Replayed:
    seed: str
    logged: list[list[int]]  # penalties per round, as logged
    replayed: list[list[int]]

    @property
    def matches(self) -> bool:
        return self.logged == self.replayed


def _games(lines: Iterable[str]) -> list[list[dict[str, Any]]]:
    games: list[list[dict[str, Any]]] = []
    for line in lines:
        if not line.strip():
            continue
        event = json.loads(line)
        if event["event"] == "game":
            games.append([])
        if not games:
            raise ReplayError("the log does not start with a game event")
        games[-1].append(event)
    return games


def replay_game(events: Sequence[dict[str, Any]]) -> Replayed:
    head = events[0]
    rules = make_rules(head["variant"], head["rules"])
    names = head["players"]
    moves = [
        [(e["ask"], e["answer"]) for e in events if e["event"] == "move" and e["seat"] == s]
        for s in range(len(names))
    ]
    shuffles = [e["cards"] for e in events if e["event"] == "shuffle"]
    logged = [e["penalties"] for e in events if e["event"] == "round_end"]
    got: list[list[int]] = []

    def record(event: dict[str, Any]) -> None:
        if event["event"] == "round_end":
            got.append(event["penalties"])

    ref = Referee(
        rules,
        [ScriptedPlayer(m) for m in moves],
        ReplayDealer(shuffles),
        record,
        max_turns=head["max_turns"],
    )
    ref.play_game(rounds_of(ref.rules, head["round"]))
    return Replayed(head["seed"], logged, got)


def replay(lines: Iterable[str]) -> list[Replayed]:
    return [replay_game(events) for events in _games(lines)]
