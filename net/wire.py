"""The wire form of a seat view: `SeatView.to_wire()` with short keys, and back to a SeatView.

Key names are most of an update's bytes (a discard touches about ten fields), so the view's
top-level keys travel as one or two letters. Keys not in the table pass through unchanged, so a
field the engine adds later still reaches the client, only less compactly.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from game.actions import Action
from game.melds import Meld
from game.tiles import PLAY_KINDS, Tile
from game.view import SeatView

SHORT: Final[dict[str, str]] = {
    "seat": "s",
    "ruleset": "r",
    "hand_no": "h",
    "phase": "p",
    "current": "c",
    "to_act": "a",
    "concealed": "C",
    "drawn": "d",
    "hand_sizes": "n",
    "melds": "m",
    "bonus": "b",
    "rivers": "R",
    "last_discard": "l",
    "wall_left": "w",
    "wall_remaining": "W",
    "wall_taken": "T",
    "dice": "D",
    "wall_break": "B",
    "wild": "j",
    "indicator": "i",
    "legal": "L",
    "scores": "S",
    "players": "P",
    "names": "N",
    "stake": "k",
    "dealer_streak": "K",
    "revealed": "v",
}
LONG: Final[dict[str, str]] = {v: k for k, v in SHORT.items()}
assert len(LONG) == len(SHORT) and not set(LONG) & set(SHORT)


def compact_view(view: dict[str, Any]) -> dict[str, Any]:
    """A `to_wire()` dict with its keys shortened."""
    return {SHORT.get(k, k): v for k, v in view.items()}


def expand_view(state: dict[str, Any]) -> dict[str, Any]:
    """The inverse of `compact_view`."""
    return {LONG.get(k, k): v for k, v in state.items()}


class WireError(ValueError):
    """A wire view that does not describe a seat view."""


def _tile(value: Any) -> Tile | None:
    return None if value is None else Tile(value)


def _counts(tiles: list[int]) -> tuple[int, ...]:
    counts = [0] * PLAY_KINDS
    for t in tiles:
        counts[Tile(t)] += 1
    return tuple(counts)


def _meld(value: list[Any]) -> Meld:
    text, claimed, source = value
    return dataclasses.replace(Meld.parse(text), claimed=_tile(claimed), source=source)


def view_from_wire(state: dict[str, Any]) -> SeatView:
    """A SeatView from a (compact or long) wire view, so a client-side bot can play from it.

    `result` is not part of the wire view (the host sends hand results separately), so it is
    None here.
    """
    w = expand_view(state)
    try:
        last = w["last_discard"]
        return SeatView(
            seat=w["seat"],
            ruleset=w["ruleset"],
            hand_no=w["hand_no"],
            phase=w["phase"],
            current=w["current"],
            to_act=tuple(w["to_act"]),
            counts=_counts(w["concealed"]),
            drawn=_tile(w["drawn"]),
            hand_sizes=tuple(w["hand_sizes"]),
            melds=tuple(tuple(_meld(m) for m in ms) for ms in w["melds"]),
            bonus=tuple(tuple(Tile(t) for t in b) for b in w["bonus"]),
            rivers=tuple(tuple((Tile(t), bool(c)) for t, c in r) for r in w["rivers"]),
            last_discard=None if last is None else (last[0], Tile(last[1])),
            wall_left=w["wall_left"],
            wall_remaining=w["wall_remaining"],
            wall_taken=(w["wall_taken"][0], w["wall_taken"][1]),
            dice=(w["dice"][0], w["dice"][1]),
            wall_break=(w["wall_break"][0], w["wall_break"][1]),
            wild=_tile(w["wild"]),
            indicator=_tile(w["indicator"]),
            legal=tuple(Action.parse(a) for a in w["legal"]),
            scores=tuple(w["scores"]),
            players=tuple(w["players"]),
            names=tuple(w["names"]),
            stake=w["stake"],
            dealer_streak=w["dealer_streak"],
            result=None,
            revealed=tuple(tuple(Tile(t) for t in h) for h in w["revealed"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise WireError(f"malformed view from the host: {exc}") from exc
