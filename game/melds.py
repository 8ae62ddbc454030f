"""Melds on the table and their notation (``"pong:111p"``, CONTRACTS §1)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.tiles import NotationError, Tile, format_tiles, parse_tiles


class MeldKind(Enum):
    CHOW = "chow"
    PONG = "pong"
    KONG = "kong"
    """Exposed kong claimed from a discard."""
    ADDED_KONG = "akong"
    """A fourth tile added to one's own pong (M8)."""
    CONCEALED_KONG = "ckong"

    @property
    def is_kong(self) -> bool:
        return self in (MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG)

    @property
    def is_triplet(self) -> bool:
        """Pong or any kong: the 'triplet' sets that 對對胡 asks for."""
        return self is not MeldKind.CHOW


_SIZES = {
    MeldKind.CHOW: 3,
    MeldKind.PONG: 3,
    MeldKind.KONG: 4,
    MeldKind.ADDED_KONG: 4,
    MeldKind.CONCEALED_KONG: 4,
}


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. `claimed` is the tile taken from another seat, `source` that seat (0-3).

    For an added kong, `claimed`/`source` keep the original pong's claim (its feeder), which
    Nanjing's kong money and liability need (N11, N13).
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    claimed: Tile | None = None
    source: int | None = None

    def __post_init__(self) -> None:
        validate_meld(self.kind, self.tiles)

    @property
    def first(self) -> Tile:
        return self.tiles[0]

    @property
    def is_concealed(self) -> bool:
        return self.kind is MeldKind.CONCEALED_KONG

    def __str__(self) -> str:
        return f"{self.kind.value}:{format_tiles(self.tiles)}"

    @classmethod
    def parse(cls, text: str) -> Meld:
        """``"chow:345m"``, ``"pong:111p"``, ``"kong:2222s"``, ``"akong:2222s"``,
        ``"ckong:7777m"``."""
        name, sep, rest = text.partition(":")
        if not sep:
            raise NotationError(text, 0, "a meld is written kind:tiles, e.g. pong:111p")
        try:
            kind = MeldKind(name.strip().lower())
        except ValueError:
            raise NotationError(
                text, 0, f"unknown meld kind {name!r} (chow, pong, kong, akong, ckong)"
            ) from None
        tiles = tuple(sorted(parse_tiles(rest)))
        try:
            validate_meld(kind, tiles)
        except ValueError as exc:
            raise NotationError(text, len(name) + 1, str(exc)) from None
        return cls(kind, tiles)


def validate_meld(kind: MeldKind, tiles: tuple[int, ...]) -> None:
    size = _SIZES[kind]
    # the tiles are written out only for an error: every meld of every hand is checked here
    if len(tiles) != size:
        raise ValueError(f"a {kind.value} has {size} tiles, not {len(tiles)} "
                         f"({format_tiles(tiles)})")
    if any(t >= 34 for t in tiles):
        raise ValueError(f"flowers cannot be in a meld ({format_tiles(tiles)})")
    if kind is MeldKind.CHOW:
        a, b, c = sorted(tiles)
        if a >= 27 or not (b == a + 1 and c == a + 2) or a % 9 > 6:
            raise ValueError(f"a chow is three consecutive tiles of one suit "
                             f"({format_tiles(tiles)})")
    elif len(set(tiles)) != 1:
        raise ValueError(f"a {kind.value} is {size} identical tiles ({format_tiles(tiles)})")
