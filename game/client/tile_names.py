"""The one place that names a tile for a player, in the chosen language (一萬, 五筒, 東 /
"1 Character", "East"); the names are keys `tile.<notation>` of the i18n catalogue.

Notation ("5m") is for files and the command line; nothing a player reads shows it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.client.i18n import t
from game.tiles import TILES, NotationError, parse_tiles

NOTATION = re.compile(r"\b[1-9]+[mpszf]\b")
"""Tile notation inside a text: what must never reach a player."""


def tile_key(kind: int) -> str:
    """The catalogue key of a tile kind's name."""
    return f"tile.{TILES[kind]}"


def tile_name(kind: int) -> str:
    """A tile's name in the chosen language."""
    return t(tile_key(kind))


def tiles_text(kinds: Iterable[int]) -> str:
    """Several tiles named in order, repeats kept (一萬 一萬 二萬 / 1 Character, 1 ...)."""
    names = [tile_name(k) for k in kinds]
    return t("tiles.sep").join(names)


def kinds_text(kinds: Iterable[int]) -> str:
    """Distinct tile kinds named once each, in order (for waits and similar lists)."""
    seen: list[int] = []
    for k in kinds:
        if k not in seen:
            seen.append(k)
    return tiles_text(seen)


def name_notation(text: str) -> str:
    """`text` with each run of tile notation replaced by the tiles' names (for messages that
    come from the rules core, which speaks notation)."""

    def named(match: re.Match[str]) -> str:
        try:
            return tiles_text(parse_tiles(match.group(0)))
        except NotationError:
            return match.group(0)

    return NOTATION.sub(named, text)
