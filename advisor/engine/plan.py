"""The hand-independent part of the sweep: its layers, the memoised run moves per suit,
and the tables the compiled passes read (``advisor.engine._core``).

A plan is built once per question (rules, goal, table) and reused for every hand asked
about it, so its tables fill up once per process. A sweep state is one 64-bit integer
(see ``Layout``): the open runs of the four suits are interned as a *shape* id, the
table-set layoffs of the rank under way as a small id, the counters as bit fields.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from advisor.engine._core import Tables
from advisor.engine.cache import SLOT, deep_size, flat_size
from advisor.engine.layout import (
    MAX_RUN_IDS,
    MAX_TSETS_IDS,
    TSIZE_MAX,
    Layout,
    pack_close,
    pack_extra,
    pack_move,
    width,
)
from advisor.engine.question import Question
from solver.cards import JOKER_ID, NUM_KINDS, Card, card_id, rank_at
from solver.goals import Goal
from solver.rules import Ace
from solver.shapes import natural_suits, positions, set_room

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

# Open-run states are interned once per process (their ids are shared by every plan),
# and so are the packed run moves of the plans whose run rules and table runs of the
# suit agree: a new table each turn makes a new plan, but rarely new run moves.
_RUNS_OF: list[Runs] = [()]
_RUN_IDS: dict[Runs, int] = {(): 0}
_SUIT_MOVES: dict[tuple[object, ...], list[int]] = {}
_shared_bytes = 0  # what the three take beyond their empty state
# plans by number, not by id(): an evicted plan's number is never another plan's
_SERIALS = itertools.count()


def shared_full() -> bool:
    """Whether the shared run ids are half way to what a shape can hold."""
    return len(_RUNS_OF) > MAX_RUN_IDS // 2


def shared_bytes() -> int:
    """The bytes the shared run ids and moves hold."""
    return _shared_bytes


def reset_shared() -> None:
    """Forget the shared run ids and moves (every plan built on them must go too)."""
    global _shared_bytes
    del _RUNS_OF[1:]
    _RUN_IDS.clear()
    _RUN_IDS[()] = 0
    _SUIT_MOVES.clear()
    _shared_bytes = 0


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
        self.opening_value = r.opening_value
        self.knock_max = r.knock_max if q.goal == Goal.KNOCK else None
        # table melds: runs per suit (low, high, own wilds), numbered within their suit so
        # that a suit's run states mean the same in every plan with those runs; sets
        # (rank, natural suits, room, own wilds)
        suit_runs: list[list[tuple[int, int, int]]] = [[], [], [], []]
        self.table_sets: list[tuple[int, frozenset[int], int, int]] = []
        for m in q.table:
            if m.kind == "run":
                assert m.suit is not None and m.low is not None and m.high is not None
                suit_runs[m.suit].append((m.low, m.high, m.wild_count))
            else:
                assert m.rank is not None
                room = set_room(r, m)
                if room > 0:
                    self.table_sets.append((m.rank, natural_suits(m), room, m.wild_count))
        self.suit_runs = [tuple(sorted(runs)) for runs in suit_runs]
        self.layers = self._layers(r.ace)
        # what run moves depend on, per suit: the run rules and the suit's table runs
        rules = (
            self.rm,
            self.rmn,
            self.hi,
            self.decks,
            self.wilds_exist,
            self.maxw,
            r.opening_count,
        )
        self._run_rules = [(rules, self.runs_allowed, runs) for runs in self.suit_runs]
        self._blocks: dict[tuple[int, int], list[tuple[int, int]]] = {}
        # interned values: id 0 is the empty runs, the empty shape and no table-set layoff
        self.tsets_of: list[tuple[int, ...]] = [(0,) * len(self.table_sets)]
        self._tsets_ids: dict[tuple[int, ...], int] = {self.tsets_of[0]: 0}
        self.tsets_at: dict[int, list[int]] = {}
        for j, (rank, _, _, _) in enumerate(self.table_sets):
            self.tsets_at.setdefault(rank, []).append(j)
        self.layout: Layout = self._packing(r.decks * 4 * len(r.wild_ranks) + r.decks * r.jokers)
        self.serial = next(_SERIALS)
        self._bytes = deep_size(self.__dict__)  # and what the memos below add
        self.tables = Tables(self)  # the compiled passes' memo of this plan's answers

    def nbytes(self) -> int:
        """The bytes this plan holds, its compiled tables included."""
        return self._bytes + self.tables.nbytes()

    def _layers(self, ace: Ace) -> list[Layer]:
        out: list[Layer] = []
        both = ace is Ace.BOTH
        for p in positions(self.q.rules):
            rank = rank_at(p)
            set_here = p == rank or (rank == 1 and p == 14 and not both and self.lo == 2)
            for s in range(4):
                out.append(
                    Layer(
                        KIND,
                        p,
                        s,
                        card_id(rank, s),
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

    def _normalise(self, p: int, s: int, runs: Runs) -> list[RunEntry]:
        entries: list[RunEntry] = []
        for e in runs:
            if e[0] != NEW:
                j, role = tag_role(e[0])
                low, high, _ = self.suit_runs[s][j]
                if role == LOWER and p == low:
                    if not self.track_wilds:
                        continue  # the upper end opens on its own at high + 1
                    e, role = (table_tag(j, PENDING), 0, 0, e[3]), PENDING
                if role == PENDING and p == high + 1:
                    e = (table_tag(j, UPPER), 0, 0, e[3])
            entries.append(e)
        present = {e[0] for e in entries}
        for j, (_, high, own) in enumerate(self.suit_runs[s]):
            if high + 1 == p and table_tag(j, UPPER) not in present:
                entries.append((table_tag(j, UPPER), 0, 0, own if self.track_wilds else 0))
        return entries

    def _wild_ok(self, wilds: int) -> bool:
        return self.wilds_exist and (self.maxw is None or wilds + 1 <= self.maxw)

    def run_moves(self, p: int, s: int, runs: Runs) -> list[RunMove]:
        """Every way the runs of suit ``s`` open before position ``p`` go on at ``p``, and
        new runs start there."""
        rm, rmn, hi = self.rm, self.rmn, self.hi
        value = self.opening_value(p)
        tw = self.track_wilds
        # each group: its options as (entries kept, naturals, wild slots, points, new runs)
        groups: list[list[tuple[Runs, int, int, int, int]]] = []
        entries = self._normalise(p, s, runs)
        present = {e[0] for e in entries}
        for e in entries:
            tag, length, nat, w = e
            opts: list[tuple[Runs, int, int, int, int]] = []
            if tag == NEW:
                if length >= rm and nat >= rmn:
                    opts.append(((), 0, 0, 0, 0))
                longer = min(length + 1, rm)
                if longer >= rm or longer + hi - p >= rm:
                    opts.append((((NEW, longer, min(nat + 1, rmn), w),), 1, 0, value, 0))
                    if self._wild_ok(w):
                        opts.append((((NEW, longer, nat, w + 1 if tw else 0),), 0, 1, value, 0))
            else:
                _, role = tag_role(tag)
                if role == PENDING:
                    opts.append(((e,), 0, 0, 0, 0))
                else:
                    if role == UPPER:
                        opts.append(((), 0, 0, 0, 0))
                    opts.append(((e,), 1, 0, 0, 0))
                    if self._wild_ok(w):
                        opts.append((((tag, 0, 0, w + 1 if tw else 0),), 0, 1, 0, 0))
            groups.append(opts)
        if self.runs_allowed and p + rm - 1 <= hi:
            # new runs by how many start natural and how many on a wild (one per deck each)
            one = min(1, rm)
            natural: RunEntry = (NEW, one, min(1, rmn), 0)
            on_wild: RunEntry = (NEW, one, 0, 1 if tw else 0)
            most_wild = self.decks if self._wild_ok(0) else 0
            groups.append(
                [
                    ((natural,) * a + (on_wild,) * b, a, b, (a + b) * value, a + b)
                    for a in range(self.decks + 1)
                    for b in range(most_wild + 1)
                ]
            )
        for j, (low, _, own) in enumerate(self.suit_runs[s]):
            tag = table_tag(j, LOWER)
            if p <= low - 1 and not present & {tag, tag + 1, tag + 2}:
                opts = [((), 0, 0, 0, 0), (((tag, 0, 0, own if tw else 0),), 1, 0, 0, 0)]
                if self._wild_ok(own if tw else 0):
                    opts.append((((tag, 0, 0, own + 1 if tw else 0),), 0, 1, 0, 0))
                groups.append(opts)
        combos: set[tuple[Runs, int, int, int, int]] = {((), 0, 0, 0, 0)}
        for opts in groups:
            combos = {
                (tuple(sorted(kept + more)), n + dn, w + dw, pts + dp, new + dnew)
                for kept, n, w, pts, new in combos
                for more, dn, dw, dp, dnew in opts
            }
        return sorted((kept, n, w, new, pts) for kept, n, w, pts, new in combos)

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
            self._bytes += flat_size(key, found) + SLOT
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

    # -- packed states ------------------------------------------------------------------

    def _packing(self, wild_copies: int) -> Layout:
        """Field widths from the rules: a field the question never uses takes no bits."""
        c = self.q.contract
        tsets = 1
        for js in self.tsets_at.values():
            combos = 1
            for j in js:
                combos *= self.table_sets[j][2] + 1
            tsets += combos
        widths = {
            "tsize": width(TSIZE_MAX),
            "need": width(wild_copies + TSIZE_MAX) if self.wilds_exist else 0,
            "setn": width(4 * self.decks),
            "stop": width(self.decks),
            "tsets": width(tsets),
            "nsets": width(self.contract_sets or 0),
            "nruns": width(self.contract_runs or 0) if c is not None else int(self.need_run),
            "pts": width(self.opening_min or 0),
            "dead": width(self.knock_max or 0),
            "resv": int(self.knock_max is not None),
            **{f"carry{s}": width(self.decks) for s in range(4)},
        }
        return Layout(widths, need_offset=wild_copies if self.wilds_exist else 0)

    @staticmethod
    def run_id(runs: Runs) -> int:
        global _shared_bytes
        found = _RUN_IDS.get(runs)
        if found is None:
            if len(_RUNS_OF) > MAX_RUN_IDS:
                raise OverflowError("too many open-run states")
            found = _RUN_IDS[runs] = len(_RUNS_OF)
            _RUNS_OF.append(runs)
            _shared_bytes += flat_size(runs) + SLOT + 8
        return found

    def tsets_id(self, tsets: tuple[int, ...]) -> int:
        found = self._tsets_ids.get(tsets)
        if found is None:
            if len(self.tsets_of) > MAX_TSETS_IDS:
                raise OverflowError("too many table-set layoff states for one plan")
            found = self._tsets_ids[tsets] = len(self.tsets_of)
            self.tsets_of.append(tsets)
            self._bytes += flat_size(tsets) + SLOT + 8
        return found

    def suit_moves(self, p: int, s: int, run_id: int) -> list[int]:
        """The run moves of suit ``s`` at position ``p`` from its open runs ``run_id``,
        packed as (next run id, opening points, new runs, wild slots, naturals)."""
        global _shared_bytes
        key = (self._run_rules[s], p, run_id)
        found = _SUIT_MOVES.get(key)
        if found is None:
            found = _SUIT_MOVES[key] = [
                pack_move(self.run_id(after), pts, new, wild, nat)
                for after, nat, wild, new, pts in self.run_moves(p, s, _RUNS_OF[run_id])
            ]
            _shared_bytes += flat_size(key, found) + SLOT
        return found

    def close_moves(self, i: int, naturals: int, top: int, tsets: int) -> list[int]:
        """The sets a rank's naturals form at its close (layer ``i``) and the wilds its
        table sets take, packed as (next table-set id, opening points, sets, wild slots)."""
        lay = self.layers[i]
        value = self.opening_value(lay.rank)
        held = self.tsets_of[tsets]
        wild_opts = [(0, held)]
        for j in self.tsets_at.get(lay.rank, ()):
            _, _, room, own = self.table_sets[j]
            most = room - held[j] if self.wilds_exist else 0
            if self.maxw is not None:
                most = min(most, self.maxw - own)
            wild_opts = [
                (w + x, (*t[:j], 0, *t[j + 1 :]))
                for w, t in wild_opts
                for x in range(max(0, most) + 1)
            ]
        out = set()
        for q, w in self.set_blocks(naturals, top):
            for tw, t in wild_opts:
                out.add(pack_close(self.tsets_id(t), (naturals + w) * value, q, w + tw))
        return sorted(out)

    def extras(
        self,
        i: int,
        avail: int,
        set_n: int,
        set_top: int,
        tsets_id: int,
        dead: int,
        resv: int,
        reserve: int,
    ) -> list[int]:
        """Uses of ``avail`` copies of layer ``i``'s card other than runs, at its rank's
        layer: set naturals, table-set layoffs, deadwood kept (knock) and copies committed
        as wilds; packed by ``layout.pack_extra``. ``reserve``: the sweep's."""
        lay = self.layers[i]
        rank, c, s = lay.rank, lay.card, lay.suit
        out: list[int] = []
        most_set = self.decks if self.sets_allowed and self.q.new_melds else 0
        most_set = min(most_set, avail)
        tsets_opts: list[tuple[tuple[int, ...], int]] = [(self.tsets_of[tsets_id], 0)]
        for j in self.tsets_at.get(rank, ()):
            _, suits, room, _ = self.table_sets[j]
            if self.distinct and s in suits:
                continue
            most = 1 if self.distinct else room
            grown: list[tuple[tuple[int, ...], int]] = []
            for tsets, k in tsets_opts:
                for x in range(0, min(most, room - tsets[j]) + 1):
                    if k + x <= avail:
                        grown.append(((*tsets[:j], tsets[j] + x, *tsets[j + 1 :]), k + x))
            tsets_opts = grown
        knock = self.knock_max
        value = self.value[c]
        wild = self.is_wild[c]
        for a in range(most_set + 1):
            n = set_n + a
            top = max(set_top, a)
            for tsets, k in tsets_opts:
                used = a + k
                if used > avail:
                    continue
                tid = self.tsets_id(tsets)
                rest = avail - used
                for commit in range(rest + 1) if wild else (0,):
                    left = rest - commit
                    if knock is None:
                        out.append(pack_extra(tid, 0, 0, top, n, used + commit, commit))
                        continue
                    for kept in range(left + 1):
                        pts = dead + kept * value
                        copies = used + commit + kept
                        if pts <= knock:
                            out.append(pack_extra(tid, pts, resv, top, n, copies, commit))
                        if kept and not resv and reserve and pts - value <= knock:
                            out.append(pack_extra(tid, pts - value, 1, top, n, copies, commit))
                        if pts - value > knock:
                            break
        return out

    def run_needs(self, s: int, run_id: int) -> list[int]:
        """What the open runs ``run_id`` of suit ``s`` still need before they are melds:
        for a new run short of the minimum, the cards it lacks; for a table run's lower
        extension, minus its low card (it needs every place up to that card)."""
        out = []
        for tag, length, _, _ in _RUNS_OF[run_id]:
            if tag == NEW:
                if length < self.rm:
                    out.append(self.rm - length)
            else:
                j, role = tag_role(tag)
                if role == LOWER:
                    out.append(-self.suit_runs[s][j][0])
        return out

    def runs_complete(self, run_id: int) -> bool:
        """Whether every open run of ``run_id`` is a finished meld (the sweep's end)."""
        for tag, length, nat, _ in _RUNS_OF[run_id]:
            if tag == NEW:
                if length < self.rm or nat < self.rmn:
                    return False
            elif tag_role(tag)[1] == LOWER:
                return False
        return True
