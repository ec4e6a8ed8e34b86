"""The referee as a service: a game carried by the client, one person against the bots.

A game is its seed and the answers every seat has given so far. The referee deals from the
seed, so a request replays the game with those answers scripted (no bot is consulted for
a past decision) and asks the live seats only for new decisions: the person's move, then
the bots, until the person is asked again or the game ends. The referee judges every
answer, the person's included; nothing here knows a rule.

With a key the state is signed (HMAC-SHA256) and the deal is dealt from HMAC(key, seed),
so the state neither can be altered nor lets its holder compute the deal. Without a key
it is neither signed nor secret.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from sim.legal import IllegalMove
from sim.moves import Ask, Melds, Play, View
from sim.players import PLAYER_NAMES, make_player
from sim.referee import (
    GameResult,
    Player,
    RandomDealer,
    Referee,
    RoundEnd,
    RoundResult,
    Suspend,
    rounds_of,
    table_rules,
)
from solver.budget import BudgetExhausted
from solver.cards import Card, parse_card
from solver.errors import CardParseError
from solver.rules import Rules, make_rules
from solver.turn import JokerSwap, Layoff

HUMAN = "human"
STATE_VERSION = 1
SEAT_NAMES: tuple[str, ...] = (HUMAN, *PLAYER_NAMES)
# A bot decision is given at most this long; one is not started with less than this (and
# the margin) left of the request's time: the game pauses for a `continue` instead.
DECISION_SECONDS = 0.5
DECISION_MARGIN = 0.25


class Action(StrEnum):
    """The person's move, one of those its ask allows (``ACTIONS``); ``continue`` resumes a
    game paused while the bots were still to move."""

    TAKE_DISCARD = "take_discard"
    DRAW_STOCK = "draw_stock"
    BUY = "buy"
    CALL_RUMMY = "call_rummy"
    PASS = "pass"
    PLAY = "play"
    DEFEND = "defend"
    CONTINUE = "continue"


# The moves that answer each ask; a yes-or-no ask's first move is its yes.
ACTIONS: dict[Ask, tuple[Action, ...]] = {
    Ask.DRAW: (Action.TAKE_DISCARD, Action.DRAW_STOCK),
    Ask.BUY: (Action.BUY, Action.PASS),
    Ask.RUMMY: (Action.CALL_RUMMY, Action.PASS),
    Ask.PLAY: (Action.PLAY,),
    Ask.DEFEND: (Action.DEFEND,),
}


class GameStateError(Exception):
    """A state this server did not produce: unsigned or tampered with, or not replayable."""


class MoveRefused(Exception):
    """The person's move is not taken: not what the game asks now, or illegal (``reason``
    is then the referee's)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Move:
    """The person's move: ``action``, and for ``play`` or ``defend`` the play itself."""

    action: Action
    play: Play = field(default_factory=Play)


@dataclass(frozen=True)
class GameSpec:
    variant: str
    overrides: Mapping[str, Any]
    round: int | None
    players: tuple[str, ...]
    seed: str

    @property
    def human(self) -> int:
        return self.players.index(HUMAN)

    def rules(self) -> Rules:
        """The rules at this table (raises ``RulesError`` or ``ValueError``)."""
        if self.players.count(HUMAN) != 1:
            raise ValueError(f"exactly one seat is {HUMAN!r}")
        unknown = [p for p in self.players if p not in SEAT_NAMES]
        if unknown:
            raise ValueError(f"unknown player {unknown[0]!r}: one of {', '.join(SEAT_NAMES)}")
        rules = make_rules(self.variant, dict(self.overrides) or None)
        rounds_of(table_rules(rules, len(self.players)), self.round)  # raises if unplayable
        return rules


# -- answers as compact text: "y" / "n", or a play as melds/layoffs/swaps/discard/knock ------


def _cards(text: str) -> tuple[Card, ...]:
    if len(text) % 2:
        raise GameStateError(f"bad cards {text!r}")
    return tuple(parse_card(text[i : i + 2]) for i in range(0, len(text), 2))


def encode_answer(answer: bool | Play) -> str:
    if isinstance(answer, bool):
        return "y" if answer else "n"
    melds = ".".join("".join(map(str, m)) for m in answer.melds)
    layoffs = ".".join(f"{lo.card}{lo.onto}" for lo in answer.layoffs)
    swaps = ".".join(f"{s.onto}{''.join(map(str, s.cards))}" for s in answer.joker_swaps)
    discard = "" if answer.discard is None else str(answer.discard)
    return "/".join((melds, layoffs, swaps, discard, "k" if answer.knock else ""))


def decode_answer(ask: Ask, token: str) -> bool | Play:
    try:
        if not ask.plays:
            if token not in ("y", "n"):
                raise GameStateError(f"{ask} answered {token!r}")
            return token == "y"
        melds, layoffs, swaps, discard, knock = token.split("/")
        return Play(
            melds=tuple(_cards(m) for m in melds.split(".") if m),
            layoffs=tuple(
                Layoff(parse_card(lo[:2]), int(lo[2:])) for lo in layoffs.split(".") if lo
            ),
            joker_swaps=tuple(JokerSwap(int(s[0]), _cards(s[1:])) for s in swaps.split(".") if s),
            discard=parse_card(discard) if discard else None,
            knock=knock == "k",
        )
    except (ValueError, CardParseError) as exc:
        raise GameStateError(f"{ask} answered {token!r}") from exc


# -- the state and its signature ----------------------------------------------------------


def _canonical(data: Mapping[str, Any]) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def _sign(key: str, data: Mapping[str, Any]) -> str:
    return hmac.new(key.encode(), _canonical(data), hashlib.sha256).hexdigest()


def deal_seed(seed: str, key: str | None) -> str:
    """The seed the cards are dealt from: the state's own without a key, else one its
    holder cannot compute."""
    if key is None:
        return seed
    return hmac.new(key.encode(), b"deal:" + seed.encode(), hashlib.sha256).hexdigest()


def new_seed() -> str:
    return secrets.token_hex(8)


def _round_dict(r: RoundResult) -> dict[str, Any]:
    out = {k: v for k, v in r.to_dict().items() if k != "event"}
    if r.illegal is None:
        del out["illegal"]
    return out


def _round_read(data: Mapping[str, Any]) -> RoundResult:
    illegal = data.get("illegal")
    return RoundResult(
        data["round"],
        data["winner"],
        RoundEnd(data["finish"]),
        tuple(data["penalties"]),
        data["turns"],
        None if illegal is None else IllegalMove(illegal["seat"], illegal["reason"]),
    )


def state_of(
    spec: GameSpec,
    rounds: Sequence[RoundResult],
    answers: Sequence[Sequence[str]],
    key: str | None,
) -> dict[str, Any]:
    """The game as the client carries it: the rounds played, the answers of the round in
    play (a round is dealt from its own seed, so only its answers are replayed)."""
    state: dict[str, Any] = {
        "version": STATE_VERSION,
        "variant": spec.variant,
        "rules": dict(spec.overrides),
        "round": spec.round,
        "players": list(spec.players),
        "seed": spec.seed,
        "rounds": [_round_dict(r) for r in rounds],
        "answers": [" ".join(a) for a in answers],
    }
    if key is not None:
        state["signature"] = _sign(key, state)
    return state


def read_state(
    state: Mapping[str, Any], key: str | None
) -> tuple[GameSpec, list[RoundResult], list[list[str]]]:
    """The game, its rounds played and the answers of the round in play;
    ``GameStateError`` when the signature does not hold or the state does not read."""
    body = {k: v for k, v in state.items() if k != "signature"}
    if key is not None:
        signature = state.get("signature")
        if not isinstance(signature, str) or not hmac.compare_digest(signature, _sign(key, body)):
            raise GameStateError("the game state is not signed by this server or was altered")
    if body.get("version") != STATE_VERSION:
        raise GameStateError(f"the game state is not of version {STATE_VERSION}")
    try:
        players = tuple(body["players"])
        answers = [a.split() for a in body["answers"]]
        rounds = [_round_read(r) for r in body["rounds"]]
        spec = GameSpec(body["variant"], body["rules"] or {}, body["round"], players, body["seed"])
    except (KeyError, TypeError, AttributeError) as exc:
        raise GameStateError(f"the game state does not read: {exc!r}") from exc
    if len(answers) != len(players) or any(len(r.penalties) != len(players) for r in rounds):
        raise GameStateError("the game state has not one answer list per seat")
    return spec, rounds, answers


# -- one replay -------------------------------------------------------------------------


@dataclass(frozen=True)
class Knock:
    """What the person defends against: the knocker's melds, and whether it is gin."""

    seat: int
    melds: Melds
    gin: bool


@dataclass(frozen=True)
class Asked:
    """The decision the person is asked for."""

    ask: Ask
    view: View
    knock: Knock | None = None

    @property
    def actions(self) -> tuple[Action, ...]:
        return ACTIONS[self.ask]


@dataclass(frozen=True)
class MoveMade:
    """One decision as the table saw it: ``card`` is the top discard taken, bought or called
    (or passed up), ``play`` the turn or defence laid out."""

    seat: int
    ask: Ask
    action: Action
    card: Card | None = None
    play: Play | None = None


@dataclass(frozen=True)
class Progress:
    """A game after a request: the new state, what the person sees and is asked (``asked``
    None when the game is over or ``paused``: the bots are still to move, send
    ``continue``), the moves made in this request, the rounds played, and at the end the
    result."""

    state: dict[str, Any]
    seat: int
    players: tuple[str, ...]
    view: View | None
    turn: int | None
    stock: int
    asked: Asked | None
    paused: bool
    moves: tuple[MoveMade, ...]
    rounds: tuple[RoundResult, ...]
    result: GameResult | None


def _yes_action(ask: Ask, yes: bool) -> Action:
    yes_no = ACTIONS[ask]
    return yes_no[0] if yes else yes_no[1]


@dataclass
class _Replay:
    """One request's replay: the recorded answers, then the live seats."""

    spec: GameSpec
    rules: Rules
    rounds: list[RoundResult]
    answers: list[list[str]]
    key: str | None
    move: Move | None
    pause: Callable[[], bool]
    next: list[int] = field(default_factory=list)
    live: dict[int, Player] = field(default_factory=dict)
    moves: list[MoveMade] = field(default_factory=list)
    error: MoveRefused | GameStateError | None = None
    fresh: bool = False  # a live answer has been given: moves from here on are new
    move_used: bool = False
    bot_decisions: int = 0
    asked: Asked | None = None
    paused: bool = False
    turn: int | None = None

    def __post_init__(self) -> None:
        self.next = [0] * len(self.spec.players)

    def unused(self) -> bool:
        """Some recorded answer was never asked for."""
        return any(self.next[s] < len(a) for s, a in enumerate(self.answers))

    def round_over(self) -> None:
        if self.unused():
            self.error = GameStateError("the game state holds answers the game never asked for")
        self.answers = [[] for _ in self.answers]
        self.next = [0] * len(self.answers)

    def judged(self) -> bool:
        """The person's move (if any) was followed by another decision, so the referee took
        it."""
        if self.move is None or not self.move_used:
            return True
        human = self.spec.human
        last = max(i for i, m in enumerate(self.moves) if m.seat == human)
        return last < len(self.moves) - 1

    def answer(self, seat: int, ask: Ask, view: View, knock: Knock | None = None) -> Any:
        """The seat's recorded answer, else a live one; a stop (the person's turn, a refusal,
        a bad state, the time) is kept here and raised as ``Suspend``, which the referee
        lets through, so that no stop is taken for an illegal move."""
        try:
            return self._answer(seat, ask, view, knock)
        except (MoveRefused, GameStateError) as exc:
            self.error = exc
        except BudgetExhausted:
            self.paused = True
        raise Suspend()

    def _answer(self, seat: int, ask: Ask, view: View, knock: Knock | None) -> Any:
        if ask in (Ask.DRAW, Ask.PLAY):
            self.turn = seat
        script = self.answers[seat]
        if self.next[seat] < len(script):
            answer = decode_answer(ask, script[self.next[seat]])
        else:
            answer = self._live(seat, ask, view, knock)
            script.append(encode_answer(answer))
            self.fresh = True
        self.next[seat] += 1
        if self.fresh:
            self._log(seat, ask, view, answer)
        return answer

    def _log(self, seat: int, ask: Ask, view: View, answer: bool | Play) -> None:
        if isinstance(answer, bool):
            self.moves.append(MoveMade(seat, ask, _yes_action(ask, answer), view.top_discard))
        else:
            self.moves.append(MoveMade(seat, ask, ACTIONS[ask][0], play=answer))

    def _live(self, seat: int, ask: Ask, view: View, knock: Knock | None) -> bool | Play:
        if seat == self.spec.human:
            return self._person(ask, view, knock)
        move = self.move
        if move is not None and move.action is not Action.CONTINUE and not self.move_used:
            raise MoveRefused("the bots are still to move: send `continue`")
        if self.bot_decisions and self.pause():
            raise BudgetExhausted()
        self.bot_decisions += 1  # the first always runs, so that every request moves on
        player = self.live.get(seat)
        if player is None:
            player = make_player(
                self.spec.players[seat],
                f"{deal_seed(self.spec.seed, self.key)}/{seat}/{self.next[seat]}",
                DECISION_SECONDS,
            )
            self.live[seat] = player
        return _ask_player(player, ask, view, knock)

    def _person(self, ask: Ask, view: View, knock: Knock | None) -> bool | Play:
        move = self.move
        if move is not None and move.action is Action.CONTINUE and not self.fresh:
            raise MoveRefused("the game asks for your move, not `continue`")
        if move is None or move.action is Action.CONTINUE or self.move_used:
            self.asked = Asked(ask, view, knock)
            raise Suspend()
        allowed = ACTIONS[ask]
        if move.action not in allowed:
            names = " or ".join(f"`{a}`" for a in allowed)
            raise MoveRefused(f"the game asks {names} now, not `{move.action}`")
        self.move_used = True
        if ask.plays:
            return move.play
        return move.action == allowed[0]


def _ask_player(player: Player, ask: Ask, view: View, knock: Knock | None) -> bool | Play:
    if ask is Ask.DRAW:
        return player.draw(view)
    if ask is Ask.BUY:
        return player.buy(view)
    if ask is Ask.RUMMY:
        return player.call_rummy(view)
    if ask is Ask.PLAY:
        return player.play(view)
    assert knock is not None
    return player.defend(view, knock.melds, knock.gin)


class _Seat:
    """A seat as the referee sees it: every decision goes through the replay."""

    def __init__(self, replay: _Replay, seat: int):
        self.replay = replay
        self.seat = seat

    def draw(self, view: View) -> bool:
        return bool(self.replay.answer(self.seat, Ask.DRAW, view))

    def buy(self, view: View) -> bool:
        return bool(self.replay.answer(self.seat, Ask.BUY, view))

    def call_rummy(self, view: View) -> bool:
        return bool(self.replay.answer(self.seat, Ask.RUMMY, view))

    def play(self, view: View) -> Play:
        answer: Play = self.replay.answer(self.seat, Ask.PLAY, view)
        return answer

    def defend(self, view: View, melds: Melds, gin: bool) -> Play:
        knocker = self.replay.turn if self.replay.turn is not None else self.seat
        answer: Play = self.replay.answer(self.seat, Ask.DEFEND, view, Knock(knocker, melds, gin))
        return answer


def _run(replay: _Replay) -> Progress:
    spec, rules = replay.spec, replay.rules
    n = len(spec.players)
    seats = [_Seat(replay, s) for s in range(n)]
    planned = rounds_of(table_rules(rules, n), spec.round)
    deal = deal_seed(spec.seed, replay.key)
    ref: Referee | None = None
    played = len(replay.rounds)
    over = False
    while not over:
        k = len(replay.rounds)
        if k == len(planned) or any(r.illegal for r in replay.rounds):
            over = True
            break
        ref = Referee(rules, seats, RandomDealer(random.Random(f"{deal}/{k}")))
        try:
            replay.rounds.append(ref.play_round(planned[k], k % n))
        except Suspend:
            break
        except BudgetExhausted:
            # cut outside a decision: the answers so far stand, unless the person's move
            # was not yet judged (the referee judges a play before anyone is asked again)
            if not replay.judged():
                raise
            replay.paused = True
            break
        replay.round_over()
    if replay.error is not None:
        raise replay.error
    move = replay.move
    reached = move is None or move.action is Action.CONTINUE or replay.move_used
    if replay.paused and not reached:  # the move was not reached: nothing changed, retry
        raise BudgetExhausted()
    human = spec.human
    last = replay.rounds[-1] if len(replay.rounds) > played else None
    if last is not None and last.illegal is not None and last.illegal.seat == human:
        if replay.move_used:  # after it the person is not asked again: it was this move
            raise MoveRefused(last.illegal.reason)
        raise GameStateError(f"the recorded moves do not replay: {last.illegal.reason}")
    if over and not replay.fresh and replay.move is not None:
        raise MoveRefused("the game is over")
    if replay.unused():
        raise GameStateError("the game state holds answers the game never asked for")
    asked = replay.asked
    view = asked.view if asked is not None else None
    if view is None and not over and ref is not None:
        view = ref.view(human)
    hand = None if ref is None else ref.in_play
    return Progress(
        state=state_of(spec, replay.rounds, replay.answers, replay.key),
        seat=human,
        players=spec.players,
        view=None if over else view,
        turn=None if over else replay.turn,
        stock=0 if hand is None or over else len(hand.stock),
        asked=asked,
        paused=replay.paused,
        moves=tuple(replay.moves),
        rounds=tuple(replay.rounds),
        result=GameResult.of(replay.rounds, n) if over else None,
    )


def start(spec: GameSpec, key: str | None, pause: Callable[[], bool]) -> Progress:
    """A new game, played by the bots up to the person's first decision."""
    rules = spec.rules()
    replay = _Replay(spec, rules, [], [[] for _ in spec.players], key, None, pause)
    return _run(replay)


def play(
    state: Mapping[str, Any], move: Move, key: str | None, pause: Callable[[], bool]
) -> Progress:
    """The person's ``move`` judged by the referee, then the bots up to the person's next
    decision. ``MoveRefused`` leaves the game as it was."""
    spec, rounds, answers = read_state(state, key)
    try:
        rules = spec.rules()
    except ValueError as exc:
        raise GameStateError(f"the game state names no game: {exc}") from exc
    return _run(_Replay(spec, rules, rounds, answers, key, move, pause))
