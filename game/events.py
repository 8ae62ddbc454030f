"""What happened: one value type for every event, and the one place hidden tiles are removed."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from game.melds import Meld
from game.tiles import PLAY_KINDS, TILES, Tile, format_tiles


class EventKind(StrEnum):
    """What an event is about. `Event.seat` is the seat the event is about; -1 for the table.
    The values are the wire and log names, and a member compares equal to its value."""

    HAND_START = "hand_start"
    """info: "dice=a,b break=side,stack"; amount: stake (Mazhan) or 0."""
    DEAL = "deal"
    """The seat's dealt tiles (hidden to others: tiles=(), amount=count)."""
    WILD = "wild"
    """Mazhan indicator flipped (tile); tiles = bonus tiles skipped while flipping."""
    BONUS = "bonus"
    """The seat set aside a bonus tile (public)."""
    DRAW = "draw"
    """The seat drew tile (hidden to others); info "tail" for a replacement draw."""
    DISCARD = "discard"
    MELD = "meld"
    """The seat declared meld; other = the seat the claimed tile came from, or -1."""
    ROBBED = "robbed"
    """The seat's added kong of tile was robbed; it stays a pong (M8)."""
    WIN = "win"
    """The seat won on tile; other = the discarder / konger, -1 for a self-draw."""
    EXHAUSTED = "exhausted"
    """The hand is drawn (M10, N3)."""
    PAYMENT = "payment"
    """other pays seat `amount` (seat -1: the house); info = reason key."""
    REVEAL = "reveal"
    """The seat's concealed tiles shown at the end of a hand."""
    HAND_END = "hand_end"


HAND_START = EventKind.HAND_START
DEAL = EventKind.DEAL
WILD = EventKind.WILD
BONUS = EventKind.BONUS
DRAW = EventKind.DRAW
DISCARD = EventKind.DISCARD
MELD = EventKind.MELD
ROBBED = EventKind.ROBBED
WIN = EventKind.WIN
EXHAUSTED = EventKind.EXHAUSTED
PAYMENT = EventKind.PAYMENT
REVEAL = EventKind.REVEAL
HAND_END = EventKind.HAND_END


class Event(NamedTuple):
    """One thing that happened (a named tuple: many are made per hand)."""

    kind: EventKind
    seat: int = -1
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()
    meld: Meld | None = None
    other: int = -1
    amount: int = 0
    info: str = ""

    def __str__(self) -> str:
        parts: list[str] = [self.kind]
        if self.seat >= 0:
            parts.append("ESWN"[self.seat])
        if self.tile is not None:
            parts.append(str(self.tile))
        if self.tiles:
            parts.append(format_tiles(self.tiles))
        if self.meld is not None:
            parts.append(str(self.meld))
        if self.other >= 0:
            parts.append(f"<{'ESWN'[self.other]}")
        if self.amount:
            parts.append(str(self.amount))
        if self.info:
            parts.append(self.info)
        return " ".join(parts)

    def to_wire(self) -> dict[str, Any]:
        """A plain dict for msgpack and logs; default fields are left out."""
        out: dict[str, Any] = {"k": self.kind}
        if self.seat >= 0:
            out["s"] = self.seat
        if self.tile is not None:
            out["t"] = int(self.tile)
        if self.tiles:
            out["ts"] = [int(t) for t in self.tiles]
        if self.meld is not None:
            out["m"] = str(self.meld)
            if self.meld.source is not None:
                out["ms"] = self.meld.source
            if self.meld.claimed is not None:
                out["mc"] = int(self.meld.claimed)
        if self.other >= 0:
            out["o"] = self.other
        if self.amount:
            out["a"] = self.amount
        if self.info:
            out["i"] = self.info
        return out


# --- prebuilt events and their hash lines ---------------------------------------------------------
#
# Discards and draws are most of a hand's events; they are built once here and the engine hands
# out the same objects, so neither they nor their hash lines are made again.

DISCARDS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event(DISCARD, seat, TILES[t]) for t in range(PLAY_KINDS)) for seat in range(4))
"""[seat][kind] → the discard event."""
DRAWS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event(DRAW, seat, TILES[t]) for t in range(len(TILES))) for seat in range(4))
"""[seat][kind] → the draw from the head (flowers included: they are drawn, then set aside)."""
TAIL_DRAWS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event(DRAW, seat, TILES[t], info="tail") for t in range(len(TILES)))
    for seat in range(4))
"""[seat][kind] → the replacement draw from the tail."""
BONUSES: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event(BONUS, seat, TILES[t]) for t in range(len(TILES))) for seat in range(4))
"""[seat][kind] → the bonus tile set aside."""


_TILE_TEXT = tuple(str(t) for t in TILES)


def _format_line(e: Event) -> bytes:
    # a Tile prints as its notation: read from the table, not through `Tile.__str__` (a deal
    # and a reveal print some 120 tiles a hand); anything else prints as `str` prints it
    tiles = "".join([_TILE_TEXT[t] if t.__class__ is Tile else str(t) for t in e.tiles])
    meld = "" if e.meld is None else f"{e.meld}/{e.meld.source}"
    return (f"{e.kind}|{e.seat}|{e.tile}|{tiles}|{meld}|{e.other}|{e.amount}|{e.info}\n"
            .encode())


_LINES: dict[Event, bytes] = {}
"""Hash lines of the prebuilt events, and of events without tiles once seen (melds, payments,
ends: a meld prints the same whether its tiles are `Tile`s or plain ints, so equal events have
equal lines). Events with a tile are kept only when prebuilt (their tiles are `Tile`s)."""
_LINES_MAX = 20_000
_NOT_KEPT = frozenset({HAND_START})
"""Its line differs in nearly every hand (the dice and the break)."""


def event_line(e: Event) -> bytes:
    """A canonical line per event for the match's events hash (every field, fixed order)."""
    return _LINES.get(e) or _new_line(e)


def _new_line(e: Event) -> bytes:
    """The line of an event not in `_LINES`, kept there if it may come again."""
    line = _format_line(e)
    if e.tile is None and not e.tiles and e.kind not in _NOT_KEPT:
        if len(_LINES) >= _LINES_MAX:
            _reset_lines()  # bounded memory in long runs
        _LINES[e] = line
    return line


def event_lines(events: list[Event]) -> bytes:
    """The hash lines of `events`, joined: one `update` of the digest for a whole batch."""
    prebuilt = _PREBUILT_LINES.get
    get = _LINES.get
    # an event with tiles (a deal, a reveal) is never among the kept lines (`_new_line` keeps
    # none, and no prebuilt event has any): formatted without hashing the event to look
    return b"".join([prebuilt(id(e)) or (_format_line(e) if e.tiles else get(e) or _new_line(e))
                     for e in events])


_PREBUILT_LINES: dict[int, bytes] = {}
"""id → hash line of each prebuilt event: they live as long as the module, so their ids are
theirs alone, and an int key is found without hashing the event's fields (an enum's hash is a
Python call)."""


def kept(e: Event) -> Event:
    """`e`, its hash line made now and found by id from then on: for an event its maker
    keeps for the life of the process and hands out again (a claim's meld event)."""
    _PREBUILT_LINES[id(e)] = _format_line(e)
    return e


def _reset_lines() -> None:
    _LINES.clear()
    for table in (DISCARDS, DRAWS, TAIL_DRAWS, BONUSES):
        for row in table:
            for e in row:
                _LINES[e] = _PREBUILT_LINES[id(e)] = _format_line(e)


_reset_lines()
