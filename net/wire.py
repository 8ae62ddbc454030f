"""The wire form of a seat view: `SeatView.to_wire()` with short keys, and back to a SeatView.

Key names are most of an update's bytes (a discard touches about ten fields), so the view's
top-level keys travel as one or two letters. Keys not in the table pass through unchanged, so a
field the engine adds later still reaches the client, only less compactly.
"""

from __future__ import annotations

from typing import Any, Final

from game.events import Event, EventKind
from game.melds import Meld
from game.tiles import TILES
from game.view import SeatView
from game.view import view_from_wire as game_view_from_wire

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
    "refusals": "F",  # only a person's own seat has any (issue 27); an older client ignores it
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


def view_from_wire(state: dict[str, Any]) -> SeatView:
    """A SeatView from a (compact or long) wire view, so a client-side bot can play from it.

    `result` is not part of the wire view (the host sends hand results separately), so it is
    None here.
    """
    try:
        return game_view_from_wire(expand_view(state))
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise WireError(f"malformed view from the host: {exc}") from exc


def event_from_wire(e: dict[str, Any]) -> Event:
    """The Event that `Event.to_wire()` described; raises WireError if it is malformed."""
    try:
        meld = None
        if "m" in e:
            parsed = Meld.parse(e["m"])
            claimed = e.get("mc")
            meld = Meld(parsed.kind, parsed.tiles, None if claimed is None else TILES[claimed],
                        e.get("ms"))
        return Event(
            kind=EventKind(str(e["k"])),
            seat=int(e.get("s", -1)),
            tile=None if e.get("t") is None else TILES[e["t"]],
            tiles=tuple(TILES[t] for t in e.get("ts", ())),
            meld=meld,
            other=int(e.get("o", -1)),
            amount=int(e.get("a", 0)),
            info=str(e.get("i", "")),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise WireError(f"malformed event from the host: {exc}") from exc
