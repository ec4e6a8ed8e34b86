"""What a player sees (``View``) and what it answers (``Play``), in one JSON form for the log."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from solver.cards import Card, parse_card, parse_cards
from solver.rules import Rules
from solver.turn import JokerSwap, Layoff

Melds = tuple[tuple[Card, ...], ...]


class Ask(StrEnum):
    """What the referee asks a seat: take the top discard (``draw``), buy it out of turn,
    call "Rummy" on it, play the turn after the draw, defend against a knock."""

    DRAW = "draw"
    BUY = "buy"
    RUMMY = "rummy"
    PLAY = "play"
    DEFEND = "defend"

    @property
    def plays(self) -> bool:
        """The answer is a ``Play`` (else a yes or no)."""
        return self in (Ask.PLAY, Ask.DEFEND)


@dataclass(frozen=True)
class View:
    """Everything a real player knows at a decision, and nothing more.

    ``table``: the melds laid down, runs low to high. ``discard_pile``: bottom first.
    ``seen``: cards the others took from the pile and still hold. ``obliged``: the discard
    taken this turn when the rules oblige laying it down in a meld this turn.
    """

    rules: Rules
    seat: int
    round: int | None
    hand: tuple[Card, ...]
    table: Melds
    discard_pile: tuple[Card, ...]
    seen: tuple[Card, ...]
    down: bool
    hand_sizes: tuple[int, ...]
    buys_made: int = 0
    obliged: Card | None = None

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None


@dataclass(frozen=True)
class Play:
    """A turn after the draw, applied in this order: joker swaps, new melds, layoffs
    (``onto`` indexes the table, then this turn's melds), then the discard. ``knock``: the
    melds are shown to end the hand (the defender answers with a ``Play`` too, no discard,
    its layoffs' ``onto`` indexing the knocker's melds). ``table``: under
    ``rearrange_table``, the whole table after a turn that rearranges it. Under
    ``play_or_draw`` a turn that lays nothing draws one card instead."""

    melds: Melds = ()
    layoffs: tuple[Layoff, ...] = ()
    joker_swaps: tuple[JokerSwap, ...] = ()
    discard: Card | None = None
    knock: bool = False
    table: Melds | None = None

    @property
    def lays(self) -> bool:
        """The play puts cards on the table (else, under ``play_or_draw``, it draws)."""
        return bool(self.melds or self.layoffs or self.joker_swaps or self.table is not None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "melds": [[str(c) for c in m] for m in self.melds],
            "layoffs": [{"card": str(lo.card), "onto": lo.onto} for lo in self.layoffs],
            "joker_swaps": [
                {"onto": s.onto, "cards": [str(c) for c in s.cards]} for s in self.joker_swaps
            ],
            "discard": None if self.discard is None else str(self.discard),
            "knock": self.knock,
            **({} if self.table is None else {"table": [[str(c) for c in m] for m in self.table]}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Play:
        discard = data.get("discard")
        return cls(
            melds=tuple(tuple(parse_cards(m)) for m in data.get("melds", ())),
            layoffs=tuple(
                Layoff(parse_card(lo["card"]), int(lo["onto"])) for lo in data.get("layoffs", ())
            ),
            joker_swaps=tuple(
                JokerSwap(int(s["onto"]), tuple(parse_cards(s["cards"])))
                for s in data.get("joker_swaps", ())
            ),
            discard=None if discard is None else parse_card(discard),
            knock=bool(data.get("knock", False)),
            table=None
            if data.get("table") is None
            else tuple(tuple(parse_cards(m)) for m in data["table"]),
        )
