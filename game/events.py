"""What happened: one value type for every event, and the one place hidden tiles are removed."""

from __future__ import annotations

from typing import Any, NamedTuple

from game.melds import Meld
from game.tiles import Tile, format_tiles

# Event kinds. `seat` is the seat the event is about; -1 when it is about the table.
HAND_START = "hand_start"  # info: "dice=a,b break=side,stack"; amount: stake (Mazhan) or 0
DEAL = "deal"  # seat's dealt tiles (hidden to others: tiles=(), amount=count)
WILD = "wild"  # Mazhan indicator flipped (tile); tiles = bonus tiles skipped while flipping
BONUS = "bonus"  # seat set aside a bonus tile (public)
DRAW = "draw"  # seat drew tile (hidden to others); info "tail" for a replacement draw
DISCARD = "discard"
MELD = "meld"  # seat declared meld; other = the seat the claimed tile came from, or -1
ROBBED = "robbed"  # seat's added kong of tile was robbed; it stays a pong (M8)
WIN = "win"  # seat won on tile; other = the discarder / konger, -1 for a self-draw
EXHAUSTED = "exhausted"  # the hand is drawn (M10, N3)
PAYMENT = "payment"  # other pays seat `amount`; info = reason key
REVEAL = "reveal"  # seat's concealed tiles shown at the end of a hand
HAND_END = "hand_end"


class Event(NamedTuple):
    """One thing that happened (a named tuple: many are made per hand)."""

    kind: str
    seat: int = -1
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()
    meld: Meld | None = None
    other: int = -1
    amount: int = 0
    info: str = ""

    def __str__(self) -> str:
        parts = [self.kind]
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
