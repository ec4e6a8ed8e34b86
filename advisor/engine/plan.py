"""The hand-independent part of the sweep: its layers and the memoised run moves per suit.

A plan is built once per question (rules, goal, table) and reused for every hand asked
about it, so the tables of run moves fill up once per process.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from advisor.engine.question import Question
from solver.cards import JOKER_ID, NUM_KINDS, Card
from solver.goals import Goal
from solver.melds import opening_value

# A run entry is (tag, length, naturals, wilds). ``NEW`` is a new meld; table run j has
# LOWER (its lower extension, which must reach the table run), PENDING (lower extension
# done, waiting for the upper end: only its wild count matters) and UPPER (an open upper
# extension, always legal to stop).
NEW = 0
LOWER, PENDING, UPPER = 1, 2, 3

RunEntry = tuple[int, int, int, int]
Runs = tuple[RunEntry, ...]
# (runs after the move, naturals placed, wild slots placed, new runs, opening points)
RunMove = tuple[Runs, int, int, int, int]

KIND, CLOSE, FINAL = 0, 1, 2


def rank_at(position: int) -> int:
    return (position - 1) % 13 + 1


def table_tag(j: int, role: int) -> int:
    return 3 * j + role


def tag_role(tag: int) -> tuple[int, int]:
    """(table run index, role) of a non-NEW tag."""
    return (tag - 1) // 3, (tag - 1) % 3 + 1


@dataclass(frozen=True)
class Layer:
    """One step of the sweep: a card kind at a run position, a rank's close, or the end.

    ``first``: this is the kind's first layer (its held copies are counted from here).
    ``set_here``: sets (and table sets, knock deadwood, wild commits) of the rank are
    placed at this layer. ``carry_out``/``carry_in``: the ace under ``ace: both``, used
    low at position 1 and high at 14, shares its copies through the state."""

    step: int
    position: int = 0
    suit: int = 0
    card: int = JOKER_ID
    rank: int = 0
    set_here: bool = False
    carry_out: bool = False
    carry_in: bool = False


class Plan:
    """Layers, goal switches and table melds of one question."""

    def __init__(self, q: Question):
        r = q.rules
        self.q = q
        self.goal = q.goal
        self.rm, self.rmn = r.run_min, r.run_min_naturals
        self.smin, self.smn, self.slimit = r.set_min, r.set_min_naturals, r.set_limit
        self.distinct = r.set_distinct_suits
        self.decks = r.decks
        self.maxw = r.max_wilds_per_meld
        self.track_wilds = self.maxw is not None
        self.lo, self.hi = r.min_position, r.max_position
        self.is_wild = [r.is_wild(Card.from_id(c)) for c in range(NUM_KINDS)]
        self.value = [r.value(Card.from_id(c)) for c in range(NUM_KINDS)]
        self.wilds_exist = (bool(r.wild_ranks) or r.jokers > 0) and (
            self.maxw is None or self.maxw > 0
        )
        c = q.contract
        self.contract_sets = c.sets if q.goal == Goal.CONTRACT and c is not None else None
        self.contract_runs = c.runs if q.goal == Goal.CONTRACT and c is not None else None
        self.sets_allowed = self.contract_sets != 0
        self.runs_allowed = self.contract_runs != 0
        self.exact_size = q.goal in (Goal.WIN, Goal.OUT, Goal.KNOCK) or (
            q.goal == Goal.CONTRACT and c is not None and c.all_cards
        )
        self.need_run = q.goal == Goal.WIN and r.require_run
        self.opening_min = r.opening_min if q.goal == Goal.OPENING else None
        self.knock_max = r.knock_max if q.goal == Goal.KNOCK else None
        # table melds: runs (suit, low, high, own wilds), sets (rank, natural suits, room, own)
        self.table_runs: list[tuple[int, int, int, int]] = []
        self.table_sets: list[tuple[int, frozenset[int], int, int]] = []
        for m in q.table:
            if m.kind == "run":
                assert m.suit is not None and m.low is not None and m.high is not None
                self.table_runs.append((m.suit, m.low, m.high, m.wild_count))
            else:
                assert m.rank is not None
                suits = frozenset(
                    c.suit for c, s in zip(m.cards, m.stands_for, strict=True) if c == s
                )
                room = r.set_limit - len(m.cards)
                if room > 0:
                    self.table_sets.append((m.rank, suits, room, m.wild_count))
        self.layers = self._layers(r.ace)
        self._moves: dict[tuple[int, int, Runs], list[RunMove]] = {}
        self._blocks: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def _layers(self, ace: str) -> list[Layer]:
        out: list[Layer] = []
        both = ace == "both"
        for p in range(self.lo, self.hi + 1):
            rank = rank_at(p)
            set_here = p == rank or (rank == 1 and p == 14 and not both and self.lo == 2)
            for s in range(4):
                out.append(
                    Layer(
                        KIND,
                        p,
                        s,
                        s * 13 + rank - 1,
                        rank,
                        set_here,
                        carry_out=both and p == 1,
                        carry_in=both and p == 14,
                    )
                )
            if set_here:
                out.append(Layer(CLOSE, p, rank=rank))
        out.append(Layer(FINAL))
        return out

    # -- runs ---------------------------------------------------------------------------

    def run_moves(self, p: int, s: int, runs: Runs) -> list[RunMove]:
        """Every way the runs of suit ``s`` open before position ``p`` go on at ``p``, and
        new runs start there."""
        key = (p, s, runs)
        found = self._moves.get(key)
        if found is None:
            found = self._moves[key] = self._run_moves(p, s, runs)
        return found

    def _normalise(self, p: int, s: int, runs: Runs) -> list[RunEntry]:
        entries: list[RunEntry] = []
        for e in runs:
            if e[0] != NEW:
                j, role = tag_role(e[0])
                _, low, high, _ = self.table_runs[j]
                if role == LOWER and p == low:
                    if not self.track_wilds:
                        continue  # the upper end opens on its own at high + 1
                    e, role = (table_tag(j, PENDING), 0, 0, e[3]), PENDING
                if role == PENDING and p == high + 1:
                    e = (table_tag(j, UPPER), 0, 0, e[3])
            entries.append(e)
        present = {e[0] for e in entries}
        for j, (suit, _, high, own) in enumerate(self.table_runs):
            if suit == s and high + 1 == p and table_tag(j, UPPER) not in present:
                entries.append((table_tag(j, UPPER), 0, 0, own if self.track_wilds else 0))
        return entries

    def _wild_ok(self, wilds: int) -> bool:
        return self.wilds_exist and (self.maxw is None or wilds + 1 <= self.maxw)

    def _run_moves(self, p: int, s: int, runs: Runs) -> list[RunMove]:
        rm, rmn, hi = self.rm, self.rmn, self.hi
        value = opening_value(p)
        tw = self.track_wilds
        options: list[list[tuple[RunEntry | None, int, int, int]]] = []
        entries = self._normalise(p, s, runs)
        present = {e[0] for e in entries}
        for e in entries:
            tag, length, nat, w = e
            opts: list[tuple[RunEntry | None, int, int, int]] = []
            if tag == NEW:
                if length >= rm and nat >= rmn:
                    opts.append((None, 0, 0, 0))
                longer = min(length + 1, rm)
                if longer >= rm or longer + hi - p >= rm:
                    opts.append(((NEW, longer, min(nat + 1, rmn), w), 1, 0, value))
                    if self._wild_ok(w):
                        opts.append(((NEW, longer, nat, w + 1 if tw else 0), 0, 1, value))
            else:
                _, role = tag_role(tag)
                if role == PENDING:
                    opts.append((e, 0, 0, 0))
                else:
                    if role == UPPER:
                        opts.append((None, 0, 0, 0))
                    opts.append((e, 1, 0, 0))
                    if self._wild_ok(w):
                        opts.append(((tag, 0, 0, w + 1 if tw else 0), 0, 1, 0))
            options.append(opts)
        starts: list[list[tuple[RunEntry | None, int, int, int]]] = []
        if self.runs_allowed and p + rm - 1 <= hi:
            one = min(1, rm)
            for _ in range(self.decks):
                starts.append([(None, 0, 0, 0), ((NEW, one, min(1, rmn), 0), 1, 0, value)])
            if self._wild_ok(0):
                for _ in range(self.decks):
                    starts.append([(None, 0, 0, 0), ((NEW, one, 0, 1 if tw else 0), 0, 1, value)])
        for j, (suit, low, _, own) in enumerate(self.table_runs):
            tag = table_tag(j, LOWER)
            if suit == s and p <= low - 1 and not present & {tag, tag + 1, tag + 2}:
                opts = [(None, 0, 0, 0), ((tag, 0, 0, own if tw else 0), 1, 0, 0)]
                if self._wild_ok(own if tw else 0):
                    opts.append(((tag, 0, 0, own + 1 if tw else 0), 0, 1, 0))
                starts.append(opts)
        seen: set[RunMove] = set()
        for combo in product(*options, *starts):
            kept = [e for e, _, _, _ in combo if e is not None]
            nat = sum(x[1] for x in combo)
            wild = sum(x[2] for x in combo)
            pts = sum(x[3] for x in combo)
            new = sum(1 for x in combo[len(options) :] if x[0] is not None and x[0][0] == NEW)
            seen.add((tuple(sorted(kept)), nat, wild, new, pts))
        return sorted(seen)

    # -- sets ---------------------------------------------------------------------------

    def set_blocks(self, naturals: int, top: int) -> list[tuple[int, int]]:
        """(sets, wild slots) that ``naturals`` natural cards of one rank (at most ``top``
        of one suit) can form. Dealing the naturals round-robin over the sets keeps
        suits distinct and gives the most balanced sizes, which needs the fewest wilds
        and allows the most."""
        key = (naturals, top)
        found = self._blocks.get(key)
        if found is None:
            found = self._blocks[key] = self._set_blocks(naturals, top)
        return found

    def _set_blocks(self, naturals: int, top: int) -> list[tuple[int, int]]:
        if naturals == 0:
            return [(0, 0)]
        out: list[tuple[int, int]] = []
        least = max(1, top if self.distinct else 1)
        for q in range(least, naturals // self.smn + 1):
            small, extra = divmod(naturals, q)
            sizes = [small + 1] * extra + [small] * (q - extra)
            if min(sizes) < self.smn or max(sizes) > self.slimit:
                continue
            lo = sum(max(0, self.smin - k) for k in sizes)
            room = [self.slimit - k for k in sizes]
            if self.maxw is not None:
                room = [min(self.maxw, x) for x in room]
            hi = sum(room) if self.wilds_exist else 0
            for w in range(lo, hi + 1):
                out.append((q, w))
        return out
