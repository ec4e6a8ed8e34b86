"""A player of another style than the EAAI baseline, to measure the advice against more
than one opponent: it takes the top discard whenever that lowers its deadwood, and where
going out is a deadwood threshold it knocks low while the stock is long (the style of
jdh8/gin-rummy-engine's ``HeuristicBot``, from its README; written here). Elsewhere it
lays down, opens and goes out as ``simple`` does.
"""

from __future__ import annotations

from sim.moves import Play, View
from sim.players.plans import lay_down, solve_hand
from sim.players.simple import SimplePlayer, least_deadwood_discard
from solver.cards import Card, pack_counts

# while the stock holds more than this many cards, a knock waits for a low deadwood
LONG_STOCK = 10


def stock_left(view: View) -> int:
    """The cards left in the stock: the pack less every card in a hand, the pile and the
    table (all of which the player can count)."""
    on_table = sum(len(meld) for meld in view.table)
    return sum(pack_counts(view.rules)) - sum(view.hand_sizes) - len(view.discard_pile) - on_table


def deadwood(cards: list[Card], view: View) -> int:
    return solve_hand(cards, view.rules, "deadwood").deadwood_points


def lowers_deadwood(view: View, card: Card) -> bool:
    """The hand holding ``card``, after its least-deadwood throw of another card, has less
    deadwood than the hand now."""
    held = [*view.hand, card]
    throw = least_deadwood_discard(held, view.rules, card)
    if throw is None or throw == card:
        return False
    held.remove(throw)
    return deadwood(held, view) < deadwood(list(view.hand), view)


class PatientPlayer(SimplePlayer):
    def takes(self, view: View, card: Card) -> bool:
        return lowers_deadwood(view, card)

    def play(self, view: View) -> Play:
        plan = lay_down(view)
        knock_max = view.rules.knock_max
        if plan is None or not plan.knock or knock_max is None or stock_left(view) <= LONG_STOCK:
            return super().play(view)
        knock = solve_hand(list(view.hand), view.rules, "deadwood", discard=True)
        if knock.deadwood_points <= knock_max // 2:
            return super().play(view)
        # hold: play on with the least-deadwood throw
        taken, self.taken = self.taken, None
        return Play(discard=least_deadwood_discard(list(view.hand), view.rules, taken))
