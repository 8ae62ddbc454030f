"""The facts the engine shows a ruleset: small frozen records, never the engine's `Hand`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.tiles import Tile


class KongKind(StrEnum):
    """How a kong was made; the values are the keys the logs and payments already use."""

    EXPOSED = "exposed"
    """Claimed on a discard: the discarder fed it."""
    ADDED = "added"
    """A fourth tile added to one's own pong: the pong's feeder fed it."""
    CONCEALED = "concealed"
    FLOWER = "flower"
    """Nanjing 花槓: four flowers of a set (N11); never a meld."""


@dataclass(frozen=True, slots=True)
class KongFact:
    """The kong a seat has just declared: its kind, tile, and whose tile was konged (None for a
    concealed kong). The engine keeps the latest one until the konger discards, so a win on
    the replacement knows which kong it followed (ruling N13c)."""

    seat: int
    kind: KongKind
    tile: Tile
    feeder: int | None
