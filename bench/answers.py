"""Record the API's answers to a fixed corpus of requests, or compare against a recording.

A refactoring that must not change any answer is checked with it: record on the tree before
the change, compare on the tree after (the requests are read back from the recording, so
the comparison does not depend on this script's generator staying the same).

The corpus: every request of ``api/examples.py`` (its refused one included), ``GET
/v1/variants``, and seeded random situations of every preset, each posted to every
endpoint (solve with each goal, validate with the hand's natural melds, score with each
finish, advise in every phase), a third of them under house rules that switch flags and
counts, and a few requests whose rules are refused (for the error messages).

    .venv/bin/python bench/answers.py record [--out build/answers.jsonl] [--seed 17]
        [--per-preset 30]
    .venv/bin/python bench/answers.py compare [--against build/answers.jsonl] [--show 5]

Answers are the response bodies' bytes and the status. The app runs in process with a
deadline far away, so only the work allowance (deterministic) can cut a search short.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# the repository instead of bench/ (whose http.py would shadow the standard library's)
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from api import create_app  # noqa: E402
from api.examples import INVALID_REQUEST, PATHS, REQUESTS  # noqa: E402
from solver.cards import ALL_CARDS, JOKER, Card  # noqa: E402
from solver.errors import RulesError  # noqa: E402
from solver.goals import Goal  # noqa: E402
from solver.rules import PRESETS, RULE_SPECS, Rules, make_rules  # noqa: E402
from solver.rulespec import Kind  # noqa: E402

DEFAULT_FILE = Path(__file__).resolve().parent.parent / "build" / "answers.jsonl"
CONFIG = {"LOG_LEVEL": "WARNING", "TESTING": True, "REQUEST_TIME_LIMIT": 600.0}
SOLVE_GOALS = ("auto", "deadwood", "contract", "opening", "win")
# the flags a house rule set may switch: every rule of that kind
FLAGS = tuple(name for name, spec in RULE_SPECS.items() if spec.kind is Kind.FLAG)
# requests whose rules are refused: the error messages are answers too
BAD_RULES: tuple[dict[str, Any], ...] = (
    {"decks": 0},
    {"decks": 4},
    {"decks": "2"},
    {"jokers": -1},
    {"set_min": 9},
    {"run_min": 15},
    {"max_wilds_per_meld": 15},
    {"opening_min": 1001},
    {"hand_size": 31},
    {"buy_penalty_cards": 6},
    {"max_players": 1},
    {"extra_deck_over_players": 9},
    {"hand_rummy": "yes"},
    {"buying": 1},
    {"ace": "middle"},
    {"goal": "knock"},
    {"hand_rummy_penalty": "triple"},
    {"wild_ranks": ["Z"]},
    {"wild_ranks": "2"},
    {"card_values": {"Z": 3}},
    {"card_values": {"A": 1001}},
    {"card_values": []},
    {"contracts": [{"sets": 5, "runs": 0}]},
    {"contracts": [{"sets": 0, "runs": 0}]},
    {"contracts": [{"sets": 1, "runs": 1, "extra": 1}]},
    {"contracts": [{"sets": 1}] * 11},
    {"round_hand_sizes": [0]},
    {"round_hand_sizes": [10] * 11},
    {"set_max": 2, "set_min": 3},
    {"run_min": 14, "ace": "low"},
    {"set_min_naturals": 5},
    {"no_such_rule": 1},
    {"goal": "opening", "opening_min": None},
)


def _pack(rules: Rules, rng: random.Random) -> list[Card]:
    pack = [c for c in ALL_CARDS for _ in range(rules.decks)] + [JOKER] * rules.jokers
    rng.shuffle(pack)
    return pack


def _take_all(pack: list[Card], cards: list[Card]) -> bool:
    if any(cards.count(c) > pack.count(c) for c in cards):
        return False
    for c in cards:
        pack.remove(c)
    return True


def _table_meld(pack: list[Card], rules: Rules, rng: random.Random) -> list[Card] | None:
    """A natural set or run drawn from the pack, as players lay them."""
    for _ in range(20):
        if rng.random() < 0.5:
            rank = rng.randint(3, 13)
            cards = [Card(rank, s) for s in rng.sample(range(4), 3)]
        else:
            suit = rng.randrange(4)
            low = rng.randint(3, 13 - rules.run_min + 1)
            cards = [Card(r, suit) for r in range(low, low + rules.run_min)]
        if _take_all(pack, cards):
            return cards
    return None


def _natural_melds(hand: list[Card], rules: Rules) -> list[list[Card]]:
    """The hand's natural sets and runs, taken greedily (the validate requests' melds)."""
    left = list(hand)
    melds: list[list[Card]] = []
    for rank in range(1, 14):
        suits = sorted({c.suit for c in left if c.rank == rank})
        if len(suits) >= 3:
            meld = [Card(rank, s) for s in suits[:4]]
            melds.append(meld)
            for c in meld:
                left.remove(c)
    for suit in range(4):
        ranks = sorted({c.rank for c in left if c.suit == suit})
        run: list[int] = []
        for r in [*ranks, 99]:
            if run and r == run[-1] + 1:
                run.append(r)
                continue
            if len(run) >= rules.run_min:
                meld = [Card(x, suit) for x in run]
                melds.append(meld)
                for c in meld:
                    left.remove(c)
            run = [r]
    return melds


def _house_rules(name: str, rng: random.Random) -> dict[str, Any]:
    base = PRESETS[name]
    rules: dict[str, Any] = {}
    for flag in rng.sample(FLAGS, rng.randint(1, 4)):
        rules[flag] = not getattr(base, flag)
    if rng.random() < 0.3:
        rules["jokers"] = rng.choice((0, 2, 4))
    if rng.random() < 0.2:
        rules["decks"] = rng.choice((1, 2, 3))
    if rng.random() < 0.2 and base.opening_min is not None:
        rules["opening_min"] = rng.choice((0, 30, 51))
    if rng.random() < 0.2:
        rules["hand_rummy_penalty"] = rng.choice(("double", "plus25"))
    return rules


def _situations(name: str, rng: random.Random, count: int) -> Iterator[dict[str, Any]]:
    base = PRESETS[name]
    for i in range(count):
        overrides = _house_rules(name, rng) if i % 3 == 2 else {}
        try:
            rules = make_rules(name, overrides)
        except RulesError:
            overrides, rules = {}, base
        pack = _pack(rules, rng)
        round_ = i % len(rules.contracts) + 1 if rules.contracts else None
        down = rules.goal is not Goal.WIN and rng.random() < 0.4
        table = []
        if rules.goal is not Goal.WIN:
            for _ in range(rng.randint(0, 4)):
                meld = _table_meld(pack, rules, rng)
                if meld is not None:
                    table.append(meld)
        size = rules.dealt_size(round_)
        if down:
            size = rng.randint(2, max(2, size // 2))
        hand = [pack.pop() for _ in range(size)]
        drawn = pack.pop()
        body: dict[str, Any] = {"variant": name}
        if overrides:
            body["rules"] = overrides
        if round_ is not None:
            body["round"] = round_
        body["table"] = [{"cards": [str(c) for c in m]} for m in table]
        body["discard_pile"] = [str(pack.pop()) for _ in range(rng.randint(1, 8))]
        body["seen"] = [str(pack.pop()) for _ in range(rng.randint(0, 3))]
        body["down"] = down
        yield {"base": body, "hand": hand, "drawn": drawn, "rules": rules}


def _cards(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def corpus(seed: int, per_preset: int) -> Iterator[tuple[str, str, Any]]:
    """(method, path, body) of every request, in a fixed order."""
    for operation, examples in REQUESTS.items():
        for _, body in examples.values():
            yield "POST", PATHS[operation], body
    yield "POST", "/v1/solve", INVALID_REQUEST
    yield "GET", "/v1/variants", None
    rng = random.Random(seed)
    for name in PRESETS:
        for s in _situations(name, rng, per_preset):
            base, hand, drawn, rules = s["base"], s["hand"], s["drawn"], s["rules"]
            full = [*hand, drawn]
            yield (
                "POST",
                "/v1/solve",
                {**base, "hand": _cards(full), "goal": rng.choice(SOLVE_GOALS)},
            )
            melds = _natural_melds(full, rules)
            if rng.random() < 0.3:
                melds.append(rng.sample(full, min(3, len(full))))
            validate: dict[str, Any] = {
                **base,
                "hand": _cards(full),
                "melds": [{"cards": _cards(m)} for m in melds],
                "action": rng.choice(("check", "go_down", "open", "meld", "win", "hand_rummy")),
            }
            if base["table"] and base["down"]:
                validate["layoffs"] = [
                    {"card": str(rng.choice(full)), "onto": rng.randrange(len(base["table"]))}
                ]
            yield "POST", "/v1/validate", validate
            finish = rng.choice(("normal", "hand_rummy"))
            yield "POST", "/v1/score", {**base, "hand": _cards(hand), "finish": finish}
            yield "POST", "/v1/advise", {**base, "hand": _cards(full), "phase": "discard"}
            yield "POST", "/v1/advise", {**base, "hand": _cards(hand), "phase": "draw"}
            if rules.buying:
                buy = {**base, "hand": _cards(hand), "phase": "buy"}
                buy["buys_made"] = rng.randint(0, 2)
                yield "POST", "/v1/advise", buy
    for i, bad in enumerate(BAD_RULES):
        name = list(PRESETS)[i % len(PRESETS)]
        body = {"variant": name, "rules": bad, "hand": "AS 2S 3S"}
        if PRESETS[name].contracts:
            body["round"] = 1
        yield "POST", "/v1/solve", body


def _answer(client: Any, method: str, path: str, body: Any) -> tuple[int, str]:
    response = client.get(path) if method == "GET" else client.post(path, json=body)
    return response.status_code, response.get_data(as_text=True)


def record(out: Path, seed: int, per_preset: int) -> None:
    client = create_app(CONFIG).test_client()
    out.parent.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    n = 0
    with out.open("w") as f:
        for method, path, body in corpus(seed, per_preset):
            status, text = _answer(client, method, path, body)
            entry = {"method": method, "path": path, "body": body, "status": status}
            f.write(json.dumps({**entry, "answer": text}, ensure_ascii=False) + "\n")
            n += 1
    print(f"recorded {n} answers in {time.monotonic() - start:.0f} s to {out}")


def compare(against: Path, show: int) -> int:
    client = create_app(CONFIG).test_client()
    same = 0
    differ: list[tuple[dict[str, Any], int, str]] = []
    for line in against.read_text().splitlines():
        entry = json.loads(line)
        status, text = _answer(client, entry["method"], entry["path"], entry["body"])
        if status == entry["status"] and text == entry["answer"]:
            same += 1
        else:
            differ.append((entry, status, text))
    by_path: dict[str, int] = {}
    for entry, _, _ in differ:
        by_path[entry["path"]] = by_path.get(entry["path"], 0) + 1
    print(f"{same} of {same + len(differ)} answers identical; differing by path: {by_path}")
    for entry, status, text in differ[:show]:
        print(f"\n{entry['method']} {entry['path']} {json.dumps(entry['body'])}")
        print(f"  was {entry['status']} {entry['answer'][:400]}")
        print(f"  now {status} {text[:400]}")
    return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--out", type=Path, default=DEFAULT_FILE)
    rec.add_argument("--seed", type=int, default=17)
    rec.add_argument("--per-preset", type=int, default=30)
    cmp = sub.add_parser("compare")
    cmp.add_argument("--against", type=Path, default=DEFAULT_FILE)
    cmp.add_argument("--show", type=int, default=5)
    args = parser.parse_args()
    if args.command == "record":
        record(args.out, args.seed, args.per_preset)
    else:
        sys.exit(compare(args.against, args.show))


if __name__ == "__main__":
    main()
