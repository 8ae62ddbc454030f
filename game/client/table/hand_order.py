"""The player's own arrangement of their concealed tiles: client-side only, never sent."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.tiles import Tile


def reconcile(order: Sequence[Tile], tiles: Sequence[Tile], sort: bool = True,
              wild: Tile | None = None) -> list[Tile]:
    """`tiles` arranged as `order` had them: tiles that left drop out, new ones go in at their
    sorted place among the rest, so a hand never rearranged stays sorted (`sort` off: new
    ones go to the right end, as they came); sorted, the wilds (Mazhan's 財神) come first, at
    the left, as players look for them there (issue 28)."""

    def key(tile: Tile) -> tuple[bool, Tile]:
        return (tile != wild, tile)

    remaining = Counter(tiles)
    kept: list[Tile] = []
    for tile in order:
        if remaining[tile] > 0:
            kept.append(tile)
            remaining[tile] -= 1
    if not sort:
        for tile in tiles:
            if remaining[tile] > 0:
                kept.append(tile)
                remaining[tile] -= 1
        return kept
    for tile in sorted(remaining.elements(), key=key):
        index = next((i for i, k in enumerate(kept) if key(k) > key(tile)), len(kept))
        kept.insert(index, tile)
    return kept


def sorted_row(concealed: Sequence[Tile], drawn: Tile | None = None,
               wild: Tile | None = None) -> list[Tile]:
    """A seat's concealed tiles as the table shows a hand never rearranged: sorted, the wilds
    first, the drawn tile (if any) left out, for it is set apart at the right."""
    tiles = list(concealed)
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
    return reconcile((), tiles, wild=wild)


def move(order: Sequence[Tile], source: int, target: int) -> list[Tile]:
    """`order` with the tile at `source` moved to index `target` (clamped to the row)."""
    out = list(order)
    if not 0 <= source < len(out):
        return out
    tile = out.pop(source)
    out.insert(max(0, min(target, len(out))), tile)
    return out
