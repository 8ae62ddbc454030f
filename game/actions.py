"""What a seat can do: value type and notation ("discard 5m", "chow 345m", "pass")."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from game.tiles import TILES, NotationError, Tile, format_tiles, parse_tiles


class ActionKind(Enum):
    DISCARD = "discard"
    CHOW = "chow"
    PONG = "pong"
    KONG = "kong"
    """Exposed kong on another seat's discard."""
    ADDED_KONG = "akong"
    CONCEALED_KONG = "ckong"
    WIN = "win"
    PASS = "pass"


_NEEDS_TILE = {
    ActionKind.DISCARD,
    ActionKind.PONG,
    ActionKind.KONG,
    ActionKind.ADDED_KONG,
    ActionKind.CONCEALED_KONG,
}


class Action(NamedTuple):
    """One decision. `tile` is the tile acted on; for a chow `tiles` is the whole sorted chow
    and `tile` the claimed one. (A named tuple: legality checks compare many of them.)"""

    kind: ActionKind
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()

    def __str__(self) -> str:
        if self.kind is ActionKind.CHOW:
            return f"chow {format_tiles(self.tiles)}" + (
                f" {self.tile}" if self.tile is not None and self._ambiguous() else ""
            )
        if self.tile is None:
            return str(self.kind.value)
        return f"{self.kind.value} {self.tile}"

    def _ambiguous(self) -> bool:
        """A chow's claimed tile is written only when it is not the chow's middle-free default."""
        return self.tile != _default_claim(self.tiles)

    @classmethod
    def parse(cls, text: str) -> Action:
        words = text.split()
        if not words:
            raise NotationError(text, 0, "empty action")
        try:
            kind = ActionKind(words[0].lower())
        except ValueError:
            names = ", ".join(k.value for k in ActionKind)
            raise NotationError(text, 0, f"unknown action {words[0]!r} ({names})") from None
        rest = words[1:]
        if kind is ActionKind.CHOW:
            if not 1 <= len(rest) <= 2:
                raise NotationError(text, 0, "write a chow as 'chow 345m' or 'chow 345m 4m'")
            tiles = tuple(sorted(parse_tiles(rest[0])))
            if len(tiles) != 3:
                raise NotationError(text, len(words[0]) + 1, "a chow has three tiles")
            tile = Tile.parse(rest[1]) if len(rest) == 2 else _default_claim(tiles)
            return cls(kind, tile, tiles)
        if kind in _NEEDS_TILE:
            if len(rest) != 1:
                example = f"{kind.value} 5m"
                raise NotationError(text, 0, f"'{kind.value}' takes one tile, e.g. '{example}'")
            return cls(kind, Tile.parse(rest[0]))
        if kind is ActionKind.WIN and len(rest) == 1:
            return cls(kind, Tile.parse(rest[0]))
        if rest:
            raise NotationError(text, len(words[0]) + 1, f"'{kind.value}' takes no tile")
        return cls(kind)


def _default_claim(tiles: tuple[Tile, ...]) -> Tile:
    # Convention for parsing "chow 345m" without a claimed tile: the lowest.
    return tiles[0]


def discard(tile: Tile) -> Action:
    return Action(ActionKind.DISCARD, tile)


PASS = Action(ActionKind.PASS)

DISCARD_ACTIONS: tuple[Action, ...] = tuple(Action(ActionKind.DISCARD, t) for t in TILES[:34])
"""The discard of each playing kind, made once: the engine offers these very objects, so a bot
that hands one back is matched by identity (`Hand.apply`), not compared field by field."""
