"""Types of the look-ahead's compiled kernel (``_masks.pyx``)."""

from collections.abc import Sequence

def worth(deadwood: int, knock_max: int, knock_gain: int, gin_bonus: int) -> float: ...

class Kernel:
    def __init__(
        self, value: Sequence[int], by_low: Sequence[Sequence[int]], max_memo: int
    ) -> None: ...
    def memo_size(self) -> int: ...
    def least(self, hand: int) -> int: ...
    def least_after_discard(self, hand: int, keep: int = 0) -> tuple[int, int]: ...
    def best_of(
        self,
        pool: Sequence[int],
        known: int,
        hidden: int,
        draws: int,
        most: int,
        taken: Sequence[int],
        refused_pairs: Sequence[int],
        seed: int,
    ) -> int: ...
    def race(
        self,
        start: int,
        done: int,
        orders: Sequence[Sequence[int]],
        horizon: int,
        knock_max: int,
    ) -> list[int]: ...
    def walk(
        self,
        hand: int,
        horizon: int,
        live: Sequence[tuple[int, int]],
        total: int,
        knock_max: int,
        knock_gain: int,
        gin_bonus: int,
    ) -> tuple[float, float, int]: ...
    def settle(self, knocker: int, defender: int, gin_bonus: int, undercut_bonus: int) -> int: ...
    def play(
        self,
        mine: int,
        theirs: int,
        top: int,
        stock: Sequence[int],
        mover: int,
        drawn: int,
        knock_max: int,
        gin_bonus: int,
        undercut_bonus: int,
        max_turns: int,
    ) -> tuple[int, bool]: ...
