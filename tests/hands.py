"""Random hands for the shape tests: tile lists drawn by hypothesis, turned into legal counts."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st

HANDS = st.lists(st.integers(0, 33), min_size=1, max_size=17)
"""Up to 17 natural tiles: Mazhan's 16-tile hands and the drawn tile (Nanjing's are shorter)."""


def capped_counts(tiles: list[int]) -> list[int]:
    """Counts of `tiles`, each kind kept to four copies (the extra ones dropped)."""
    counts = [0] * 34
    for t in tiles:
        if counts[t] < 4:
            counts[t] += 1
    return counts


def discards(counts: list[int]) -> Iterator[tuple[int, list[int]]]:
    """Each kind held, with a copy of `counts` less one of it: the hand after that discard."""
    for kind in range(34):
        if counts[kind]:
            less = counts[:]
            less[kind] -= 1
            yield kind, less


WILD_KIND = 31
"""The kind the shape tests make wild in a Mazhan hand (any kind would do)."""


def with_wild(counts: list[int], wilds: int, mazhan: bool) -> tuple[int | None, int]:
    """(the wild kind, the wilds held) for a Mazhan hand, whose counts hold no natural copy
    of the wild kind (they are wilds, M6), or (None, 0) for Nanjing, which has none;
    `counts` is changed in place."""
    if not mazhan:
        return None, 0
    counts[WILD_KIND] = 0
    return WILD_KIND, wilds
