"""Answers for people: the API's JSON as a few lines of text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SHOWN_DISCARDS = 5  # the rest are in --json


def _cards(cards: list[str]) -> str:
    return " ".join(cards) or "-"


def _needed(value: int | None) -> str:
    return "unreachable" if value is None else str(value)


def _meld(meld: dict[str, Any]) -> str:
    wilds = ", ".join(f"{w['card']} as {w['as']}" for w in meld.get("wilds", []))
    points = f"  ({meld['points']} pts)" if "points" in meld else ""
    return f"  {meld['kind']:<4} {_cards(meld['cards'])}{points}" + (
        f"  [{wilds}]" if wilds else ""
    )


def _outs(item: dict[str, Any]) -> str:
    cards = " ".join(f"{o['card']}x{o['live']}" for o in item.get("outs_cards", []))
    return f"{item['outs']} outs" + (f" ({cards})" if cards else "")


def _solve(answer: dict[str, Any]) -> list[str]:
    lines = [f"goal {answer['goal']}: {'met' if answer['feasible'] else 'not met'}"]
    if not answer["optimal"]:
        lines.append("(stopped by the time limit: not proven optimal)")
    lines.extend(_meld(m) for m in answer["melds"])
    lines.append(f"deadwood: {_cards(answer['deadwood'])} ({answer['deadwood_points']} pts)")
    if answer.get("discard") is not None:
        lines.append(f"discard: {answer['discard']}")
    lines.append(f"cards needed: {_needed(answer['cards_needed'])}")
    return lines


def _validate(answer: dict[str, Any]) -> list[str]:
    lines = ["legal" if answer["legal"] else "not legal"]
    lines.extend(f"  {v['code']}: {v['message']}" for v in answer["violations"])
    lines.extend(_meld(m) + ("" if m["legal"] else "  (illegal)") for m in answer["melds"])
    lines.extend(
        f"  layoff {lo['card']} onto {lo['onto']}: {'fits' if lo['legal'] else 'does not fit'}"
        for lo in answer.get("layoffs", [])
    )
    lines.extend(
        f"  joker swap onto {s['onto']}: {_cards(s['cards'])} for {s['joker']}: "
        + ("legal" if s["legal"] else "illegal")
        for s in answer.get("joker_swaps", [])
    )
    lines.append(f"remaining: {_cards(answer['remaining'])}")
    if answer.get("goes_out"):
        lines.append("goes out" + (" (hand rummy)" if answer.get("hand_rummy") else ""))
    return lines


def _score(answer: dict[str, Any]) -> list[str]:
    lines = [f"penalty: {answer['points']} points"]
    lines.extend(_meld(m) for m in answer.get("melds", []))
    lines.append(
        "counted: " + (" ".join(f"{c['card']}={c['points']}" for c in answer["cards"]) or "-")
    )
    return lines


def _recommendation(rec: dict[str, Any]) -> str:
    card = f" {rec['card']}" if rec.get("card") else ""
    reason = f": {rec['reason']}" if rec.get("reason") else ""
    return f"recommendation: {rec['action'].replace('_', ' ')}{card}{reason}"


def _advise(answer: dict[str, Any]) -> list[str]:
    lines = [f"goal {answer['goal']}, cards needed: {_needed(answer['cards_needed'])}"]
    lay = answer.get("lay_down")
    if lay:
        lines.append("lay down" + (" and go out:" if lay["goes_out"] else ":"))
        lines.extend(_meld(m) for m in lay["melds"])
        lines.extend(f"  lay off {lo['card']} onto {lo['onto']}" for lo in lay["layoffs"])
    if answer.get("note"):
        lines.append(f"note: {answer['note']}")
    discards = answer.get("discards", [])
    if discards:
        lines.append("discards, best first:")
        for d in discards[:SHOWN_DISCARDS]:
            lines.append(f"  {d['card']:<3} needs {_needed(d['cards_needed'])}, {_outs(d)}")
        if len(discards) > SHOWN_DISCARDS:
            lines.append(f"  ... {len(discards) - SHOWN_DISCARDS} more (--json shows all)")
    if "outs" in answer:
        lines.append(f"now: {_outs(answer)}")
    take = answer.get("take_discard")
    if take:
        lines.append(f"take {take['card']}: needs {_needed(take['cards_needed'])}, {_outs(take)}")
    stock = answer.get("draw_stock")
    if stock:
        lines.append(f"draw stock: expected cards needed {stock['expected_cards_needed']}")
    buy = answer.get("buy")
    if buy:
        lines.append(f"buy {buy['card']}: needs {_needed(buy['cards_needed'])}, {_outs(buy)}")
    lines.append(_recommendation(answer["recommendation"]))
    return lines


RENDERERS: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "solve": _solve,
    "validate": _validate,
    "score": _score,
    "advise": _advise,
}


def render(operation: str, answer: dict[str, Any]) -> str:
    return "\n".join(RENDERERS[operation](answer))
