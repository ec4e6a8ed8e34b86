"""The referee: deals from a seed, asks each player in turn, judges every move, scores.

A player only ever receives a ``View`` built here: its own hand, the table, the discard
pile and the cards the others took from the pile. Every answer is checked by
``sim.legal`` (built on ``solver``); an illegal one ends the game as that player's loss.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from advisor.scoring import Finish, knock_penalties, score_hand
from sim.legal import Applied, Breach, IllegalMove, apply_defence, apply_play
from sim.moves import Ask, Melds, Play, View
from solver.cards import ALL_CARDS, JOKER, Card
from solver.errors import RulesError
from solver.legality import extend_meld
from solver.melds import Meld
from solver.rules import Rules, StalledRound

Record = Callable[[dict[str, Any]], None]
T = TypeVar("T")

# A hand that nobody ends (players that never go down, a table that takes no more cards)
# stops here, with no winner, and is scored by the rule ``stalled_round``.
DEFAULT_MAX_TURNS = 300
# A loser's hand is small; this only bounds a pathological melding before it is counted.
_SCORE_SECONDS = 2.0


class Suspend(Exception):
    """Raised by a seat that cannot answer yet (a person not asked before, a host out of
    time): the game stops where it stands, to be replayed from its answers later."""


class Player(Protocol):
    """A seat's decisions. ``draw``: take the top discard (else the stock). ``play``: the
    turn after the draw. ``buy`` and ``call_rummy``: take the discard out of turn.
    ``defend``: answer a knock with melds and layoffs onto the knocker's ``melds``."""

    def draw(self, view: View) -> bool: ...
    def play(self, view: View) -> Play: ...
    def buy(self, view: View) -> bool: ...
    def call_rummy(self, view: View) -> bool: ...
    def defend(self, view: View, melds: Melds, gin: bool) -> Play: ...


class Dealer(Protocol):
    def order(self, cards: Sequence[Card]) -> list[Card]:
        """The cards shuffled; the last card is the top of the stock."""
        ...


@dataclass
class RandomDealer:
    rng: random.Random

    def order(self, cards: Sequence[Card]) -> list[Card]:
        out = list(cards)
        self.rng.shuffle(out)
        return out


class RoundEnd(StrEnum):
    """How a round ended: a seat went out (``hand_rummy``: all at once), knocked (``gin``:
    with no deadwood; ``undercut``: the defender counted less), or nobody did (the stock
    ran out, the turn limit, an illegal move)."""

    OUT = "out"
    HAND_RUMMY = "hand_rummy"
    KNOCK = "knock"
    GIN = "gin"
    UNDERCUT = "undercut"
    EXHAUSTED = "exhausted"
    TURN_LIMIT = "turn_limit"
    ILLEGAL = "illegal"


@dataclass(frozen=True)
class RoundResult:
    """``finish``: how the round ended (``turn_limit``: the hand stalled, scored by
    ``stalled_round``). ``penalties`` per seat (the winner's is 0)."""

    round: int | None
    winner: int | None
    finish: RoundEnd
    penalties: tuple[int, ...]
    turns: int
    illegal: IllegalMove | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "event": "round_end",
            "round": self.round,
            "winner": self.winner,
            "finish": self.finish,
            "penalties": list(self.penalties),
            "turns": self.turns,
            "illegal": None
            if self.illegal is None
            else {"seat": self.illegal.seat, "reason": self.illegal.reason},
        }


@dataclass(frozen=True)
class GameResult:
    """``winners``: the seats with the lowest total, ties going to the most hands won (an
    illegal move's author never wins)."""

    rounds: tuple[RoundResult, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def of(cls, results: Sequence[RoundResult], n: int) -> GameResult:
        """The game of these rounds at ``n`` seats."""
        totals = tuple(sum(r.penalties[s] for r in results) for s in range(n))
        offender = next((r.illegal.seat for r in results if r.illegal), None)
        eligible = [s for s in range(n) if s != offender]
        # the lowest total wins; on a tie, the most hands won (a loser may count 0 too)
        won = [sum(r.winner == s for r in results) for s in range(n)]
        best = min((totals[s], -won[s]) for s in eligible)
        winners = tuple(s for s in eligible if (totals[s], -won[s]) == best)
        return cls(tuple(results), totals, winners)

    @property
    def illegal(self) -> IllegalMove | None:
        return next((r.illegal for r in self.rounds if r.illegal), None)

    def to_dict(self) -> dict[str, Any]:
        return {"event": "game_end", "totals": list(self.totals), "winners": list(self.winners)}


@dataclass
class SeatCounters:
    decisions: int = 0
    seconds: float = 0.0
    turns: int = 0


def pack(rules: Rules) -> list[Card]:
    return [c for c in ALL_CARDS for _ in range(rules.decks)] + [JOKER] * rules.jokers


def rounds_of(rules: Rules, round_: int | None) -> tuple[int | None, ...]:
    """The rounds a game plays: every contract in order, or just ``round_``."""
    if not rules.contracts:
        return (None,)
    if round_ is not None:
        rules.contract(round_)  # raises for a round the rules lack
        return (round_,)
    return tuple(range(1, len(rules.contracts) + 1))


def table_rules(rules: Rules, players: int) -> Rules:
    """The rules at a table of ``players``: the seat count checked, decks added if due."""
    if not 2 <= players <= rules.max_players:
        raise RulesError("max_players", f"these rules seat 2 to {rules.max_players}, not {players}")
    extra = rules.extra_deck_over_players
    if extra is not None and players > extra:
        return dataclasses.replace(rules, decks=rules.decks + 1)
    return rules


def _encode(answer: Any) -> Any:
    return answer.to_dict() if isinstance(answer, Play) else answer


class Referee:
    def __init__(
        self,
        rules: Rules,
        players: Sequence[Player],
        dealer: Dealer,
        record: Record | None = None,
        *,
        max_turns: int = DEFAULT_MAX_TURNS,
    ):
        self.rules = table_rules(rules, len(players))
        self.players = list(players)
        self.dealer = dealer
        self.record: Record = record or (lambda _event: None)
        self.max_turns = max_turns
        self.counters = [SeatCounters() for _ in players]
        self.in_play: _Hand | None = None

    def view(self, seat: int) -> View | None:
        """What ``seat`` sees of the hand in play (None before the first deal)."""
        return None if self.in_play is None else self.in_play.view(seat)

    def play_game(self, rounds: Sequence[int | None], first: int = 0) -> GameResult:
        n = len(self.players)
        results: list[RoundResult] = []
        for k, round_ in enumerate(rounds):
            result = self.play_round(round_, (first + k) % n)
            results.append(result)
            if result.illegal:
                break
        game = GameResult.of(results, n)
        self.record(game.to_dict())
        return game

    def play_round(self, round_: int | None, first: int) -> RoundResult:
        """One hand, ``first`` to play; recorded and returned."""
        self.in_play = _Hand(self, round_, first)
        result = self.in_play.run()
        self.record(result.to_dict())
        return result

    def ask(self, seat: int, ask: Ask, fn: Callable[..., T], *args: Any) -> T:
        """One decision, timed and logged; a player that fails has played illegally."""
        counter = self.counters[seat]
        start = time.perf_counter()
        try:
            answer = fn(*args)
        except Suspend:
            raise
        except Exception as exc:  # a player is outside code: its failure is its loss
            raise IllegalMove(seat, f"{ask}: the player failed: {exc!r}") from exc
        finally:
            counter.seconds += time.perf_counter() - start
            counter.decisions += 1
        expected = Play if ask.plays else bool
        if not isinstance(answer, expected):
            raise IllegalMove(seat, f"{ask}: answered {answer!r}, not a {expected.__name__}")
        self.record({"event": "move", "seat": seat, "ask": ask, "answer": _encode(answer)})
        return answer


@dataclass
class _Hand:
    """One hand (a Liverpool round, or the whole of a one-hand game) being played."""

    ref: Referee
    round: int | None
    first: int
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    pile: list[Card] = field(default_factory=list)
    table: list[Meld] = field(default_factory=list)
    down: list[bool] = field(default_factory=list)
    known: list[Counter[Card]] = field(default_factory=list)
    buys: list[int] = field(default_factory=list)
    turns: int = 0

    @property
    def rules(self) -> Rules:
        return self.ref.rules

    @property
    def n(self) -> int:
        return len(self.ref.players)

    def _deal(self) -> None:
        rules, n = self.rules, self.n
        deck = self.ref.dealer.order(pack(rules))
        self.ref.record({"event": "shuffle", "cards": [str(c) for c in deck]})
        size = rules.dealt_size(self.round)
        extra = 1 if rules.first_player_extra_card else 0
        if n * size + extra + 1 > len(deck):
            raise RulesError("hand_size", f"{n} hands of {size} need more than {len(deck)} cards")
        self.hands = [[] for _ in range(n)]
        for k in range(n * size + extra):
            self.hands[(self.first + k) % n].append(deck.pop())
        self.stock = deck
        self.pile = [] if extra or rules.play_or_draw else [self.stock.pop()]
        self.down = [False] * n
        self.known = [Counter() for _ in range(n)]
        self.buys = [0] * n
        self.ref.record(
            {
                "event": "deal",
                "round": self.round,
                "first": self.first,
                "hands": [[str(c) for c in h] for h in self.hands],
                "upcard": [str(c) for c in self.pile],
            }
        )

    def view(self, seat: int, obliged: Card | None = None) -> View:
        seen = [c for o in range(self.n) if o != seat for c in self.known[o].elements()]
        return View(
            rules=self.rules,
            seat=seat,
            round=self.round,
            hand=tuple(self.hands[seat]),
            table=tuple(m.cards for m in self.table),
            discard_pile=tuple(self.pile),
            seen=tuple(seen),
            down=self.down[seat],
            hand_sizes=tuple(len(h) for h in self.hands),
            buys_made=self.buys[seat],
            obliged=obliged,
        )

    def _end(self, winner: int | None, finish: RoundEnd, *, counted: bool = True) -> RoundResult:
        """The hand scored: every seat but the winner counts its cards (none when
        ``counted`` is off)."""
        how = Finish.HAND_RUMMY if finish is RoundEnd.HAND_RUMMY else Finish.NORMAL
        penalties = tuple(
            0
            if s == winner or not counted
            else score_hand(h, self.rules, how, time_limit=_SCORE_SECONDS).points
            for s, h in enumerate(self.hands)
        )
        return RoundResult(self.round, winner, finish, penalties, self.turns)

    def _stalled(self) -> RoundResult:
        """A hand still open at the turn limit (a Liverpool table that takes no more
        cards): scored as if it had ended, or not at all (``stalled_round``)."""
        counted = self.rules.stalled_round is StalledRound.COUNT
        return self._end(None, RoundEnd.TURN_LIMIT, counted=counted)

    def run(self) -> RoundResult:
        self._deal()
        try:
            return self._turns()
        except IllegalMove as exc:
            penalties = [0] * self.n
            penalties[exc.seat] = self.rules.points(self.hands[exc.seat])
            return RoundResult(
                self.round, None, RoundEnd.ILLEGAL, tuple(penalties), self.turns, exc
            )

    def _turns(self) -> RoundResult:
        if self.rules.play_or_draw:
            return self._play_or_draw_turns()
        seat = self.first
        skip_draw = self.rules.first_player_extra_card
        while self.turns < self.ref.max_turns:
            self.turns += 1
            self.ref.counters[seat].turns += 1
            obliged = None
            if not skip_draw:
                drew, obliged = self._draw(seat)
                if not drew:
                    return self._end(None, RoundEnd.EXHAUSTED, counted=False)
            skip_draw = False
            player = self.ref.players[seat]
            play = self.ref.ask(seat, Ask.PLAY, player.play, self.view(seat, obliged))
            try:
                applied = apply_play(
                    self.rules,
                    self.round,
                    self.hands[seat],
                    self.table,
                    self.down[seat],
                    play,
                    obliged,
                )
            except Breach as exc:
                raise IllegalMove(seat, str(exc)) from exc
            self._apply(seat, applied)
            if applied.knock is not None:
                return self._knock(seat, *applied.knock)
            if applied.out:
                return self._end(seat, RoundEnd.HAND_RUMMY if applied.hand_rummy else RoundEnd.OUT)
            assert play.discard is not None
            self.pile.append(play.discard)
            self._rummy_call(seat)
            seat = (seat + 1) % self.n
        return self._stalled()

    def _play_or_draw_turns(self) -> RoundResult:
        """Each turn lays tiles down or, laying nothing, draws one; with the stock out, a
        round of turns in which nobody lays anything ends the hand."""
        seat, idle = self.first, 0
        while self.turns < self.ref.max_turns:
            self.turns += 1
            self.ref.counters[seat].turns += 1
            player = self.ref.players[seat]
            play = self.ref.ask(seat, Ask.PLAY, player.play, self.view(seat))
            if play.lays:
                try:
                    applied = apply_play(
                        self.rules, self.round, self.hands[seat], self.table, self.down[seat], play
                    )
                except Breach as exc:
                    raise IllegalMove(seat, str(exc)) from exc
                self._apply(seat, applied)
                idle = 0
                if applied.out:
                    return self._end(seat, RoundEnd.OUT)
            elif play.discard is not None:
                raise IllegalMove(seat, "under these rules no turn discards")
            else:
                card = self._from_stock()
                if card is not None:
                    self.hands[seat].append(card)
                    idle = 0
                else:
                    idle += 1
                    if idle == self.n:
                        return self._end(None, RoundEnd.EXHAUSTED, counted=False)
            seat = (seat + 1) % self.n
        return self._stalled()

    def _apply(self, seat: int, applied: Applied) -> None:
        gone = Counter(self.hands[seat]) - Counter(applied.left)
        self.known[seat] -= gone
        self.hands[seat] = list(applied.left)
        if applied.knock is None:
            self.table = list(applied.table)
            self.down[seat] = applied.down

    def _take_top(self, seat: int) -> Card:
        card = self.pile.pop()
        self.hands[seat].append(card)
        self.known[seat][card] += 1
        return card

    def _from_stock(self) -> Card | None:
        if not self.stock:
            if not self.rules.reshuffle_stock or len(self.pile) < 2:
                return None
            top = self.pile.pop()
            self.stock = self.ref.dealer.order(self.pile)
            self.ref.record({"event": "shuffle", "cards": [str(c) for c in self.stock]})
            self.pile = [top]
        return self.stock.pop()

    def _draw(self, seat: int) -> tuple[bool, Card | None]:
        """(drew: false when the stock is out, the taken discard when the rules oblige
        melding it this turn)."""
        player = self.ref.players[seat]
        if self.pile:
            if self.ref.ask(seat, Ask.DRAW, player.draw, self.view(seat)):
                taken = self._take_top(seat)
                return True, taken if self.rules.take_discard_obliges_meld else None
            if self.rules.buying:
                self._buys(seat)
        card = self._from_stock()
        if card is None:
            return False, None
        self.hands[seat].append(card)
        return True, None

    def _buys(self, seat: int) -> None:
        """Out of turn, in seat order, one player may buy the discard the seat passed up."""
        rules = self.rules
        for k in range(1, self.n):
            other = (seat + k) % self.n
            if rules.max_buys is not None and self.buys[other] >= rules.max_buys:
                continue
            if len(self.stock) < rules.buy_penalty_cards:
                return  # no penalty card to give: no buying from an empty stock
            player = self.ref.players[other]
            if self.ref.ask(other, Ask.BUY, player.buy, self.view(other)):
                self._take_top(other)
                for _ in range(rules.buy_penalty_cards):
                    self.hands[other].append(self.stock.pop())
                self.buys[other] += 1
                return

    def _rummy_call(self, seat: int) -> None:
        """A discard that fits a table meld may be claimed by a player not on turn next."""
        if not self.rules.rummy_call:
            return
        card = self.pile[-1]
        if not any(extend_meld(m, [card], self.rules) is not None for m in self.table):
            return
        for k in range(2, self.n):
            other = (seat + k) % self.n
            player = self.ref.players[other]
            if self.ref.ask(other, Ask.RUMMY, player.call_rummy, self.view(other)):
                self._take_top(other)
                return

    def _knock(self, knocker: int, melds: tuple[Meld, ...], points: int) -> RoundResult:
        gin = points == 0
        shown = tuple(m.cards for m in melds)
        deadwood: dict[int, int] = {}
        for k in range(1, self.n):
            seat = (knocker + k) % self.n
            player = self.ref.players[seat]
            answer = self.ref.ask(seat, Ask.DEFEND, player.defend, self.view(seat), shown, gin)
            try:
                deadwood[seat] = apply_defence(self.rules, self.hands[seat], melds, answer, gin)
            except Breach as exc:
                raise IllegalMove(seat, str(exc)) from exc
        winner, penalties = knock_penalties(self.rules, knocker, points, deadwood)
        finish = RoundEnd.GIN if gin else RoundEnd.KNOCK if winner == knocker else RoundEnd.UNDERCUT
        return RoundResult(
            self.round, winner, finish, tuple(penalties[s] for s in range(self.n)), self.turns
        )
