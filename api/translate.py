"""Request bodies (as loaded by the schemas) into library values, with field-named errors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from advisor.situation import Situation
from api.errors import ApiError, invalid
from api.notation import is_card_token, split_cards
from api.schemas import MAX_HAND
from sim.moves import Play
from sim.service import Action, GameSpec, Move, new_seed
from solver.cards import Card, check_pack, parse_card, parse_cards
from solver.errors import CardParseError, RulesError, SolverError, TooManyCopiesError
from solver.goals import Goal
from solver.legality import check_table
from solver.rules import Rules, make_rules
from solver.turn import JokerSwap, Layoff, Seat, Turn, TurnAction


def rules_of(body: Mapping[str, Any]) -> Rules:
    """The preset named by ``variant`` with the ``rules`` overrides applied."""
    try:
        return make_rules(body["variant"], body.get("rules"))
    except RulesError as exc:
        raise rules_error(exc) from None


def rules_error(exc: RulesError) -> ApiError:
    """A rule the library refused, named by its path in the request (``rules.decks``)."""
    field_name = exc.field if exc.field in ("variant", "rules") else f"rules.{exc.field}"
    return invalid(str(field_name), exc.reason)


def cards_of(value: str | Sequence[str], field_name: str, limit: int | None = None) -> list[Card]:
    """Parse one card list; an unknown card is reported with its field and index.

    Only tokens of the documented notation are read (``api.notation``), so the OpenAPI
    document's patterns say exactly what is admitted."""
    tokens = split_cards(value) if isinstance(value, str) else list(value)
    try:
        for i, token in enumerate(tokens):
            if not is_card_token(token):
                raise CardParseError(token, i)
        cards = parse_cards(tokens)
    except CardParseError as exc:
        # the path names the index (hand[1]): the message need not
        raise invalid(field_name, f"unknown card {exc.token!r}", exc.index) from None
    if limit is not None and len(cards) > limit:
        raise invalid(field_name, f"at most {limit} cards, not {len(cards)}")
    return cards


def card_of(token: str, field_name: str) -> Card:
    try:
        if not is_card_token(token):
            raise CardParseError(token)
        return parse_card(token)
    except CardParseError as exc:
        raise invalid(field_name, exc.message) from None


def check_copies(rules: Rules, parts: Sequence[tuple[str, Sequence[Card]]]) -> None:
    """No card more often across ``parts`` than the pack holds; names the field of the excess."""
    flat: list[Card] = []
    where: list[tuple[str, int]] = []
    for name, cards in parts:
        flat.extend(cards)
        where.extend((name, i) for i in range(len(cards)))
    try:
        check_pack(flat, rules)
    except TooManyCopiesError as exc:
        name, index = where[exc.index] if exc.index is not None else ("hand", None)
        raise invalid(name, exc.message, index) from None


def check_round(rules: Rules, round_: int | None) -> None:
    """Rules whose goal is a contract (Liverpool) need a valid round."""
    if rules.goal is Goal.CONTRACT or (round_ is not None and rules.contracts):
        try:
            rules.contract(round_)
        except SolverError as exc:
            raise invalid("round", exc.message) from None


def situation_of(body: Mapping[str, Any]) -> Situation:
    """The whole situation of a request: rules, hand, table, discards, seen cards."""
    rules = rules_of(body)
    hand = cards_of(body["hand"], "hand", MAX_HAND)
    table = [
        cards_of(meld["cards"], f"table[{i}].cards", MAX_HAND)
        for i, meld in enumerate(body.get("table") or [])
    ]
    discard_pile = cards_of(body.get("discard_pile") or [], "discard_pile")
    seen = cards_of(body.get("seen") or [], "seen")
    check_round(rules, body.get("round"))
    parts: list[tuple[str, Sequence[Card]]] = [("hand", hand)]
    parts.extend((f"table[{i}].cards", meld) for i, meld in enumerate(table))
    parts.extend([("discard_pile", discard_pile), ("seen", seen)])
    check_copies(rules, parts)
    check_table(table, rules)
    taken = body.get("taken_discard")
    taken_card = None if taken is None else card_of(taken, "taken_discard")
    if taken_card is not None and taken_card not in hand:
        raise invalid("taken_discard", f"{taken_card} is not in the hand")
    others = tuple(body.get("opponent_hand_sizes") or ())
    if len(others) >= rules.max_players:
        message = f"at most {rules.max_players - 1} other players (max_players), not {len(others)}"
        raise invalid("opponent_hand_sizes", message)
    return Situation(
        rules=rules,
        hand=tuple(hand),
        round=body.get("round"),
        table=tuple(tuple(m) for m in table),
        discard_pile=tuple(discard_pile),
        seen=tuple(seen),
        down=bool(body.get("down", False)),
        opponent_hand_sizes=others,
        taken_discard=taken_card,
    )


def proposed_melds(body: Mapping[str, Any]) -> list[list[Card]]:
    return [
        cards_of(meld["cards"], f"melds[{i}].cards", MAX_HAND)
        for i, meld in enumerate(body.get("melds") or [])
    ]


def layoffs_of(body: Mapping[str, Any]) -> list[Layoff]:
    return [
        Layoff(card_of(item["card"], f"layoffs[{i}].card"), int(item["onto"]))
        for i, item in enumerate(body.get("layoffs") or [])
    ]


def joker_swaps_of(body: Mapping[str, Any]) -> list[JokerSwap]:
    """Each swap's natural cards: ``cards`` when sent (``card`` among them), else ``card``."""
    out = []
    for i, item in enumerate(body.get("joker_swaps") or []):
        card = card_of(item["card"], f"joker_swaps[{i}].card")
        cards = [card]
        if item.get("cards") is not None:
            cards = cards_of(item["cards"], f"joker_swaps[{i}].cards")
            if card not in cards:
                raise invalid(f"joker_swaps[{i}].card", f"{card} is not among `cards`")
        joker = card_of(item.get("joker", "JK"), f"joker_swaps[{i}].joker")
        out.append(JokerSwap(int(item["onto"]), tuple(cards), joker))
    return out


def table_of(
    melds: Sequence[Mapping[str, Any]] | None, where: str
) -> tuple[tuple[Card, ...], ...] | None:
    """A whole table sent as melds (``where``: its path in the request), or None."""
    if melds is None:
        return None
    return tuple(
        tuple(cards_of(m["cards"], f"{where}[{i}].cards", MAX_HAND)) for i, m in enumerate(melds)
    )


def turn_of(body: Mapping[str, Any], situation: Situation) -> tuple[Seat, Turn]:
    """The seat and the turn a /v1/validate request describes."""
    discard = body.get("discard")
    seat = Seat(
        situation.hand, situation.table, situation.down, situation.round, situation.taken_discard
    )
    new_table = table_of(body.get("table_after"), "table_after")
    turn = Turn(
        melds=tuple(tuple(m) for m in proposed_melds(body)),
        layoffs=tuple(layoffs_of(body)),
        joker_swaps=tuple(joker_swaps_of(body)),
        discard=None if discard is None else card_of(discard, "discard"),
        complete=discard is not None,
        action=TurnAction(body.get("action") or TurnAction.CHECK),
        table=new_table,
    )
    return seat, turn


def game_spec_of(body: Mapping[str, Any]) -> GameSpec:
    """The game a ``POST /v1/games`` asks for, its seats and rules checked."""
    rules = rules_of(body)
    check_round(rules, body.get("round"))
    seed = body.get("seed") or new_seed()
    spec = GameSpec(
        body["variant"], body.get("rules") or {}, body.get("round"), tuple(body["players"]), seed
    )
    try:
        spec.rules()
    except RulesError as exc:
        if exc.field == "max_players":
            raise invalid("players", exc.reason) from None
        raise rules_error(exc) from None
    except SolverError as exc:
        raise invalid("round", exc.message) from None
    except ValueError as exc:
        raise invalid("players", str(exc)) from None
    return spec


def move_of(body: Mapping[str, Any]) -> Move:
    """The person's move, its cards read with field-named errors."""
    where = "move"
    melds = tuple(
        tuple(cards_of(m["cards"], f"{where}.melds[{i}].cards", MAX_HAND))
        for i, m in enumerate(body["melds"])
    )
    layoffs = tuple(
        Layoff(card_of(lo["card"], f"{where}.layoffs[{i}].card"), int(lo["onto"]))
        for i, lo in enumerate(body["layoffs"])
    )
    swaps = tuple(
        JokerSwap(int(s["onto"]), tuple(cards_of(s["cards"], f"{where}.joker_swaps[{i}].cards")))
        for i, s in enumerate(body["joker_swaps"])
    )
    discard = body.get("discard")
    table = table_of(body.get("table"), f"{where}.table")
    play = Play(
        melds=melds,
        layoffs=layoffs,
        joker_swaps=swaps,
        discard=None if discard is None else card_of(discard, f"{where}.discard"),
        knock=bool(body["knock"]),
        table=table,
    )
    return Move(Action(body["action"]), play)
