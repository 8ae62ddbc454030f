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
