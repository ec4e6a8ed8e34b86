"""``deep``'s look-ahead where the deadwood look-ahead does not apply (no ``knock_max``,
or jokers and several decks): two-step acceptance, as mahjong efficiency tools weigh a
discard.

The one-step figures (``fast``) rank a discard by the cards the hand still needs, then
by its live outs: the order of the cards needed expected after the next draw and its
best discard (``k - outs / live``, advisor/phases/draw.py). Looking one draw further
tells apart discards those figures tie or nearly tie: after each live card the next
draw may bring (weighed by its live copies), the hand throws its best card (fewest
cards needed, then most outs), and the draw after that lowers cards needed by one
exactly when it is one of that hand's outs. So the cards needed expected after two
draws is exact under the model (every card the player does not see is drawn alike; the
opponents' moves are not modelled), and so is the chance that cards needed is 0 by
then. Where a down player sheds only by layoffs (Liverpool), a throw that lays off onto
the table counts ``FEED`` cards needed more. Nothing is read but the situation: the
hand, the live cards (those the opponents took are not) and the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from advisor.context import Context, out_copies, protected_joker, with_card, without
from advisor.engine import Figures
from advisor.reasons import plural
from advisor.results import DiscardOption
from solver.budget import Budget
from solver.cards import counts_of
from solver.goals import Goal
from solver.rules import Rules
from solver.speed import WORK_PER_SECOND

# draws looked ahead: the first enumerated over the live cards, the second in closed
# form by the outs of the hand each first draw leaves
HORIZON = 2
# discards looked ahead: those of the fast order that need as few cards as its best, at
# most ``MOST_CANDIDATES``; the first ``CANDIDATES`` within the whole allowance, the others
# only while the look-ahead has done less than a share of it (``_weighing``), so that
# cheap hands weigh every such throw and costly ones (Israeli's 15 cards, jokers and two
# decks) stay within ``deep``'s time (tuning seeds 108-109, Rummy 40: every throw looked
# at won 56.7% against `fast`, the first 4 55.6%; docs/sim.md, twenty-fifth step). At
# 0.2 the bound changed 1 of 172 Rummy 40 throws from every throw looked at, and kept
# Israeli's discard median at main's (bench/advise.py; docs/sim.md, twenty-sixth step).
CANDIDATES = 4
MOST_CANDIDATES = 13
MORE_SHARE = 0.2
# Where going down ends the new melds (``new_melds_after_down`` off: Liverpool), a down
# player sheds only by layoffs, so a throw that lays off onto the table is one of the
# few cards that player can use: it counts ``FEED`` cards needed more, and every throw
# needing the fewest cards is looked at within the whole allowance (tuning seed 58,
# Liverpool rounds 2-5: 55.0% against 51.0% with the first 4 only; docs/sim.md). A
# throw joining what an opponent took from the pile is not charged: such throws were
# taken no more often than others (docs/sim.md, twenty-ninth and thirty-second steps).
FEED = 0.5
# The engine work one look-ahead (a discard's candidates, or a draw's) may do, in
# seconds of the work allowance (solver/speed.py; an idle machine does about two of
# them a second). Counted between the engine's passes, not timed, so the same request
# gets the same answer: the candidates finished within it are ranked, a draw not
# finished within it draws as ``fast``. Without it dealt Liverpool round 6 hands (12
# cards, 2s wild) took 4-13 s of it (bench/advise.py).
AHEAD_SECONDS = 2.0
ALLOWANCE = AHEAD_SECONDS * WORK_PER_SECOND
# Within a request's budget, the look-ahead takes no more than this share of what is
# left of its allowance, so that its own allowance stops it, not the budget (which
# would leave the `fast` answer, ``optimal: false``); the rest is the advice's after it.
BUDGET_SHARE = 0.75
# goals whose cards needed 0 is going out (the others: an opening, a contract)
_GOING_OUT = (Goal.WIN, Goal.OUT, Goal.KNOCK)


@dataclass(frozen=True)
class Ahead:
    """``needed``: cards needed expected after ``HORIZON`` draws; ``reach``: the chance
    that it is 0 by then; ``samples``: the draw sequences weighed."""

    needed: float
    reach: float
    samples: int


def _key(fig: Figures) -> tuple[bool, int, int]:
    return (fig.needed is None, fig.needed or 0, -out_copies(fig))


def after_next_draw(needed: int, outs: int, live: int) -> tuple[float, float]:
    """(cards needed expected after one more draw and its best discard, the chance that
    it is 0) of a hand ``needed`` cards from the goal with ``outs`` live copies of its
    outs, ``live`` cards live."""
    share = outs / live if live and needed else 0.0
    reach = 1.0 if needed == 0 else share if needed == 1 else 0.0
    return needed - share, reach


def ahead(ctx: Context, held: Sequence[int], fig: Figures, work: Budget) -> Ahead | None:
    """The two-step figures of ``held``, a hand about to draw whose figures are ``fig``
    (cards needed at least 1); ``work`` counts the look-ahead's (``Context.metered``).
    None: the budget ran out (``ctx.optimal`` says so) or ``work`` reached its
    ``allowance``."""
    assert fig.needed
    live = ctx.live
    total = sum(live)
    if total < HORIZON:
        return None
    needed = reach = 0.0
    samples = 0
    for c, n in enumerate(live):
        if not n:
            continue
        if work.spent >= allowance(work):
            return None
        if ctx.budget is not None and ctx.budget.expired:
            ctx.optimal = False
            return None
        # the least the drawn hand needs after a discard: one fewer exactly after an out
        least = fig.needed - (c in fig.outs)
        left = without(live, c)
        found = ctx.discards_within(with_card(held, c), left, least)
        if not found:
            return None
        after = min(found.values(), key=_key)
        assert after.needed is not None  # within ``least``
        k, r = after_next_draw(after.needed, out_copies(after), total - 1)
        p = n / total
        needed += p * k
        reach += p * r
        samples += 1 if least == 0 else sum(1 for m in left if m)
    return Ahead(needed, reach, samples)


def allowance(work: Budget) -> float:
    """The work a look-ahead counted by ``work`` (``Context.metered``) may do:
    ``ALLOWANCE``, within a request's budget no more than ``BUDGET_SHARE`` of what was
    left of it.

    >>> allowance(Budget.unlimited()) == ALLOWANCE
    True
    >>> round(allowance(Budget(float("inf"), work=0.2)), 9)
    0.15
    """
    return min(ALLOWANCE, BUDGET_SHARE * work.work)


def rank_ahead(ctx: Context, ranked: list[DiscardOption]) -> list[DiscardOption]:
    """``ranked`` (the fast order) with its first options that need as few cards as the
    best (``MOST_CANDIDATES``, bounded by ``_weighing``; those finished within the
    ``allowance``) re-ranked by the cards needed expected two draws ahead, plus ``FEED``
    where it applies (then the fast order), each with its two-step figures. A best that
    needs no card (the goal is reached now), or a budget run out, leaves the fast order
    as it is."""
    if not ranked or not ranked[0].cards_needed:
        return ranked
    best = ranked[0].cards_needed
    held = counts_of(ctx.sit.hand)
    figures = ctx.discard_figures(held)
    looked: list[tuple[float, int, DiscardOption]] = []
    more_share, feed = _weighing(ctx.rules)
    with ctx.metered() as work:
        for i, o in enumerate(ranked[:MOST_CANDIDATES]):
            if o.cards_needed != best or protected_joker(o.card, ctx.rules):
                break
            if i >= CANDIDATES and work.spent >= more_share * allowance(work):
                break
            found = ahead(ctx, without(held, o.card.id), figures[o.card.id], work)
            if found is None and work.spent >= allowance(work):
                break
            if found is None:
                return ranked
            fed = feed > 0 and o.playable_on_table
            looked.append((found.needed + feed * fed, i, _with(ctx, o, found, fed)))
    looked.sort(key=lambda t: (round(t[0], 9), t[1]))
    return [o for _, _, o in looked] + ranked[len(looked) :]


def _weighing(rules: Rules) -> tuple[float, float]:
    """(the share of the allowance within which a throw beyond the first ``CANDIDATES``
    is looked at, the cards needed a throw an opponent can use costs)."""
    if rules.new_melds_after_down:
        return MORE_SHARE, 0.0
    return 1.0, FEED


def _with(ctx: Context, o: DiscardOption, found: Ahead, fed: bool) -> DiscardOption:
    out = ctx.goal in _GOING_OUT
    target = "going out" if out else f"cards needed 0 ({ctx.goal.value})"
    reason = (
        f"Throwing {o.card} leaves {plural(o.cards_needed or 0, 'card')} needed with"
        f" {plural(o.outs, 'live out')}; two draws ahead {found.needed:.2f} cards needed"
        f" expected and {found.reach:.0%} chance of {target}"
        f" (over {plural(found.samples, 'draw sequence')})."
    )
    if fed:
        reason += (
            " An opponent can use it (it lays off onto the table):"
            f" counted as {FEED} card needed more."
        )
    return replace(
        o,
        go_out_chance=round(found.reach, 4) if out else None,
        horizon=HORIZON,
        samples=found.samples,
        reason=reason,
    )


def draw_ahead(
    ctx: Context, now: Figures, take_needed: int, take_outs: int
) -> tuple[float, float] | None:
    """(cards needed expected two draws ahead after taking the top discard, after a
    stock draw): the taken card is the first of the two draws, known; its hand after
    the best discard has ``take_needed`` and ``take_outs``. None: the hand needs no
    card now, the budget ran out, or the look-ahead did not finish within its
    ``allowance``."""
    if not now.needed:
        return None
    with ctx.metered() as work:
        stock = ahead(ctx, counts_of(ctx.sit.hand), now, work)
    if stock is None:
        return None
    take, _ = after_next_draw(take_needed, take_outs, sum(ctx.live))
    return take, stock.needed
