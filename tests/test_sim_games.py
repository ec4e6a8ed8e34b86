"""Whole seeded games of every variant: legal moves only, the same log every run, and a
log that replays to its own scores."""

from __future__ import annotations

import io
import json

import pytest

from sim.match import play_one, run_match
from sim.replay import LogWriter, replay
from solver.rules import make_rules

# Hands that nobody ends stop here (a turn_limit finish), which bounds the test time.
MAX_TURNS = 50
FINISHES = {"out", "hand_rummy", "knock", "gin", "undercut", "exhausted", "turn_limit"}

# (variant, seats, round): every variant, 2 players and more where the rules seat them
TABLES = [
    ("gin", ["greedy", "random"], None),
    ("israeli", ["greedy", "random", "greedy"], None),
    ("rummy40", ["random", "greedy"], None),
    ("rummy40", ["greedy", "random", "greedy", "random"], None),
    ("liverpool", ["greedy", "random", "greedy"], 2),
    ("liverpool", ["random", "greedy"], 6),
]


def logged(variant: str, seats: list[str], round_: int | None, seed: str) -> str:
    out = io.StringIO()
    play_one(make_rules(variant), seats, seed, round_, LogWriter(out), max_turns=MAX_TURNS)
    return out.getvalue()


@pytest.mark.parametrize(("variant", "seats", "round_"), TABLES)
def test_seeded_games_finish_with_legal_moves_only(
    variant: str, seats: list[str], round_: int | None
) -> None:
    result = run_match(
        make_rules(variant), seats, 2, "legal", round_=round_, rotate=True, max_turns=MAX_TURNS
    )
    assert [e.illegal_reasons for e in result.entries] == [[] for _ in seats]
    assert set(result.finishes) <= FINISHES
    assert sum(e.wins for e in result.entries) == pytest.approx(2)


def test_each_entrys_hands_by_finish_add_up_to_its_penalties() -> None:
    # heads-up gin: a hand one seat wins the other loses by the same points, so the
    # points of an entry's hands lost are its penalties, and those it won the other's
    result = run_match(make_rules("gin"), ["greedy", "simple"], 12, "finishes", rotate=True)
    first, second = result.entries
    for me, other in ((first, second), (second, first)):
        assert sum(p for _, p in me.lost_by.values()) == sum(me.penalties)
        assert sum(p for _, p in me.won_by.values()) == sum(other.penalties)
        assert me.won_by == other.lost_by
    decided = sum(n for n, _ in [*first.won_by.values(), *first.lost_by.values()])
    assert decided == 12 - result.finishes.get("exhausted", 0)
    assert set(first.hands_by_finish()["won"]) <= {"knock", "gin", "undercut"}


def test_each_entrys_hands_by_round_add_up_to_the_games_totals() -> None:
    # whole Liverpool games heads-up: every round counted once for each entry, its
    # penalties the entry's, the others' penalties the other entry's, a hand won by
    # going out only by one seat
    result = run_match(
        make_rules("liverpool"), ["greedy", "simple"], 2, "rounds", rotate=True, max_turns=25
    )
    first, second = result.entries
    assert list(first.hands_by_round()) == ["1", "2", "3", "4", "5", "6"]
    for me, other in ((first, second), (second, first)):
        assert [t[0] for t in me.by_round.values()] == [2] * 6
        assert sum(t[2] for t in me.by_round.values()) == sum(me.penalties)
        assert sum(t[3] for t in me.by_round.values()) == sum(other.penalties)
    for key in first.by_round:
        assert first.by_round[key][1] + second.by_round[key][1] <= 2
        assert first.by_round[key][2] == second.by_round[key][3]


def test_a_whole_liverpool_game_plays_the_six_rounds_and_totals_them() -> None:
    out = io.StringIO()
    rules = make_rules("liverpool")
    result, _ = play_one(rules, ["greedy", "greedy"], "six", None, LogWriter(out), max_turns=25)
    assert [r.round for r in result.rounds] == [1, 2, 3, 4, 5, 6]
    assert result.totals == tuple(sum(r.penalties[s] for r in result.rounds) for s in range(2))
    assert result.illegal is None


@pytest.mark.parametrize(("variant", "seats", "round_"), TABLES[:3] + TABLES[4:5])
def test_the_same_seed_writes_the_same_log(
    variant: str, seats: list[str], round_: int | None
) -> None:
    first = logged(variant, seats, round_, "again")
    assert first == logged(variant, seats, round_, "again")
    assert first != logged(variant, seats, round_, "other")


@pytest.mark.parametrize(("variant", "seats", "round_"), TABLES)
def test_a_log_replays_to_its_scores(variant: str, seats: list[str], round_: int | None) -> None:
    out = io.StringIO()
    rules = make_rules(variant)
    run_match(rules, seats, 2, "replay", round_=round_, record=LogWriter(out), max_turns=MAX_TURNS)
    games = replay(io.StringIO(out.getvalue()))
    assert len(games) == 2
    assert all(g.matches and g.replayed for g in games)


def test_a_tampered_log_does_not_replay_to_its_scores() -> None:
    out = io.StringIO()
    run_match(make_rules("gin"), ["greedy", "greedy"], 1, "tamper", record=LogWriter(out))
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    plays = [e for e in events if e["event"] == "move" and e["ask"] == "play"]
    plays[0]["answer"]["discard"] = "JK"  # a card no gin hand holds
    lines = [json.dumps(e) for e in events]
    assert [g.matches for g in replay(lines)] == [False]


@pytest.mark.parametrize("variant", ["gin", "rummy40"])
def test_the_advisor_plays_legal_moves(variant: str) -> None:
    # bounded: a few turns and a short solve limit keep this at a few seconds
    result = run_match(
        make_rules(variant),
        ["advisor", "greedy"],
        1,
        "advisor",
        max_turns=4,
        advisor_time_limit=0.3,
    )
    assert [e.illegal_reasons for e in result.entries] == [[], []]
    assert result.entries[0].decisions >= 2


def test_a_duplicate_match_deals_each_hand_once_to_every_seat() -> None:
    games: list[dict[str, object]] = []
    hands: list[list[object]] = []

    def keep(event: dict[str, object]) -> None:
        if event["event"] == "game":
            games.append(event)
        elif event["event"] == "deal":
            hands.append(event["hands"])  # type: ignore[arg-type]

    run_match(make_rules("gin"), ["simple", "greedy"], 4, "dup", record=keep, duplicate=True)
    assert [g["seed"] for g in games] == ["dup-0", "dup-0", "dup-1", "dup-1"]
    assert [g["players"] for g in games] == [["simple", "greedy"], ["greedy", "simple"]] * 2
    # the same cards at each seat of a deal's two games, whoever sits there
    assert hands[0] == hands[1] and hands[2] == hands[3] and hands[0] != hands[2]
