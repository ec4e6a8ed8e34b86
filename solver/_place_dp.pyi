from typing import Any

def search(
    pool: list[int],
    low: list[int],
    weights: list[int],
    worth: list[int],
    need: int,
    moves: list[list[tuple[int, int, int]]],
    ended: list[bool],
) -> tuple[int, list[Any]] | None: ...
