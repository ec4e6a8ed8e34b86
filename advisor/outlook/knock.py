"""Go out now or play on, for the ``standard`` and ``deep`` advice where a knock ends
the hand (docs/advisor.md, "Effort"): a knock allowed with deadwood left against each
throw that keeps the hand within ``knock_max`` and plays on, all played out in the same
hidden worlds (``montecarlo``).

Knocking is worth the knock as the rules score it against the next player's hand of
each world (the next player laying off onto the melds shown, undercut and its bonus
included); a hold is worth its play-out: the next player moves (it may take the throw,
and knock first), then both seats play on by the EAAI baseline's policy, the player
going out as soon as allowed, gin with its bonus. The option with the best mean worth
(its points, and ``HAND_WON`` a hand won, ``montecarlo``) is played: the knock is the
decision's incumbent, but no gate of standard errors guards it (``KNOCK_GATE``), because
holding trades hands won for points, and the worth is what weighs the two.
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.context import Context
from advisor.outlook.masks import mask_of
from advisor.outlook.montecarlo import Rollouts, Scores, choose
from solver.cards import Card

# standard errors by which a hold's mean must pass the knock's: none (tuning seeds 61
# and 62, docs/sim.md: at 2, the play-outs' gate, +3.53 and +3.21 points a hand against
# ``simple``; at 0, +3.90 and +3.69, with a hand in a hundred fewer won)
KNOCK_GATE = 0.0


@dataclass(frozen=True)
class Hold:
    """``card``: the throw that plays on; ``hold``, ``knock``: their play-outs."""

    card: Card
    hold: Scores
    knock: Scores


def hold_or_knock(ctx: Context, knock_card: Card) -> Hold | None:
    """The hold whose play-outs are worth more on average than the knock with
    ``knock_card`` (``Scores.worth``: points, and a hand won), the most of them, or None:
    knock (gin, or where the level plays nothing out)."""
    rollouts = Rollouts.of(ctx, "knock")
    if rollouts is None:
        return None
    masks, knock_max = rollouts.masks, rollouts.knock_max
    hand = ctx.sit.hand
    mine = mask_of([c.id for c in hand])
    knocker = mine & ~(1 << knock_card.id)
    if masks.least(knocker) == 0:
        return None  # gin: nothing to wait for
    holds = [c for c in dict.fromkeys(hand) if masks.least(mine & ~(1 << c.id)) <= knock_max]
    scored = [rollouts.knock(knocker)]
    scored += [rollouts.after_discard(mine & ~(1 << c.id), c.id) for c in holds]
    best = choose(scored, KNOCK_GATE)
    if not best:
        return None
    return Hold(holds[best - 1], scored[best], scored[0])
