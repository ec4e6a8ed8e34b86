"""Plans built on ``solver`` alone, shared by the baseline players: the lay-down a player
makes as soon as the rules allow it, layoffs, the answer to a knock."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from sim.moves import Melds, Play, View
from solver.cards import Card, sort_cards
from solver.goals import Goal
from solver.legality import check_meld, extend_meld
from solver.melds import Meld
from solver.place import place
from solver.rules import Rules
from solver.solution import Solution
from solver.solve import solve
from solver.turn import Layoff

# Hands in play are small; the limit only bounds a pathological solve.
SOLVE_SECONDS = 2.0
# The baseline players buy at most this many cards a round where the rules set no limit:
# each buy adds a penalty card, and a hand that keeps growing never goes out.
BASELINE_BUYS = 3


def solve_hand(
    hand: Sequence[Card],
    rules: Rules,
    goal: str,
    round_: int | None = None,
    *,
    discard: bool = False,
    must_meld: Sequence[Card] = (),
) -> Solution:
    return solve(
        hand, rules, goal, round_, time_limit=SOLVE_SECONDS, discard=discard, must_meld=must_meld
    )


def read_melds(table: Melds, rules: Rules) -> list[Meld]:
    """The table as melds (the referee keeps only legal ones there)."""
    out = []
    for cards in table:
        meld = check_meld(cards, rules, ordered=True).meld
        assert meld is not None, cards
        out.append(meld)
    return out


def minus(cards: Sequence[Card], used: Sequence[Card]) -> list[Card]:
    return sort_cards((Counter(cards) - Counter(used)).elements())


def greedy_layoffs(
    cards: Sequence[Card], melds: Sequence[Meld], rules: Rules, keep: int
) -> list[Layoff]:
    """Lay off the highest cards first, onto the first meld each fits, keeping ``keep``."""
    table = list(melds)
    left = sorted(cards, key=lambda c: (-rules.value(c), c.sort_key))
    out: list[Layoff] = []
    progress = True
    while progress and len(left) > keep:
        progress = False
        for card in list(left):
            if len(left) <= keep:
                break
            for i, meld in enumerate(table):
                grown = extend_meld(meld, [card], rules)
                if grown is not None:
                    table[i] = grown
                    left.remove(card)
                    out.append(Layoff(card, i))
                    progress = True
                    break
    return out


def _keep(view: View) -> int:
    """Cards a lay-down leaves for the final discard: none in an all-cards round."""
    rules = view.rules
    return 0 if rules.contracts and rules.contract(view.round).all_cards else 1


def lay_down(view: View) -> Play | None:
    """The lay-down allowed now (taking the obliged card along), melds before layoffs. Its
    ``discard`` is set only where the lay-down fixes it (a win, a hand rummy, a knock)."""
    rules, hand = view.rules, list(view.hand)
    must = [view.obliged] if view.obliged is not None else []
    if rules.rearrange_table:
        return best_play(view)
    table = read_melds(view.table, rules)
    if rules.knock_max is not None:
        sol = solve_hand(hand, rules, "deadwood", discard=True)
        if sol.deadwood_points > rules.knock_max:
            return None
        return Play(tuple(m.cards for m in sol.melds), discard=sol.discard, knock=True)
    if rules.goal is Goal.WIN:
        sol = solve_hand(hand, rules, "win")
        if not sol.feasible or sol.discard is None:
            return None
        return Play(tuple(m.cards for m in sol.melds), discard=sol.discard)
    if rules.contracts:
        if view.down:
            layoffs = greedy_layoffs(hand, table, rules, _keep(view))
            return Play(layoffs=tuple(layoffs)) if layoffs else None
        sol = solve_hand(
            hand, rules, "contract", view.round, discard=_keep(view) == 1, must_meld=must
        )
    elif view.down:
        sol = solve_hand(hand, rules, "deadwood", discard=True, must_meld=must)
    else:
        whole = solve_hand(hand, rules, "deadwood", discard=True, must_meld=must)
        if rules.hand_rummy and whole.feasible and whole.melds and not whole.deadwood:
            return Play(tuple(m.cards for m in whole.melds), discard=whole.discard)
        sol = solve_hand(hand, rules, "opening", discard=True, must_meld=must)
    if not sol.feasible:
        return None
    rest = minus(hand, [c for m in sol.melds for c in m.cards])
    layoffs = greedy_layoffs(rest, [*table, *sol.melds], rules, _keep(view))
    if not sol.melds and not layoffs:
        return None
    return Play(tuple(m.cards for m in sol.melds), tuple(layoffs))


def best_play(view: View) -> Play | None:
    """Under ``rearrange_table``: the play laying the most cards (solver.place), the table
    rearranged once down; before, the opening from the hand alone. None: nothing to lay."""
    answer = place(view.hand, view.table, view.rules, down=view.down, time_limit=SOLVE_SECONDS)
    if not answer.feasible or answer.table is None:
        return None
    if view.down:
        return Play(table=tuple(m.cards for m in answer.table))
    return Play(tuple(m.cards for m in answer.melds))


def left_after(hand: Sequence[Card], play: Play) -> list[Card]:
    return minus(hand, [c for m in play.melds for c in m] + [lo.card for lo in play.layoffs])


def highest_deadwood(cards: Sequence[Card], rules: Rules) -> Card | None:
    """The highest-valued card outside the best melds of ``cards`` (any card if all meld)."""
    if not cards:
        return None
    dead = solve_hand(cards, rules, "deadwood").deadwood or tuple(cards)
    return max(dead, key=lambda c: (rules.value(c), c.sort_key))


def melded_count(cards: Sequence[Card], rules: Rules) -> int:
    return sum(len(m.cards) for m in solve_hand(cards, rules, "deadwood").melds)


def completes_meld(view: View, card: Card) -> bool:
    """``card`` lets more of the hand meld (the gin literature's baseline test)."""
    hand = list(view.hand)
    return melded_count([*hand, card], view.rules) > melded_count(hand, view.rules)


def may_take(view: View, card: Card) -> bool:
    """Taking ``card`` is allowed: where it obliges a lay-down with it, one exists."""
    if not view.rules.take_discard_obliges_meld:
        return True
    after = View(
        rules=view.rules,
        seat=view.seat,
        round=view.round,
        hand=(*view.hand, card),
        table=view.table,
        discard_pile=view.discard_pile[:-1],
        seen=view.seen,
        down=view.down,
        hand_sizes=view.hand_sizes,
        buys_made=view.buys_made,
        obliged=card,
    )
    play = lay_down(after)
    return play is not None and lays(play, card)


def lays(play: Play, card: Card) -> bool:
    """``card`` goes into a new meld of ``play`` (what a taken discard must do)."""
    return any(card in m for m in play.melds)


def defence(view: View, melds: Melds, gin: bool) -> Play:
    """The defender's melds and layoffs leaving the least deadwood, tried both ways round."""
    rules, hand = view.rules, list(view.hand)
    shown = read_melds(melds, rules)
    sol = solve_hand(hand, rules, "deadwood")
    lay_a = [] if gin else greedy_layoffs(sol.deadwood, shown, rules, 0)
    shed = sum(rules.value(lo.card) for lo in lay_a)
    options = [(sol.deadwood_points - shed, sol, lay_a)]
    if not gin:
        first = greedy_layoffs(hand, shown, rules, 0)
        sol_b = solve_hand(minus(hand, [lo.card for lo in first]), rules, "deadwood")
        options.append((sol_b.deadwood_points, sol_b, first))
    _, best, layoffs = min(options, key=lambda o: o[0])
    return Play(tuple(m.cards for m in best.melds), tuple(layoffs))
