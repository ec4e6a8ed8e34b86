"""The lay-down round trip (issue 17): seeded random discard-phase situations of every
preset and of house rules that switch each flag; every ``lay_down`` the advice recommends,
posted to /v1/validate with its action and the recommended discard, must be legal.

Shared by ``tests/test_advise_round_trip.py`` (a few situations per rule set) and
``bench/round_trip.py`` (many more).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from flask.testing import FlaskClient

from solver.cards import ALL_CARDS, JOKER, Card
from solver.rules import Rules, make_rules

# (variant, overrides): every preset, and each flag of the turn switched
RULE_SETS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("liverpool", {}),
    ("liverpool", {"buying": False, "rummy_call": False}),
    ("liverpool", {"new_melds_after_down": True}),
    ("liverpool", {"jokers": 2, "joker_release": True}),
    ("rummy40", {}),
    ("rummy40", {"hand_rummy": False}),
    ("rummy40", {"joker_release": False}),
    ("rummy40", {"take_discard_obliges_meld": False, "buying": True, "rummy_call": True}),
    ("rummy40", {"new_melds_after_down": False}),
    ("israeli", {}),
    ("israeli", {"jokers": 2, "require_run": False, "first_player_extra_card": False}),
    ("rummikub", {}),
    ("gin", {}),
    ("gin", {"knock_max": 0}),
)


@dataclass(frozen=True)
class Failure:
    advise: dict[str, Any]
    validate: dict[str, Any]
    answer: dict[str, Any]


def _meld_cards(rules: Rules, rng: random.Random, size: int | None = None) -> list[Card]:
    if rng.random() < 0.45:
        rank = rng.randint(1, 13)
        return [Card(rank, s) for s in rng.sample(range(4), size or 3)]
    suit = rng.randrange(4)
    length = size or rng.randint(rules.run_min, rules.run_min + 1)
    low = rng.randint(rules.min_position, rules.max_position - length + 1)
    return [Card((p - 1) % 13 + 1, suit) for p in range(low, low + length)]


def _draw(pack: list[Card], cards: list[Card]) -> list[Card] | None:
    if any(cards.count(c) > pack.count(c) for c in cards):
        return None
    for c in cards:
        pack.remove(c)
    return cards


def situation(variant: str, overrides: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A discard-phase request: a hand built around melds, a table, a pile."""
    rules = make_rules(variant, overrides)
    pack = [c for c in ALL_CARDS for _ in range(rules.decks)] + [JOKER] * rules.jokers
    rng.shuffle(pack)
    round_ = rng.randint(1, len(rules.contracts)) if rules.contracts else None
    tabled = bool(rules.contracts) or rules.opening_min is not None
    down = tabled and rng.random() < 0.5
    table: list[list[Card]] = []
    for _ in range(rng.randint(0, 4) if tabled else 0):
        meld = _draw(pack, _meld_cards(rules, rng))
        if meld is None:
            continue
        if rules.jokers and JOKER in pack and rng.random() < 0.5:
            i = rng.randrange(len(meld))
            pack.append(meld[i])
            pack.remove(JOKER)
            meld[i] = JOKER
        table.append(meld)
    size = rng.randint(2, 7) if down else rules.dealt_size(round_) + 1
    hand: list[Card] = []
    while len(hand) < size - 1:
        piece = _draw(pack, _meld_cards(rules, rng)[: rng.randint(2, 4)])
        hand += piece or []
    hand = hand[: size - 1]
    hand += [pack.pop() for _ in range(size - len(hand))]
    if rules.jokers and JOKER in pack and rng.random() < 0.3:
        hand[rng.randrange(len(hand))] = pack.pop(pack.index(JOKER))
    body: dict[str, Any] = {
        "variant": variant,
        "hand": [str(c) for c in hand],
        "table": [{"cards": [str(c) for c in m]} for m in table],
        "discard_pile": [str(pack.pop()) for _ in range(rng.randint(1, 5))],
        "down": down,
    }
    if overrides:
        body["rules"] = overrides
    if round_ is not None:
        body["round"] = round_
    return body


def validate_body(advise: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The advice's lay-down as a /v1/validate request: its action, the recommended card
    (a play-or-draw turn's play: its opening melds, or the table after it)."""
    body = {k: v for k, v in advise.items() if k != "phase"}
    play = answer.get("play")
    if play is not None:
        after = [{"cards": m["cards"]} for m in play["table"]]
        opening = play["action"] == "open"
        body.update(
            melds=[{"cards": m["cards"]} for m in play["melds"]] if opening else [],
            action=play["action"],
            **({} if opening else {"table_after": after}),
        )
        return body
    lay = answer["lay_down"]
    body.update(
        melds=[{"cards": m["cards"]} for m in lay["melds"]],
        layoffs=lay["layoffs"],
        joker_swaps=lay["joker_swaps"],
        action=lay["action"],
    )
    card = answer["recommendation"]["card"]
    if card is not None:
        body["discard"] = card
    return body


def round_trips(
    client: FlaskClient, seed: int, per_rule_set: int
) -> Iterator[tuple[int, Failure | None]]:
    """For every situation: (1 if the advice laid something down else 0, its failure)."""
    rng = random.Random(seed)
    for variant, overrides in RULE_SETS:
        for _ in range(per_rule_set):
            advise = situation(variant, overrides, rng)
            answer = client.post("/v1/advise", json=advise).get_json()
            if answer.get("lay_down") is None and answer.get("play") is None:
                yield 0, None
                continue
            body = validate_body(advise, answer)
            verdict = client.post("/v1/validate", json=body).get_json()
            yield 1, None if verdict.get("legal") is True else Failure(advise, body, verdict)
