"""The ``standard`` and ``deep`` decisions: options ranked by their expected result.

Discards (docs/advisor.md, "Effort"): fewest cards needed first, as ``fast`` ranks
them; within each count by the exact look-ahead's worth over the next draws (``value``),
at the fewest with the race to go out added (``race``: the first ``RACED`` of the fast
order over sampled stock orders). The draw: taking the top discard against a stock
draw, raced over the same orders. Both apply where going out is a deadwood threshold
(``knock_max``) and the pack has one copy of each card and no wild cards
(``MeldMasks``); elsewhere ``standard`` answers as ``fast`` and ``deep`` ranks the
discards two draws ahead (``ahead``). They read nothing but the situation: the hand,
the live cards, the pile, the cards the opponents took.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from advisor.context import Context
from advisor.outlook.ahead import rank_ahead
from advisor.outlook.masks import MeldMasks, mask_of
from advisor.outlook.montecarlo import HAND_WON_TEXT, PLAYED_OUT, Rollouts, Scores, choose
from advisor.outlook.race import RACED, Racer
from advisor.outlook.value import Lookahead, Outlook
from advisor.reasons import plural
from advisor.results import DiscardOption, Effort, Race
from solver.cards import Card

# draws looked ahead exactly for the worth of a discard
HORIZON = {Effort.STANDARD: 1, Effort.DEEP: 2}
# what one draw sooner in the race is worth, in the look-ahead's points, where a discard
# is raced (tuning seed 49, docs/sim.md: the race first won as many games and lost the
# look-ahead's points)
RACE_WORTH = 8.0
# how much sooner, in draws within the race's horizon, taking the top discard or drawing
# from the stock must go out to decide the draw; closer races (one order of 32 apart)
# draw as ``fast`` does. Fixed before the runs, not tuned (docs/sim.md)
DRAW_MARGIN = 0.05


@dataclass(frozen=True)
class Search:
    effort: Effort
    look: Lookahead
    racer: Racer
    hand: int


def search(ctx: Context, effort: Effort) -> Search | None:
    racer = _racer(ctx, effort)
    if racer is None:
        return None
    sit = ctx.sit
    taken = [c.id for c in sit.seen]
    look = Lookahead(ctx.rules, racer.masks, ctx.live, taken, ctx.rules.hand_size)
    return Search(effort, look, racer, _hand(sit.hand))


def _racer(ctx: Context, effort: Effort) -> Racer | None:
    """The race of ``effort`` where it applies and the budget allows."""
    if effort is Effort.FAST or _cut(ctx):
        return None
    masks = MeldMasks.of(ctx.rules)
    if masks is None or ctx.rules.knock_max is None:
        return None
    return Racer.of(masks, ctx.rules.knock_max, ctx.sit, ctx.live, effort)


def _hand(cards: Sequence[Card]) -> int:
    return mask_of([c.id for c in cards])


def rank_discards(ctx: Context, ranked: list[DiscardOption], effort: Effort) -> list[DiscardOption]:
    """``ranked`` (the fast order) with each option's outlook, re-ranked within each
    count of cards needed by the exact look-ahead's worth, plus ``RACE_WORTH`` a draw
    of the race where the option is raced (at the fewest); ties keep the order before.
    Cards needed stay first: ranking by the worth alone throws towards the least
    deadwood far from a knock, as ``simple`` does, and loses the race to go out
    (tuning seeds 47, 48, docs/sim.md)."""
    s = search(ctx, effort)
    if s is None:
        # no deadwood look-ahead for these rules: ``deep`` looks two draws ahead
        return rank_ahead(ctx, ranked) if effort is Effort.DEEP else ranked
    if not ranked:
        return ranked
    h = HORIZON[effort]
    looked = []
    for o in ranked:
        if _cut(ctx):
            return ranked  # the fast order, said to be cut short
        looked.append(_with(o, _looked(s, o, h)))

    looked = _raced(s, looked)

    def key(i: int) -> tuple[bool, int, float, int]:
        o = looked[i]
        race = 0.0 if o.race is None else o.race.score
        worth = (o.expected_points or 0.0) + RACE_WORTH * race
        return (o.cards_needed is None, o.cards_needed or 0, -worth, i)

    order = [looked[i] for i in sorted(range(len(looked)), key=key)]
    return _played_out(ctx, s, order)


def _played_out(ctx: Context, s: Search, order: list[DiscardOption]) -> list[DiscardOption]:
    """``order`` with its first ``PLAYED_OUT`` options played out in hidden worlds where
    the level does (``montecarlo``), when none of them goes out now (the knock is weighed
    apart): one that beats the first leads."""
    first = order[: PLAYED_OUT.get(ctx.effort, 0)]
    if len(first) < 2 or any(o.goes_out for o in first) or _cut(ctx):
        return order
    rollouts = Rollouts.of(ctx, "discard")
    if rollouts is None:
        return order
    scored = [rollouts.after_discard(s.hand & ~(1 << o.card.id), o.card.id) for o in first]
    played = [replace(o, playouts=sc.playouts()) for o, sc in zip(first, scored, strict=True)]
    lead = choose(scored)
    if lead:
        played[lead] = replace(
            played[lead], reason=f"{played[lead].reason} {_beats_reason(scored[lead], scored[0])}"
        )
    rest = [o for i, o in enumerate(played) if i != lead]
    return [played[lead], *rest, *order[len(first) :]]


def _beats_reason(challenger: Scores, incumbent: Scores) -> str:
    n = len(challenger.points)
    return (
        f"Played out in {n} hidden worlds it {challenger.summary()}, clearly better than"
        f" the look-ahead's first choice ({incumbent.summary()}; {HAND_WON_TEXT})."
    )


def _raced(s: Search, looked: list[DiscardOption]) -> list[DiscardOption]:
    """The first ``RACED`` options at the fewest cards needed, with their race, when
    there is a choice among them and none goes out now."""
    needed = [o.cards_needed for o in looked if o.cards_needed is not None]
    if not needed or min(needed) == 0:
        return looked
    fewest = [i for i, o in enumerate(looked) if o.cards_needed == min(needed)][:RACED]
    if len(fewest) < 2:
        return looked
    out = list(looked)
    for i in fewest:
        o = looked[i]
        race = s.racer.after_discard(s.hand & ~(1 << o.card.id))
        out[i] = replace(o, race=race, reason=f"{o.reason} {race_reason(race)}")
    return out


def race_reason(race: Race) -> str:
    return (
        f"Raced over {race.samples} stock orders: out within {plural(race.horizon, 'draw')}"
        f" in {race.chances[-1]:.0%} of them, at {race.score:.2f} of the"
        f" {race.horizon} draws on average."
    )


def _cut(ctx: Context) -> bool:
    """The request's budget has run out: the look-ahead stops, and the answer says so
    (``optimal: false``)."""
    if ctx.budget is not None and ctx.budget.expired:
        ctx.optimal = False
        return True
    return False


def _looked(s: Search, o: DiscardOption, horizon: int) -> Outlook:
    if o.goes_out:  # the throw goes out now: its worth is the knock's, no draw to come
        return Outlook(1.0, s.look.worth(o.deadwood_points), 0, 1)
    return s.look.outlook(s.hand & ~(1 << o.card.id), horizon, o.card.id)


def _with(o: DiscardOption, seen: Outlook) -> DiscardOption:
    if seen.horizon == 0:
        reason = (
            f"Throwing {o.card} goes out now with"
            f" {plural(o.deadwood_points, 'deadwood point')}, worth"
            f" {seen.expected_points:+.1f} points by the model."
        )
        return replace(
            o,
            go_out_chance=1.0,
            expected_points=seen.expected_points,
            horizon=0,
            samples=1,
            reason=reason,
        )
    chance = f"{seen.go_out_chance:.0%} to go out within {plural(seen.horizon, 'draw')}"
    reason = (
        f"Throwing {o.card} leaves {plural(o.deadwood_points, 'deadwood point')}:"
        f" {chance}, worth {seen.expected_points:+.1f} points on average over the next"
        " draws."
    )
    return replace(
        o,
        go_out_chance=seen.go_out_chance,
        expected_points=seen.expected_points,
        horizon=seen.horizon,
        samples=seen.samples,
        reason=reason,
    )


def draw_played_out(ctx: Context, top: Card) -> tuple[Scores, Scores] | None:
    """(taking ``top``, a stock draw) played out in hidden worlds; None where the level
    plays none out."""
    rollouts = Rollouts.of(ctx, "draw")
    if rollouts is None:
        return None
    hand = _hand(ctx.sit.hand)
    return rollouts.after_take(hand, top.id), rollouts.after_stock(hand)


def draw_race(ctx: Context, top: Card) -> tuple[Race, Race] | None:
    """(the race of taking ``top``, of a stock draw), over the same orders; None where
    the level does not race."""
    racer = _racer(ctx, ctx.effort)
    if racer is None:
        return None
    hand = _hand(ctx.sit.hand)
    return racer.after_take(hand, top.id), racer.after_discard(hand)
