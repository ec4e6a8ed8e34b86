"""rummikub-solver on our Rummikub positions: the tile mapping, its answers, the positions
(random deals played forward a few turns) and the melds its joker limits leave out.

Shared by tests/test_peers.py and bench/solve.py, so that the agreement the tests assert
and the speed the bench measures are taken on the same kind of position.

rummikub-solver's documented joker limits (its ``RuleSet._combine_with_jokers``): a joker
stands anywhere only in a meld of 3 tiles; in a run of 4 or 5 only inside it, never at an
end; never in a group of 4; and its runs are pieces of 3 to 5 tiles, a longer run being
laid as several. Those melds are legal Rummikub, so where a play needs one of them it lays
fewer tiles than ours.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import rummikub_solver

from solver.cards import ALL_CARDS, JOKER, Card
from solver.melds import Meld
from solver.place import PlaceBy, place
from solver.rules import PRESETS

RUMMIKUB = PRESETS["rummikub"]
RULESET = rummikub_solver.RuleSet()  # Sabra rules: 13 numbers, 4 colours, 2 repeats, 2 jokers
JOKER_TILE = int(RULESET.tiles[-1])
# our suits S H D C are the tile notation's black, red, orange and blue (solver/cards.py)
_COLOURS = ("BLACK", "RED", "ORANGE", "BLUE")
_COLOUR_INDEX = [list(rummikub_solver.Colour).index(rummikub_solver.Colour[c]) for c in _COLOURS]
_MODES = {
    "tiles": rummikub_solver.SolverMode.TILE_COUNT,
    "value": rummikub_solver.SolverMode.TOTAL_VALUE,
}


def tile_of(card: Card) -> int:
    """Colour i and number v are tile i*13+v in rummikub-solver; the joker is 53."""
    return JOKER_TILE if card.is_joker else _COLOUR_INDEX[card.suit] * 13 + card.rank


def card_of(tile: int) -> Card:
    if tile == JOKER_TILE:
        return JOKER
    colour, number = divmod(tile - 1, 13)
    return Card(number + 1, _COLOUR_INDEX.index(colour))


@dataclass(frozen=True)
class Position:
    """One player's turn: the table's melds, the rack, and whether the initial meld is made."""

    table: tuple[tuple[Card, ...], ...]
    rack: tuple[Card, ...]
    down: bool

    @property
    def jokers(self) -> int:
        """Jokers in play: on the table or on this rack."""
        return sum(c.is_joker for m in self.table for c in m) + self.rack.count(JOKER)


def theirs(position: Position, mode: str = "tiles") -> list[Card]:
    """The tiles rummikub-solver lays: by ``mode`` once down; before the initial meld, its
    initial mode on the rack alone (our rule: the table is untouched)."""
    state = RULESET.new_game()
    state.add_rack(*(tile_of(c) for c in position.rack))
    if position.down:
        state.add_table(*(tile_of(c) for m in position.table for c in m))
        found = RULESET.solve(state, _MODES[mode])
    else:
        found = RULESET.solve(state, rummikub_solver.SolverMode.INITIAL)
    return [] if found is None else [card_of(int(t)) for t in found.tiles]


def ours(position: Position, by: str = "tiles") -> list[Card]:
    """The tiles our goal ``place`` lays."""
    answer = place(position.rack, position.table, RUMMIKUB, down=position.down, by=PlaceBy(by))
    assert answer.placed is not None
    return [p.card for p in answer.placed]


def value_of(tiles: Sequence[Card]) -> int:
    """Points laid as rummikub-solver's TOTAL_VALUE counts them: a tile its number, a joker 0."""
    return sum(c.rank for c in tiles if not c.is_joker)


def beyond_its_limits(meld: Meld) -> bool:
    """A legal meld rummikub-solver cannot lay (module notes): a group of 4 with a joker,
    or a run whose jokers no split into its pieces places where it allows them."""
    wild = [c.is_joker for c in meld.cards]
    if meld.kind == "set":
        return len(wild) == 4 and any(wild)
    return not _splits(wild)


def _splits(wild: Sequence[bool]) -> bool:
    """Can a run (its jokers by position) be cut into pieces of 3 to 5 tiles, each a joker
    only where rummikub-solver allows it?"""
    if not wild:
        return True
    for size in (3, 4, 5):
        if size > len(wild):
            break
        piece = wild[:size]
        if sum(piece) > 2 or (size > 3 and (piece[0] or piece[-1])):
            continue
        if _splits(wild[size:]):
            return True
    return False


def positions(seed: int, count: int, *, both_jokers: int = 0) -> list[Position]:
    """``count`` positions from seeded games of 2-4 players that our best play plays
    forward a few turns (each down as soon as it can open, a player who lays nothing
    draws); at least ``both_jokers`` of them with both jokers in play."""
    rng = random.Random(seed)
    out: list[Position] = []
    jokered = 0
    while len(out) < count:
        for position in _game(rng):
            if len(out) == count:
                break
            is_both = position.jokers == 2
            if not is_both and count - len(out) <= both_jokers - jokered:
                continue
            jokered += is_both
            out.append(position)
    return out


def _game(rng: random.Random) -> list[Position]:
    """Positions of one game: from its 2nd round of turns, a few turns apart."""
    stock = [c for c in ALL_CARDS for _ in range(2)] + [JOKER, JOKER]
    rng.shuffle(stock)
    players = rng.randint(2, 4)
    racks = [stock[i * 14 : (i + 1) * 14] for i in range(players)]
    del stock[: players * 14]
    down = [False] * players
    table: tuple[tuple[Card, ...], ...] = ()
    found: list[Position] = []
    for turn in range(rng.randint(6, 30)):
        p = turn % players
        position = Position(table, tuple(racks[p]), down[p])
        if turn >= players and rng.random() < 0.3:
            found.append(position)
        answer = place(racks[p], table, RUMMIKUB, down=down[p])
        if answer.feasible and answer.table is not None:
            table = tuple(m.cards for m in answer.table)
            racks[p] = list(answer.deadwood)
            down[p] = True
            if not racks[p]:
                break
        elif stock:
            racks[p].append(stock.pop())
    return found
